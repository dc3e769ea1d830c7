import { api } from '../../api/v1';
import EmailField, { useEmail } from '../../components/EmailField';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useLanguage } from '../../components/hooks';
import { correspondenceValue } from '../../i18n';
import { useSession } from '../../session/SessionContext';

const PAGE = 'forgotPassword';

// /{language}/forgotpassword: a code to the address, the same answer whether or not it
// has an account. The e-mail typed at sign-in fills it in.
export default function ForgotPassword() {
  const language = correspondenceValue(useLanguage());
  const { state } = useSession();
  const form = useForm({ category: 'recovery', page: PAGE });
  const email = useEmail(form, state.userData.email || '');
  const onSubmit = form.handle({ field: 'email', check: email.check, send: () => api.recoverySend({ userName: email.address, language }) });
  const home = <BackLink to="" labelId="password.signin.home" />;
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="recovery.email.title" leadId="recovery.email.lead" submitId="recovery.email.submit" after={home}>
      <EmailField email={email} form={form} />
    </FormPage>
  );
}
