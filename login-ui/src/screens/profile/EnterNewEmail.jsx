import { api } from '../../api/v1';
import EmailField, { useEmail } from '../../components/EmailField';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useT } from '../../components/hooks';

const PAGE = 'enterNewEmail';

// /{language}/enternewemail: a code goes to the new address, once the person proved it is
// them (password and second factor) for this change.
export default function EnterNewEmail() {
  const t = useT();
  const form = useForm({ category: 'profile', page: PAGE, restart: 'firstverifyitsyou' });
  const email = useEmail(form);
  const onSubmit = form.handle({ field: 'email', check: email.check, send: () => api.profileEmailNew({ email: email.address }) });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="profile.newEmail.title" leadId="profile.newEmail.lead" after={<BackLink />}>
      <EmailField email={email} form={form} label={t('profile.newEmail.label')} />
    </FormPage>
  );
}
