import { useState } from 'react';
import { api } from '../../api/v1';
import { useTestData } from '../../components/AppConfig';
import EmailField, { useEmail } from '../../components/EmailField';
import LanguageChoice from '../../components/LanguageChoice';
import { FormPage, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useLanguage } from '../../components/hooks';
import { correspondenceValue } from '../../i18n';

const PAGE = 'signup';

// /{language}/signUp, step 1 of 4: an e-mail code in the chosen correspondence language
// (the page's by default). Coming back to it ("use a different e-mail") shows what the
// journey holds.
export default function SignUpEmail() {
  const journey = useJourney();
  const testData = useTestData();
  const pageLanguage = correspondenceValue(useLanguage());
  const form = useForm({ category: 'signup', page: PAGE, step: 1 });
  const email = useEmail(form, journey.email || testData.email || '');
  const [emailLanguage, setEmailLanguage] = useState(journey.emailLanguage || pageLanguage);
  const onSubmit = form.handle({
    field: 'email',
    check: email.check,
    send: () => api.transientOtpSend({ userName: email.address, otpType: 'email', language: emailLanguage }),
  });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="email.signup.title" leadId="email.signup.lead" submitId="email.signup.submit">
      <EmailField email={email} form={form} />
      <LanguageChoice legendId="email.language.legend" hintId="email.language.hint" value={emailLanguage} onChange={setEmailLanguage} />
    </FormPage>
  );
}
