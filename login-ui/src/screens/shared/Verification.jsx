import { useParams } from 'react-router-dom';
import { api } from '../../api/v1';
import { trackEvent } from '../../analytics';
import CodePage from '../../components/CodePage';
import { BackLink, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';
import { displayPhone } from '../../phone/display';

const PAGE = 'verification';

// The calls of each flow: sign-up's transient codes, sign-in's codes to the account's phone.
function callsOf(journey, type) {
  const { email: userName, trxnId, phone } = journey;
  if (journey.flow === 'signin') {
    return {
      verify: (otp) => api.otpVerify({ userName, otpType: type, otp, trxnId }),
      resend: (otpType) => api.otpSend({ userName, otpType, phone }),
    };
  }
  const phoneNumber = type === 'email' ? undefined : phone;
  return {
    verify: (otp) => api.transientOtpVerify({ userName, otpType: type, otp, trxnId }),
    resend: (otpType) => api.transientOtpSend({ userName, otpType, phoneNumber, language: journey.emailLanguage }),
  };
}

// Where "use a different e-mail" / "choose a different method" lead back to.
function backOf(flow, type) {
  if (flow === 'signin') return { to: 'signIn/selectverification', labelId: 'verification.newMethod', result: 'redirect_new-method' };
  if (type === 'email') return { to: 'signUp', labelId: 'verification.newEmail', result: 'redirect_new-email' };
  return { to: 'signUp/verificationsetup', labelId: 'verification.newMethod', result: 'redirect_new-method' };
}

// /{language}/{flow}/verification/{type}: the code sent by email, sms or voice (sign-up
// step 1 or 3 of 4, or sign-in). The other phone channel is a screen of its own.
export default function Verification() {
  const t = useT();
  const { type } = useParams();
  const journey = useJourney();
  const { flow } = journey;
  const step = flow !== 'signup' ? null : type === 'email' ? 1 : 3;
  const form = useForm({ category: flow, page: PAGE, step });
  const { verify, resend } = callsOf(journey, type);
  const back = backOf(flow, type);
  const destination = type === 'email' ? journey.email : displayPhone(journey.phone);
  const onBack = () => trackEvent({ category: flow, page: PAGE, step, result: back.result, label: 'link' });
  return (
    <CodePage
      form={form}
      titleId={`verification.${type}.title`}
      channel={type}
      lead={t(`verification.${type}.sentTo`, { destination: destination || '' })}
      verify={verify}
      resend={resend}
      onChannel={(otpType, answer) => form.follow(answer, { resent: true })}
      after={<BackLink to={back.to} labelId={back.labelId} onClick={onBack} />}
    />
  );
}
