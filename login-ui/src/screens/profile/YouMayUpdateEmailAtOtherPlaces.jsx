import { MockSuccessPage } from './mock';

export const PAGE = 'youMayUpdateEmailAtOtherPlaces';

// /{language}/youMayUpdateEmailAtOtherPlaces (mock-up): the e-mail address was changed.
export default function YouMayUpdateEmailAtOtherPlaces() {
  return (
    <MockSuccessPage
      pageName={PAGE}
      titleId="profile.emailDone.title"
      noticeId="profile.emailDone.notice"
      textId="profile.emailDone.text"
    />
  );
}
