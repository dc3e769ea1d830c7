import { BackLink } from '../../components/forms';
import { useT } from '../../components/hooks';
import { MethodsList, useMethods } from '../../components/Methods';
import Page from '../../components/Page';
import { SignedIn } from '../../components/SignedIn';

const PAGE = 'signInMethods';

function Methods() {
  const t = useT();
  const { methods, status } = useMethods();
  return (
    <Page pageName={PAGE} title={t('methods.title')}>
      <p className="lead">{t('methods.lead')}</p>
      {status === 'ready' ? <MethodsList methods={methods} /> : null}
      {status === 'failed' ? <p>{t('error.7')}</p> : null}
      <p>{t('methods.everyChange')}</p>
      <BackLink labelId="profile.backToProfile" />
    </Page>
  );
}

// /{language}/signinmethods: how the person proves it is them after the password, and the
// ways to add, replace or remove each.
export default function SignInMethods() {
  return <SignedIn>{() => <Methods />}</SignedIn>;
}
