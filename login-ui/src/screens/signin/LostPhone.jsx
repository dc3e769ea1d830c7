import { api } from '../../api/v1';
import CodePage from '../../components/CodePage';
import { BackLink, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';

const PAGE = 'lostPhone';

// /{language}/signIn/lostphone: "I no longer have this phone" was chosen after the password;
// the code sent to the account's address asks for the phone's removal, which waits (the
// next screen says until when).
export default function LostPhone() {
  const t = useT();
  const { email: userName, trxnId } = useJourney();
  const form = useForm({ category: 'signin', page: PAGE });
  return (
    <CodePage
      form={form}
      titleId="lostPhone.code.title"
      channel="email"
      lead={t('lostPhone.code.lead', { destination: userName })}
      details={<p>{t('lostPhone.code.why')}</p>}
      verify={(otp) => api.lostPhoneVerify({ userName, otp, trxnId })}
      resend={() => api.lostPhoneSend({ userName })}
      after={<BackLink to="signIn/password" labelId="common.back" />}
    />
  );
}
