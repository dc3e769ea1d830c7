import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api, fetchPasswordPolicy, PASSWORD_POLICY_FALLBACK } from '../../api/v1';
import { Button, Checkbox, TextField } from '../../components/fields';
import { useErrorText, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { SIGN_IN } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';
import { validatePassword } from '../../validation';
import { Summary, usePath, useSubmit } from '../profile/parts';

export const PAGE = 'newPassword';

function NewPasswordForm() {
  const t = useT();
  const errorText = useErrorText();
  const path = usePath();
  const navigate = useNavigate();
  const { state, dispatch } = useSession();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [policy, setPolicy] = useState(PASSWORD_POLICY_FALLBACK);
  const { busy, submit, errors, focusKey } = useSubmit({
    category: 'recovery',
    page: PAGE,
    fieldOf: () => 'password',
    action: async () => {
      const answer = await api.recoveryPassword({ password });
      dispatch({
        type: SIGN_IN,
        authenticated: true,
        payload: { ...state.userData, redirectTo: answer.data.redirectTo },
      });
      navigate(path('redirecttorp'));
    },
  });
  useEffect(() => {
    let live = true;
    fetchPasswordPolicy().then((answer) => live && setPolicy(answer));
    return () => {
      live = false;
    };
  }, []);
  const onSubmit = (event) => {
    event.preventDefault();
    submit(() => {
      const error = validatePassword(password, policy);
      return error ? { password: error } : null;
    });
  };
  const count = password.length;
  return (
    <Page pageName={PAGE} title={t('recovery.password.title')} hasErrors={Object.keys(errors).length > 0}>
      <Summary errors={errors} focusKey={focusKey} />
      <p className="lead">{t('recovery.password.lead')}</p>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id="password"
          label={t('recovery.password.label')}
          hint={t('password.signup.hint', { min: policy.pwdMinLength, max: policy.pwdMaxLength })}
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          spellCheck={false}
          autoCapitalize="none"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errorText(errors.password)}
          aria-describedby="password-counter"
          after={
            <p
              className={`counter ${count >= policy.pwdMinLength ? 'counter--ok' : ''}`.trim()}
              id="password-counter"
              aria-live="polite"
            >
              {t('password.counter', { count, min: policy.pwdMinLength })}
            </p>
          }
        />
        <Checkbox
          id="show-password"
          label={t('password.show')}
          checked={visible}
          onChange={(event) => setVisible(event.target.checked)}
        />
        <Button busy={busy}>{t('recovery.password.submit')}</Button>
      </form>
    </Page>
  );
}

// /{language}/forgotpassword/newpassword: the new password (policy and strength); the
// server ends every other session and signs this browser in.
export default function NewPassword() {
  const location = useLocation();
  const path = usePath();
  if (!(location.state && location.state.verified)) return <Navigate to={path('forgotpassword')} replace />;
  return <NewPasswordForm />;
}
