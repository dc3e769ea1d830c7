import { api } from '../../api/v1';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';
import { WaitingReset } from '../../components/WaitingReset';

const PAGE = 'accountReset';

// /{language}/forgotpassword/accountreset: "delete my account and start again", for whoever
// proved the address and can prove nothing else (from the second factor's "I can't use any of
// these", or at once for an account whose lost phone was removed: journey state
// ADDRESS_ONLY). What it does, that it waits and who is told; the request is the server's
// (POST /v1/recovery/accountreset), which says when it takes effect on the next screen.
export default function AccountReset() {
  const t = useT();
  const journey = useJourney();
  const addressOnly = journey.state === 'ADDRESS_ONLY';
  const form = useForm({ category: 'recovery', page: PAGE });
  const onSubmit = form.handle({ send: () => api.recoveryAccountReset() });
  const intro = (
    <>
      {addressOnly ? <p>{t('accountReset.ask.phoneRemoved')}</p> : null}
      <p>{t('accountReset.ask.whatGoes')}</p>
      <p>{t('accountReset.ask.wait')}</p>
    </>
  );
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="accountReset.ask.title"
      leadId="accountReset.ask.lead"
      before={<WaitingReset reset={journey.waitingReset} />}
      intro={intro}
      submitId="accountReset.ask.submit"
      warning
      after={addressOnly ? <BackLink to="signIn" labelId="home.signIn" /> : <BackLink to="forgotpassword/verification" labelId="common.back" />}
    />
  );
}
