import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RESULTS, trackEvent } from '../../analytics';
import { useTestData } from '../../components/AppConfig';
import ErrorSummary from '../../components/ErrorSummary';
import { Button, TextField } from '../../components/fields';
import { useErrorText, useFormErrors, useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { useServiceInfo } from '../../components/ServiceInfo';
import { SIGN_IN } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';
import { validateEmail } from '../../validation';

export const PAGE = 'home';

// Home and sign-in start: asks for an e-mail (no call), then the password screen.
export default function Home() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const { dispatch } = useSession();
  const { loginHint } = useServiceInfo();
  const testData = useTestData();
  const [email, setEmail] = useState(testData.email || '');
  const [touched, setTouched] = useState(false);
  const { errors, show, update, focusKey } = useFormErrors();
  const intlError = useErrorText();

  useEffect(() => {
    if (loginHint && !email) setEmail(loginHint);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loginHint]);

  const onChange = (event) => {
    const value = event.target.value;
    setEmail(value);
    // checked on change once the person has tried to continue
    if (touched) {
      const error = validateEmail(value);
      update(error ? { email: error } : {});
    }
  };

  const onSubmit = (event) => {
    event.preventDefault();
    setTouched(true);
    const error = validateEmail(email);
    if (error) {
      show({ email: error });
      trackEvent({ category: 'signin', page: PAGE, result: RESULTS.error });
      return;
    }
    dispatch({ type: SIGN_IN, payload: { email: email.trim(), language } });
    trackEvent({ category: 'signin', page: PAGE, result: RESULTS.success });
    navigate(`/${language}/signIn/password`);
  };

  const onPrivacyClick = () => {
    trackEvent({ category: 'signup', page: PAGE, result: 'redirect_privacy', label: 'link' });
  };

  const summary = errors.email ? [{ field: 'email', text: intlError(errors.email) }] : [];
  return (
    <Page pageName={PAGE} title={t('home.title')} hasErrors={summary.length > 0}>
      <ErrorSummary items={summary} focusKey={focusKey} />
      <p className="lead">{t('home.lead')}</p>
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
          error={intlError(errors.email)}
        />
        <Button>{t('common.continue')}</Button>
      </form>
      <ul className="link-list">
        <li>
          <Link to={`/${language}/signUp/privacy`} onClick={onPrivacyClick}>
            {t('home.firstTime')}
          </Link>
        </li>
        <li>
          {t('home.noAccount')} <Link to={`/${language}/signUp/privacy`}>{t('home.signUp')}</Link>
        </li>
        <li>
          {t('home.haveAccount')} <Link to={`/${language}/signIn`}>{t('home.signIn')}</Link>
        </li>
      </ul>
      <details className="details">
        <summary className="details__summary">{t('home.details.summary')}</summary>
        <div className="details__text">
          <p>{t('home.details.p1')}</p>
          <p>{t('home.details.p2')}</p>
          <p>{t('home.details.p3')}</p>
        </div>
      </details>
    </Page>
  );
}
