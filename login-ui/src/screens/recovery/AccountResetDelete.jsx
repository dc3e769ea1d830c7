import { api } from '../../api/v1';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useT } from '../../components/hooks';

const PAGE = 'accountResetDelete';

// /{language}/forgotpassword/accountreset/delete: the deletion's wait is over and a new code
// to the address led here. "Delete my account" deletes it (POST
// /v1/recovery/accountreset/delete) as Delete my account does, and account/deleted says so.
export default function AccountResetDelete() {
  const t = useT();
  const form = useForm({ category: 'recovery', page: PAGE });
  const onSubmit = form.handle({ action: async () => form.follow(await api.recoveryAccountResetDelete(), { deleted: true, reset: true }) });
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="accountReset.delete.title"
      leadId="accountReset.delete.lead"
      intro={<p>{t('accountReset.delete.keep')}</p>}
      submitId="accountReset.delete.submit"
      warning
      after={<BackLink to="" labelId="password.signin.home" />}
    />
  );
}
