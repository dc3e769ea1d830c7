import { api } from '../../api/v1';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { useT } from '../../components/hooks';

const PAGE = 'privacy';
const SECTIONS = ['collect', 'use', 'authority', 'rights'];

// /{language}/signUp/privacy: accepting the notice starts a new sign-up on the server
// (POST /v1/signup/privacy), which then opens the e-mail step.
export default function Privacy() {
  const t = useT();
  const form = useForm({ category: 'signup', page: PAGE });
  const onSubmit = form.handle({ send: () => api.signupPrivacy() });
  const sections = SECTIONS.map((section) => (
    <section key={section}>
      <h2>{t(`privacy.${section}.heading`)}</h2>
      <p>{t(`privacy.${section}.text`)}</p>
    </section>
  ));
  const decline = <BackLink to="" labelId="privacy.decline" />;
  return <FormPage form={form} onSubmit={onSubmit} titleId="privacy.title" leadId="privacy.lead" intro={sections} submitId="privacy.accept" after={decline} />;
}
