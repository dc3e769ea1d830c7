import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import LanguageChoice from '../../components/LanguageChoice';
import { BackLink, FormPage, useForm } from '../../components/forms';
import { usePath } from '../../components/hooks';
import { SignedIn } from '../../components/SignedIn';
import { correspondenceValue } from '../../i18n';

const PAGE = 'profileLanguage';

function LanguageForm({ profile }) {
  const path = usePath();
  const navigate = useNavigate();
  const [language, setLanguage] = useState(correspondenceValue(profile.language));
  const form = useForm({ category: 'profile', page: PAGE });
  const save = async () => {
    await api.profileLanguage({ language });
    navigate(path('profilehome'), { state: { notice: 'language' } });
  };
  const onSubmit = form.handle({ field: 'language', action: save });
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="profile.languageEdit.title" submitId="profile.languageEdit.submit" after={<BackLink />}>
      <LanguageChoice legendId="profile.languageEdit.legend" hintId="profile.languageEdit.hint" value={language} onChange={setLanguage} />
    </FormPage>
  );
}

// /{language}/profilelanguage: the correspondence language of every later e-mail, SMS
// and voice message.
export default function ProfileLanguage() {
  return <SignedIn>{(profile) => <LanguageForm profile={profile} />}</SignedIn>;
}
