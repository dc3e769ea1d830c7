import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTestData } from '../../components/AppConfig';
import EmailField, { useEmail } from '../../components/EmailField';
import { FormPage, useForm } from '../../components/forms';
import { useHydrated, usePath } from '../../components/hooks';
import PasskeySignIn from '../../components/PasskeySignIn';
import { SIGN_IN } from '../../session/reducer';
import { useServerSession } from '../../session/ServerSession';
import { useSession } from '../../session/SessionContext';

const PAGE = 'signin';

// The sign-in start, here and on the home page: the e-mail address is checked without a
// call (section 4) and kept in the browser for the password screen. The relying
// service's login hint fills it in when nothing was typed. A passkey signs in from here alone
// (PasskeySignIn: the field's autofill, or its button).
export function SignInStart({ page, titleId, leadId, before, after }) {
  const navigate = useNavigate();
  const path = usePath();
  const { state, dispatch } = useSession();
  const { loginHint } = useServerSession();
  const testData = useTestData();
  const hydrated = useHydrated();
  const form = useForm({ category: 'signin', page });
  const known = state.userData.email || testData.email || '';
  const email = useEmail(form, hydrated ? known : '');
  const { value, setValue } = email;
  // the address this tab kept, once React has taken over the page rendered at build time;
  // only then: what the person types afterwards stays
  const takenOver = useEffectEvent(() => {
    if (hydrated && known && !value) setValue(known);
  });
  useEffect(() => takenOver(), [hydrated]);
  // the relying service's hint, only when it arrives
  const hinted = useEffectEvent(() => {
    if (loginHint && !value) setValue(loginHint);
  });
  useEffect(() => hinted(), [loginHint]);
  const onSubmit = form.handle({
    field: 'email',
    check: email.check,
    action: async () => {
      dispatch({ type: SIGN_IN, payload: { email: email.address } });
      navigate(path('signIn/password'));
    },
  });
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId={titleId}
      leadId={leadId}
      before={before}
      after={
        <>
          <PasskeySignIn form={form} field={email.field} />
          {after}
        </>
      }
    >
      <EmailField email={email} form={form} autoComplete="username webauthn" />
    </FormPage>
  );
}

// /{language}/signIn: sign in with your e-mail address.
export default function SignInEmail() {
  return <SignInStart page={PAGE} titleId="email.signin.title" leadId="email.signin.lead" />;
}
