import { Link, useParams } from 'react-router-dom';
import { api } from '../../api/v1';
import { trackEvent } from '../../analytics';
import { BackLink } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { usePath, useT } from '../../components/hooks';
import SecondFactor from '../../components/SecondFactor';

const PAGE = 'verification';

// The calls of each flow: sign-up's transient codes; sign-in's second factor, by any of
// the person's methods ({otp}: a code; {credential}: a passkey's answer).
function callsOf(journey, type) {
  const { email: userName, trxnId, phone } = journey;
  if (journey.flow === 'signin') {
    return {
      verify: (answer) => api.otpVerify({ userName, otpType: type, trxnId, ...answer }),
      ask: (otpType) => api.otpSend({ userName, otpType, phone }),
    };
  }
  const phoneNumber = type === 'email' ? undefined : phone;
  return {
    verify: ({ otp }) => api.transientOtpVerify({ userName, otpType: type, otp, trxnId }),
    ask: (otpType) => api.transientOtpSend({ userName, otpType, phoneNumber, language: journey.emailLanguage }),
  };
}

// Where "use a different e-mail" / "choose a different method" lead back to.
function backOf(flow, type) {
  if (flow === 'signin') return { to: 'signIn/selectverification', labelId: 'verification.newMethod', result: 'redirect_new-method' };
  if (type === 'email') return { to: 'signUp', labelId: 'verification.newEmail', result: 'redirect_new-email' };
  return { to: 'signUp/verificationsetup', labelId: 'verification.newMethod', result: 'redirect_new-method' };
}

// /{language}/{flow}/verification/{type}: the code sent by email, sms or voice (sign-up
// step 1 or 3 of 4, or sign-in), or at sign-in the person's app, backup code or passkey.
// Each method is a screen of its own; sign-in's other methods are on the selection screen.
// An address that already has an account gets an e-mail saying so instead of a code (the
// screen cannot tell who has an account): the sign-up's e-mail code screen says where to go.
function AccountExists() {
  const t = useT();
  const path = usePath();
  return (
    <p>
      {t('verification.email.accountExists')} <Link to={path('signIn')}>{t('verification.email.signIn')}</Link>
    </p>
  );
}

export default function Verification() {
  const { type } = useParams();
  const journey = useJourney();
  const { flow } = journey;
  // a new phone after a lost one (journey.newPhone) is no step of a sign-up
  const step = flow !== 'signup' || journey.newPhone ? null : type === 'email' ? 1 : 3;
  const { verify, ask } = callsOf(journey, type);
  const back = backOf(flow, type);
  const onBack = () => trackEvent({ category: flow, page: PAGE, step, result: back.result, label: 'link' });
  return (
    <SecondFactor
      form={{ category: flow, page: PAGE, step }}
      titleOf={(method) => `verification.${method}.title`}
      verify={verify}
      ask={ask}
      relocate
      otherWays={false}
      after={
        <>
          {flow === 'signup' && type === 'email' ? <AccountExists /> : null}
          <BackLink to={back.to} labelId={back.labelId} onClick={onBack} />
        </>
      }
    />
  );
}
