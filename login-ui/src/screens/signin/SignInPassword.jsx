import { useState } from 'react';
import { api } from '../../api/v1';
import { useTestData } from '../../components/AppConfig';
import { Notice } from '../../components/fields';
import { BackLink, FormPage, useForm } from '../../components/forms';
import Guard, { useJourney } from '../../components/Guard';
import { useT } from '../../components/hooks';
import PasswordField from '../../components/PasswordField';
import { isLocalPage } from '../../session/journey';
import { useServerSession } from '../../session/ServerSession';
import { useSession } from '../../session/SessionContext';
import { validateEmail } from '../../validation';

const PAGE = 'password';

const typedEmail = (userData) => (userData.email && validateEmail(userData.email) === null ? userData.email : null);

function SignInPasswordForm() {
  const t = useT();
  const { state } = useSession();
  const journey = useJourney();
  const userName = typedEmail(state.userData) || journey.email;
  const [password, setPassword] = useState(useTestData().password || '');
  const form = useForm({ category: 'signin', page: PAGE });
  // a passkey without user verification came first, for this address: the password ends the sign-in
  const { journeys } = useServerSession();
  const held = journeys.passkey;
  const afterPasskey = Boolean(held && held.state === 'SECOND_FACTOR_VERIFIED' && held.email === userName);
  const onSubmit = form.handle({
    field: 'password',
    check: () => ({ password: password ? null : { id: 'password.signin.required' } }),
    // the page a signed-out person opened: the sign-in leads there (the server checks it)
    send: () =>
      api.login({ userName, password, afterPasskey, ...(isLocalPage(state.userData.next) ? { next: state.userData.next } : {}) }),
  });
  const links = (
    <>
      <BackLink to="signIn" labelId="password.signin.differentEmail" />
      <BackLink to="forgotpassword" labelId="password.signin.forgot" />
      <BackLink to="" labelId="password.signin.home" />
    </>
  );
  const lead = t('password.signin.lead', { email: userName });
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="password.signin.title"
      lead={lead}
      submitId="password.signin.submit"
      before={afterPasskey ? <Notice>{t('passkeyFirst.passwordNext')}</Notice> : null}
      after={links}
    >
      <PasswordField value={password} onChange={setPassword} error={form.errors.password} />
    </FormPage>
  );
}

// /{language}/signIn/password: the password of the e-mail typed on the previous screen
// (the one guard the browser keeps, as the sign-in entry makes no call), or of the
// sign-in journey the server holds (a reload in a new tab).
export default function SignInPassword() {
  const { state } = useSession();
  return (
    <Guard flow="signin" entry={typedEmail(state.userData) !== null}>
      <SignInPasswordForm />
    </Guard>
  );
}
