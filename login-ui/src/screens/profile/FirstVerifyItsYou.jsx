import { MockFormPage } from './mock';

export const PAGE = 'firstVerifyItsYou';

// /{language}/firstverifyitsyou (mock-up): confirm the password before changing the e-mail.
export default function FirstVerifyItsYou() {
  return (
    <MockFormPage
      pageName={PAGE}
      titleId="profile.verify.title"
      leadId="profile.verify.lead"
      fields={[{ id: 'password', labelId: 'password.label', type: 'password', autoComplete: 'current-password' }]}
      next="completetwostepverification"
      back="profilehome"
      backId="common.cancel"
    />
  );
}
