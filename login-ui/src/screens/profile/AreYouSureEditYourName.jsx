import { MockFormPage } from './mock';

export const PAGE = 'areYouSureEditYourName';

// /{language}/areYouSureEditYourName (mock-up): the name changes in every connected service.
export default function AreYouSureEditYourName() {
  return (
    <MockFormPage
      pageName={PAGE}
      titleId="profile.nameConfirm.title"
      leadId="profile.nameConfirm.lead"
      submitId="profile.nameConfirm.submit"
      next="profileYouMayUpdateName"
      back="profilenameedit"
      backId="profile.nameConfirm.back"
    />
  );
}
