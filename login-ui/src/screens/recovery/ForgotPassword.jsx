import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { Button, TextField } from '../../components/fields';
import { useErrorText, useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { correspondenceValue } from '../../i18n';
import { useSession } from '../../session/SessionContext';
import { validateEmail } from '../../validation';
import { Summary, usePath, useSubmit } from '../profile/parts';

export const PAGE = 'forgotPassword';

// /{language}/forgotpassword: a code to the address, the same answer whether or not it
// has an account.
export default function ForgotPassword() {
  const t = useT();
  const errorText = useErrorText();
  const language = useLanguage();
  const path = usePath();
  const navigate = useNavigate();
  const { state } = useSession();
  const [email, setEmail] = useState(state.userData.email || '');
  const { busy, submit, errors, focusKey } = useSubmit({
    category: 'recovery',
    page: PAGE,
    fieldOf: () => 'email',
    action: async () => {
      await api.recoverySend({ userName: email.trim(), language: correspondenceValue(language) });
      navigate(path('forgotpassword/checkemail'), { state: { email: email.trim() } });
    },
  });
  const onSubmit = (event) => {
    event.preventDefault();
    submit(() => {
      const error = validateEmail(email.trim());
      return error ? { email: error } : null;
    });
  };
  return (
    <Page pageName={PAGE} title={t('recovery.email.title')} hasErrors={Object.keys(errors).length > 0}>
      <Summary errors={errors} focusKey={focusKey} />
      <p className="lead">{t('recovery.email.lead')}</p>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id="email"
          label={t('email.label')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errorText(errors.email)}
        />
        <Button busy={busy}>{t('recovery.email.submit')}</Button>
      </form>
      <p>
        <Link to={`/${language}`}>{t('password.signin.home')}</Link>
      </p>
    </Page>
  );
}
