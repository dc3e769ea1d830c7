// First name (optional) and last name (required), as at sign-up step 4 and in the profile:
// same labels, autocomplete, size, checks and error placement wherever a name is entered.
import { useState } from 'react';
import { validateName, NAME_INPUT_SIZE } from '../validation';
import { usePolicy } from './AppConfig';
import { TextField } from './fields';
import { useErrorText, useT } from './hooks';

export const NAME_FIELDS = ['firstName', 'lastName'];

export function useNames({ firstName = '', lastName = '' } = {}) {
  const { nameMaxLength } = usePolicy();
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  return {
    first,
    last,
    setFirst,
    setLast,
    // as sent: trimmed (the server stores them NFC-normalised)
    typed: () => ({ firstName: first.trim(), lastName: last.trim() }),
    check: () => ({
      firstName: validateName(first, { maxLength: nameMaxLength }),
      lastName: validateName(last, { required: true, maxLength: nameMaxLength }),
    }),
  };
}

export default function NameFields({ names, errors }) {
  const t = useT();
  const errorText = useErrorText();
  const field = (id, value, onChange, extra) => (
    <TextField
      id={id}
      type="text"
      spellCheck={false}
      size={NAME_INPUT_SIZE}
      inputClassName="input--name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={errorText(errors[id])}
      {...extra}
    />
  );
  return (
    <>
      {field('firstName', names.first, names.setFirst, { label: t('profile.core.firstName'), autoComplete: 'given-name' })}
      {field('lastName', names.last, names.setLast, {
        label: t('profile.core.lastName'),
        hint: t('profile.core.lastNameHint'),
        autoComplete: 'family-name',
        required: true,
      })}
    </>
  );
}
