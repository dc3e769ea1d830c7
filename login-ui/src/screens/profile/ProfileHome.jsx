import { Link } from 'react-router-dom';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { SignOutButton, useProfilePath } from './mock';

export const PAGE = 'profileHome';

// /{language}/profilehome (mock-up): name, e-mail, phone, language and notifications.
export default function ProfileHome() {
  const t = useT();
  const path = useProfilePath();
  const rows = [
    { key: 'name', value: t('profile.sample.name'), change: 'profilenameedit' },
    { key: 'email', value: t('profile.sample.email'), change: 'firstverifyitsyou' },
    { key: 'phone', value: t('profile.sample.phone'), change: 'enterNewPhoneNumber' },
    { key: 'language', value: t('profile.sample.language') },
    { key: 'notifications', value: t('profile.sample.notifications') },
  ];
  return (
    <Page pageName={PAGE} title={t('profile.home.title')}>
      <p className="lead">{t('profile.home.lead')}</p>
      <dl className="summary-list">
        {rows.map((row) => (
          <div className="summary-list__row" key={row.key}>
            <dt className="summary-list__key">{t(`profile.home.${row.key}`)}</dt>
            <dd className="summary-list__value">{row.value}</dd>
            <dd className="summary-list__action">
              {row.change ? (
                <Link to={path(row.change)}>
                  {t('profile.change')}
                  <span className="visually-hidden"> {t(`profile.home.${row.key}`)}</span>
                </Link>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <SignOutButton />
    </Page>
  );
}
