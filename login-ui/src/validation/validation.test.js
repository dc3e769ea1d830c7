import { dialCode, expectedDigits, toE164, validateCode, validateEmail, validateName, validatePassword, validatePhone } from '.';

describe('e-mail (error 2)', () => {
  test.each(['ada@example.com', 'a.b_c%d+e-f@sub.example.ca', 'X9@ex-ample.museum'])('accepts %s', (email) => {
    expect(validateEmail(email)).toBeNull();
  });
  test.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@example.c', 'ad a@example.com', 'ada!@example.com', 'ada@example.c0m'])(
    'refuses "%s"',
    (email) => {
      expect(validateEmail(email)).toEqual({ code: '2' });
    },
  );
});

describe('code (error 3)', () => {
  test('accepts exactly six digits', () => {
    expect(validateCode('123456')).toBeNull();
  });
  test.each(['12345', '1234567', '12345a', '', 'abcdef'])('refuses "%s"', (code) => {
    expect(validateCode(code)).toEqual({ code: '3' });
  });
});

describe('password (error 5, bounds from the policy)', () => {
  test('defaults to 12 to 65 characters', () => {
    expect(validatePassword('a'.repeat(11))).toEqual({ code: '5', data: { pwdMinLength: 12, pwdMaxLength: 65 } });
    expect(validatePassword('a'.repeat(12))).toBeNull();
    expect(validatePassword('a'.repeat(65))).toBeNull();
    expect(validatePassword('a'.repeat(66))).not.toBeNull();
  });
  test('uses the bounds of the policy when given', () => {
    expect(validatePassword('a'.repeat(12), { pwdMinLength: 14, pwdMaxLength: 20 })).toEqual({
      code: '5',
      data: { pwdMinLength: 14, pwdMaxLength: 20 },
    });
  });
});

describe('names (error 11)', () => {
  test.each(['Lovelace', "D'Arcy", 'Jean-Luc', 'Lévesque', 'Noël', 'de la Tour', 'O’Neil', 'Anne_Marie', 'Œuvre'])(
    'accepts %s',
    (name) => {
      expect(validateName(name, { required: true })).toBeNull();
    },
  );
  test.each(['A', 'R2D2', 'Ada!', 'a@b'])('refuses "%s"', (name) => {
    expect(validateName(name)).toEqual({ code: '11', data: { reason: 'invalid' } });
  });
  test('a required name (last name) cannot be empty', () => {
    expect(validateName('  ', { required: true })).toEqual({ code: '11', data: { reason: 'required' } });
  });
  test('an optional name (first name) is checked only when filled in', () => {
    expect(validateName('')).toBeNull();
  });
});

describe('phone (errors 10, 8/9, 22)', () => {
  test('empty gives error 10', () => {
    expect(validatePhone('', 'CA')).toEqual({ code: '10' });
  });
  test('too few digits names the country digit count', () => {
    expect(validatePhone('613555010', 'CA')).toEqual({ code: '8', data: { digits: 10 } });
    expect(validatePhone('6123', 'FR')).toEqual({ code: '8', data: { digits: 9 } });
  });
  test('too many digits names the country digit count', () => {
    expect(validatePhone('61355501001', 'CA')).toEqual({ code: '8', data: { digits: 10 } });
  });
  test('more than 15 digits is refused', () => {
    expect(validatePhone('1234567890123456', 'DE')).toMatchObject({ code: '8' });
  });
  test('extensions are refused', () => {
    expect(validatePhone('613 555 0100 ext 12', 'CA')).toEqual({ code: '22' });
    expect(validatePhone('613 555 0100 x12', 'CA')).toEqual({ code: '22' });
  });
  test('a number of another country is refused', () => {
    expect(validatePhone('212 555 0100', 'CA')).toEqual({ code: '22' });
  });
  test('valid numbers pass and are sent as + and digits', () => {
    expect(validatePhone('(613) 555-0100', 'CA')).toBeNull();
    expect(toE164('(613) 555-0100', 'CA')).toBe('+16135550100');
    expect(validatePhone('06 12 34 56 78', 'FR')).toBeNull();
    expect(toE164('06 12 34 56 78', 'FR')).toBe('+33612345678');
  });
  test('dial code and digit count come from the country', () => {
    expect(dialCode('CA')).toBe('+1');
    expect(dialCode('FR')).toBe('+33');
    expect(expectedDigits('CA')).toBe(10);
  });
});
