import { api } from '../../api/v1';
import { BackLink, useForm } from '../../components/forms';
import NewPasswordForm from '../../components/NewPassword';

const PAGE = 'changePassword';

// /{language}/changepassword: the new password, once the person proved it is them with the
// current one and a second factor. Every other session ends; the address is told.
export default function ChangePassword() {
  const form = useForm({ category: 'profile', page: PAGE, restart: 'firstverifyitsyou/password' });
  const send = (password) => api.profilePasswordNew({ password });
  return <NewPasswordForm form={form} titleId="profile.newPassword.title" leadId="profile.newPassword.lead" send={send} after={<BackLink />} />;
}
