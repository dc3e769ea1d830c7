import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { failureResult, RESULTS, trackEvent } from '../../analytics';
import { useTestData } from '../../components/AppConfig';
import ErrorSummary from '../../components/ErrorSummary';
import { Button, RadioGroup, TextField } from '../../components/fields';
import { useErrorText, useFlow, useFormErrors, useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { correspondenceValue } from '../../i18n';
import { fromFailure, offersStartAgain } from '../../i18n/errors';
import { SIGN_IN, SIGN_UP } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';
import { validateEmail } from '../../validation';

// /{language}/{flow}: the e-mail screen. Sign-up (step 1 of 4) sends an e-mail code in the
// chosen correspondence language; sign-in only checks the address (no call).
export default function Email() {
  const t = useT();
  const errorText = useErrorText();
  const language = useLanguage();
  const flow = useFlow();
  const navigate = useNavigate();
  const { state, dispatch } = useSession();
  const testData = useTestData();
  const signUp = flow === 'signup';
  const page = signUp ? 'signup' : 'signin';
  const [email, setEmail] = useState(state.userData.email || testData.email || '');
  const [emailLanguage, setEmailLanguage] = useState(correspondenceValue(language));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const { errors, show, update, focusKey } = useFormErrors();

  const onChange = (event) => {
    setEmail(event.target.value);
    if (touched) {
      const error = validateEmail(event.target.value);
      update(error ? { email: error } : {});
    }
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    setTouched(true);
    const error = validateEmail(email);
    if (error) {
      show({ email: error });
      trackEvent({ category: flow, page, step: signUp ? 1 : null, result: RESULTS.error });
      return;
    }
    const userName = email.trim();
    if (!signUp) {
      dispatch({ type: SIGN_IN, payload: { email: userName, language } });
      trackEvent({ category: flow, page, result: RESULTS.success });
      navigate(`/${language}/signIn/password`);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.transientOtpSend({ userName, otpType: 'email', language: emailLanguage });
      dispatch({
        type: SIGN_UP,
        payload: {
          ...state.userData,
          email: userName,
          emailLanguage,
          trxnId: answer.data.trxnId,
          otpType: 'email',
          verificationType: 'email',
          emailValidated: false,
        },
      });
      trackEvent({ category: flow, page, step: 1, result: RESULTS.success });
      navigate(`/${language}/signUp/verification/email`);
    } catch (failure) {
      setBusy(false);
      show({ email: fromFailure(failure) });
      trackEvent({ category: flow, page, step: 1, result: failureResult(failure) });
    }
  };

  const summary = errors.email ? [{ field: 'email', text: errorText(errors.email) }] : [];
  return (
    <Page
      pageName={page}
      title={t(signUp ? 'email.signup.title' : 'email.signin.title')}
      step={signUp ? 1 : null}
      hasErrors={summary.length > 0}
    >
      <ErrorSummary items={summary} focusKey={focusKey} startAgain={offersStartAgain(errors.email)} />
      <p className="lead">{t(signUp ? 'email.signup.lead' : 'email.signin.lead')}</p>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id="email"
          label={t('email.label')}
          hint={t('email.hint')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={email}
          onChange={onChange}
          error={errorText(errors.email)}
        />
        {signUp ? (
          <RadioGroup
            name="language"
            legend={t('email.language.legend')}
            hint={t('email.language.hint')}
            value={emailLanguage}
            onChange={setEmailLanguage}
            options={[
              { value: 'eng', label: t('email.language.eng') },
              { value: 'fr', label: t('email.language.fr') },
            ]}
          />
        ) : null}
        <Button busy={busy}>{t(signUp ? 'email.signup.submit' : 'common.continue')}</Button>
      </form>
    </Page>
  );
}
