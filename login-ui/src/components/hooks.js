import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router-dom';
import { resolveLanguage } from '../i18n';
import { errorText } from '../i18n/errors';

// t(id, values): the message of the current language
export function useT() {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}

export function useLanguage() {
  const location = useLocation();
  return resolveLanguage(location.pathname);
}

// The flow of the route: "signup" or "signin" (the segment is signUp / signIn, any case).
export function normalizeFlow(segment) {
  const lower = String(segment || '').toLowerCase();
  return lower === 'signup' || lower === 'signin' ? lower : null;
}
export const flowSegment = (flow) => (flow === 'signin' ? 'signIn' : 'signUp');

export function useFlow() {
  const { flow } = useParams();
  return normalizeFlow(flow);
}

// Field errors of a form plus a key that changes on each failed submit (to move focus
// to the error summary).
export function useFormErrors() {
  const [errors, setErrors] = useState({});
  const [focusKey, setFocusKey] = useState(0);
  const show = useCallback((next) => {
    setErrors(next);
    if (Object.keys(next).length) setFocusKey((k) => k + 1);
  }, []);
  // on-change checks update the messages without moving the focus
  const update = useCallback((next) => setErrors(next), []);
  const clear = useCallback(() => setErrors({}), []);
  return { errors, show, update, clear, focusKey };
}

export function useDebouncedValue(value, delayMs) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

// errorText bound to the current language: (error) => text ('' when no error)
export function useErrorText() {
  const intl = useIntl();
  return useCallback((error) => (error ? errorText(intl, error) : ''), [intl]);
}
