import { api } from '../../api/v1';
import { useTestData } from '../../components/AppConfig';
import { FormPage, ResumedNotice, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useLanguage } from '../../components/hooks';
import NameFields, { NAME_FIELDS, useNames } from '../../components/NameFields';
import { correspondenceValue } from '../../i18n';

const PAGE = 'coreProfile';

// /{language}/signUp/profile, step 4 of 4: first name optional, last name required; then
// on to the relying service. After a sign-in of an account whose sign-up stopped here, saying so.
export default function CoreProfile() {
  const { email: userName, id, emailLanguage } = useJourney();
  const pageLanguage = correspondenceValue(useLanguage());
  const language = emailLanguage || pageLanguage;
  const names = useNames(useTestData());
  const form = useForm({ category: 'signup', page: PAGE, step: 4 });
  const onSubmit = form.handle({
    field: 'lastName',
    fields: NAME_FIELDS,
    check: names.check,
    send: () => api.createCoreProfile({ userName, ...names.typed(), id, language }),
  });
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="profile.core.title"
      leadId="profile.core.lead"
      submitId="profile.core.submit"
      before={<ResumedNotice textId="profile.core.resumed" />}
    >
      <NameFields names={names} errors={form.errors} />
    </FormPage>
  );
}
