import cases from '../../../tests/shared/language_cases.json';
import { browserLanguage, correspondenceValue, languageFromPath, resolveLanguage, swapLanguagePath } from '.';

test('the language comes from the route first', () => {
  expect(languageFromPath('/fr/signUp')).toBe('fr');
  expect(resolveLanguage('/en/signIn/password', { languages: ['fr-CA'] })).toBe('en');
});

// The shared table (tests/shared/language_cases.json) that pytest sends to the provider
// and the reservations service as Accept-Language: the same list, the same language.
test.each(cases.lists.map((c) => [c.languages.join(', ') || '(none)', c]))(
  'else the browser languages %s choose their language by the one rule',
  (_, c) => {
    expect(browserLanguage({ languages: c.languages })).toBe(c.expect);
    expect(resolveLanguage('/', { languages: c.languages })).toBe(c.expect);
  },
);

test('a browser that gives only navigator.language is read the same way', () => {
  expect(browserLanguage({ languages: [], language: 'fr-CA' })).toBe('fr');
});

test('the toggle swaps the language segment and keeps the rest', () => {
  expect(swapLanguagePath('/en/signUp/verification/sms', 'fr')).toBe('/fr/signUp/verification/sms');
  expect(swapLanguagePath('/fr', 'en')).toBe('/en');
  expect(swapLanguagePath('/', 'fr')).toBe('/fr');
});

test('correspondence language values are eng and fr', () => {
  expect(correspondenceValue('en')).toBe('eng');
  expect(correspondenceValue('fr')).toBe('fr');
});
