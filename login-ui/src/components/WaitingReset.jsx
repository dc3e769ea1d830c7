// A reset that waits for the account (the server's journey.waitingReset or profile.reset: a lost
// phone's removal, or the account's deletion). Its moment is the server's words in this
// language (reset.when), the very words of the e-mail and the text: one formatter, the same day
// and the time zone named everywhere.
import { Notice } from './fields';
import { useLanguage, useT } from './hooks';

export function useWhen(reset) {
  const language = useLanguage();
  return reset && reset.when ? reset.when[language] || '' : '';
}

// Sign-in and recovery, while the second factor is asked: what waits, when, and that proving
// it is you cancels it (instead of offering the removal again).
export function WaitingReset({ reset }) {
  const t = useT();
  const when = useWhen(reset);
  if (!reset || !['phone', 'account'].includes(reset.kind)) return null;
  return (
    <Notice kind="warning">
      <h2 className="notice__title">{t(`waitingReset.${reset.kind}.title`)}</h2>
      <p>{t(`waitingReset.${reset.kind}.text`, { when })}</p>
    </Notice>
  );
}
