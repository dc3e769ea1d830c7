// Runtime configuration rendered by Flask into <script id="idp-config" type="application/json">.
// `policy` carries the server's policy numbers (config/settings.toml): the UI checks and
// shows the same bounds the server enforces. The defaults are the server's defaults.
export const DEFAULT_POLICY = Object.freeze({
  codeLength: 6,
  codeExpiryMinutes: 10,
  resendWaitSeconds: 10,
  pwdMinLength: 12,
  pwdMaxLength: 65,
  nameMaxLength: 100,
  phoneMaxDigits: 15,
  // phone.long_numbers: numbers past the country's length and the digit cap are accepted
  phoneLongNumbers: false,
  // characters of a backup code (methods.backup_code_length)
  backupCodeLength: 10,
  // the phone channels offered (notify.channels), the default first
  phoneChannels: Object.freeze(['sms', 'voice']),
  // the countries each phone channel serves (phone.sms_countries, phone.voice_countries; ['*']: all)
  phoneCountries: Object.freeze({ sms: Object.freeze(['CA', 'US']), voice: Object.freeze(['CA', 'US']) }),
});

const PHONE_CHANNELS = ['sms', 'voice'];
const REGION_RE = /^([A-Z]{2}|\*)$/;

const regionList = (value) => Array.isArray(value) && value.length > 0 && value.every((region) => REGION_RE.test(region));

const DEFAULTS = Object.freeze({ environment: 'production', apiBase: '/v1', policy: DEFAULT_POLICY });

function usable(value, fallback) {
  if (fallback === DEFAULT_POLICY.phoneCountries) {
    return Boolean(value) && typeof value === 'object' && PHONE_CHANNELS.every((channel) => regionList(value[channel]));
  }
  if (Array.isArray(fallback)) {
    return (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((item) => PHONE_CHANNELS.includes(item)) &&
      new Set(value).size === value.length
    );
  }
  return typeof fallback === 'boolean' ? typeof value === 'boolean' : Number.isInteger(value) && value > 0;
}

// Each value of the server's policy, or the default when it is missing or not of its kind
// (a positive whole number, true or false, a list of phone channels, or each one's countries).
function readPolicy(given) {
  const source = given && typeof given === 'object' ? given : {};
  return Object.fromEntries(
    Object.entries(DEFAULT_POLICY).map(([key, fallback]) => {
      const value = source[key];
      return [key, usable(value, fallback) ? value : fallback];
    }),
  );
}

export function readConfig(doc = typeof document !== 'undefined' ? document : null) {
  const node = doc && doc.getElementById('idp-config');
  let parsed = {};
  try {
    parsed = node ? JSON.parse(node.textContent || '{}') : {};
  } catch {
    parsed = {};
  }
  return { ...DEFAULTS, ...parsed, policy: readPolicy(parsed.policy) };
}

// The phone-OTP demo page reads the server's dev outbox, which only exists when the
// server runs in development: it follows the server's config alone.
export const demoPagesEnabled = (config) => config.environment === 'development';

// Test mode (specification section 7): the server hands the sample person's test data
// ([testmode] settings) only when it runs in development with test mode on, and refuses
// to start in production with it; the UI also ignores it from a server not in development.
export const testDataOf = (config) => (config.environment === 'development' && config.testData ? config.testData : {});
