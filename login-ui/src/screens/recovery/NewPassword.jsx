import { useState } from 'react';
import { api } from '../../api/v1';
import { FormPage, useForm } from '../../components/forms';
import { useT } from '../../components/hooks';
import PasswordField, { usePasswordPolicy } from '../../components/PasswordField';
import { validatePassword } from '../../validation';

const PAGE = 'newPassword';

// /{language}/forgotpassword/newpassword: the new password (policy and strength); the
// server ends every other session and signs this browser in.
export default function NewPassword() {
  const t = useT();
  const policy = usePasswordPolicy();
  const [password, setPassword] = useState('');
  const form = useForm({ category: 'recovery', page: PAGE });
  const check = () => ({ password: validatePassword(password, policy) });
  const onSubmit = form.handle({ field: 'password', check, send: () => api.recoveryPassword({ password }) });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="recovery.password.title" leadId="recovery.password.lead" submitId="recovery.password.submit">
      <PasswordField label={t('recovery.password.label')} value={password} onChange={setPassword} error={form.errors.password} policy={policy} />
    </FormPage>
  );
}
