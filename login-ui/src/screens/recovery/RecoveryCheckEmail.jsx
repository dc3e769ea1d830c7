import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { correspondenceValue } from '../../i18n';
import { BackLink, CodeForm, usePath } from '../profile/parts';

export const PAGE = 'recoveryCheckEmail';

// /{language}/forgotpassword/checkemail: the code sent to the address; then a code is
// sent to the phone of the account at once.
export default function RecoveryCheckEmail() {
  const t = useT();
  const language = useLanguage();
  const path = usePath();
  const navigate = useNavigate();
  const location = useLocation();
  const email = location.state && location.state.email;
  if (!email) return <Navigate to={path('forgotpassword')} replace />;
  return (
    <Page pageName={PAGE} title={t('recovery.checkEmail.title')}>
      <CodeForm
        category="recovery"
        page={PAGE}
        channel="email"
        lead={t('recovery.checkEmail.lead', { destination: email })}
        verify={async (otp) => {
          const answer = await api.recoveryVerify({ otp });
          const { otpType, phone } = answer.data;
          await api.recoveryCodeSend({ otpType });
          navigate(path('forgotpassword/verification'), { state: { otpType, phone } });
        }}
        resend={() => api.recoverySend({ userName: email, language: correspondenceValue(language) })}
      />
      <BackLink to="forgotpassword" labelId="verification.newEmail" />
    </Page>
  );
}
