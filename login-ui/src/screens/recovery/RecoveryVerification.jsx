import { useState } from 'react';
import { api } from '../../api/v1';
import CodePage from '../../components/CodePage';
import { useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';

const PAGE = 'recoveryVerification';

// /{language}/forgotpassword/verification: the two-step code to the account's phone;
// recovery never skips it.
export default function RecoveryVerification() {
  const t = useT();
  const { otpType, phone } = useJourney();
  const [channel, setChannel] = useState(otpType);
  const form = useForm({ category: 'recovery', page: PAGE });
  return (
    <CodePage
      form={form}
      titleId="recovery.twoStep.title"
      channel={channel}
      lead={t(`verification.${channel}.sentTo`, { destination: phone })}
      verify={(otp) => api.recoveryCodeVerify({ otp })}
      resend={(next) => api.recoveryCodeSend({ otpType: next })}
      onChannel={setChannel}
    />
  );
}
