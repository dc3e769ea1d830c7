import { createIntl } from 'react-intl';
import { ApiError } from '../api/v1';
import { DEFAULT_POLICY } from '../config';
import en from './en.json';
import fr from './fr.json';
import { ERRORS, errorText, followUp, fromFailure, passwordLengthText } from './errors';

const { compiled } = require('../test/messages');

const intlEn = createIntl({ locale: 'en-CA', messages: compiled(en) });
const intlFr = createIntl({ locale: 'fr-CA', messages: compiled(fr) });

test('a catalogue code is shown with its text in the current language', () => {
  expect(errorText(intlFr, { code: ERRORS.WRONG_CODE })).toBe('Code invalide. Veuillez réessayer.');
  expect(errorText(intlEn, { code: ERRORS.PHONE_REQUIRED })).toBe('Enter a phone number to continue.');
});

test('the spec texts of codes 2, 3, 7 and 11 are used as written', () => {
  expect(errorText(intlEn, { code: '2' })).toBe('Invalid email. Email must contain an ‘@’ symbol followed by a domain.');
  expect(errorText(intlEn, { code: '3' })).toBe('Codes must be six digits. Try again.');
  expect(errorText(intlEn, { code: '7' })).toBe('Server Error. Please try again later.');
  expect(errorText(intlEn, { code: '11', data: { reason: 'required' } })).toBe(
    'Enter a last name to continue. If you have a single name, enter it in the last name field.',
  );
});

test('the code format message names the code length of the policy', () => {
  expect(errorText(intlEn, { code: ERRORS.INVALID_CODE_FORMAT }, { ...DEFAULT_POLICY, codeLength: 8 })).toBe(
    'Codes must be 8 digits. Try again.',
  );
  expect(errorText(intlFr, { code: ERRORS.INVALID_CODE_FORMAT }, { ...DEFAULT_POLICY, codeLength: 8 })).toBe(
    'Les codes doivent compter 8 chiffres. Veuillez réessayer.',
  );
});

test('a name refused for its characters says what a name may contain, not that a last name is missing', () => {
  expect(errorText(intlEn, { code: ERRORS.INVALID_NAME, data: { reason: 'invalid', field: 'firstName' } })).toBe(
    en['error.11.invalid'],
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

test('without bounds in its data the password length message uses the policy bounds', () => {
  expect(errorText(intlEn, { code: '5' }, { ...DEFAULT_POLICY, pwdMinLength: 15, pwdMaxLength: 70 })).toBe(
    'Invalid password. Password must be at least 15 characters and maximum 70 characters.',
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

test('a new code asked too soon (34) says how many seconds to wait, in both languages', () => {
  expect(errorText(intlEn, { code: ERRORS.RESEND_TOO_SOON, data: { retryAfter: 7 } })).toBe(
    'Wait 7 seconds before asking for a new code.',
  );
  expect(errorText(intlFr, { code: ERRORS.RESEND_TOO_SOON, data: { retryAfter: 1 } })).toBe(
    'Attendez 1 seconde avant de demander un nouveau code.',
  );
  expect(errorText(intlEn, { code: ERRORS.RESEND_TOO_SOON })).toBe(en['error.34']);
});

test('code 21 adds a short reason for each reason the server gives, a breached password included', () => {
  ['breached', 'common', 'sequence', 'repeat', 'personal', 'weak'].forEach((reason) => {
    expect(errorText(intlEn, { code: '21', data: { reason } })).toBe(`${en['error.21']} ${en[`error.21.${reason}`]}`);
  });
});

test('a name too long names the maximum', () => {
  expect(errorText(intlEn, { code: ERRORS.NAME_TOO_LONG, data: { maxLength: 100 } })).toBe(
    'The name is too long. Use 100 characters or fewer.',
  );
});

test('an unknown message is shown as it is', () => {
  expect(errorText(intlEn, fromFailure(new ApiError({ message: 'Code does not match.' })))).toBe('Code does not match.');
  expect(
    errorText(intlEn, fromFailure(new ApiError({ message: 'The system cannot process the request at this time' }))),
  ).toBe('The system cannot process the request at this time');
});

test('a server failure without a message gives the code 7 text', () => {
  expect(errorText(intlEn, fromFailure(new ApiError({ status: 500 })))).toBe(en['error.7']);
  expect(errorText(intlFr, fromFailure(new Error('')))).toBe(fr['error.7']);
});

test('no answer at all (a lost connection, the time limit) says to check the connection, not a server error', () => {
  expect(errorText(intlEn, fromFailure(new ApiError({ timeout: true })))).toBe(en['error.page.noAnswer']);
  expect(errorText(intlFr, fromFailure(new ApiError({ timeout: true })))).toBe(fr['error.page.noAnswer']);
});

test('each cause of a journey gone from its page has its own words, each saying what to do', () => {
  const said = [ERRORS.STEP_OUT_OF_ORDER, ERRORS.PAGE_EXPIRED, ERRORS.SESSION_LOST].map((code) => errorText(intlEn, { code, data: { minutes: 30 } }));
  expect(new Set(said).size).toBe(3);
  expect(said[0]).toContain('another tab or window');
  expect(said[1]).toContain('30 minutes');
  expect(said[2]).toContain('cookies');
  expect(errorText(intlFr, { code: ERRORS.PAGE_EXPIRED, data: { minutes: 30 } })).toContain('30 minutes');
  expect(errorText(intlFr, { code: ERRORS.SESSION_LOST })).toContain('témoins');
  expect(errorText(intlEn, { code: ERRORS.PAGE_EXPIRED, data: { minutes: 1 } })).toContain('after 1 minute without');
});

test.each([['45'], ['46']])('a page expired or a session lost (%s) offers to start again', (code) => {
  expect(followUp({ code })).toEqual({ to: '', labelId: 'common.startAgain' });
  expect(followUp({ code }, 'firstverifyitsyou/methods')).toEqual({ to: 'firstverifyitsyou/methods', labelId: 'common.startAgain' });
});

test('a step out of order (20) offers to start again: at home, or at the start of a profile change', () => {
  expect(followUp({ code: ERRORS.STEP_OUT_OF_ORDER })).toEqual({ to: '', labelId: 'common.startAgain' });
  expect(followUp({ code: ERRORS.STEP_OUT_OF_ORDER }, 'firstverifyitsyou/phone')).toEqual({ to: 'firstverifyitsyou/phone', labelId: 'common.startAgain' });
  expect(followUp({ code: ERRORS.WRONG_CODE })).toBeNull();
  expect(followUp(null)).toBeNull();
});

test('a proof given too long ago (36) offers to confirm it is you again at the start of that change', () => {
  expect(followUp({ code: ERRORS.REAUTHENTICATION_EXPIRED }, 'firstverifyitsyou/password')).toEqual({
    to: 'firstverifyitsyou/password',
    labelId: 'reauthenticate.again',
  });
});

test('an account that needs recovery (37) is shown "I forgot my password"', () => {
  expect(followUp({ code: ERRORS.ACCOUNT_NEEDS_RECOVERY })).toEqual({ to: 'forgotpassword', labelId: 'password.signin.forgot' });
});

test('the last strong method (40) leads to adding another way first', () => {
  expect(followUp({ code: ERRORS.LAST_STRONG_METHOD })).toEqual({ to: 'signinmethods', labelId: 'methods.addAnotherFirst' });
});

test('a passkey already on this device (39, registered) says so; any other passkey failure says try again', () => {
  expect(errorText(intlEn, { code: '39', data: { reason: 'registered' } })).toBe(en['error.39.registered']);
  expect(errorText(intlFr, { code: '39', data: { reason: 'cancelled' } })).toBe(fr['error.39']);
});

test('a passkey name too long (41) names the bound', () => {
  expect(errorText(intlEn, { code: '41', data: { maxLength: 100 } })).toBe('Give your passkey a name of 100 characters or fewer, so you can tell it apart.');
});

test('a client check names its message (a backup code of the wrong shape)', () => {
  expect(errorText(intlFr, { id: 'error.backupCode', data: { length: 10 } })).toBe("Entrez un code de secours de 10 lettres et chiffres, tel qu'il vous a été montré.");
});

test('every named error code has a text in both languages', () => {
  const missing = Object.entries(ERRORS).filter(([, code]) => !en[`error.${code}`] || !fr[`error.${code}`]);
  expect(missing).toEqual([]);
});

test('an address with an "@" and a domain is not told it lacks them: the message names what is wrong', () => {
  expect(errorText(intlEn, { code: '2', data: { reason: 'at' } })).toBe(en['error.2']);
  expect(errorText(intlEn, { code: '2', data: { reason: 'domain' } })).toBe(en['error.2.domain']);
  expect(errorText(intlFr, { code: '2', data: { reason: 'characters' } })).toBe(fr['error.2.characters']);
  expect(errorText(intlFr, { code: '2', data: { reason: 'length' } })).toBe(fr['error.2.length']);
});


test('a destination whose day of codes is spent says which, what to do and in how many hours, in both languages', () => {
  expect(errorText(intlEn, { code: ERRORS.DESTINATION_DAY_SPENT, data: { channel: 'sms', retryAfter: 7000 } })).toBe(
    'We have sent as many codes as we can to this phone number today. Choose another way or another number, or try again in 2 hours.',
  );
  expect(errorText(intlFr, { code: ERRORS.DESTINATION_DAY_SPENT, data: { channel: 'email', retryAfter: 600 } })).toBe(
    "Nous avons envoyé aujourd'hui autant de codes que possible à cette adresse courriel. Choisissez une autre façon de prouver votre identité, ou réessayez dans 1 heure.",
  );
  expect(errorText(intlEn, { code: ERRORS.DESTINATION_DAY_SPENT, data: {} })).toBe(en['error.50']);
});

test('e-mails to new addresses paused for the day say in how many hours they come back', () => {
  expect(errorText(intlEn, { code: ERRORS.EMAIL_SENDING_PAUSED, data: { retryAfter: 43200 } })).toBe(
    'We cannot send codes by e-mail to new addresses for the rest of the day. Try again in 12 hours.',
  );
  expect(errorText(intlFr, { code: ERRORS.EMAIL_SENDING_PAUSED, data: {} })).toBe(fr['error.51']);
});

test('a number refused for its country names the countries the channel serves, in the language', () => {
  const country = { code: ERRORS.PHONE_NUMBER_REFUSED, data: { reason: 'country', channel: 'voice', countries: ['CA', 'US'] } };
  expect(errorText(intlEn, country)).toBe(
    'We cannot send codes by phone call to numbers in this country. We can send them to numbers in Canada and United States.',
  );
  expect(errorText(intlFr, { ...country, data: { ...country.data, channel: 'sms' } })).toBe(
    'Nous ne pouvons pas envoyer de codes par message texte aux numéros de ce pays. Nous pouvons les envoyer aux numéros de ces pays : Canada et États-Unis.',
  );
});

test('a number refused for its kind says which kind, and a kind without words of its own gets the general ones', () => {
  expect(errorText(intlEn, { code: ERRORS.PHONE_NUMBER_REFUSED, data: { reason: 'premium_rate', channel: 'voice' } })).toBe(
    en['error.52.premium_rate'],
  );
  expect(errorText(intlFr, { code: ERRORS.PHONE_NUMBER_REFUSED, data: { reason: 'satellite', channel: 'sms' } })).toBe(
    fr['error.52.satellite'],
  );
  expect(errorText(intlEn, { code: ERRORS.PHONE_NUMBER_REFUSED, data: { reason: 'toll_free', channel: 'sms' } })).toBe(en['error.52']);
});
