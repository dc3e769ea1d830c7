import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { Button, TextField } from '../../components/fields';
import { useErrorText, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { validateEmail } from '../../validation';
import { BackLink, SignedIn, Summary, usePath, useSubmit } from './parts';

export const PAGE = 'enterNewEmail';

function NewEmailForm() {
  const t = useT();
  const errorText = useErrorText();
  const path = usePath();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const { busy, submit, errors, focusKey } = useSubmit({
    category: 'profile',
    page: PAGE,
    fieldOf: () => 'email',
    action: async () => {
      await api.profileEmailNew({ email: email.trim() });
      navigate(path('checkyouremail'), { state: { email: email.trim() } });
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
    <Page pageName={PAGE} title={t('profile.newEmail.title')} hasErrors={Object.keys(errors).length > 0}>
      <Summary errors={errors} focusKey={focusKey} />
      <p className="lead">{t('profile.newEmail.lead')}</p>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id="email"
          label={t('profile.newEmail.label')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errorText(errors.email)}
        />
        <Button busy={busy}>{t('common.continue')}</Button>
      </form>
      <BackLink />
    </Page>
  );
}

// /{language}/enternewemail: a code goes to the new address.
export default function EnterNewEmail() {
  return <SignedIn>{() => <NewEmailForm />}</SignedIn>;
}
