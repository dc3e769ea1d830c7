import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { Button, RadioGroup } from '../../components/fields';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { correspondenceValue } from '../../i18n';
import { BackLink, SignedIn, Summary, usePath, useSubmit } from './parts';

export const PAGE = 'profileLanguage';

function LanguageForm({ profile }) {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  const [language, setLanguage] = useState(correspondenceValue(profile.language));
  const { busy, submit, errors, focusKey } = useSubmit({
    category: 'profile',
    page: PAGE,
    fieldOf: () => 'language',
    action: async () => {
      await api.profileLanguage({ language });
      navigate(path('profilehome'), { state: { notice: 'language' } });
    },
  });
  const onSubmit = (event) => {
    event.preventDefault();
    submit();
  };
  return (
    <Page pageName={PAGE} title={t('profile.languageEdit.title')} hasErrors={Object.keys(errors).length > 0}>
      <Summary errors={errors} focusKey={focusKey} />
      <form noValidate onSubmit={onSubmit}>
        <RadioGroup
          name="language"
          legend={t('profile.languageEdit.legend')}
          hint={t('profile.languageEdit.hint')}
          value={language}
          onChange={setLanguage}
          options={[
            { value: 'eng', label: t('profile.language.en') },
            { value: 'fr', label: t('profile.language.fr') },
          ]}
        />
        <Button busy={busy}>{t('profile.languageEdit.submit')}</Button>
      </form>
      <BackLink />
    </Page>
  );
}

// /{language}/profilelanguage: the correspondence language of every later e-mail, SMS
// and voice message.
export default function ProfileLanguage() {
  return <SignedIn>{(profile) => <LanguageForm profile={profile} />}</SignedIn>;
}
