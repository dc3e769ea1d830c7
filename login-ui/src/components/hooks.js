import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { languageOf } from '../i18n';
import { errorText } from '../i18n/errors';
import { usePolicy } from './AppConfig';

// t(id, values): the message of the current language. Every message may name the code
// length and expiry of the server's policy ({codeLength}, {codeExpiryMinutes}).
export function useT() {
  const intl = useIntl();
  const { codeLength, codeExpiryMinutes } = usePolicy();
  return useCallback(
    (id, values) => intl.formatMessage({ id }, { codeLength, codeExpiryMinutes, ...values }),
    [intl, codeLength, codeExpiryMinutes],
  );
}

export function useLanguage() {
  const location = useLocation();
  return languageOf(location);
}

// `/{language}/{name}`: the path of a screen in the current language (no name: home).
export function usePath() {
  const language = useLanguage();
  return useCallback((name) => (name ? `/${language}/${name}` : `/${language}`), [language]);
}

// The value once it has stayed the same for delayMs. settled(value, before) is called then,
// with the value settled before: what a pause of the person's makes happen.
export function useDebouncedValue(value, delayMs, settled = () => {}) {
  const [debounced, setDebounced] = useState(value);
  const onSettled = useEffectEvent((next) => settled(next, debounced));
  useEffect(() => {
    const timer = setTimeout(() => {
      onSettled(value);
      setDebounced(value);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

// errorText bound to the current language and policy: (error) => text ('' when no error)
export function useErrorText() {
  const intl = useIntl();
  const policy = usePolicy();
  return useCallback((error) => (error ? errorText(intl, error, policy) : ''), [intl, policy]);
}

const unchanging = () => () => {};

// False while React takes over a page rendered at build time (src/prerender), and while
// rendering it there; true from then on, and at once on a screen React renders itself. What
// the build could not know (this tab's stored state, test mode's sample person) shows only
// when true, so that React finds the HTML it would have made.
export const useHydrated = () => useSyncExternalStore(unchanging, () => true, () => false);
