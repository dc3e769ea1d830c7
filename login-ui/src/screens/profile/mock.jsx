// Building blocks of the profile mock-ups (static: they make no calls; a later issue makes
// them live).
import { Link, useNavigate } from 'react-router-dom';
import { trackEvent } from '../../analytics';
import { Button, Notice, TextField } from '../../components/fields';
import { useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { LOG_OUT } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';

export function useProfilePath() {
  const language = useLanguage();
  return (name) => `/${language}/${name}`;
}

export function SignOutButton() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const { dispatch } = useSession();
  const onSubmit = (event) => {
    event.preventDefault();
    dispatch({ type: LOG_OUT });
    trackEvent({ category: 'profile', page: 'profile', result: 'redirect_sign-out' });
    navigate(`/${language}`);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="inline-form">
      <Button secondary>{t('profile.signOut')}</Button>
    </form>
  );
}

// A mock-up form page: fields (TextField props with a message id as label), a submit
// button that goes to `next`, and a link back to `back`.
export function MockFormPage({ pageName, titleId, leadId, fields = [], submitId, next, back, backId, children }) {
  const t = useT();
  const path = useProfilePath();
  const navigate = useNavigate();
  const onSubmit = (event) => {
    event.preventDefault();
    navigate(path(next));
  };
  return (
    <Page pageName={pageName} title={t(titleId)}>
      {leadId ? <p className="lead">{t(leadId)}</p> : null}
      <form noValidate onSubmit={onSubmit}>
        {children}
        {fields.map(({ labelId, hintId, ...field }) => (
          <TextField key={field.id} label={t(labelId)} hint={hintId ? t(hintId) : undefined} {...field} />
        ))}
        <Button>{t(submitId || 'common.continue')}</Button>
      </form>
      {back ? (
        <p>
          <Link to={path(back)}>{t(backId || 'common.back')}</Link>
        </p>
      ) : null}
    </Page>
  );
}

// A success page with "back to profile" and "sign out".
export function MockSuccessPage({ pageName, titleId, noticeId, textId }) {
  const t = useT();
  const path = useProfilePath();
  return (
    <Page pageName={pageName} title={t(titleId)}>
      <Notice kind="success">
        <p>{t(noticeId)}</p>
      </Notice>
      <p>{t(textId)}</p>
      <div className="button-group">
        <Link className="button button--link" to={path('profilehome')}>
          {t('profile.backToProfile')}
        </Link>
        <SignOutButton />
      </div>
    </Page>
  );
}
