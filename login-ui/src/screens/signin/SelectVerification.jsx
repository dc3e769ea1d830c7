import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { failureResult, RESULTS, trackEvent } from '../../analytics';
import ErrorSummary from '../../components/ErrorSummary';
import { Button, RadioGroup } from '../../components/fields';
import { useErrorText, useFormErrors, useLanguage, useT } from '../../components/hooks';
import Page from '../../components/Page';
import { fromFailure, offersStartAgain } from '../../i18n/errors';
import { SIGN_IN } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';

export const PAGE = 'verificationSelection';

// /{language}/signIn/selectverification: confirm the stored (masked) phone and choose how
// to get the 6-digit code; the method returned by the login is the default.
export default function SelectVerification() {
  const t = useT();
  const errorText = useErrorText();
  const language = useLanguage();
  const navigate = useNavigate();
  const { state, dispatch } = useSession();
  const user = state.userData;
  const defaultType = user.otpType === 'voice' ? 'voice' : 'sms';
  const [otpType, setOtpType] = useState(user.verificationType === 'voice' || user.verificationType === 'sms' ? user.verificationType : defaultType);
  const [busy, setBusy] = useState(false);
  const { errors, show, focusKey } = useFormErrors();

  const track = (result) => trackEvent({ category: 'signin', page: PAGE, result });

  const onSubmit = async (event) => {
    event.preventDefault();
    if (otpType !== 'sms' && otpType !== 'voice') {
      show({ verificationType: { code: '26' } });
      track(RESULTS.error);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.otpSend({ userName: user.email, otpType, phone: user.phone });
      dispatch({
        type: SIGN_IN,
        payload: { ...user, otpType, verificationType: otpType, trxnId: answer.data.trxnId },
      });
      track(RESULTS.success);
      navigate(`/${language}/signIn/verification/${otpType}`);
    } catch (failure) {
      setBusy(false);
      show({ verificationType: fromFailure(failure) });
      track(failureResult(failure));
    }
  };

  const label = (type) =>
    type === defaultType ? t(`select.${type}.defaultLabel`) : t(`select.${type}.label`);
  const summary = errors.verificationType
    ? [{ field: 'verificationType', text: errorText(errors.verificationType) }]
    : [];
  return (
    <Page pageName={PAGE} title={t('select.title')} hasErrors={summary.length > 0}>
      <ErrorSummary items={summary} focusKey={focusKey} startAgain={offersStartAgain(errors.verificationType)} />
      <p className="lead">{t(`select.${otpType}.destination`, { phone: user.phone || '' })}</p>
      <form noValidate onSubmit={onSubmit}>
        <RadioGroup
          name="verificationType"
          legend={t('select.legend')}
          value={otpType}
          onChange={setOtpType}
          error={errorText(errors.verificationType)}
          options={[
            { value: 'sms', label: label('sms') },
            { value: 'voice', label: label('voice') },
          ]}
        />
        <Button busy={busy}>{t('select.submit')}</Button>
      </form>
    </Page>
  );
}
