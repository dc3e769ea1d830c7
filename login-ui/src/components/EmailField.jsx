import { useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { validateEmail } from '../validation';
import { TextField } from './fields';
import { useErrorText, useT } from './hooks';

// An e-mail address typed in a form (useForm): checked on submit and on change (section 5),
// the change check only once the person has left the field or tried to continue, so that
// nobody is told an address is wrong while still typing its first letters.
export function useEmail(form, initial = '') {
  const [value, setState] = useState(initial);
  const [left, setLeft] = useState(false);
  const field = useRef(null);
  // The field holds its own text (uncontrolled) and the state follows it: React then never
  // writes over what the person typed, even while it takes over a page rendered at build time
  // on a busy phone (a controlled field, whose change arrived before React could render it,
  // was set back to the empty state). What is on the screen is what goes on.
  const shown = () => (field.current ? field.current.value : value);
  const setValue = (next) => {
    setState(next);
    if (field.current) field.current.value = next;
  };
  const onChange = (next) => {
    setState(next);
    if (left || form.submitted) form.recheck('email', validateEmail(next));
  };
  const onBlur = () => setLeft(true);
  return {
    value,
    field,
    get address() {
      return shown().trim();
    },
    setValue,
    onChange,
    onBlur,
    check: () => ({ email: validateEmail(shown()) }),
  };
}

// autoComplete: "username webauthn" where the browser may also offer the person's passkeys
export default function EmailField({ email, form, label, autoComplete = 'email' }) {
  const t = useT();
  const errorText = useErrorText();
  const { field, value, onChange, onBlur } = email;
  // what was typed before React took the field over, into the state
  const takeOver = useEffectEvent(() => {
    if (field.current.value !== value) onChange(field.current.value);
  });
  // once, as React takes the field over
  useLayoutEffect(() => takeOver(), []);
  return (
    <TextField
      ref={field}
      id="email"
      label={label || t('email.label')}
      hint={t('email.hint')}
      type="email"
      autoComplete={autoComplete}
      spellCheck={false}
      autoCapitalize="none"
      defaultValue={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={errorText(form.errors.email)}
    />
  );
}
