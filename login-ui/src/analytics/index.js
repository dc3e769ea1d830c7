// Analytics of specification section 7, pushed to window.dataLayer, and sent first-party to
// the provider (POST /v1/events, idp/insight/collector.py) — never to a third party.
// Never put personal data (e-mail, phone, names, codes) in an event: the collector keeps an
// allow-list of fields and drops an event that carries anything else.
//
// What goes to the provider: the event and the screen it happened on (the path after the
// language), the page name, category, action, label, sign-up step, language, the waiting
// service's id, a device class from the viewport's width, a catalogue error code, a random
// journey id made here for one journey (sessionStorage: forgotten at its end, or after a day)
// and the milliseconds since that journey began. Batched, and sent with sendBeacon when the
// page is hidden; nothing at all when the browser asks not to be tracked (Global Privacy
// Control, Do Not Track).

const JOURNEY_KEY = 'idp.insight.journey';
const BATCH = 20;
const DAY_MS = 86400000;
// The last screen of each journey: the journey id is forgotten once it is shown.
const ENDS = ['redirecttorp', 'youMayUpdateEmailAtOtherPlaces', 'phonechanged', 'passwordchanged', 'signinmethods/done', 'account/deleted'];

const queue = [];
const shown = { screen: '', language: 'en' };
let service = null;
let endpoint = '/v1/events';

function push(entry) {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer || [];
  window.dataLayer.push(entry);
}

function tracked() {
  const nav = typeof navigator === 'undefined' ? {} : navigator;
  return !(nav.globalPrivacyControl === true || nav.doNotTrack === '1' || window.doNotTrack === '1');
}

function deviceClass() {
  const width = window.innerWidth || 1024;
  if (width < 600) return 'phone';
  return width < 1024 ? 'tablet' : 'desktop';
}

function newId() {
  if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
  const bytes = window.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // eslint-disable-line no-bitwise
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // eslint-disable-line no-bitwise
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function journey() {
  let current = null;
  try {
    current = JSON.parse(window.sessionStorage.getItem(JOURNEY_KEY));
  } catch {
    current = null;
  }
  if (!current || Date.now() - current.started >= DAY_MS) {
    current = { id: newId(), started: Date.now() };
    window.sessionStorage.setItem(JOURNEY_KEY, JSON.stringify(current));
  }
  return current;
}

export function flush() {
  if (!queue.length) return;
  const body = JSON.stringify({ events: queue.splice(0) });
  if (navigator.sendBeacon && navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }))) return;
  if (typeof fetch === 'function') {
    fetch(endpoint, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => {});
  }
}

function send(fields) {
  if (typeof window === 'undefined' || !tracked()) return;
  const current = journey();
  queue.push({
    ...fields,
    screen: shown.screen,
    language: shown.language,
    device: deviceClass(),
    journey: current.id,
    elapsed: Math.min(Date.now() - current.started, DAY_MS),
    ...(service ? { service } : {}),
  });
  if (queue.length >= BATCH) flush();
}

// Where the events go (the shell's API base) and which service waits for this browser (its id).
export function configureInsight({ apiBase }) {
  endpoint = `${apiBase.replace(/\/$/, '')}/events`;
}

export function setService(id) {
  service = id == null ? null : String(id);
}

export const RESULTS = {
  success: 'submit_success',
  error: 'submit_error',
  timeout: 'submit_timeout',
  requestNewCode: 'request-new-code',
};

export function pageView(path, pageName) {
  push({ event: 'pageview', page: { path, name: pageName } });
  const [, language, ...rest] = path.split('/');
  shown.screen = rest.join('/');
  shown.language = language === 'fr' ? 'fr' : 'en';
  send({ event: 'pageview', page: pageName });
  if (ENDS.includes(shown.screen)) window.sessionStorage.removeItem(JOURNEY_KEY);
}

// action = page name + step + result, e.g. "signup_step1_submit_success"
export function buildAction(pageName, step, result) {
  return [pageName, step ? `step${step}` : null, result].filter(Boolean).join('_');
}

// error: the catalogue code a failed submit showed (the provider counts errors by step).
export function trackEvent({ category, page, step, result, label = 'button', error }) {
  const action = buildAction(page, step, result);
  push({ event: 'event', category, action, label });
  send({ event: 'event', page, category, action, label, ...(step ? { step } : {}), ...(error ? { error } : {}) });
}

// A failed call is an "error" when the server answered a message, a "timeout" when not.
export function failureResult(error) {
  return error && error.message ? RESULTS.error : RESULTS.timeout;
}

// The catalogue code a failed call answered, if any (what the provider counts errors by).
export function errorCode(error) {
  return error && /^\d{1,3}$/.test(String(error.message)) ? String(error.message) : undefined;
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
