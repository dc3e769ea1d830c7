import { SuccessPage } from '../../components/SignedIn';

const PAGE = 'youMayUpdateEmailAtOtherPlaces';

// /{language}/youMayUpdateEmailAtOtherPlaces: the e-mail address was changed.
export default function YouMayUpdateEmailAtOtherPlaces() {
  return (
    <SuccessPage
      pageName={PAGE}
      titleId="profile.emailDone.title"
      noticeId="profile.emailDone.notice"
      textId="profile.emailDone.text"
    />
  );
}
