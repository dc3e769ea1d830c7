// A phone for two-step verification, as at sign-up step 3 and in the profile: the number
// with its country (one some channel serves), and how the code reaches it: the channels the
// service offers (a text message, a call), the first by default; a country the chosen channel
// does not serve is refused before the call, in the words the server would answer.
import { useState } from 'react';
import { DEFAULT_COUNTRY } from '../phone/countries';
import { checkDestination, servedCountries, toE164, validatePhone } from '../validation/phone';
import { usePolicy, useTestData } from './AppConfig';
import { RadioGroup } from './fields';
import { useErrorText, useT } from './hooks';
import PhoneField from './PhoneField';

export function usePhoneSetup() {
  const policy = usePolicy();
  const testData = useTestData();
  const served = servedCountries(policy);
  const [country, setCountry] = useState(!served || served.includes(DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : served[0]);
  const [number, setNumber] = useState(testData.phone || '');
  const [otpType, setOtpType] = useState(policy.phoneChannels[0]);
  return {
    country,
    number,
    otpType,
    setCountry,
    setNumber,
    setOtpType,
    check: () => ({ phone: validatePhone(number, country, policy) || checkDestination(country, otpType, policy) }),
    // as sent: "+" and digits
    e164: () => toE164(number, country),
  };
}

// children stand between the number and the choice of channel.
export default function PhoneSetup({ setup, errors, children }) {
  const t = useT();
  const errorText = useErrorText();
  const policy = usePolicy();
  const offered = policy.phoneChannels;
  return (
    <>
      <PhoneField
        countries={servedCountries(policy)}
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
        options={offered.map((channel) => ({
          value: channel,
          label: t(`setup.method.${channel}`),
          hint: t(`setup.method.${channel}Hint`),
        }))}
      />
    </>
  );
}
