// /{language}/account/activity: "Account activity" — what happened on the account (GET
// /v1/account/activity, a page at a time, newest first), each event in words with when, the
// device and whether it was successful, and "This wasn't me" for one the person does not
// recognise (account/notme, which signs out everywhere else and asks for a new password),
// beside the events the server says a stranger could be the cause of (reportable).
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { api } from '../../api/v1';
import { BackLink } from '../../components/forms';
import { useLanguage, usePath, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { SignedIn } from '../../components/SignedIn';
import { More, Row, useDevice } from './parts';

const PAGE = 'accountActivity';
const PROOFS = ['passkey', 'sms', 'voice', 'code', 'email'];

// { events, next, keptDays, status: loading | ready | failed } and more(after).
function useActivity() {
  const language = useLanguage();
  const [answer, setAnswer] = useState({ events: [], next: null, keptDays: 0, status: 'loading' });
  const read = useCallback(
    (after) =>
      api.accountActivity(language, after).then((result) =>
        setAnswer((before) => ({
          ...result.data,
          events: after ? [...before.events, ...result.data.events] : result.data.events,
          status: 'ready',
        })),
      ),
    [language],
  );
  useEffect(() => {
    read(null).catch(() => setAnswer((before) => ({ ...before, status: 'failed' })));
  }, [read]);
  return { ...answer, more: (after) => read(after).catch(() => setAnswer((before) => ({ ...before, status: 'failed' }))) };
}

// What happened, in words: the event's own message, or "Other activity" for a name this UI
// does not know yet.
export function useEventText() {
  const t = useT();
  const intl = useIntl();
  return (event) => {
    const id = `account.activity.events.${event.event}`;
    return intl.messages[id] ? t(id, { count: event.count || 0, ending: event.ending || '', service: event.service || '' }) : t('account.activity.events.unknown');
  };
}

function EventItem({ event }) {
  const t = useT();
  const path = usePath();
  const device = useDevice()(event);
  const what = useEventText()(event);
  // the server's words (idp/moments.py): the day and time in the service's time zone, named
  const when = event.atSaid;
  return (
    <li className="session" data-testid={`event-${event.id}`}>
      <h2 className="session__device">
        {what}
        {event.failed ? <span className="tag tag--failed"> {t('account.activity.failed')}</span> : null}
      </h2>
      <dl className="summary-list">
        <Row label={t('account.activity.when')}>{when}</Row>
        <Row label={t('account.activity.device')}>{device}</Row>
        {PROOFS.includes(event.proof) ? <Row label={t('account.sessions.proof')}>{t(`account.sessions.proofs.${event.proof}`)}</Row> : null}
        {event.passkey ? <Row label={t('account.activity.passkey')}>{event.passkey}</Row> : null}
      </dl>
      {event.reportable ? (
        <p>
          <Link to={path('account/notme')} state={{ event: { id: event.id, what, when, device } }}>
            {t('account.activity.notMe')}
            <span className="visually-hidden"> — {t('account.activity.notMeWhich', { event: what, when })}</span>
          </Link>
        </p>
      ) : null}
    </li>
  );
}

function Activity() {
  const t = useT();
  const { events, next, keptDays, status, more } = useActivity();
  return (
    <Page pageName={PAGE} title={t('account.activity.title')}>
      {status === 'failed' ? <p>{t('error.7')}</p> : null}
      {status === 'ready' ? (
        <>
          <p className="lead">{t('account.activity.lead', { days: keptDays })}</p>
          {events.length ? (
            <ul className="session-list">
              {events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </ul>
          ) : (
            <p>{t('account.activity.none')}</p>
          )}
          <More next={next} onMore={more} labelId="account.activity.more" />
        </>
      ) : null}
      <BackLink labelId="profile.backToProfile" />
    </Page>
  );
}

export default function AccountActivity() {
  return <SignedIn>{() => <Activity />}</SignedIn>;
}
