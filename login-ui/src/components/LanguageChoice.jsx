import { RadioGroup } from './fields';
import { useT } from './hooks';

// The correspondence language of e-mails, text messages and calls: English (eng) or French
// (fr). A module of its own: only later chunks ask it (sign-up, the profile), and its words
// stay out of the first screen's messages (i18n/parts.js).
export default function LanguageChoice({ legendId, hintId, value, onChange }) {
  const t = useT();
  const options = ['eng', 'fr'].map((language) => ({ value: language, label: t(`email.language.${language}`) }));
  return <RadioGroup name="language" legend={t(legendId)} hint={t(hintId)} value={value} onChange={onChange} options={options} />;
}
