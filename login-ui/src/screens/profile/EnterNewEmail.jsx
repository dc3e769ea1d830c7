import { MockFormPage } from './mock';

export const PAGE = 'enterNewEmail';

// /{language}/enternewemail (mock-up): the new e-mail address.
export default function EnterNewEmail() {
  return (
    <MockFormPage
      pageName={PAGE}
      titleId="profile.newEmail.title"
      leadId="profile.newEmail.lead"
      fields={[{ id: 'email', labelId: 'profile.newEmail.label', type: 'email', autoComplete: 'email', spellCheck: false }]}
      next="checkyouremail"
      back="profilehome"
      backId="common.cancel"
    />
  );
}
