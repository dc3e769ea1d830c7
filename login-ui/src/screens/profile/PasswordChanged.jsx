import { SuccessPage } from '../../components/SignedIn';

const PAGE = 'passwordChanged';

// /{language}/passwordchanged: sign in with the new password from now on.
export default function PasswordChanged() {
  return <SuccessPage pageName={PAGE} titleId="profile.passwordDone.title" noticeId="profile.passwordDone.notice" textId="profile.signedOutElsewhere" />;
}
