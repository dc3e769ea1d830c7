import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, fetchPasswordPolicy, PASSWORD_POLICY_FALLBACK } from '../../api/v1';
import { failureResult, RESULTS, trackEvent } from '../../analytics';
import { useTestData } from '../../components/AppConfig';
import ErrorSummary from '../../components/ErrorSummary';
import { Button, Checkbox, TextField } from '../../components/fields';
import { useErrorText, useFlow, useFormErrors, useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { fromFailure, offersStartAgain } from '../../i18n/errors';
import { SIGN_IN, SIGN_UP } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';
import { validatePassword } from '../../validation';

export const PAGE = 'password';

// /{language}/{flow}/password. Sign-up: step 2 of 4, creates the account. Sign-in: logs in.
export default function Password() {
  const t = useT();
  const errorText = useErrorText();
  const language = useLanguage();
  const flow = useFlow();
  const navigate = useNavigate();
  const { state, dispatch } = useSession();
  const testData = useTestData();
  const user = state.userData;
  const signUp = flow === 'signup';
  const [password, setPassword] = useState(testData.password || '');
  const [visible, setVisible] = useState(false);
  const [policy, setPolicy] = useState(PASSWORD_POLICY_FALLBACK);
  const [busy, setBusy] = useState(false);
  const { errors, show, focusKey } = useFormErrors();

  useEffect(() => {
    if (!signUp) return undefined;
    let live = true;
    fetchPasswordPolicy().then((answer) => live && setPolicy(answer));
    return () => {
      live = false;
    };
  }, [signUp]);

  const track = (result) => trackEvent({ category: flow, page: PAGE, step: signUp ? 2 : null, result });

  const onSubmit = async (event) => {
    event.preventDefault();
    const error = signUp ? validatePassword(password, policy) : password ? null : { id: 'password.signin.required' };
    if (error) {
      show({ password: error });
      track(RESULTS.error);
      return;
    }
    setBusy(true);
    try {
      if (signUp) {
        const answer = await api.create({ userName: user.email, password, trxnId: user.trxnId });
        dispatch({ type: SIGN_UP, payload: { ...user, id: answer.data.id, passwordSubmitted: true } });
        track(RESULTS.success);
        navigate(`/${language}/signUp/verificationsetup`);
      } else {
        const answer = await api.login({ userName: user.email, password });
        const { id, phone, otpType } = answer.data;
        dispatch({
          type: SIGN_IN,
          payload: { ...user, id, phone, otpType, verificationType: otpType, passwordValidated: true },
        });
        track(RESULTS.success);
        navigate(`/${language}/signIn/selectverification`);
      }
    } catch (failure) {
      setBusy(false);
      show({ password: fromFailure(failure) });
      track(failureResult(failure));
    }
  };

  const summary = errors.password ? [{ field: 'password', text: errorText(errors.password) }] : [];
  const count = password.length;
  return (
    <Page
      pageName={PAGE}
      title={t(signUp ? 'password.signup.title' : 'password.signin.title')}
      step={signUp ? 2 : null}
      hasErrors={summary.length > 0}
    >
      <ErrorSummary items={summary} focusKey={focusKey} startAgain={offersStartAgain(errors.password)} />
      {signUp ? (
        <p className="lead">{t('password.signup.lead')}</p>
      ) : (
        <p className="lead">{t('password.signin.lead', { email: user.email || '' })}</p>
      )}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id="password"
          label={t('password.label')}
          hint={
            signUp ? t('password.signup.hint', { min: policy.pwdMinLength, max: policy.pwdMaxLength }) : undefined
          }
          type={visible ? 'text' : 'password'}
          autoComplete={signUp ? 'new-password' : 'current-password'}
          spellCheck={false}
          autoCapitalize="none"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errorText(errors.password)}
          aria-describedby={signUp ? 'password-counter' : undefined}
          after={
            signUp ? (
              <p
                className={`counter ${count >= policy.pwdMinLength ? 'counter--ok' : ''}`.trim()}
                id="password-counter"
                aria-live="polite"
                data-testid="password-counter"
              >
                {t('password.counter', { count, min: policy.pwdMinLength })}
              </p>
            ) : null
          }
        />
        <Checkbox
          id="show-password"
          label={t('password.show')}
          checked={visible}
          onChange={(event) => setVisible(event.target.checked)}
        />
        <Button busy={busy}>{t(signUp ? 'password.signup.submit' : 'password.signin.submit')}</Button>
      </form>
      {signUp ? null : (
        <ul className="link-list">
          <li>
            <Link to={`/${language}/signIn`}>{t('password.signin.differentEmail')}</Link>
          </li>
          <li>
            <Link to={`/${language}/forgotpassword`}>{t('password.signin.forgot')}</Link>
          </li>
          <li>
            <Link to={`/${language}`}>{t('password.signin.home')}</Link>
          </li>
        </ul>
      )}
    </Page>
  );
}
