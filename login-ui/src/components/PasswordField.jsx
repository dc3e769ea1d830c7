import { useEffect, useState } from 'react';
import { fetchPasswordPolicy } from '../api/v1';
import { usePolicy } from './AppConfig';
import { Checkbox, TextField } from './fields';
import { useErrorText, useT } from './hooks';

// The bounds of a new password: GET /v1/password/policy (section 7), else the policy of
// the shell's configuration block.
export function usePasswordPolicy() {
  const { pwdMinLength, pwdMaxLength } = usePolicy();
  const [policy, setPolicy] = useState({ pwdMinLength, pwdMaxLength });
  useEffect(() => {
    let live = true;
    fetchPasswordPolicy({ pwdMinLength, pwdMaxLength }).then((answer) => live && setPolicy(answer));
    return () => {
      live = false;
    };
  }, [pwdMinLength, pwdMaxLength]);
  return policy;
}

// A password field with a "show password" checkbox. With `policy` it is a new password:
// a hint with the bounds and a live counter against the minimum.
export default function PasswordField({ label, value, onChange, error, policy = null }) {
  const t = useT();
  const errorText = useErrorText();
  const [visible, setVisible] = useState(false);
  const count = value.length;
  return (
    <>
      <TextField
        id="password"
        label={label || t('password.label')}
        hint={policy ? t('password.signup.hint', { min: policy.pwdMinLength, max: policy.pwdMaxLength }) : undefined}
        type={visible ? 'text' : 'password'}
        autoComplete={policy ? 'new-password' : 'current-password'}
        spellCheck={false}
        autoCapitalize="none"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={errorText(error)}
        aria-describedby={policy ? 'password-counter' : undefined}
        after={
          policy ? (
            <p
              className={`counter ${count >= policy.pwdMinLength ? 'counter--ok' : ''}`.trim()}
              id="password-counter"
              aria-live="polite"
              data-testid="password-counter"
            >
              {t('password.counter', { count, min: policy.pwdMinLength })}
            </p>
          ) : null
        }
      />
      <Checkbox id="show-password" label={t('password.show')} checked={visible} onChange={(event) => setVisible(event.target.checked)} />
    </>
  );
}
