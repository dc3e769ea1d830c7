import { api } from '../../api/v1';
import { Notice } from '../../components/fields';
import { FormPage, ResumedNotice, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';
import PhoneSetup, { usePhoneSetup } from '../../components/PhoneSetup';
import { ERRORS } from '../../i18n/errors';

const PAGE = 'verificationSetUp';

// /{language}/signUp/verificationsetup, step 3 of 4: the phone for two-step verification;
// after a sign-in or recovery of an account whose sign-up stopped here, saying so. When the
// service's texts and calls to new numbers are paused (code 38), the person learns that
// their account is kept and how to finish it later with their e-mail address alone. A
// complete account whose lost phone was removed (journey.newPhone) is no sign-up: no step
// counter, and the notice says the new phone is what is left.
export default function VerificationSetup() {
  const t = useT();
  const { email: userName, emailLanguage: language, newPhone } = useJourney();
  const setup = usePhoneSetup();
  const form = useForm({ category: 'signup', page: PAGE, step: newPhone ? null : 3 });
  const onSubmit = form.handle({
    field: 'phone',
    check: setup.check,
    send: () => api.transientOtpSend({ userName, otpType: setup.otpType, phoneNumber: setup.e164(), language }),
  });
  const paused = form.errors.phone && form.errors.phone.code === ERRORS.PHONE_SENDING_PAUSED;
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="setup.title"
      leadId="setup.lead"
      submitId="setup.submit"
      before={
        <>
          {newPhone ? <Notice>{t('setup.newPhone')}</Notice> : <ResumedNotice textId="setup.resumed" />}
          {paused ? (
            <Notice>
              <p>{t('setup.paused.saved')}</p>
              <p>{t('setup.paused.later')}</p>
            </Notice>
          ) : null}
        </>
      }
    >
      <PhoneSetup setup={setup} errors={form.errors}>
        <details className="details">
          <summary className="details__summary">{t('setup.notListed.summary')}</summary>
          <div className="details__text">
            <p>{t('setup.notListed.text')}</p>
          </div>
        </details>
      </PhoneSetup>
    </FormPage>
  );
}
