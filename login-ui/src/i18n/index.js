const LANGUAGES = ['en', 'fr'];

export const isLanguage = (value) => LANGUAGES.includes(value);
export const otherLanguage = (language) => (language === 'fr' ? 'en' : 'fr');

// Correspondence language values sent to the API: English is "eng", French is "fr".
export const correspondenceValue = (language) => (language === 'fr' ? 'fr' : 'eng');

// The language of a path: its first segment when it is en or fr, else null.
export function languageFromPath(pathname) {
  const first = (pathname || '/').split('/').filter(Boolean)[0];
  const lower = first ? first.toLowerCase() : null;
  return isLanguage(lower) ? lower : null;
}

// First of the browser's preferred languages that is en or fr, else English.
export function browserLanguage(nav = typeof navigator !== 'undefined' ? navigator : null) {
  const preferred = (nav && (nav.languages && nav.languages.length ? nav.languages : [nav.language])) || [];
  for (const tag of preferred) {
    const base = String(tag || '').toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function resolveLanguage(pathname, nav) {
  return languageFromPath(pathname) || browserLanguage(nav);
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
