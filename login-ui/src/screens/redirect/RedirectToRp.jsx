import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import GoHome from '../../components/GoHome';
import { api } from '../../api/v1';
import { trackEvent } from '../../analytics';
import { ContinueLink, useDestination } from '../../components/Destination';
import { Notice } from '../../components/fields';
import { FormPage, useForm } from '../../components/forms';
import { usePath, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { startOf } from '../../session/changes';
import { redirector } from '../../session/redirector';
import { useServerSession } from '../../session/ServerSession';
import { useSession } from '../../session/SessionContext';

const PAGE = 'redirectToRp';
export const REDIRECT_DELAY_MS = 1500;


// Test mode's sample person (section 7: success opens the design prototype): the
// prototype's link the server answered, first, and where the page's own link goes beside it
// (the relying service, or the person's account), named as it is.
function Prototype({ destination }) {
  const t = useT();
  const { state } = useSession();
  const href = state.userData.prototypeUrl;
  if (typeof href !== 'string' || !/^https?:\/\//.test(href)) return null;
  return (
    <Notice kind="warning">
      <p>{t(destination.service ? 'redirect.testmode.notice' : 'redirect.testmode.noticeAccount')}</p>
      <p>
        <a className="button button--link" href={href} data-testid="prototype-link">
          {t('redirect.testmode.open')}
        </a>
      </p>
    </Notice>
  );
}

// After a sign-in: "you are signed in", then on to the destination on its own (not for
// test mode's sample person, whose success opens the prototype).
function HandOff({ destination }) {
  const t = useT();
  const { state } = useSession();
  const prototype = Boolean(state.userData.prototypeUrl);
  useEffect(() => {
    if (prototype) return undefined;
    const timer = setTimeout(() => {
      trackEvent({ category: destination.flow, page: PAGE, result: destination.service ? 'redirect_rp' : 'redirect_account', label: 'link' });
      redirector.assign(destination.href);
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [destination.href, destination.flow, destination.service, prototype]);
  return (
    <Page pageName={PAGE} title={t('redirect.title')}>
      <Prototype destination={destination} />
      {/* nothing hands off on its own for the sample person */}
      {prototype ? null : (
        <Notice kind="success">
          <p>{destination.service ? t('redirect.toService', { service: destination.service }) : t('redirect.toAccount')}</p>
        </Notice>
      )}
      <p>
        <a href={destination.href}>{destination.label}</a>
      </p>
    </Page>
  );
}

// Right after sign-up the server lets the person add a method without proving it is them
// again: backup codes at once, or an app or a passkey from "How you sign in".
function Protect({ destination }) {
  const t = useT();
  const path = usePath();
  const form = useForm({ category: 'signup', page: PAGE, restart: startOf('methods') });
  const onSubmit = form.handle({
    action: async () => {
      const answer = await api.methodsBackupCodes();
      form.follow(answer, { done: 'backup', codes: answer.data.codes });
    },
  });
  const intro = (
    <>
      <Prototype destination={destination} />
      <Notice kind="success">
        <p>{t('redirect.ready.signedIn')}</p>
      </Notice>
      <h2>{t('redirect.ready.protect')}</h2>
      <p>{t('redirect.ready.why')}</p>
    </>
  );
  const after = (
    <>
      <p>
        <Link to={path('signinmethods')}>{t('redirect.ready.appOrPasskey')}</Link>
      </p>
      <ContinueLink destination={destination} secondary />
    </>
  );
  const words = { titleId: 'redirect.ready.title', submitId: 'redirect.ready.backupCodes' };
  return <FormPage form={form} onSubmit={onSubmit} {...words} intro={intro} after={after} />;
}

// After a sign-up that needs nothing more: the account is ready, on to the destination.
function Ready({ destination }) {
  const t = useT();
  return (
    <Page pageName={PAGE} title={t('redirect.ready.title')}>
      <Prototype destination={destination} />
      <Notice kind="success">
        <p>{t('redirect.ready.signedIn')}</p>
      </Notice>
      <ContinueLink destination={destination} />
    </Page>
  );
}

// /{language}/redirecttorp: where a finished journey goes on to, named as it is (a
// relying service waiting, or the person's account). A sign-in goes on after a moment; a
// sign-up stays, to offer a second way to prove it is you, until the person continues. A new
// phone after a lost one (the sign-up journey's newPhone) ends a sign-in, and goes on as one.
export default function RedirectToRp() {
  const destination = useDestination();
  const { journeys } = useServerSession();
  if (destination === undefined) return null;
  if (destination === null) return <GoHome />;
  if (destination.flow !== 'signup' || (journeys.signup && journeys.signup.newPhone)) return <HandOff destination={destination} />;
  const offered = journeys.methods && journeys.methods.state === 'REAUTHENTICATED';
  return offered ? <Protect destination={destination} /> : <Ready destination={destination} />;
}
