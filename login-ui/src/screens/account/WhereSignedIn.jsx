// /{language}/account/sessions: "Where you're signed in" — every browser where the account
// is signed in (GET /v1/account/sessions, a page at a time), in words, with this device
// marked; "Sign out of this device" for any other, and "Sign out everywhere else". After
// each action the list is read again and a status message takes the focus, so a person on
// a screen reader hears what happened; nothing needs the password again (protecting oneself).
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/v1';
import { Button } from '../../components/fields';
import { BackLink } from '../../components/forms';
import { useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { SignedIn } from '../../components/SignedIn';
import { More, Outcome, Row, useDevice, useListAction } from './parts';

const PAGE = 'accountSessions';
const PROOFS = ['passkey', 'sms', 'voice', 'code', 'email'];

// The account's sessions: { sessions, next, status: loading | ready | failed }, with
// reload() (the first page again) and more() (the next page, added below).
function useSessions() {
  const language = useLanguage();
  const [answer, setAnswer] = useState({ sessions: [], next: null, status: 'loading' });
  const read = useCallback(
    (after) =>
      api.accountSessions(language, after).then((result) =>
        setAnswer((before) => ({
          sessions: after ? [...before.sessions, ...result.data.sessions] : result.data.sessions,
          next: result.data.next,
          status: 'ready',
        })),
      ),
    [language],
  );
  useEffect(() => {
    read(null).catch(() => setAnswer((before) => ({ ...before, status: 'failed' })));
  }, [read]);
  return { ...answer, reload: () => read(null), more: (after) => read(after) };
}

function SessionItem({ session, onSignOut, busy }) {
  const t = useT();
  const device = useDevice()(session);
  const proof = PROOFS.includes(session.proof) ? session.proof : 'unknown';
  return (
    <li className="session" data-testid={`session-${session.id}`}>
      <h2 className="session__device">
        {device}
        {session.current ? <span className="tag"> {t('account.sessions.thisDevice')}</span> : null}
      </h2>
      <dl className="summary-list">
        <Row label={t('account.sessions.signedIn')}>{session.signedInSaid}</Row>
        <Row label={t('account.sessions.lastUsed')}>{session.lastUsedSaid}</Row>
        <Row label={t('account.sessions.proof')}>{t(`account.sessions.proofs.${proof}`)}</Row>
      </dl>
      {session.current ? null : (
        <form onSubmit={(event) => { event.preventDefault(); onSignOut(session, device); }}>
          <Button secondary busy={busy}>
            {t('account.sessions.signOut')}
            <span className="visually-hidden"> {t('account.sessions.signOutWhich', { device })}</span>
          </Button>
        </form>
      )}
    </li>
  );
}

function Sessions() {
  const t = useT();
  const { sessions, next, status, reload, more } = useSessions();
  const { run, busy, outcome } = useListAction(reload);
  const gone = 'account.sessions.alreadyGone';
  const signOut = (session, device) =>
    run(() => api.accountSessionEnd({ session: session.id }), () => t('account.sessions.signedOutOne', { device }), gone);
  const signOutOthers = (event) => {
    event.preventDefault();
    run(() => api.accountSessionsEndOthers(), (data) => t('account.sessions.signedOutOthers', { count: data.ended }), gone);
  };
  const others = sessions.filter((session) => !session.current).length;

  return (
    <Page pageName={PAGE} title={t('account.sessions.title')}>
      <Outcome outcome={outcome} />
      <p className="lead">{t('account.sessions.lead')}</p>
      {status === 'failed' ? <p>{t('error.7')}</p> : null}
      {status === 'ready' ? (
        <>
          <ul className="session-list">
            {sessions.map((session) => (
              <SessionItem key={session.id} session={session} onSignOut={signOut} busy={busy} />
            ))}
          </ul>
          <More next={next} onMore={more} labelId="account.sessions.more" />
          {others || next ? (
            <form onSubmit={signOutOthers}>
              <p>{t('account.sessions.notRecognised')}</p>
              <Button busy={busy}>{t('account.sessions.signOutOthers')}</Button>
            </form>
          ) : (
            <p>{t('account.sessions.onlyThis')}</p>
          )}
        </>
      ) : null}
      <BackLink labelId="profile.backToProfile" />
    </Page>
  );
}

export default function WhereSignedIn() {
  return <SignedIn>{() => <Sessions />}</SignedIn>;
}
