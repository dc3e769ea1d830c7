// A new password (the policy's bounds here, then the server's strength and breach checks):
// recovery's last step and the profile's password change.
import { useState } from 'react';
import { FormPage } from './forms';
import { useT } from './hooks';
import PasswordField, { usePasswordPolicy } from './PasswordField';
import { validatePassword } from '../validation';

// form: the screen's useForm; send(password) makes the call (its answer names the next screen).
export default function NewPassword({ form, titleId, leadId, send, after }) {
  const t = useT();
  const policy = usePasswordPolicy();
  const [password, setPassword] = useState('');
  const check = () => ({ password: validatePassword(password, policy) });
  const onSubmit = form.handle({ field: 'password', check, send: () => send(password) });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId={titleId} leadId={leadId} submitId="recovery.password.submit" after={after}>
      <PasswordField label={t('recovery.password.label')} value={password} onChange={setPassword} error={form.errors.password} policy={policy} />
    </FormPage>
  );
}
