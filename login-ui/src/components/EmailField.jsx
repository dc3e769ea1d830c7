import { useState } from 'react';
import { validateEmail } from '../validation';
import { TextField } from './fields';
import { useErrorText, useT } from './hooks';

// An e-mail address typed in a form (useForm): checked on submit and, once the person has
// tried to continue, on each change (section 5).
export function useEmail(form, initial = '') {
  const [value, setValue] = useState(initial);
  const onChange = (next) => {
    setValue(next);
    if (form.submitted) form.recheck('email', validateEmail(next));
  };
  return { value, address: value.trim(), setValue, onChange, check: () => ({ email: validateEmail(value) }) };
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
      error={errorText(form.errors.email)}
    />
  );
}
