import { demoPagesEnabled, readConfig, testDataEnabled } from './config';

test('the config is read from the #idp-config JSON script', () => {
  document.body.innerHTML =
    '<script id="idp-config" type="application/json">{"environment": "development", "apiBase": "/api/v1"}</script>';
  expect(readConfig()).toEqual({ environment: 'development', apiBase: '/api/v1' });
});

test('without a config the app assumes production and /v1', () => {
  expect(readConfig()).toEqual({ environment: 'production', apiBase: '/v1' });
});

test('the phone-OTP demo page follows the server environment', () => {
  expect(demoPagesEnabled({ environment: 'development' })).toBe(true);
  expect(demoPagesEnabled({ environment: 'production' })).toBe(false);
});

test('test data needs a development server (and a non-production bundle)', () => {
  expect(testDataEnabled({ environment: 'production' })).toBe(false);
  expect(testDataEnabled({ environment: 'development' })).toBe(true);
});

test('a production bundle never enables test data', () => {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    expect(testDataEnabled({ environment: 'development' })).toBe(false);
  } finally {
    process.env.NODE_ENV = saved;
  }
});
