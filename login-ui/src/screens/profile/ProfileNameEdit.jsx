import { MockFormPage } from './mock';

export const PAGE = 'profileNameEdit';

// /{language}/profilenameedit (mock-up): change the name.
export default function ProfileNameEdit() {
  return (
    <MockFormPage
      pageName={PAGE}
      titleId="profile.nameEdit.title"
      leadId="profile.nameEdit.lead"
      fields={[
        { id: 'firstName', labelId: 'profile.core.firstName', autoComplete: 'given-name', size: 10 },
        { id: 'lastName', labelId: 'profile.core.lastName', autoComplete: 'family-name', size: 10 },
      ]}
      next="areYouSureEditYourName"
      back="profilehome"
      backId="common.cancel"
    />
  );
}
