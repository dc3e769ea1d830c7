import { useState } from 'react';
import PhoneField from '../../components/PhoneField';
import { DEFAULT_COUNTRY } from '../../phone/countries';
import { MockFormPage } from './mock';

export const PAGE = 'enterNewPhoneNumber';

// /{language}/enterNewPhoneNumber (mock-up): a new phone number for two-step verification.
export default function EnterNewPhoneNumber() {
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  return (
    <MockFormPage
      pageName={PAGE}
      titleId="profile.newPhone.title"
      leadId="profile.newPhone.lead"
      next="profilehome"
      back="profilehome"
      backId="common.cancel"
    >
      <PhoneField country={country} onCountryChange={setCountry} value={phone} onChange={setPhone} />
    </MockFormPage>
  );
}
