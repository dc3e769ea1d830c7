// What the account pages share: a row of a summary list, a device in words, and an action on
// a list that says its outcome in a status message which takes the focus, then reads the list again.
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../components/fields';
import { useErrorText, useT } from '../../components/hooks';
import { fromFailure } from '../../i18n/errors';

export function Row({ label, children }) {
  return (
    <div className="summary-list__row">
      <dt className="summary-list__key">{label}</dt>
      <dd className="summary-list__value">{children}</dd>
    </div>
  );
}

// A session's or an event's browser and system in words: "Firefox on Windows".
export function useDevice() {
  const t = useT();
  return (seen) =>
    seen.browser || seen.system
      ? t('account.sessions.device', {
          browser: seen.browser || t('account.sessions.unknownBrowser'),
          system: seen.system || t('account.sessions.unknownSystem'),
        })
      : t('account.sessions.unknownDevice');
}

// { run(call, said, goneId), busy, outcome }: run awaits call(), says said(its data) — or, on a
// 404 (the row went meanwhile), the text goneId — then reload()s the list.
export function useListAction(reload) {
  const t = useT();
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState(null);
  const [busy, setBusy] = useState(false);
  const run = async (call, said, goneId) => {
    setBusy(true);
    try {
      const result = await call();
      setOutcome({ kind: 'success', text: said(result.data) });
    } catch (failure) {
      const gone = failure && failure.status === 404;
      setOutcome({ kind: 'error', text: gone ? t(goneId) : errorText(fromFailure(failure)) });
    }
    try {
      await reload();
    } catch {
      // the list stays as it was; the message says what happened
    }
    setBusy(false);
  };
  return { run, busy, outcome };
}

// The outcome of the last action, as a status message that takes the focus when it changes.
export function Outcome({ outcome }) {
  const notice = useRef(null);
  useEffect(() => {
    if (outcome && notice.current) notice.current.focus();
  }, [outcome]);
  if (!outcome) return null;
  return (
    <Notice kind={outcome.kind} focusRef={notice}>
      <p>{outcome.text}</p>
    </Notice>
  );
}

// "Show more": the next page of a list, read below the ones shown (keyset: next is its cursor).
export function More({ next, onMore, labelId }) {
  const t = useT();
  if (!next) return null;
  return (
    <p>
      <button type="button" className="button button--secondary" onClick={() => onMore(next)}>
        {t(labelId)}
      </button>
    </p>
  );
}
