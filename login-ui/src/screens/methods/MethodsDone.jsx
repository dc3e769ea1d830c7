import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ContinueLink, useDestination } from '../../components/Destination';
import { Button, Notice } from '../../components/fields';
import { usePath, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { SignOutButton } from '../../components/SignedIn';
import { useServerSession } from '../../session/ServerSession';

const PAGE = 'signInMethodsDone';

// The codes as a text file (a data: link with `download`: no script, no object URL).
const fileOf = (codes, heading) => `data:text/plain;charset=utf-8,${encodeURIComponent([heading, '', ...codes, ''].join('\n'))}`;

// A new set of backup codes, shown this once: copy, download as a text file, print.
function BackupCodes({ codes }) {
  const t = useT();
  const [copied, setCopied] = useState(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('copied');
    } catch {
      setCopied('notCopied');
    }
  };
  return (
    <>
      <p className="lead">{t('methods.done.backup.lead')}</p>
      <Notice kind="warning">
        <p>{t('methods.done.backup.once')}</p>
      </Notice>
      <ol className="backup-codes" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-group no-print">
        <Button type="button" secondary onClick={copy}>
          {t('methods.done.backup.copy')}
        </Button>
        <a className="button button--secondary" href={fileOf(codes, t('methods.done.backup.fileHeading', { siteName: t('layout.siteName') }))} download={t('methods.done.backup.fileName')}>
          {t('methods.done.backup.download')}
        </a>
        <Button type="button" secondary onClick={() => window.print()}>
          {t('methods.done.backup.print')}
        </Button>
      </div>
      {copied ? (
        <p className="no-print" role="status">
          {t(`methods.done.backup.${copied}`)}
        </p>
      ) : null}
    </>
  );
}

// What the change was, from the screen before (router state): backup codes, an app or a
// passkey added, a method removed; a reload no longer knows (and never shows codes again).
const KINDS = ['backup', 'app', 'passkey', 'removed'];

// /{language}/signinmethods/done: the change is saved; every other session ended and the
// address was told. After a sign-up, or a passkey made for a service that asked one, the
// way on to the service waiting.
export default function MethodsDone() {
  const t = useT();
  const path = usePath();
  const { state: arrived } = useLocation();
  const destination = useDestination();
  const done = arrived && KINDS.includes(arrived.done) ? arrived.done : 'saved';
  const codes = done === 'backup' && Array.isArray(arrived.codes) ? arrived.codes : null;
  const server = useServerSession();
  // a passkey just made for a service that asked one: the way on to it
  const onward = done === 'passkey' && server.passkeyRequired && server.serviceName && server.continueTo;
  const signUp = !onward && destination && destination.flow === 'signup' && destination.service;
  return (
    <Page pageName={PAGE} title={t(`methods.done.${done}.title`)}>
      {codes ? (
        <BackupCodes codes={codes} />
      ) : (
        <Notice kind="success">
          <p>{t(done === 'removed' ? `methods.done.removed.${arrived.method}` : `methods.done.${done}.notice`)}</p>
        </Notice>
      )}
      <p className="no-print">{t('methods.everyChangeDone')}</p>
      <div className="button-group no-print">
        {signUp ? <ContinueLink destination={destination} /> : null}
        {onward ? (
          <a className="button button--link" href={server.continueTo}>
            {t('redirect.continueTo', { service: server.serviceName })}
          </a>
        ) : null}
        <Link className={`button ${signUp || onward ? 'button--secondary' : 'button--link'}`} to={path('signinmethods')}>
          {t('methods.done.back')}
        </Link>
        <SignOutButton />
      </div>
    </Page>
  );
}
