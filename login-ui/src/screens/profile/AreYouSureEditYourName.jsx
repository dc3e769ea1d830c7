import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { Button } from '../../components/fields';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { SignedIn, Summary, usePath, useSubmit } from './parts';

export const PAGE = 'areYouSureEditYourName';

function Confirm({ name }) {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  const { busy, submit, errors, focusKey } = useSubmit({
    category: 'profile',
    page: PAGE,
    action: async () => {
      await api.profileName(name);
      navigate(path('profileYouMayUpdateName'));
    },
  });
  const onSubmit = (event) => {
    event.preventDefault();
    submit();
  };
  return (
    <Page pageName={PAGE} title={t('profile.nameConfirm.title')} hasErrors={Object.keys(errors).length > 0}>
      <Summary errors={errors} focusKey={focusKey} />
      <p className="lead">{t('profile.nameConfirm.lead')}</p>
      <p>
        {t('profile.nameConfirm.newName')} <strong>{[name.firstName, name.lastName].filter(Boolean).join(' ')}</strong>
      </p>
      <form noValidate onSubmit={onSubmit}>
        <Button busy={busy}>{t('profile.nameConfirm.submit')}</Button>
      </form>
      <p>
        <Link to={path('profilenameedit')} state={name}>
          {t('profile.nameConfirm.back')}
        </Link>
      </p>
    </Page>
  );
}

// /{language}/areYouSureEditYourName: the name changes in every connected service.
export default function AreYouSureEditYourName() {
  const location = useLocation();
  const path = usePath();
  const name = location.state;
  // reached without a new name (reload, typed address): back to the name form
  if (!name || !name.lastName) return <Navigate to={path('profilenameedit')} replace />;
  return <SignedIn>{() => <Confirm name={name} />}</SignedIn>;
}
