import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { BackLink, CodeForm, SignedIn, usePath } from './parts';

export const PAGE = 'completeTwoStepVerification';

function TwoStep({ profile }) {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  const location = useLocation();
  const arrived = location.state || {};
  const [channel, setChannel] = useState(arrived.otpType || profile.phoneChannel || 'email');
  const destination = channel === 'email' ? profile.email : profile.phone;
  return (
    <Page pageName={PAGE} title={t('profile.twoStep.title')}>
      <CodeForm
        category="profile"
        page={PAGE}
        channel={channel}
        lead={t(`verification.${channel}.sentTo`, { destination })}
        verify={async (otp) => {
          await api.profileEmailCodeVerify({ otp });
          navigate(path('enternewemail'));
        }}
        resend={(otpType) => api.profileEmailCodeSend({ otpType })}
        onChannel={setChannel}
      />
      <BackLink />
    </Page>
  );
}

// /{language}/completetwostepverification: the code sent to the phone of the account.
export default function CompleteTwoStepVerification() {
  return <SignedIn>{(profile) => <TwoStep profile={profile} />}</SignedIn>;
}
