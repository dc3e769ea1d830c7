import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { CodeForm, usePath } from '../profile/parts';

export const PAGE = 'recoveryVerification';

// /{language}/forgotpassword/verification: the two-step code to the phone of the
// account; recovery never skips it.
export default function RecoveryVerification() {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  const location = useLocation();
  const arrived = location.state || {};
  const [channel, setChannel] = useState(arrived.otpType);
  if (!arrived.otpType) return <Navigate to={path('forgotpassword')} replace />;
  return (
    <Page pageName={PAGE} title={t('recovery.twoStep.title')}>
      <CodeForm
        category="recovery"
        page={PAGE}
        channel={channel}
        lead={t(`verification.${channel}.sentTo`, { destination: arrived.phone })}
        verify={async (otp) => {
          await api.recoveryCodeVerify({ otp });
          navigate(path('forgotpassword/newpassword'), { state: { verified: true } });
        }}
        resend={(otpType) => api.recoveryCodeSend({ otpType })}
        onChannel={setChannel}
      />
    </Page>
  );
}
