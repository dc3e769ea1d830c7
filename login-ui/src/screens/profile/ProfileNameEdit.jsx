import { useLocation, useNavigate } from 'react-router-dom';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { usePath } from '../../components/hooks';
import NameFields, { useNames } from '../../components/NameFields';
import { SignedIn } from '../../components/SignedIn';

const PAGE = 'profileNameEdit';

function NameForm({ profile }) {
  const path = usePath();
  const navigate = useNavigate();
  const { state: kept } = useLocation();
  const names = useNames(kept || profile);
  const form = useForm({ category: 'profile', page: PAGE });
  // nothing is saved yet: the next page asks "are you sure?" (the new name goes along)
  const onSubmit = form.handle({ check: names.check, action: async () => navigate(path('areYouSureEditYourName'), { state: names.typed() }) });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="profile.nameEdit.title" leadId="profile.nameEdit.lead" after={<BackLink />}>
      <NameFields names={names} errors={form.errors} />
    </FormPage>
  );
}

// /{language}/profilenameedit: the new name, checked like at sign-up.
export default function ProfileNameEdit() {
  return <SignedIn>{(profile) => <NameForm profile={profile} />}</SignedIn>;
}
