// /{language}/account/notme: "This wasn't me" for one event of the account activity (carried
// in router state from account/activity). One step: POST /v1/account/activity/not-me signs
// out every other device (with the access services got through them), then the password
// change begins (firstverifyitsyou/password), saying how many devices were signed out.
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useLanguage, useT } from '../../components/hooks';
import { SignedIn } from '../../components/SignedIn';
import { startOf } from '../../session/changes';

const PAGE = 'accountNotMe';

function Secure({ event }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const form = useForm({ category: 'account', page: PAGE });
  const onSubmit = form.handle({
    action: async () => {
      const result = await api.accountActivityNotMe({ event: event.id });
      navigate(`/${language}/${startOf('password')}`, { state: { signedOutOthers: result.data.ended } });
    },
  });
  const intro = (
    <>
      <p>{t('account.notMe.event')}</p>
      <p className="inset">
        <strong>{event.what}</strong>
        <br />
        {event.when} — {event.device}
      </p>
      <p>{t('account.notMe.steps')}</p>
      <ul>
        <li>{t('account.notMe.signOut')}</li>
        <li>{t('account.notMe.password')}</li>
      </ul>
    </>
  );
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="account.notMe.title"
      leadId="account.notMe.lead"
      intro={intro}
      submitId="account.notMe.submit"
      after={<BackLink to="account/activity" />}
    />
  );
}

export default function NotMe() {
  const { state } = useLocation();
  const language = useLanguage();
  // reached only from an event of the activity: without one, the activity itself
  if (!state || !state.event) return <Navigate to={`/${language}/account/activity`} replace />;
  return <SignedIn>{() => <Secure event={state.event} />}</SignedIn>;
}
