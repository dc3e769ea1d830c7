import { SuccessPage } from './parts';

export const PAGE = 'profileYouMayUpdateName';

// /{language}/profileYouMayUpdateName: the name was changed everywhere.
export default function ProfileYouMayUpdateName() {
  return (
    <SuccessPage
      pageName={PAGE}
      titleId="profile.nameDone.title"
      noticeId="profile.nameDone.notice"
      textId="profile.nameDone.text"
    />
  );
}
