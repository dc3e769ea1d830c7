import { useState } from 'react';
import { api } from '../../api/v1';
import { RadioGroup } from '../../components/fields';
import { FormPage, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useErrorText, useT } from '../../components/hooks';
import { ERRORS } from '../../i18n/errors';

const PAGE = 'verificationSelection';
const PHONE_CHANNELS = ['sms', 'voice'];

// /{language}/signIn/selectverification: confirm the account's (masked) phone and choose
// how to get the code; the journey's method is chosen and marked as the default.
export default function SelectVerification() {
  const t = useT();
  const errorText = useErrorText();
  const journey = useJourney();
  const defaultType = journey.otpType === 'voice' ? 'voice' : 'sms';
  const [otpType, setOtpType] = useState(defaultType);
  const form = useForm({ category: 'signin', page: PAGE });
  const onSubmit = form.handle({
    field: 'verificationType',
    check: () => ({ verificationType: PHONE_CHANNELS.includes(otpType) ? null : { code: ERRORS.CHOOSE_METHOD } }),
    send: () => api.otpSend({ userName: journey.email, otpType, phone: journey.phone }),
  });
  const destination = t(`select.${otpType}.destination`, { phone: journey.phone || '' });
  const label = (type) => t(type === defaultType ? `select.${type}.defaultLabel` : `select.${type}.label`);
  return (
    <FormPage form={form} onSubmit={onSubmit} titleId="select.title" lead={destination} submitId="select.submit">
      <RadioGroup
        name="verificationType"
        legend={t('select.legend')}
        value={otpType}
        onChange={setOtpType}
        error={errorText(form.errors.verificationType)}
        options={PHONE_CHANNELS.map((type) => ({ value: type, label: label(type) }))}
      />
    </FormPage>
  );
}
