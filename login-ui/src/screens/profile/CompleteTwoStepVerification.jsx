import { useState } from 'react';
import { api } from '../../api/v1';
import CodePage from '../../components/CodePage';
import { BackLink, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';

const PAGE = 'completeTwoStepVerification';

// /{language}/completetwostepverification: the code sent to the account's phone (or to
// its e-mail address when it has no phone).
export default function CompleteTwoStepVerification() {
  const t = useT();
  const journey = useJourney();
  const [channel, setChannel] = useState(journey.otpType);
  const form = useForm({ category: 'profile', page: PAGE });
  const destination = channel === 'email' ? journey.email : journey.phone;
  return (
    <CodePage
      form={form}
      titleId="profile.twoStep.title"
      channel={channel}
      lead={t(`verification.${channel}.sentTo`, { destination })}
      verify={(otp) => api.profileEmailCodeVerify({ otp })}
      resend={(otpType) => api.profileEmailCodeSend({ otpType })}
      onChannel={setChannel}
      after={<BackLink />}
    />
  );
}
