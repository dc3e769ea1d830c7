import { MockFormPage } from './mock';

export const PAGE = 'completeTwoStepVerification';

// /{language}/completetwostepverification (mock-up): the code sent to the phone.
export default function CompleteTwoStepVerification() {
  return (
    <MockFormPage
      pageName={PAGE}
      titleId="profile.twoStep.title"
      leadId="profile.twoStep.lead"
      fields={[
        {
          id: 'verificationCode',
          labelId: 'verification.codeLabel',
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          size: 6,
          inputClassName: 'input--code',
        },
      ]}
      next="enternewemail"
      back="profilehome"
      backId="common.cancel"
    />
  );
}
