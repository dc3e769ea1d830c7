import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { failureResult, RESULTS, trackEvent } from '../../analytics';
import { useTestData } from '../../components/AppConfig';
import ErrorSummary from '../../components/ErrorSummary';
import { Button } from '../../components/fields';
import { useErrorText, useFormErrors, useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { correspondenceValue } from '../../i18n';
import { fromFailure, offersStartAgain } from '../../i18n/errors';
import { SIGN_UP } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';
import { validateName } from '../../validation';
import NameFields from '../../components/NameFields';

export const PAGE = 'coreProfile';

// /{language}/signUp/profile: step 4 of 4. First name optional, last name required.
export default function CoreProfile() {
  const t = useT();
  const errorText = useErrorText();
  const language = useLanguage();
  const navigate = useNavigate();
  const { state, dispatch } = useSession();
  const testData = useTestData();
  const user = state.userData;
  const [firstName, setFirstName] = useState(testData.firstName || '');
  const [lastName, setLastName] = useState(testData.lastName || '');
  const [busy, setBusy] = useState(false);
  const { errors, show, focusKey } = useFormErrors();

  const track = (result) => trackEvent({ category: 'signup', page: PAGE, step: 4, result });

  const onSubmit = async (event) => {
    event.preventDefault();
    const found = {};
    const firstError = validateName(firstName);
    const lastError = validateName(lastName, { required: true });
    if (firstError) found.firstName = firstError;
    if (lastError) found.lastName = lastError;
    if (Object.keys(found).length) {
      show(found);
      track(RESULTS.error);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.createCoreProfile({
        userName: user.email,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        id: user.id,
        language: user.emailLanguage || correspondenceValue(language),
      });
      dispatch({
        type: SIGN_UP,
        authenticated: true,
        payload: { ...user, redirectTo: (answer.data && answer.data.redirectTo) || null },
      });
      track(RESULTS.success);
      navigate(`/${language}/redirecttorp`);
    } catch (failure) {
      setBusy(false);
      show({ lastName: fromFailure(failure) });
      track(failureResult(failure));
    }
  };

  const summary = ['firstName', 'lastName']
    .filter((field) => errors[field])
    .map((field) => ({ field, text: errorText(errors[field]) }));
  return (
    <Page pageName={PAGE} title={t('profile.core.title')} step={4} hasErrors={summary.length > 0}>
      <ErrorSummary items={summary} focusKey={focusKey} startAgain={offersStartAgain(errors.lastName)} />
      <p className="lead">{t('profile.core.lead')}</p>
      <form noValidate onSubmit={onSubmit}>
        <NameFields
          firstName={firstName}
          lastName={lastName}
          onFirstNameChange={setFirstName}
          onLastNameChange={setLastName}
          errors={errors}
        />
        <Button busy={busy}>{t('profile.core.submit')}</Button>
      </form>
    </Page>
  );
}
