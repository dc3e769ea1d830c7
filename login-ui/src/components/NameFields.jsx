// First name (optional) and last name (required), as at sign-up step 4 and in the profile:
// same labels, autocomplete, size and error placement wherever a name is entered.
import { TextField } from './fields';
import { useErrorText, useT } from './hooks';
import { NAME_INPUT_SIZE } from '../validation';

export default function NameFields({ firstName, lastName, onFirstNameChange, onLastNameChange, errors }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <>
      <TextField
        id="firstName"
        label={t('profile.core.firstName')}
        type="text"
        autoComplete="given-name"
        spellCheck={false}
        size={NAME_INPUT_SIZE}
        value={firstName}
        onChange={(event) => onFirstNameChange(event.target.value)}
        error={errorText(errors.firstName)}
      />
      <TextField
        id="lastName"
        label={t('profile.core.lastName')}
        hint={t('profile.core.lastNameHint')}
        type="text"
        autoComplete="family-name"
        spellCheck={false}
        size={NAME_INPUT_SIZE}
        required
        value={lastName}
        onChange={(event) => onLastNameChange(event.target.value)}
        error={errorText(errors.lastName)}
      />
    </>
  );
}
