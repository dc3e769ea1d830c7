// /{language}/account/deleted: the account is gone and this browser signed out (the server
// ended its session). Reached only from "Delete my account", or from recovery's deletion of an
// account whose owner could prove nothing but the address (router state: reset), which leads
// to a new account; anyone else goes home. The browser forgets the person too.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Notice } from '../../components/fields';
import GoHome from '../../components/GoHome';
import { useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { LOG_OUT } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';

const PAGE = 'accountDeleted';

export default function AccountDeleted() {
  const t = useT();
  const language = useLanguage();
  const { state } = useLocation();
  const { dispatch } = useSession();
  const deleted = Boolean(state && state.deleted);
  const reset = Boolean(state && state.reset);
  useEffect(() => {
    if (deleted) dispatch({ type: LOG_OUT });
  }, [deleted, dispatch]);
  if (!deleted) return <GoHome />;
  return (
    <Page pageName={PAGE} title={t('account.deleted.title')}>
      <Notice kind="success">
        <p>{t(reset ? 'account.deleted.resetNotice' : 'account.deleted.notice')}</p>
      </Notice>
      <p>{t(reset ? 'account.deleted.resetText' : 'account.deleted.text')}</p>
      {reset ? (
        <p>
          <Link to={`/${language}/signUp/privacy`}>{t('home.signUp')}</Link>
        </p>
      ) : null}
      <p>
        <Link to={`/${language}`}>{t('account.deleted.home')}</Link>
      </p>
    </Page>
  );
}
