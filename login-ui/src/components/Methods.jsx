// "How you sign in": the person's methods (GET /v1/profile/methods) and what may be done
// with each. Every change of a method starts with proof that it is them (the password,
// then a second factor), unless a methods journey holds that proof already (right after
// sign-up); the action chosen goes along to the screen where it runs.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../api/v1';
import { startOf } from '../session/changes';
import { useServerSession } from '../session/ServerSession';
import { useLanguage, usePath, useT } from './hooks';

// The person's methods, asked once per mount: { methods, status: loading | ready | failed }.
export function useMethods() {
  const language = useLanguage();
  const [answer, setAnswer] = useState({ methods: null, status: 'loading' });
  useEffect(() => {
    let live = true;
    api
      .profileMethods(language)
      .then((result) => live && setAnswer({ methods: result.data, status: 'ready' }))
      .catch(() => live && setAnswer({ methods: null, status: 'failed' }));
    return () => {
      live = false;
    };
  }, [language]);
  return answer;
}

// The methods that stand on their own (a backup code needs one of them beside it).
const strongOf = (methods) =>
  [methods.phone ? 'phone' : null, methods.app ? 'app' : null, ...methods.passkeys.map(() => 'passkey')].filter(Boolean);

// Whether a strong method may go: never the last one (the server refuses it too, code 40).
export const removable = (methods, kind) => kind === 'backup' || strongOf(methods).length > 1;

// The actions of the change of methods: add or replace an app, add a passkey, a new set of
// backup codes, or remove one method ("remove-passkey-<id>" names the passkey).
export function actionsOf(methods) {
  const removals = [
    methods.app ? { action: 'remove-app', kind: 'app' } : null,
    ...methods.passkeys.map((passkey) => ({ action: `remove-passkey-${passkey.id}`, kind: 'passkey', name: passkey.name })),
    methods.backupCodes ? { action: 'remove-backup', kind: 'backup' } : null,
    methods.phone ? { action: 'remove-phone', kind: 'phone' } : null,
  ].filter((removal) => removal && removable(methods, removal.kind));
  return [
    { action: 'app', replaces: Boolean(methods.app) },
    { action: 'passkey' },
    { action: 'backup', replaces: Boolean(methods.backupCodes) },
    ...removals,
  ];
}

// Where an action of the change of methods starts: at once when the methods journey holds a
// fresh proof, else with the password.
export function useActionLink() {
  const { journeys } = useServerSession();
  const proved = journeys.methods && journeys.methods.state === 'REAUTHENTICATED';
  return (action) => ({ to: proved ? 'signinmethods/change' : startOf('methods'), state: { action } });
}

function ActionLink({ action, labelId, what }) {
  const t = useT();
  const path = usePath();
  const link = useActionLink()(action);
  return (
    <Link to={path(link.to)} state={link.state}>
      {t(labelId)}
      <span className="visually-hidden"> {what}</span>
    </Link>
  );
}

// The days a method was added and last used, in the server's words (idp/moments.py).
function When({ method }) {
  const t = useT();
  return (
    <span className="method__dates">
      {t('methods.added', { date: method.addedSaid })}{' '}
      {method.lastUsedSaid ? t('methods.lastUsed', { date: method.lastUsedSaid }) : t('methods.neverUsed')}
    </span>
  );
}

// One row: what the method is, what the person has of it, and its actions.
function Row({ kind, value, actions, note }) {
  const t = useT();
  return (
    <div className="summary-list__row" data-testid={`method-${kind}`}>
      <dt className="summary-list__key">{t(`methods.${kind}.name`)}</dt>
      <dd className="summary-list__value">
        {value}
        {note ? <p className="hint">{note}</p> : null}
      </dd>
      <dd className="summary-list__action">
        <ul className="action-list">
          {actions.filter(Boolean).map((action) => (
            <li key={action.key}>{action.link}</li>
          ))}
        </ul>
      </dd>
    </div>
  );
}

// The list of "How you sign in", with the actions of each method.
export function MethodsList({ methods }) {
  const t = useT();
  const path = usePath();
  const name = (kind) => t(`methods.${kind}.name`);
  const first = (kind) => (methods.preferred === kind ? ` ${t('methods.preferred')}` : '');
  const onlyWay = (kind) => (removable(methods, kind) ? null : t('methods.onlyWay'));
  const act = (action, labelId, what) => ({ key: action, link: <ActionLink action={action} labelId={labelId} what={what} /> });
  const phoneLink = (labelId) => ({
    key: 'phone',
    link: (
      <Link to={path(startOf('phone'))}>
        {t(labelId)}
        <span className="visually-hidden"> {name('phone')}</span>
      </Link>
    ),
  });
  const { phone, app, passkeys, backupCodes } = methods;
  return (
    <dl className="summary-list">
      <Row
        kind="phone"
        value={phone ? `${t(`methods.phone.${phone.channel}`, { phone: phone.number })}${first('phone')}` : t('methods.none')}
        note={phone ? onlyWay('phone') : null}
        actions={
          phone
            ? [phoneLink('profile.change'), removable(methods, 'phone') ? act('remove-phone', 'methods.remove', name('phone')) : null]
            : [phoneLink('methods.add')]
        }
      />
      <Row
        kind="app"
        value={app ? <>{`${t('methods.app.set')}${first('app')}`} <When method={app} /></> : t('methods.none')}
        note={app ? onlyWay('app') : null}
        actions={
          app
            ? [act('app', 'methods.replace', name('app')), removable(methods, 'app') ? act('remove-app', 'methods.remove', name('app')) : null]
            : [act('app', 'methods.add', name('app'))]
        }
      />
      <Row
        kind="passkey"
        value={
          passkeys.length ? (
            <ul className="method-list">
              {passkeys.map((passkey) => (
                <li key={passkey.id}>
                  <strong>{passkey.name}</strong>
                  {first('passkey')} <When method={passkey} />{' '}
                  <span className="hint">{t(passkey.signsInAlone ? 'methods.passkey.signsInAlone' : 'methods.passkey.afterPassword')}</span>{' '}
                  {removable(methods, 'passkey') ? (
                    <ActionLink action={`remove-passkey-${passkey.id}`} labelId="methods.remove" what={passkey.name} />
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            t('methods.none')
          )
        }
        note={passkeys.length ? onlyWay('passkey') : null}
        actions={[act('passkey', 'methods.add', name('passkey'))]}
      />
      <Row
        kind="backup"
        value={backupCodes ? t('methods.backup.left', { remaining: backupCodes.remaining, total: backupCodes.total }) : t('methods.none')}
        note={backupCodes && backupCodes.low ? t('methods.backup.low') : null}
        actions={
          backupCodes
            ? [act('backup', 'methods.backup.renew', name('backup')), act('remove-backup', 'methods.remove', name('backup'))]
            : [act('backup', 'methods.backup.get', '')]
        }
      />
    </dl>
  );
}
