import { Notice } from '../../components/fields';
import { BackLink } from '../../components/forms';
import { useT } from '../../components/hooks';
import { MethodsList, useMethods } from '../../components/Methods';
import Page from '../../components/Page';
import { SignedIn } from '../../components/SignedIn';
import { useServerSession } from '../../session/ServerSession';

const PAGE = 'signInMethods';

function Methods() {
  const t = useT();
  const { methods, status } = useMethods();
  const { passkeyRequired, serviceName } = useServerSession();
  return (
    <Page pageName={PAGE} title={t('methods.title')}>
      {passkeyRequired && serviceName ? (
        <Notice kind="warning">
          <p>{t('methods.passkeyRequired', { service: serviceName })}</p>
        </Notice>
      ) : null}
      <p className="lead">{t('methods.lead')}</p>
      {status === 'ready' ? <MethodsList methods={methods} /> : null}
      {status === 'failed' ? <p>{t('error.7')}</p> : null}
      <p>{t('methods.everyChange')}</p>
      <BackLink labelId="profile.backToProfile" />
    </Page>
  );
}

// /{language}/signinmethods: how the person proves it is them after the password, and the
// ways to add, replace or remove each; when a waiting service asks a passkey the person
// lacks (the server sends them here), why to add one.
export default function SignInMethods() {
  return <SignedIn>{() => <Methods />}</SignedIn>;
}
