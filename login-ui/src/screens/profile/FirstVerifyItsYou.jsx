import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { Button, Checkbox, TextField } from '../../components/fields';
import { useErrorText, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { BackLink, SignedIn, Summary, usePath, useSubmit } from './parts';

export const PAGE = 'firstVerifyItsYou';

function PasswordForm() {
  const t = useT();
  const errorText = useErrorText();
  const path = usePath();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const { busy, submit, errors, focusKey } = useSubmit({
    category: 'profile',
    page: PAGE,
    fieldOf: () => 'password',
    action: async () => {
      const answer = await api.profileEmailPassword({ password });
      const { otpType, phone } = answer.data;
      await api.profileEmailCodeSend({ otpType });
      navigate(path('completetwostepverification'), { state: { otpType, phone } });
    },
  });
  const onSubmit = (event) => {
    event.preventDefault();
    submit(() => (password ? null : { password: { id: 'password.signin.required' } }));
  };
  return (
    <Page pageName={PAGE} title={t('profile.verify.title')} hasErrors={Object.keys(errors).length > 0}>
      <Summary errors={errors} focusKey={focusKey} />
      <p className="lead">{t('profile.verify.lead')}</p>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id="password"
          label={t('password.label')}
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          spellCheck={false}
          autoCapitalize="none"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errorText(errors.password)}
        />
        <Checkbox
          id="show-password"
          label={t('password.show')}
          checked={visible}
          onChange={(event) => setVisible(event.target.checked)}
        />
        <Button busy={busy}>{t('common.continue')}</Button>
      </form>
      <BackLink />
    </Page>
  );
}

// /{language}/firstverifyitsyou: the e-mail change starts with the password, then a
// two-step code is sent to the phone of the account.
export default function FirstVerifyItsYou() {
  return <SignedIn>{() => <PasswordForm />}</SignedIn>;
}
