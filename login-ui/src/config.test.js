import { DEFAULT_POLICY, demoPagesEnabled, readConfig, testDataOf } from './config';

const block = (json) => {
  document.body.innerHTML = `<script id="idp-config" type="application/json">${json}</script>`;
};

test('the config is read from the #idp-config JSON script', () => {
  block('{"environment": "development", "apiBase": "/api/v1"}');
  expect(readConfig()).toMatchObject({ environment: 'development', apiBase: '/api/v1' });
});

test('without a config the app assumes production, /v1 and the default policy', () => {
  expect(readConfig()).toEqual({ environment: 'production', apiBase: '/v1', policy: DEFAULT_POLICY });
});

test('the default policy is the server default: 6-digit codes for 10 minutes, passwords of 12 to 65', () => {
  const server = { codeLength: 6, codeExpiryMinutes: 10, resendWaitSeconds: 10, pwdMinLength: 12, pwdMaxLength: 65 };
  expect(DEFAULT_POLICY).toEqual({ ...server, nameMaxLength: 100, phoneMaxDigits: 15, phoneLongNumbers: false, backupCodeLength: 10, phoneChannels: ['sms', 'voice'],
    phoneCountries: { sms: ['CA', 'US'], voice: ['CA', 'US'] } });
});

test('the policy numbers come from the server when it sends them', () => {
  block('{"policy": {"codeLength": 8, "codeExpiryMinutes": 5, "pwdMinLength": 15}}');
  expect(readConfig().policy).toEqual({ ...DEFAULT_POLICY, codeLength: 8, codeExpiryMinutes: 5, pwdMinLength: 15 });
});

test('a policy number that is not a positive whole number falls back to its default', () => {
  block('{"policy": {"codeLength": "8", "pwdMinLength": -1, "nameMaxLength": 2.5}}');
  expect(readConfig().policy).toEqual(DEFAULT_POLICY);
});

test('a damaged config block gives the defaults', () => {
  block('{not json');
  expect(readConfig()).toEqual({ environment: 'production', apiBase: '/v1', policy: DEFAULT_POLICY });
});

test('the phone-OTP demo page follows the server environment', () => {
  expect(demoPagesEnabled({ environment: 'development' })).toBe(true);
  expect(demoPagesEnabled({ environment: 'production' })).toBe(false);
});

test('test data comes from a development server in test mode only', () => {
  const testData = { email: 'test@example.com' };
  expect(testDataOf({ environment: 'development', testData })).toBe(testData);
  expect(testDataOf({ environment: 'production', testData })).toEqual({});
  expect(testDataOf({ environment: 'development' })).toEqual({});
});

test('the "long numbers" option comes from the server as true or false, else it is off', () => {
  block('{"policy": {"phoneLongNumbers": true}}');
  expect(readConfig().policy.phoneLongNumbers).toBe(true);
  block('{"policy": {"phoneLongNumbers": "yes"}}');
  expect(readConfig().policy.phoneLongNumbers).toBe(false);
});

test('the phone channels come from the server, and an unknown or empty list gives both', () => {
  block('{"policy": {"phoneChannels": ["sms"]}}');
  expect(readConfig().policy.phoneChannels).toEqual(['sms']);
  block('{"policy": {"phoneChannels": []}}');
  expect(readConfig().policy.phoneChannels).toEqual(['sms', 'voice']);
  block('{"policy": {"phoneChannels": ["fax"]}}');
  expect(readConfig().policy.phoneChannels).toEqual(['sms', 'voice']);
});

test('the countries of each phone channel come from the server, and a malformed list gives the defaults', () => {
  block('{"policy": {"phoneCountries": {"sms": ["CA", "US", "FR"], "voice": ["*"]}}}');
  expect(readConfig().policy.phoneCountries).toEqual({ sms: ['CA', 'US', 'FR'], voice: ['*'] });
  block('{"policy": {"phoneCountries": {"sms": ["Canada"], "voice": ["CA"]}}}');
  expect(readConfig().policy.phoneCountries).toEqual(DEFAULT_POLICY.phoneCountries);
  block('{"policy": {"phoneCountries": {"sms": ["CA"]}}}');
  expect(readConfig().policy.phoneCountries).toEqual(DEFAULT_POLICY.phoneCountries);
});
