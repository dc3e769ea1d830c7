import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/v1';
import { Button } from '../../components/fields';
import { useErrorText, useT } from '../../components/hooks';
import Page from '../../components/Page';
import PhoneField from '../../components/PhoneField';
import PhoneMethodChoice from '../../components/PhoneMethodChoice';
import { DEFAULT_COUNTRY } from '../../phone/countries';
import { toE164, validatePhone } from '../../validation';
import { BackLink, SignedIn, Summary, usePath, useSubmit } from './parts';

export const PAGE = 'enterNewPhoneNumber';

function NewPhoneForm() {
  const t = useT();
  const errorText = useErrorText();
  const path = usePath();
  const navigate = useNavigate();
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [otpType, setOtpType] = useState('sms');
  const { busy, submit, errors, focusKey } = useSubmit({
    category: 'profile',
    page: PAGE,
    fieldOf: () => 'phone',
    action: async () => {
      const phoneNumber = toE164(phone, country);
      const answer = await api.profilePhone({ phoneNumber, otpType });
      navigate(path('verifynewphone'), { state: { otpType, phoneNumber, phone: answer.data.phoneNumber } });
    },
  });
  const onSubmit = (event) => {
    event.preventDefault();
    submit(() => {
      const error = validatePhone(phone, country);
      return error ? { phone: error } : null;
    });
  };
  return (
    <Page pageName={PAGE} title={t('profile.newPhone.title')} hasErrors={Object.keys(errors).length > 0}>
      <Summary errors={errors} focusKey={focusKey} />
      <p className="lead">{t('profile.newPhone.lead')}</p>
      <form noValidate onSubmit={onSubmit}>
        <PhoneField
          country={country}
          onCountryChange={setCountry}
          value={phone}
          onChange={setPhone}
          error={errorText(errors.phone)}
        />
        <PhoneMethodChoice value={otpType} onChange={setOtpType} />
        <Button busy={busy}>{t('setup.submit')}</Button>
      </form>
      <BackLink />
    </Page>
  );
}

// /{language}/enterNewPhoneNumber: same widget and rules as sign-up; the old number stays
// until the new one is verified.
export default function EnterNewPhoneNumber() {
  return <SignedIn>{() => <NewPhoneForm />}</SignedIn>;
}
