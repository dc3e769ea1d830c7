// /{language}/account/services: "Connected services" — the services this account has signed
// in to (GET /v1/account/services), each named in the page's language with its first and last
// sign-in and what it receives, and "Disconnect" for each. After a disconnection the list is
// read again and a status message takes the focus; no password is asked (taking access away
// protects the person).
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/v1';
import { Button } from '../../components/fields';
import { BackLink } from '../../components/forms';
import { useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { SignedIn } from '../../components/SignedIn';
import { Outcome, Row, useListAction } from './parts';

const PAGE = 'accountServices';

function useServices() {
  const language = useLanguage();
  const [answer, setAnswer] = useState({ services: [], status: 'loading' });
  const read = useCallback(
    () =>
      api.accountServices(language).then((result) => setAnswer({ services: result.data.services, status: 'ready' })),
    [language],
  );
  useEffect(() => {
    read().catch(() => setAnswer((before) => ({ ...before, status: 'failed' })));
  }, [read]);
  return { ...answer, reload: read };
}

function ServiceItem({ service, onDisconnect, busy }) {
  const t = useT();
  return (
    <li className="session" data-testid={`service-${service.id}`}>
      <h2 className="session__device">
        <a href={service.url}>{service.name}</a>
      </h2>
      <dl className="summary-list">
        <Row label={t('account.services.firstSignIn')}>{service.firstSignInSaid}</Row>
        <Row label={t('account.services.lastSignIn')}>{service.lastSignInSaid}</Row>
        <Row label={t('account.services.receives')}>
          <ul className="action-list">
            {service.receives.map((scope) => (
              <li key={scope}>{t(`account.services.scopes.${scope}`)}</li>
            ))}
          </ul>
        </Row>
      </dl>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onDisconnect(service);
        }}
      >
        <Button secondary busy={busy}>
          {t('account.services.disconnect')}
          <span className="visually-hidden"> {service.name}</span>
        </Button>
      </form>
    </li>
  );
}

function Services() {
  const t = useT();
  const { services, status, reload } = useServices();
  const { run, busy, outcome } = useListAction(reload);
  const disconnect = (service) =>
    run(
      () => api.accountServiceDisconnect({ service: service.id }),
      () => t('account.services.disconnected', { service: service.name }),
      'account.services.alreadyGone',
    );

  return (
    <Page pageName={PAGE} title={t('account.services.title')}>
      <Outcome outcome={outcome} />
      <p className="lead">{t('account.services.lead')}</p>
      {status === 'failed' ? <p>{t('error.7')}</p> : null}
      {status === 'ready' && services.length ? (
        <ul className="session-list">
          {services.map((service) => (
            <ServiceItem key={service.id} service={service} onDisconnect={disconnect} busy={busy} />
          ))}
        </ul>
      ) : null}
      {status === 'ready' && !services.length ? <p>{t('profile.home.noServices')}</p> : null}
      <BackLink labelId="profile.backToProfile" />
    </Page>
  );
}

export default function ConnectedServices() {
  return <SignedIn>{() => <Services />}</SignedIn>;
}
