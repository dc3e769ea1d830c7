import { api } from '../../api/v1';
import EmailField, { useEmail } from '../../components/EmailField';
import { BackLink, FormPage, useForm } from '../../components/forms';
import Guard from '../../components/Guard';
import { useT } from '../../components/hooks';
import { SignedIn } from '../../components/SignedIn';

const PAGE = 'enterNewEmail';

function NewEmailForm() {
  const t = useT();
  const form = useForm({ category: 'profile', page: PAGE });
  const email = useEmail(form);
  const onSubmit = form.handle({ field: 'email', check: email.check, send: () => api.profileEmailNew({ email: email.address }) });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="profile.newEmail.title" leadId="profile.newEmail.lead" after={<BackLink />}>
      <EmailField email={email} form={form} label={t('profile.newEmail.label')} />
    </FormPage>
  );
}

// /{language}/enternewemail: a code goes to the new address. Open once the person proved
// it is them again, or at once after a recent sign-in (the server then starts the change).
export default function EnterNewEmail() {
  return (
    <SignedIn>
      {(profile) => (
        <Guard flow="email_change" entry={!profile.reverifyNeeded}>
          <NewEmailForm />
        </Guard>
      )}
    </SignedIn>
  );
}
