import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { BackLink, CodeForm, SignedIn, usePath } from './parts';

export const PAGE = 'verifyNewPhone';

function VerifyPhone({ arrived }) {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  const [channel, setChannel] = useState(arrived.otpType);
  return (
    <Page pageName={PAGE} title={t(`verification.${channel}.title`)}>
      <CodeForm
        category="profile"
        page={PAGE}
        channel={channel}
        lead={t(`verification.${channel}.sentTo`, { destination: arrived.phone })}
        verify={async (otp) => {
          await api.profilePhoneVerify({ otp });
          navigate(path('phonechanged'));
        }}
        resend={(otpType) => api.profilePhone({ phoneNumber: arrived.phoneNumber, otpType })}
        onChannel={setChannel}
      />
      <BackLink to="enterNewPhoneNumber" labelId="profile.newPhone.other" />
    </Page>
  );
}

// /{language}/verifynewphone: the code sent to the new number.
export default function VerifyNewPhone() {
  const location = useLocation();
  const path = usePath();
  const arrived = location.state;
  if (!arrived || !arrived.phoneNumber) return <Navigate to={path('enterNewPhoneNumber')} replace />;
  return <SignedIn>{() => <VerifyPhone arrived={arrived} />}</SignedIn>;
}
