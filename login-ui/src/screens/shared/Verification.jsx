import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../api/v1';
import { failureResult, RESULTS, trackEvent } from '../../analytics';
import { useTestData } from '../../components/AppConfig';
import CodeEntry from '../../components/CodeEntry';
import ErrorSummary from '../../components/ErrorSummary';
import { useErrorText, useFlow, useFormErrors, useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { fromFailure, offersStartAgain } from '../../i18n/errors';
import { SIGN_IN, SIGN_UP } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';
import { validateCode } from '../../validation';
import { FIRST_REQUEST_COUNT, nextRequestCount, otherChannel, resendDelaySeconds } from './countdown';
import { displayPhone } from '../../phone/display';

export const PAGE = 'verification';

// /{language}/{flow}/verification/{type}: enter the 6-digit code sent by email, sms or voice.
export default function Verification() {
  const t = useT();
  const errorText = useErrorText();
  const language = useLanguage();
  const flow = useFlow();
  const { type } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { state, dispatch } = useSession();
  const testData = useTestData();
  const user = state.userData;
  const signUp = flow === 'signup';
  const step = signUp ? (type === 'email' ? 1 : 3) : null;
  const arrived = location.state || {};
  const [requestCount, setRequestCount] = useState(arrived.requestCount || FIRST_REQUEST_COUNT);
  const [secondsLeft, setSecondsLeft] = useState(resendDelaySeconds(arrived.requestCount || FIRST_REQUEST_COUNT));
  const [code, setCode] = useState(testData.otp || '');
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(!!arrived.resent);
  const { errors, show, clear, focusKey } = useFormErrors();

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const track = (result, label = 'button') => trackEvent({ category: flow, page: PAGE, step, result, label });

  const onSubmit = async (event) => {
    event.preventDefault();
    const error = validateCode(code);
    if (error) {
      show({ verificationCode: error });
      track(RESULTS.error);
      return;
    }
    const otp = code.replace(/\s+/g, '');
    setBusy(true);
    try {
      if (!signUp) {
        const answer = await api.otpVerify({ userName: user.email, otpType: type, otp, trxnId: user.trxnId });
        dispatch({ type: SIGN_IN, authenticated: true, payload: { ...user, redirectTo: answer.data.redirectTo } });
        track(RESULTS.success);
        navigate(`/${language}/redirecttorp`);
      } else if (type === 'email') {
        await api.transientOtpVerify({ userName: user.email, otpType: 'email', otp, trxnId: user.trxnId });
        dispatch({ type: SIGN_UP, payload: { ...user, emailValidated: true } });
        track(RESULTS.success);
        navigate(`/${language}/signUp/password`);
      } else {
        await api.transientOtpVerify({ userName: user.email, otpType: type, otp, trxnId: user.trxnId });
        dispatch({ type: SIGN_UP, payload: { ...user, stepVerified: true } });
        track(RESULTS.success);
        navigate(`/${language}/signUp/profile`);
      }
    } catch (failure) {
      setBusy(false);
      show({ verificationCode: fromFailure(failure) });
      track(failureResult(failure));
    }
  };

  // Sends a new code, on the same channel or (switch) on the other phone channel.
  const resend = (switchChannel) => async (event) => {
    event.preventDefault();
    const otpType = switchChannel ? otherChannel(type) : type;
    const count = nextRequestCount(requestCount);
    try {
      let answer;
      if (!signUp) {
        answer = await api.otpSend({ userName: user.email, otpType, phone: user.phone });
      } else if (type === 'email') {
        answer = await api.transientOtpSend({ userName: user.email, otpType, language: user.emailLanguage });
      } else {
        answer = await api.transientOtpSend({
          userName: user.email,
          otpType,
          phoneNumber: user.phone,
          language: user.emailLanguage,
        });
      }
      const payload = { ...user, trxnId: answer.data.trxnId, otpType, verificationType: otpType };
      dispatch({ type: signUp ? SIGN_UP : SIGN_IN, payload });
      track(switchChannel ? `${RESULTS.requestNewCode}_${otpType}` : RESULTS.requestNewCode, 'link');
      clear();
      setCode('');
      if (switchChannel) {
        navigate(`/${language}/${signUp ? 'signUp' : 'signIn'}/verification/${otpType}`, {
          state: { requestCount: count, resent: true },
        });
        return;
      }
      setRequestCount(count);
      setSecondsLeft(resendDelaySeconds(count));
      setResent(true);
    } catch (failure) {
      setResent(false);
      show({ verificationCode: fromFailure(failure) });
      track(failureResult(failure), 'link');
    }
  };

  const newMethodPath = !signUp
    ? `/${language}/signIn/selectverification`
    : type === 'email'
      ? `/${language}/signUp`
      : `/${language}/signUp/verificationsetup`;
  const onNewMethod = () => track(type === 'email' ? 'redirect_new-email' : 'redirect_new-method', 'link');

  const destination = type === 'email' ? user.email : displayPhone(user.phone);
  const summary = errors.verificationCode ? [{ field: 'verificationCode', text: errorText(errors.verificationCode) }] : [];
  return (
    <Page pageName={PAGE} title={t(`verification.${type}.title`)} step={step} hasErrors={summary.length > 0}>
      <ErrorSummary items={summary} focusKey={focusKey} startAgain={offersStartAgain(errors.verificationCode)} />
      <CodeEntry
        channel={type}
        lead={t(`verification.${type}.sentTo`, { destination: destination || '' })}
        resent={resent}
        code={code}
        onCodeChange={setCode}
        error={errors.verificationCode}
        busy={busy}
        onSubmit={onSubmit}
        secondsLeft={secondsLeft}
        onResend={resend}
        canSwitch={type !== 'email'}
      />
      <p>
        <Link to={newMethodPath} onClick={onNewMethod}>
          {t(type === 'email' ? 'verification.newEmail' : 'verification.newMethod')}
        </Link>
      </p>
    </Page>
  );
}
