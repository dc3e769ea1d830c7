import { MockFormPage } from './mock';

export const PAGE = 'areYouSureUpdateYourEmail';

// /{language}/areYouSureUpdateYourEmail (mock-up): confirm the new e-mail address.
export default function AreYouSureUpdateYourEmail() {
  return (
    <MockFormPage
      pageName={PAGE}
      titleId="profile.emailConfirm.title"
      leadId="profile.emailConfirm.lead"
      submitId="profile.emailConfirm.submit"
      next="youMayUpdateEmailAtOtherPlaces"
      back="profilehome"
      backId="common.cancel"
    />
  );
}
