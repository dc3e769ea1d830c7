import { useState } from 'react';
import { validateEmail } from '../validation';
import { TextField } from './fields';
import { useErrorText, useT } from './hooks';

// An e-mail address typed in a form (useForm): checked on submit and on change (section 5),
// the change check only once the person has left the field or tried to continue, so that
// nobody is told an address is wrong while still typing its first letters.
export function useEmail(form, initial = '') {
  const [value, setValue] = useState(initial);
  const [left, setLeft] = useState(false);
  const onChange = (next) => {
    setValue(next);
    if (left || form.submitted) form.recheck('email', validateEmail(next));
  };
  const onBlur = () => setLeft(true);
  return { value, address: value.trim(), setValue, onChange, onBlur, check: () => ({ email: validateEmail(value) }) };
}

export default function EmailField({ email, form, label }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <TextField
      id="email"
      label={label || t('email.label')}
      hint={t('email.hint')}
      type="email"
      autoComplete="email"
      spellCheck={false}
      autoCapitalize="none"
      value={email.value}
      onChange={(event) => email.onChange(event.target.value)}
      onBlur={email.onBlur}
      error={errorText(form.errors.email)}
    />
  );
}
