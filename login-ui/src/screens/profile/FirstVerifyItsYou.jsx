import { useState } from 'react';
import { api } from '../../api/v1';
import { BackLink, FormPage, useForm } from '../../components/forms';
import PasswordField from '../../components/PasswordField';
import { SignedIn } from '../../components/SignedIn';

const PAGE = 'firstVerifyItsYou';

function PasswordForm() {
  const [password, setPassword] = useState('');
  const form = useForm({ category: 'profile', page: PAGE });
  const check = () => ({ password: password ? null : { id: 'password.signin.required' } });
  const onSubmit = form.handle({ field: 'password', check, send: () => api.profileEmailPassword({ password }) });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="profile.verify.title" leadId="profile.verify.lead" after={<BackLink />}>
      <PasswordField value={password} onChange={setPassword} error={form.errors.password} />
    </FormPage>
  );
}

// /{language}/firstverifyitsyou: the e-mail change starts with the password; the right
// one also sends a two-step code to the account's phone (one call).
export default function FirstVerifyItsYou() {
  return <SignedIn>{() => <PasswordForm />}</SignedIn>;
}
