import { api } from '../../api/v1';
import { BackLink, FormPage, NewValue, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';

const PAGE = 'areYouSureUpdateYourEmail';

// /{language}/areYouSureUpdateYourEmail: the verified new address replaces the old one.
export default function AreYouSureUpdateYourEmail() {
  const { email } = useJourney();
  const form = useForm({ category: 'profile', page: PAGE, restart: 'firstverifyitsyou' });
  const onSubmit = form.handle({ send: () => api.profileEmailConfirm() });
  const newEmail = <NewValue labelId="profile.emailConfirm.newEmail" value={email} />;
  const words = { titleId: 'profile.emailConfirm.title', leadId: 'profile.emailConfirm.lead', submitId: 'profile.emailConfirm.submit' };
  return <FormPage form={form} onSubmit={onSubmit} {...words} intro={newEmail} after={<BackLink />} />;
}
