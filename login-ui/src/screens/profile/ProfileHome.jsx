import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { api } from '../../api/v1';
import { Button, Notice } from '../../components/fields';
import { usePath, useT } from '../../components/hooks';
import { MethodsList, useActionLink, useMethods } from '../../components/Methods';
import Page from '../../components/Page';
import { SignedIn, SignOutButton } from '../../components/SignedIn';
import { useWhen } from '../../components/WaitingReset';
import { startOf } from '../../session/changes';

const PAGE = 'profileHome';

// A person whose only way to prove it is them is their phone is offered a second one.
function SecondWay({ methods }) {
  const t = useT();
  const path = usePath();
  const actionLink = useActionLink();
  if (methods.app || methods.passkeys.length || methods.backupCodes || !methods.phone) return null;
  const backup = actionLink('backup');
  return (
    <Notice kind="info">
      <h3 className="notice__title">{t('methods.suggest.title')}</h3>
      <p>{t('methods.suggest.text')}</p>
      <ul className="link-list link-list--tight">
        <li>
          <Link to={path(backup.to)} state={backup.state}>
            {t('methods.suggest.backup')}
          </Link>
        </li>
        <li>
          <Link to={path('signinmethods')}>{t('methods.suggest.more')}</Link>
        </li>
      </ul>
    </Notice>
  );
}

// Someone asked to remove the phone as lost, or to delete the account (profile.reset): the
// owner, signed in, may still say no until it takes effect.
function WaitingResetCancel({ reset }) {
  const t = useT();
  const when = useWhen(reset);
  const [state, setState] = useState('waiting');
  if (!reset) return null;
  if (state === 'cancelled') {
    return (
      <Notice kind="success">
        <p>{t(`profile.reset.${reset.kind}.cancelled`)}</p>
      </Notice>
    );
  }
  const cancel = async () => {
    setState('busy');
    try {
      await api.profileResetCancel();
      setState('cancelled');
    } catch {
      setState('failed');
    }
  };
  return (
    <Notice kind="warning">
      <h2 className="notice__title">{t(`profile.reset.${reset.kind}.title`)}</h2>
      <p>{t(`profile.reset.${reset.kind}.text`, { when })}</p>
      {state === 'failed' ? <p role="alert">{t('error.7')}</p> : null}
      <Button type="button" busy={state === 'busy'} onClick={cancel}>
        {t(`profile.reset.${reset.kind}.cancel`)}
      </Button>
    </Notice>
  );
}

// "How you sign in" on the profile home: the person's methods and their actions.
function HowYouSignIn() {
  const t = useT();
  const path = usePath();
  const { methods, status } = useMethods();
  return (
    <section aria-labelledby="methods-heading">
      <h2 id="methods-heading">{t('methods.title')}</h2>
      {status === 'ready' ? (
        <>
          <SecondWay methods={methods} />
          <MethodsList methods={methods} />
        </>
      ) : null}
      {status === 'failed' ? <p>{t('error.7')}</p> : null}
      <p>
        <Link to={path('signinmethods')}>{t('methods.manage')}</Link>
      </p>
    </section>
  );
}

// /{language}/profilehome: name, e-mail (verified), password, language preference,
// notifications, how the person signs in (phone masked) and connected services.
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
            change: startOf('email'),
          },
          { key: 'password', value: t('profile.home.passwordValue'), change: startOf('password') },
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
            <WaitingResetCancel reset={profile.reset} />
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
            <HowYouSignIn />
            <section aria-labelledby="account-heading">
              <h2 id="account-heading">{t('profile.home.account')}</h2>
              <ul className="link-list">
                <li>
                  <Link to={path('account/sessions')}>{t('profile.home.whereSignedIn')}</Link>
                </li>
                <li>
                  <Link to={path('account/services')}>{t('profile.home.services')}</Link>
                </li>
                <li>
                  <Link to={path('account/activity')}>{t('profile.home.activity')}</Link>
                </li>
                <li>
                  <Link to={path(startOf('download'))}>{t('profile.home.download')}</Link>
                </li>
                <li>
                  <Link to={path(startOf('delete'))}>{t('profile.home.delete')}</Link>
                </li>
              </ul>
            </section>
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
