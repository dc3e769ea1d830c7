import { api } from '../../api/v1';
import CodePage from '../../components/CodePage';
import { BackLink, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useLanguage, useT } from '../../components/hooks';
import { correspondenceValue } from '../../i18n';

const PAGE = 'recoveryCheckEmail';

// /{language}/forgotpassword/checkemail: the code sent to the address. The right code
// also sends the two-step code to the account's phone (one call).
export default function RecoveryCheckEmail() {
  const t = useT();
  const language = correspondenceValue(useLanguage());
  const { email: userName } = useJourney();
  const form = useForm({ category: 'recovery', page: PAGE });
  const lead = t('recovery.checkEmail.lead', { destination: userName });
  return (
    <CodePage
      form={form}
      titleId="recovery.checkEmail.title"
      channel="email"
      lead={lead}
      verify={(otp) => api.recoveryVerify({ otp })}
      resend={() => api.recoverySend({ userName, language })}
      after={<BackLink to="forgotpassword" labelId="verification.newEmail" />}
    />
  );
}
