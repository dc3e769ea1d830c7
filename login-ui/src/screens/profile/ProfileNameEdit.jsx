import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../components/fields';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { validateName } from '../../validation';
import { BackLink, SignedIn, Summary, usePath, useSubmit } from './parts';
import NameFields from '../../components/NameFields';

export const PAGE = 'profileNameEdit';

function NameForm({ profile }) {
  const t = useT();
  const path = usePath();
  const navigate = useNavigate();
  const location = useLocation();
  const kept = location.state || {};
  const [firstName, setFirstName] = useState(kept.firstName ?? profile.firstName);
  const [lastName, setLastName] = useState(kept.lastName ?? profile.lastName);
  const { busy, submit, errors, focusKey } = useSubmit({
    category: 'profile',
    page: PAGE,
    // nothing is saved yet: the next page asks "are you sure?"
    action: async () =>
      navigate(path('areYouSureEditYourName'), { state: { firstName: firstName.trim(), lastName: lastName.trim() } }),
  });
  const onSubmit = (event) => {
    event.preventDefault();
    submit(() => {
      const found = {};
      const firstError = validateName(firstName);
      const lastError = validateName(lastName, { required: true });
      if (firstError) found.firstName = firstError;
      if (lastError) found.lastName = lastError;
      return found;
    });
  };
  return (
    <Page pageName={PAGE} title={t('profile.nameEdit.title')} hasErrors={Object.keys(errors).length > 0}>
      <Summary errors={errors} focusKey={focusKey} />
      <p className="lead">{t('profile.nameEdit.lead')}</p>
      <form noValidate onSubmit={onSubmit}>
        <NameFields
          firstName={firstName}
          lastName={lastName}
          onFirstNameChange={setFirstName}
          onLastNameChange={setLastName}
          errors={errors}
        />
        <Button busy={busy}>{t('common.continue')}</Button>
      </form>
      <BackLink />
    </Page>
  );
}

// /{language}/profilenameedit: the new name, checked like at sign-up.
export default function ProfileNameEdit() {
  return <SignedIn>{(profile) => <NameForm profile={profile} />}</SignedIn>;
}
