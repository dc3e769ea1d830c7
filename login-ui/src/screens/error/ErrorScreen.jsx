import { Link, useLocation } from 'react-router-dom';
import { Notice } from '../../components/fields';
import { usePath, useT } from '../../components/hooks';
import Page from '../../components/Page';

const PAGE = 'error';
const REASONS = { unavailable: 'error.page.unavailable', noAnswer: 'error.page.noAnswer' };

// /{language}/error, the generic Error screen (section 2): what went wrong when the
// sign-in service failed in a way no form can show (ShowError), and the ways on: the page
// the person was on again, or the start. It is in the entry chunk: the network that
// failed may not bring a later one.
// Opened directly (a bookmark, a link, Back long after): nothing failed, so it says so
// rather than claiming the service is down.
function NothingWrong() {
  const t = useT();
  const path = usePath();
  return (
    <Page pageName={PAGE} title={t('error.page.none.title')}>
      <p>{t('error.page.none')}</p>
      <div className="button-group">
        <Link className="button button--link" to={path('')}>
          {t('error.page.none.home')}
        </Link>
      </div>
    </Page>
  );
}

export default function ErrorScreen() {
  const t = useT();
  const path = usePath();
  const { state } = useLocation();
  if (!state || !REASONS[state.reason]) return <NothingWrong />;
  const reason = REASONS[state.reason];
  const from = state && typeof state.from === 'string' && state.from.startsWith('/') ? state.from : null;
  return (
    <Page pageName={PAGE} title={t('error.page.title')}>
      <Notice kind="error">
        <p>{t(reason)}</p>
      </Notice>
      <p>{t('error.page.wait')}</p>
      <div className="button-group">
        {from ? (
          <Link className="button button--link" to={from}>
            {t('error.page.tryAgain')}
          </Link>
        ) : null}
        <Link className={from ? 'button button--secondary' : 'button button--link'} to={path('')}>
          {t('common.startAgain')}
        </Link>
      </div>
    </Page>
  );
}
