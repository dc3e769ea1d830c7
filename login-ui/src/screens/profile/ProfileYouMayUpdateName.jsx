import { SignedIn, SuccessPage } from '../../components/SignedIn';

const PAGE = 'profileYouMayUpdateName';

// /{language}/profileYouMayUpdateName: the name was changed everywhere.
export default function ProfileYouMayUpdateName() {
  return (
    <SignedIn>
      {() => (
        <SuccessPage
          pageName={PAGE}
          titleId="profile.nameDone.title"
          noticeId="profile.nameDone.notice"
          textId="profile.nameDone.text"
        />
      )}
    </SignedIn>
  );
}
