import { useState } from 'react';
import { api } from '../../api/v1';
import { useTestData } from '../../components/AppConfig';
import { FormPage, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import PasswordField, { usePasswordPolicy } from '../../components/PasswordField';
import { validatePassword } from '../../validation';

const PAGE = 'password';

// /{language}/signUp/password, step 2 of 4: the password creates the account.
export default function CreatePassword() {
  const { email: userName, trxnId } = useJourney();
  const policy = usePasswordPolicy();
  const [password, setPassword] = useState(useTestData().password || '');
  const form = useForm({ category: 'signup', page: PAGE, step: 2 });
  const onSubmit = form.handle({
    field: 'password',
    check: () => ({ password: validatePassword(password, policy) }),
    send: () => api.create({ userName, password, trxnId }),
  });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="password.signup.title" leadId="password.signup.lead" submitId="password.signup.submit">
      <PasswordField value={password} onChange={setPassword} error={form.errors.password} policy={policy} />
    </FormPage>
  );
}
