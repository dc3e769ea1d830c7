import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { BackLink, FormPage, NewValue, useForm } from '../../components/forms';
import { usePath } from '../../components/hooks';
import { SignedIn } from '../../components/SignedIn';

const PAGE = 'areYouSureEditYourName';

function Confirm({ name }) {
  const path = usePath();
  const navigate = useNavigate();
  const form = useForm({ category: 'profile', page: PAGE });
  const save = async () => {
    await api.profileName(name);
    navigate(path('profileYouMayUpdateName'));
  };
  const onSubmit = form.handle({ action: save });
  const newName = <NewValue labelId="profile.nameConfirm.newName" value={[name.firstName, name.lastName].filter(Boolean).join(' ')} />;
  const back = <BackLink to="profilenameedit" labelId="profile.nameConfirm.back" state={name} />;
  const words = { titleId: 'profile.nameConfirm.title', leadId: 'profile.nameConfirm.lead', submitId: 'profile.nameConfirm.submit' };
  return <FormPage form={form} onSubmit={onSubmit} {...words} intro={newName} after={back} />;
}

// /{language}/areYouSureEditYourName: the name changes in every connected service.
export default function AreYouSureEditYourName() {
  const { state: name } = useLocation();
  const path = usePath();
  // reached without a new name (a typed address): back to the name form
  if (!name || !name.lastName) return <Navigate to={path('profilenameedit')} replace />;
  return <SignedIn>{() => <Confirm name={name} />}</SignedIn>;
}
