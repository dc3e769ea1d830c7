import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { BackLink, CodeForm, SignedIn, usePath } from './parts';

export const PAGE = 'checkYourEmail';

function Check({ email }) {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  return (
    <Page pageName={PAGE} title={t('profile.checkEmail.title')}>
      <CodeForm
        category="profile"
        page={PAGE}
        channel="email"
        lead={t('verification.email.sentTo', { destination: email })}
        verify={async (otp) => {
          await api.profileEmailNewVerify({ otp });
          navigate(path('areYouSureUpdateYourEmail'), { state: { email } });
        }}
        resend={() => api.profileEmailNew({ email })}
      />
      <BackLink to="enternewemail" labelId="verification.newEmail" />
    </Page>
  );
}

// /{language}/checkyouremail: the code sent to the new e-mail address.
export default function CheckYourEmail() {
  const location = useLocation();
  const path = usePath();
  const email = location.state && location.state.email;
  if (!email) return <Navigate to={path('enternewemail')} replace />;
  return <SignedIn>{() => <Check email={email} />}</SignedIn>;
}
