// Building blocks of the live profile and recovery pages: the signed-in profile (from
// GET /v1/profile; nobody signed in → home), a form with its error summary, a code form
// with the resend countdown, sign-out, and the success page.
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { failureResult, RESULTS, trackEvent } from '../../analytics';
import CodeEntry from '../../components/CodeEntry';
import ErrorSummary from '../../components/ErrorSummary';
import { Button, Notice } from '../../components/fields';
import { useErrorText, useFormErrors, useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { fromFailure, offersStartAgain } from '../../i18n/errors';
import { LOG_OUT } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';
import { validateCode } from '../../validation';
import { FIRST_REQUEST_COUNT, nextRequestCount, otherChannel, resendDelaySeconds } from '../shared/countdown';

export function usePath() {
  const language = useLanguage();
  return useCallback((name) => `/${language}/${name}`, [language]);
}

// The profile of the server session: { profile, status: 'loading' | 'ready' | 'signedOut' | 'failed' }.
export function useProfile() {
  const language = useLanguage();
  const [answer, setAnswer] = useState({ profile: null, status: 'loading' });
  useEffect(() => {
    let live = true;
    api
      .profile(language)
      .then((result) => live && setAnswer({ profile: result.data, status: 'ready' }))
      .catch((failure) => live && setAnswer({ profile: null, status: failure.status === 401 ? 'signedOut' : 'failed' }));
    return () => {
      live = false;
    };
  }, [language]);
  return answer;
}

// Renders children(profile) for a signed-in person; anybody else goes home.
export function SignedIn({ children }) {
  const { dispatch } = useSession();
  const { profile, status } = useProfile();
  useEffect(() => {
    // the server session is gone: the browser's copy of the user goes too
    if (status === 'signedOut') dispatch({ type: LOG_OUT });
  }, [status, dispatch]);
  // an unreadable profile is treated like a missing sign-in: start again from home
  if (status === 'signedOut' || status === 'failed') return <Navigate to="/" replace />;
  if (status === 'loading') return null;
  return children(profile);
}

// A page whose form sends one call: errors is {field: error}; the summary links to fields.
export function useSubmit({ category, page, action, fieldOf = () => 'form' }) {
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();
  const track = (result) => trackEvent({ category, page, result });
  const submit = async (check) => {
    const found = check ? check() : null;
    if (found && Object.keys(found).length) {
      form.show(found);
      track(RESULTS.error);
      return;
    }
    setBusy(true);
    try {
      await action();
      track(RESULTS.success);
    } catch (failure) {
      setBusy(false);
      const error = fromFailure(failure);
      form.show({ [fieldOf(error)]: error });
      track(failureResult(failure));
    }
  };
  return { busy, submit, ...form };
}

export function Summary({ errors, focusKey }) {
  const errorText = useErrorText();
  const items = Object.entries(errors).map(([field, error]) => ({ field, text: errorText(error) }));
  const startAgain = Object.values(errors).some(offersStartAgain);
  return <ErrorSummary items={items} focusKey={focusKey} startAgain={startAgain} />;
}

// Code entry with "request a new code" after the countdown and, for phones, the other channel.
// verify(otp) and resend(otpType) make the calls; onChannel(otpType) follows a switch.
export function CodeForm({ category, page, channel, verify, resend, onChannel, lead }) {
  const [code, setCode] = useState('');
  const [requestCount, setRequestCount] = useState(FIRST_REQUEST_COUNT);
  const [secondsLeft, setSecondsLeft] = useState(resendDelaySeconds(FIRST_REQUEST_COUNT));
  const [resent, setResent] = useState(false);
  const { busy, submit, errors, show, clear, focusKey } = useSubmit({
    category,
    page,
    action: () => verify(code.replace(/\s+/g, '')),
    fieldOf: () => 'verificationCode',
  });

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const onSubmit = (event) => {
    event.preventDefault();
    submit(() => {
      const error = validateCode(code);
      return error ? { verificationCode: error } : null;
    });
  };

  const again = (switchChannel) => async (event) => {
    event.preventDefault();
    const otpType = switchChannel ? otherChannel(channel) : channel;
    try {
      await resend(otpType);
      const count = nextRequestCount(requestCount);
      trackEvent({ category, page, result: switchChannel ? `${RESULTS.requestNewCode}_${otpType}` : RESULTS.requestNewCode, label: 'link' });
      clear();
      setCode('');
      setRequestCount(count);
      setSecondsLeft(resendDelaySeconds(count));
      setResent(true);
      if (switchChannel) onChannel(otpType);
    } catch (failure) {
      setResent(false);
      show({ verificationCode: fromFailure(failure) });
    }
  };

  return (
    <>
      <Summary errors={errors} focusKey={focusKey} />
      <CodeEntry
        channel={channel}
        lead={lead}
        resent={resent}
        code={code}
        onCodeChange={setCode}
        error={errors.verificationCode}
        busy={busy}
        onSubmit={onSubmit}
        secondsLeft={secondsLeft}
        onResend={again}
        canSwitch={channel !== 'email' && Boolean(onChannel)}
      />
    </>
  );
}

// Ends the server session (POST /v1/logout), then clears the browser's state (LOG_OUT).
export function SignOutButton() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const { dispatch } = useSession();
  const onSubmit = async (event) => {
    event.preventDefault();
    try {
      await api.logout();
    } catch (failure) {
      // the session may already be gone; the browser forgets it either way
    }
    dispatch({ type: LOG_OUT });
    trackEvent({ category: 'profile', page: 'profile', result: 'redirect_sign-out' });
    navigate(`/${language}`);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="inline-form">
      <Button secondary>{t('profile.signOut')}</Button>
    </form>
  );
}

// A success page with "back to profile" and "sign out".
export function SuccessPage({ pageName, titleId, noticeId, textId }) {
  const t = useT();
  const path = usePath();
  return (
    <SignedIn>
      {() => (
        <Page pageName={pageName} title={t(titleId)}>
          <Notice kind="success">
            <p>{t(noticeId)}</p>
          </Notice>
          {textId ? <p>{t(textId)}</p> : null}
          <div className="button-group">
            <Link className="button button--link" to={path('profilehome')}>
              {t('profile.backToProfile')}
            </Link>
            <SignOutButton />
          </div>
        </Page>
      )}
    </SignedIn>
  );
}

// "Cancel" back to the profile home.
export function BackLink({ to = 'profilehome', labelId = 'common.cancel' }) {
  const t = useT();
  const path = usePath();
  return (
    <p>
      <Link to={path(to)}>{t(labelId)}</Link>
    </p>
  );
}
