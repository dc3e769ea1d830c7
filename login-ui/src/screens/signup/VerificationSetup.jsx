import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { failureResult, RESULTS, trackEvent } from '../../analytics';
import { useTestData } from '../../components/AppConfig';
import ErrorSummary from '../../components/ErrorSummary';
import { Button } from '../../components/fields';
import { useErrorText, useFormErrors, useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import PhoneField from '../../components/PhoneField';
import PhoneMethodChoice from '../../components/PhoneMethodChoice';
import { fromFailure, offersStartAgain } from '../../i18n/errors';
import { DEFAULT_COUNTRY } from '../../phone/countries';
import { SIGN_UP } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';
import { toE164, validatePhone } from '../../validation';

export const PAGE = 'verificationSetUp';

// /{language}/signUp/verificationsetup: step 3 of 4, the phone for two-step verification.
export default function VerificationSetup() {
  const t = useT();
  const errorText = useErrorText();
  const language = useLanguage();
  const navigate = useNavigate();
  const { state, dispatch } = useSession();
  const testData = useTestData();
  const user = state.userData;
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState(testData.phone || '');
  const [verificationType, setVerificationType] = useState('sms');
  const [busy, setBusy] = useState(false);
  const { errors, show, focusKey } = useFormErrors();

  const track = (result) => trackEvent({ category: 'signup', page: PAGE, step: 3, result });

  const onSubmit = async (event) => {
    event.preventDefault();
    const error = validatePhone(phone, country);
    if (error) {
      show({ phone: error });
      track(RESULTS.error);
      return;
    }
    const phoneNumber = toE164(phone, country);
    setBusy(true);
    try {
      const answer = await api.transientOtpSend({
        userName: user.email,
        otpType: verificationType,
        phoneNumber,
        language: user.emailLanguage,
      });
      dispatch({
        type: SIGN_UP,
        payload: {
          ...user,
          phone: phoneNumber,
          otpType: verificationType,
          verificationType,
          trxnId: answer.data.trxnId,
          stepVerificationSent: true,
          stepVerified: false,
        },
      });
      track(RESULTS.success);
      navigate(`/${language}/signUp/verification/${verificationType}`);
    } catch (failure) {
      setBusy(false);
      show({ phone: fromFailure(failure) });
      track(failureResult(failure));
    }
  };

  const summary = errors.phone ? [{ field: 'phone', text: errorText(errors.phone) }] : [];
  return (
    <Page pageName={PAGE} title={t('setup.title')} step={3} hasErrors={summary.length > 0}>
      <ErrorSummary items={summary} focusKey={focusKey} startAgain={offersStartAgain(errors.phone)} />
      <p className="lead">{t('setup.lead')}</p>
      <form noValidate onSubmit={onSubmit}>
        <PhoneField
          country={country}
          onCountryChange={setCountry}
          value={phone}
          onChange={setPhone}
          error={errorText(errors.phone)}
        />
        <details className="details">
          <summary className="details__summary">{t('setup.notListed.summary')}</summary>
          <div className="details__text">
            <p>{t('setup.notListed.text')}</p>
          </div>
        </details>
        <PhoneMethodChoice value={verificationType} onChange={setVerificationType} />
        <Button busy={busy}>{t('setup.submit')}</Button>
      </form>
    </Page>
  );
}
