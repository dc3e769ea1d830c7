import { Link, useLocation } from 'react-router-dom';
import { Notice } from '../../components/fields';
import { usePath, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { SignedIn, SignOutButton } from '../../components/SignedIn';

const PAGE = 'profileHome';

// /{language}/profilehome: name, e-mail (verified), phone (masked), language preference,
// notifications and connected services of the person signed in.
export default function ProfileHome() {
  const t = useT();
  const path = usePath();
  const location = useLocation();
  const notice = location.state && location.state.notice;
  return (
    <SignedIn>
      {(profile) => {
        const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
        const rows = [
          { key: 'name', value: name, change: 'profilenameedit' },
          {
            key: 'email',
            value: `${profile.email}${profile.emailVerified ? ` (${t('profile.home.verified')})` : ''}`,
            change: profile.reverifyNeeded ? 'firstverifyitsyou' : 'enternewemail',
          },
          { key: 'phone', value: profile.phone || t('profile.home.noPhone'), change: 'enterNewPhoneNumber' },
          { key: 'language', value: t(`profile.language.${profile.language}`), change: 'profilelanguage' },
          { key: 'notifications', value: t('profile.home.notificationsValue') },
        ];
        return (
          <Page pageName={PAGE} title={t('profile.home.title')}>
            {notice ? (
              <Notice kind="success">
                <p>{t(`profile.home.notice.${notice}`)}</p>
              </Notice>
            ) : null}
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
            <h2>{t('profile.home.services')}</h2>
            {profile.services.length ? (
              <ul className="link-list">
                {profile.services.map((service) => (
                  <li key={service.id}>
                    <a href={service.url}>{service.title}</a>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('profile.home.noServices')}</p>
            )}
            <SignOutButton />
          </Page>
        );
      }}
    </SignedIn>
  );
}
