import { Link } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { Notice } from '../../components/fields';
import { useJourney } from '../../components/Guard';
import { usePath, useT } from '../../components/hooks';
import Page from '../../components/Page';

const PAGE = 'phoneResetRequested';

// /{language}/signIn/lostphone/requested: the removal of the lost phone is asked. What
// happens, when (journey.phoneResetAt, the server's), who was told and how to cancel.
export default function PhoneResetRequested() {
  const t = useT();
  const intl = useIntl();
  const path = usePath();
  const { email, phone, phoneResetAt } = useJourney();
  const when = phoneResetAt ? intl.formatDate(phoneResetAt, { dateStyle: 'full', timeStyle: 'short' }) : '';
  return (
    <Page pageName={PAGE} title={t('lostPhone.requested.title')}>
      <Notice kind="success">
        <p>{t('lostPhone.requested.when', { when })}</p>
      </Notice>
      <p className="lead">{t('lostPhone.requested.told', { email, ending: (phone || '').slice(-4) })}</p>
      <h2>{t('lostPhone.requested.nextTitle')}</h2>
      <p>{t('lostPhone.requested.next')}</p>
      <h2>{t('lostPhone.requested.cancelTitle')}</h2>
      <p>{t('lostPhone.requested.cancel')}</p>
      <p>
        <Link to={path('')}>{t('lostPhone.requested.home')}</Link>
      </p>
    </Page>
  );
}
