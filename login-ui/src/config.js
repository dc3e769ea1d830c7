// Runtime configuration rendered by Flask into <script id="idp-config" type="application/json">.
const DEFAULTS = { environment: 'production', apiBase: '/v1' };

export function readConfig(doc = typeof document !== 'undefined' ? document : null) {
  const node = doc && doc.getElementById('idp-config');
  if (!node) return { ...DEFAULTS };
  try {
    const parsed = JSON.parse(node.textContent || '{}');
    return { ...DEFAULTS, ...parsed };
  } catch (e) {
    return { ...DEFAULTS };
  }
}

// process.env.NODE_ENV is replaced by webpack: "production" for `npm run build`,
// "development" for `npm run build:dev`; Jest sets it to "test".
export const isDevBuild = () => process.env.NODE_ENV !== 'production';

// The phone-OTP demo page reads the server's dev outbox, which only exists when the
// server runs in development: it follows the server's config alone.
export const demoPagesEnabled = (config) => config.environment === 'development';

// Test-data pre-fill needs BOTH a development bundle and a development server, so a
// production bundle never carries or applies it.
export const testDataEnabled = (config) => isDevBuild() && config.environment === 'development';
