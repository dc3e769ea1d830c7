import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { Button } from '../../components/fields';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { BackLink, SignedIn, Summary, usePath, useSubmit } from './parts';

export const PAGE = 'areYouSureUpdateYourEmail';

function Confirm({ email }) {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  const { busy, submit, errors, focusKey } = useSubmit({
    category: 'profile',
    page: PAGE,
    action: async () => {
      await api.profileEmailConfirm();
      navigate(path('youMayUpdateEmailAtOtherPlaces'));
    },
  });
  const onSubmit = (event) => {
    event.preventDefault();
    submit();
  };
  return (
    <Page pageName={PAGE} title={t('profile.emailConfirm.title')} hasErrors={Object.keys(errors).length > 0}>
      <Summary errors={errors} focusKey={focusKey} />
      <p className="lead">{t('profile.emailConfirm.lead')}</p>
      <p>
        {t('profile.emailConfirm.newEmail')} <strong>{email}</strong>
      </p>
      <form noValidate onSubmit={onSubmit}>
        <Button busy={busy}>{t('profile.emailConfirm.submit')}</Button>
      </form>
      <BackLink />
    </Page>
  );
}

// /{language}/areYouSureUpdateYourEmail: the verified new address replaces the old one.
export default function AreYouSureUpdateYourEmail() {
  const location = useLocation();
  const path = usePath();
  const email = location.state && location.state.email;
  if (!email) return <Navigate to={path('enternewemail')} replace />;
  return <SignedIn>{() => <Confirm email={email} />}</SignedIn>;
}
