// How the two-step code reaches a phone: text message (the default) or a voice call.
import { RadioGroup } from './fields';
import { useT } from './hooks';

export default function PhoneMethodChoice({ value, onChange }) {
  const t = useT();
  return (
    <RadioGroup
      name="verificationType"
      legend={t('setup.method.legend')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'sms', label: t('setup.method.sms'), hint: t('setup.method.smsHint') },
        { value: 'voice', label: t('setup.method.voice'), hint: t('setup.method.voiceHint') },
      ]}
    />
  );
}
