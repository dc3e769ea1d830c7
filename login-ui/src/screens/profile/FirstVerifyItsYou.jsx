import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../../api/v1';
import { Notice } from '../../components/fields';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useT } from '../../components/hooks';
import PasswordField from '../../components/PasswordField';
import { SignedIn } from '../../components/SignedIn';
import { CHANGES, startOf } from '../../session/changes';
import { stepOf } from '../../session/journey';

const PAGE = 'firstVerifyItsYou';

function PasswordForm({ change }) {
  const { state: arrived } = useLocation();
  const t = useT();
  const [password, setPassword] = useState('');
  const form = useForm({ category: 'profile', page: PAGE, restart: startOf(change) });
  const check = () => ({ password: password ? null : { id: 'password.signin.required' } });
  // what a change of methods is about to do goes along to the screen after the proof
  const carried = arrived && arrived.action ? { action: arrived.action } : undefined;
  const onSubmit = form.handle({
    field: 'password',
    check,
    action: async () => form.follow(await api.reauthenticatePassword(change, { password }), carried),
  });
  // "This wasn't me" (account/notme) signed the other devices out and sent the person here
  const signedOut = arrived && Number.isInteger(arrived.signedOutOthers) ? (
    <Notice kind="success">
      <p>{t('account.notMe.done', { count: arrived.signedOutOthers })}</p>
    </Notice>
  ) : null;
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="profile.verify.title"
      leadId={`reauthenticate.lead.${change}`}
      before={signedOut}
      after={<BackLink />}
    >
      <PasswordField value={password} onChange={setPassword} error={form.errors.password} />
    </FormPage>
  );
}

// /{language}/firstverifyitsyou[/phone|/password|/methods]: every change of a factor or a
// sign-in method starts with the password (the e-mail change without a segment); the
// right one also asks at once for a second factor, by the method the person used last.
export default function FirstVerifyItsYou() {
  const { pathname } = useLocation();
  const named = stepOf(pathname).split('/')[1];
  const change = CHANGES.includes(named) ? named : 'email';
  return <SignedIn>{() => <PasswordForm change={change} />}</SignedIn>;
}
