import { MockSuccessPage } from './mock';

export const PAGE = 'profileYouMayUpdateName';

// /{language}/profileYouMayUpdateName (mock-up): the name was changed.
export default function ProfileYouMayUpdateName() {
  return (
    <MockSuccessPage
      pageName={PAGE}
      titleId="profile.nameDone.title"
      noticeId="profile.nameDone.notice"
      textId="profile.nameDone.text"
    />
  );
}
