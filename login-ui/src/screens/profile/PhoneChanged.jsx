import { SuccessPage } from '../../components/SignedIn';

const PAGE = 'phoneChanged';

// /{language}/phonechanged: the new phone receives the two-step codes from now on.
export default function PhoneChanged() {
  return <SuccessPage pageName={PAGE} titleId="profile.phoneDone.title" noticeId="profile.phoneDone.notice" textId="profile.signedOutElsewhere" />;
}
