import { api } from '../../api/v1';
import { FormPage, ResumedNotice, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';
import PhoneSetup, { usePhoneSetup } from '../../components/PhoneSetup';

const PAGE = 'verificationSetUp';

// /{language}/signUp/verificationsetup, step 3 of 4: the phone for two-step verification;
// after a sign-in or recovery of an account whose sign-up stopped here, saying so.
export default function VerificationSetup() {
  const t = useT();
  const { email: userName, emailLanguage: language } = useJourney();
  const setup = usePhoneSetup();
  const form = useForm({ category: 'signup', page: PAGE, step: 3 });
  const onSubmit = form.handle({
    field: 'phone',
    check: setup.check,
    send: () => api.transientOtpSend({ userName, otpType: setup.otpType, phoneNumber: setup.e164(), language }),
  });
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="setup.title"
      leadId="setup.lead"
      submitId="setup.submit"
      before={<ResumedNotice textId="setup.resumed" />}
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
