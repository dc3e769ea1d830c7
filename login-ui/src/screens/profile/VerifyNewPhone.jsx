import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../../api/v1';
import CodePage from '../../components/CodePage';
import { BackLink, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';

const PAGE = 'verifyNewPhone';

// /{language}/verifynewphone: the code sent to the new number (shown masked). A new code
// sends the number typed on the previous page again.
export default function VerifyNewPhone() {
  const t = useT();
  const { state: typed } = useLocation();
  const journey = useJourney();
  const [channel, setChannel] = useState(journey.otpType);
  const form = useForm({ category: 'profile', page: PAGE, restart: 'firstverifyitsyou/phone' });
  const phoneNumber = typed && typed.phoneNumber;
  return (
    <CodePage
      form={form}
      titleId={`verification.${channel}.title`}
      channel={channel}
      lead={t(`verification.${channel}.sentTo`, { destination: journey.phone })}
      verify={(otp) => api.profilePhoneVerify({ otp })}
      resend={(otpType) => api.profilePhone({ phoneNumber, otpType })}
      onChannel={setChannel}
      after={<BackLink to="enterNewPhoneNumber" labelId="profile.newPhone.other" />}
    />
  );
}
