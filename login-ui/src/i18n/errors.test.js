import { createIntl } from 'react-intl';
import { ApiError } from '../api/v1';
import en from './en.json';
import fr from './fr.json';
import { errorText, fromFailure, passwordLengthText } from './errors';

const intlEn = createIntl({ locale: 'en-CA', messages: en });
const intlFr = createIntl({ locale: 'fr-CA', messages: fr });

test('a catalogue code is shown with its text in the current language', () => {
  expect(errorText(intlEn, { code: '3' })).toBe('Codes must be six digits. Try again.');
  expect(errorText(intlFr, { code: '14' })).toBe('Code invalide. Veuillez réessayer.');
  expect(errorText(intlEn, { code: '10' })).toBe('Enter a phone number to continue.');
});

test('the spec texts of codes 2, 7 and 11 are used as written', () => {
  expect(errorText(intlEn, { code: '2' })).toBe('Invalid email. Email must contain an ‘@’ symbol followed by a domain.');
  expect(errorText(intlEn, { code: '7' })).toBe('Server Error. Please try again later.');
  expect(errorText(intlEn, { code: '11' })).toBe(
    'Enter a last name to continue. If you have a single name, enter it in the last name field.',
  );
});

test('the password length message is prefix (5) + min + join (12) + max + suffix (13)', () => {
  expect(passwordLengthText(intlEn, { pwdMinLength: 12, pwdMaxLength: 65 })).toBe(
    'Invalid password. Password must be at least 12 characters and maximum 65 characters.',
  );
  expect(errorText(intlFr, { code: '5', data: { pwdMinLength: 12, pwdMaxLength: 65 } })).toBe(
    'Mot de passe invalide. Le mot de passe doit compter au moins 12 caractères et au plus 65 caractères.',
  );
});

test('the phone digit-count message is built from codes 8 and 9 with data.digits', () => {
  expect(errorText(intlEn, { code: '8', data: { digits: 10 } })).toBe('Phone number must be 10 digits.');
  expect(errorText(intlFr, { code: '9', data: { digits: 9 } })).toBe('Le numéro de téléphone doit compter 9 chiffres.');
});

test('waits (codes 17 and 18) are shown in minutes, rounded up', () => {
  expect(errorText(intlEn, { code: '17', data: { retryAfter: 61 } })).toContain('Wait 2 minutes');
  expect(errorText(intlEn, { code: '17', data: { retryAfter: 30 } })).toContain('Wait 1 minute ');
  expect(errorText(intlFr, { code: '18', data: { retryAfter: 300 } })).toContain('5 minutes');
  expect(errorText(intlEn, { code: '17' })).toBe(en['error.17']);
});

test('code 21 adds a short reason for each reason the server gives', () => {
  ['common', 'sequence', 'repeat', 'personal', 'weak'].forEach((reason) => {
    expect(errorText(intlEn, { code: '21', data: { reason } })).toBe(`${en['error.21']} ${en[`error.21.${reason}`]}`);
  });
});

test('an unknown message is shown as it is', () => {
  expect(errorText(intlEn, fromFailure(new ApiError({ message: 'Code does not match.' })))).toBe('Code does not match.');
  expect(
    errorText(intlEn, fromFailure(new ApiError({ message: 'The system cannot process the request at this time' }))),
  ).toBe('The system cannot process the request at this time');
});

test('a failure without a message (timeout, network) gives the code 7 text', () => {
  expect(errorText(intlEn, fromFailure(new ApiError({ timeout: true })))).toBe(en['error.7']);
  expect(errorText(intlFr, fromFailure(new Error('')))).toBe(fr['error.7']);
});

test('every server code from 14 to 30 has a text in both languages', () => {
  for (let code = 14; code <= 30; code += 1) {
    expect(en[`error.${code}`]).toBeTruthy();
    expect(fr[`error.${code}`]).toBeTruthy();
  }
});
