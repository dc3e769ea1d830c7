import { api } from '../../api/v1';
import { useForm } from '../../components/forms';
import NewPasswordForm from '../../components/NewPassword';

const PAGE = 'newPassword';

// /{language}/forgotpassword/newpassword: the new password (policy and strength); the
// server ends every other session and signs this browser in.
export default function NewPassword() {
  const form = useForm({ category: 'recovery', page: PAGE });
  const send = (password) => api.recoveryPassword({ password });
  return <NewPasswordForm form={form} titleId="recovery.password.title" leadId="recovery.password.lead" send={send} />;
}
