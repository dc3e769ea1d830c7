import { useState } from 'react';
import { api } from '../../api/v1';
import { Button, Notice, RadioGroup } from '../../components/fields';
import { FormPage, useForm } from '../../components/forms';
import { useJourney } from '../../components/Guard';
import { useErrorText, useT } from '../../components/hooks';
import { SENT } from '../../components/SecondFactor';
import { WaitingReset } from '../../components/WaitingReset';
import { ERRORS } from '../../i18n/errors';
import { useServerSession } from '../../session/ServerSession';

const PAGE = 'verificationSelection';
const PHONE_CHANNELS = ['sms', 'voice'];

// /{language}/signIn/selectverification: how to prove it is you after the password, among
// the person's methods (journey.methods), the one used last first and marked as the
// default; the lead says what the chosen one does (a code by text or call names the
// account's masked phone as its destination). A service that asks a passkey (the server
// then offers only the person's passkey) is named as the reason. A removal of the phone or a
// deletion of the account that waits is said first (proving it is you here cancels it), and
// "I no longer have this phone" is then not offered again.
function LostPhoneOffer({ onClick }) {
  const t = useT();
  return (
    <section aria-labelledby="lost-phone-heading">
      <h2 id="lost-phone-heading">{t('lostPhone.offer.title')}</h2>
      <p>{t('lostPhone.offer.text')}</p>
      <Button type="button" secondary onClick={onClick}>
        {t('lostPhone.offer.link')}
      </Button>
    </section>
  );
}

export default function SelectVerification() {
  const t = useT();
  const errorText = useErrorText();
  const journey = useJourney();
  const { passkeyRequired, serviceName } = useServerSession();
  const methods = journey.methods && journey.methods.length ? journey.methods : PHONE_CHANNELS;
  const [otpType, setOtpType] = useState(methods.includes(journey.otpType) ? journey.otpType : methods[0]);
  const form = useForm({ category: 'signin', page: PAGE });
  const onSubmit = form.handle({
    field: 'verificationType',
    check: () => ({ verificationType: methods.includes(otpType) ? null : { code: ERRORS.CHOOSE_METHOD } }),
    send: () => api.otpSend({ userName: journey.email, otpType, phone: journey.phone }),
  });
  const lostPhone = form.handle({ send: () => api.lostPhoneSend({ userName: journey.email }) });
  const phone = journey.phone || '';
  const options = methods.map((method, index) => ({ value: method, label: t(index === 0 ? `select.${method}.defaultLabel` : `select.${method}.label`) }));
  return (
    <FormPage
      form={form}
      onSubmit={onSubmit}
      titleId="select.title"
      lead={t(`select.${otpType}.destination`, { phone })}
      submitId={SENT.includes(otpType) ? 'select.submit' : 'common.continue'}
      before={
        <>
          <WaitingReset reset={journey.waitingReset} />
          {passkeyRequired && serviceName ? <Notice>{t('select.passkeyRequired', { service: serviceName })}</Notice> : null}
        </>
      }
      after={journey.lostPhone ? <LostPhoneOffer onClick={lostPhone} /> : null}
    >
      <RadioGroup
        name="verificationType"
        legend={t('select.legend')}
        value={otpType}
        onChange={setOtpType}
        error={errorText(form.errors.verificationType)}
        options={options}
      />
    </FormPage>
  );
}
