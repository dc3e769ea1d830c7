import { SignedIn, SuccessPage } from '../../components/SignedIn';

const PAGE = 'profileYouMayUpdateName';

// /{language}/profileYouMayUpdateName: the name was changed; connected services receive it
// in the claims of the next sign-in.
export default function ProfileYouMayUpdateName() {
  return (
    <SignedIn>
      {() => (
        <SuccessPage
          pageName={PAGE}
          titleId="profile.nameDone.title"
          noticeId="profile.nameDone.notice"
        />
      )}
    </SignedIn>
  );
}
