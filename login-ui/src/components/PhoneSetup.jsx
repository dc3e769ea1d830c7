// A phone for two-step verification, as at sign-up step 3 and in the profile: the number
// with its country, and how the code reaches it (text message by default, or a call).
import { useState } from 'react';
import { DEFAULT_COUNTRY } from '../phone/countries';
import { toE164, validatePhone } from '../validation/phone';
import { usePolicy, useTestData } from './AppConfig';
import { RadioGroup } from './fields';
import { useErrorText, useT } from './hooks';
import PhoneField from './PhoneField';

export function usePhoneSetup() {
  const policy = usePolicy();
  const testData = useTestData();
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [number, setNumber] = useState(testData.phone || '');
  const [otpType, setOtpType] = useState('sms');
  return {
    country,
    number,
    otpType,
    setCountry,
    setNumber,
    setOtpType,
    check: () => ({ phone: validatePhone(number, country, policy) }),
    // as sent: "+" and digits
    e164: () => toE164(number, country),
  };
}

// children stand between the number and the choice of channel.
export default function PhoneSetup({ setup, errors, children }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <>
      <PhoneField
        country={setup.country}
        onCountryChange={setup.setCountry}
        value={setup.number}
        onChange={setup.setNumber}
        error={errorText(errors.phone)}
      />
      {children}
      <RadioGroup
        name="verificationType"
        legend={t('setup.method.legend')}
        value={setup.otpType}
        onChange={setup.setOtpType}
        options={[
          { value: 'sms', label: t('setup.method.sms'), hint: t('setup.method.smsHint') },
          { value: 'voice', label: t('setup.method.voice'), hint: t('setup.method.voiceHint') },
        ]}
      />
    </>
  );
}
