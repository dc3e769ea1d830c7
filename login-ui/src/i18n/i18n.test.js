import { browserLanguage, correspondenceValue, languageFromPath, resolveLanguage, swapLanguagePath } from '.';

test('the language comes from the route first', () => {
  expect(languageFromPath('/fr/signUp')).toBe('fr');
  expect(resolveLanguage('/en/signIn/password', { languages: ['fr-CA'] })).toBe('en');
});

test('else from the first preferred browser language that is en or fr', () => {
  expect(browserLanguage({ languages: ['es-ES', 'fr-CA', 'en-CA'] })).toBe('fr');
  expect(resolveLanguage('/', { languages: ['de', 'en-GB'] })).toBe('en');
});

test('else English', () => {
  expect(browserLanguage({ languages: ['de', 'es'] })).toBe('en');
  expect(browserLanguage({ languages: [] })).toBe('en');
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
