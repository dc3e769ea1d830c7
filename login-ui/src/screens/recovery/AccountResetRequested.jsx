import { Link } from 'react-router-dom';
import { Notice } from '../../components/fields';
import { useJourney } from '../../components/Guard';
import { usePath, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { useWhen } from '../../components/WaitingReset';

const PAGE = 'accountResetRequested';

// /{language}/forgotpassword/accountreset/requested: the account's deletion is asked. When it
// may be done (journey.waitingReset, in the server's words), who was told, what comes next and
// how the owner stops it.
export default function AccountResetRequested() {
  const t = useT();
  const path = usePath();
  const { email, phone, waitingReset } = useJourney();
  const when = useWhen(waitingReset);
  return (
    <Page pageName={PAGE} title={t('accountReset.requested.title')}>
      <Notice kind="success">
        <p>{t('accountReset.requested.when', { when })}</p>
      </Notice>
      <p className="lead">
        {phone
          ? t('accountReset.requested.told', { email, ending: phone.slice(-4) })
          : t('accountReset.requested.toldEmail', { email })}
      </p>
      <h2>{t('accountReset.requested.nextTitle')}</h2>
      <p>{t('accountReset.requested.next')}</p>
      <h2>{t('accountReset.requested.cancelTitle')}</h2>
      <p>{t('accountReset.requested.cancel')}</p>
      <p>
        <Link to={path('')}>{t('lostPhone.requested.home')}</Link>
      </p>
    </Page>
  );
}
