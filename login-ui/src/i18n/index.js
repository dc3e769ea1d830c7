const LANGUAGES = ['en', 'fr'];

export const isLanguage = (value) => LANGUAGES.includes(value);
export const otherLanguage = (language) => (language === 'fr' ? 'en' : 'fr');
// The locale react-intl formats a language's messages, dates and numbers in.
export const intlLocale = (language) => (language === 'fr' ? 'fr-CA' : 'en-CA');

// Correspondence language values sent to the API: English is "eng", French is "fr".
export const correspondenceValue = (language) => (language === 'fr' ? 'fr' : 'eng');
export const fromCorrespondence = (value) => (value === 'fr' ? 'fr' : 'en');

// The language of a path: its first segment when it is en or fr, else null.
export function languageFromPath(pathname) {
  const first = (pathname || '/').split('/').filter(Boolean)[0];
  const lower = first ? first.toLowerCase() : null;
  return isLanguage(lower) ? lower : null;
}

// The specification's rule when the route names no language: the browser's second
// preferred language, else English. Browsers list a regional tag then its bare language
// (fr-CA, fr, en-US, en), so reading each tag's language gives that answer and stays
// right for short lists (fr-CA alone, or fr-CA then en, is French): the first preferred
// language that is en or fr. The server's idp/i18n.py `preferred` is the same rule;
// tests/shared/language_cases.json holds both to it.
export function browserLanguage(nav = typeof navigator !== 'undefined' ? navigator : null) {
  const preferred = (nav && (nav.languages && nav.languages.length ? nav.languages : [nav.language])) || [];
  for (const tag of preferred) {
    const base = String(tag || '').trim().toLowerCase().replace('_', '-').split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function resolveLanguage(pathname, nav) {
  return languageFromPath(pathname) || browserLanguage(nav);
}

// The language of a location: its path's, else the one a guard carried home from the
// flow the person was in (GoHome), else the browser's.
export function languageOf(location, nav) {
  const carried = location.state && location.state.language;
  return languageFromPath(location.pathname) || (isLanguage(carried) ? carried : null) || browserLanguage(nav);
}

// The same path in the other language: swaps the language segment, keeps the rest.
export function swapLanguagePath(pathname, target) {
  const parts = (pathname || '/').split('/');
  if (languageFromPath(pathname)) {
    parts[1] = target;
    return parts.join('/');
  }
  const rest = pathname === '/' ? '' : pathname;
  return `/${target}${rest}`;
}
