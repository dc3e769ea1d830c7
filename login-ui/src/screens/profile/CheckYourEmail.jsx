import { MockFormPage } from './mock';

export const PAGE = 'checkYourEmail';

// /{language}/checkyouremail (mock-up): the code sent to the new e-mail address.
export default function CheckYourEmail() {
  return (
    <MockFormPage
      pageName={PAGE}
      titleId="profile.checkEmail.title"
      leadId="profile.checkEmail.lead"
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
      next="areYouSureUpdateYourEmail"
      back="enternewemail"
      backId="verification.newEmail"
    />
  );
}
