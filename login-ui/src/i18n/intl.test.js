import { parse } from '@formatjs/icu-messageformat-parser';
import en from './en.json';
import fr from './fr.json';
import { createIntl, TYPE } from './intl';

const { compiled } = require('../test/messages');

const intlEn = createIntl({ locale: 'en-CA', messages: compiled(en) });
const intlFr = createIntl({ locale: 'fr-CA', messages: compiled(fr) });
const LITERAL = 0;
const FORMATTED = [LITERAL, ...Object.values(TYPE)];

function kinds(parts) {
  return parts.flatMap((part) => [part.type, ...Object.values(part.options || {}).flatMap((option) => kinds(option.value))]);
}

test.each([
  ['en', en],
  ['fr', fr],
])('every %s message is made of parts the UI formats', (language, messages) => {
  const unformatted = Object.entries(messages).filter(([, text]) => kinds(parse(text)).some((kind) => !FORMATTED.includes(kind)));
  expect(unformatted).toEqual([]);
});

test('a plural takes its exact case first, then the category of the language, and # is its number', () => {
  expect(intlEn.formatMessage({ id: 'phone.searchCount' }, { count: 0 })).toBe('No country matches');
  expect(intlEn.formatMessage({ id: 'phone.searchCount' }, { count: 1 })).toBe('1 country matches');
  expect(intlEn.formatMessage({ id: 'phone.searchCount' }, { count: 1200 })).toBe('1,200 countries match');
  expect(intlEn.formatMessage({ id: 'error.3' }, { codeLength: 6 })).toBe('Codes must be six digits. Try again.');
  expect(intlEn.formatMessage({ id: 'error.3' }, { codeLength: 8 })).toBe('Codes must be 8 digits. Try again.');
});

test('French plurals and numbers follow French rules', () => {
  const messages = compiled({ sample: '{count, plural, one {# minute} other {# minutes}} sur {total, number}' });
  const intl = createIntl({ locale: 'fr-CA', messages });
  expect(intl.formatMessage({ id: 'sample' }, { count: 0, total: 1500 })).toBe('0 minute sur 1\u00a0500');
  expect(intl.formatMessage({ id: 'sample' }, { count: 2, total: 3 })).toBe('2 minutes sur 3');
});

test('a select takes the case of its value, else other; an argument is shown as given', () => {
  const messages = compiled({ sample: '{kind, select, sms {SMS to {phone}} other {a call to {phone}}}' });
  const intl = createIntl({ locale: 'en-CA', messages });
  expect(intl.formatMessage({ id: 'sample' }, { kind: 'sms', phone: '******0100' })).toBe('SMS to ******0100');
  expect(intl.formatMessage({ id: 'sample' }, { kind: 'voice', phone: '******0100' })).toBe('a call to ******0100');
});

test("the build's form of a message has its text parts as texts", () => {
  const built = compiled(en);
  expect(built['home.title']).toEqual([en['home.title']]);
  expect(built['error.3'][0].options['=6'].value).toEqual([en['error.3'].match(/=6 \{(.*?)\}/)[1]]);
});

test('a missing message or value shows the message id and says why', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(intlFr.formatMessage({ id: 'no.such.message' })).toBe('no.such.message');
  expect(intlFr.formatMessage({ id: 'error.3' })).toBe('error.3');
  expect(error).toHaveBeenCalledTimes(2);
  error.mockRestore();
});

test('a date is formatted in the language, an unreadable one shown as given', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(intlFr.formatDate('2026-11-27T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('27 novembre 2026');
  expect(intlEn.formatDate('2026-11-27T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('November 27, 2026');
  expect(intlEn.formatDate('not a date', { dateStyle: 'long' })).toBe('not a date');
  error.mockRestore();
});
