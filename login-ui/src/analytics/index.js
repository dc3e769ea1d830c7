// Analytics of specification section 7, pushed to window.dataLayer, and sent first-party to
// the provider (POST /v1/events, idp/insight/collector.py) — never to a third party.
// Never put personal data (e-mail, phone, names, codes) in an event: the collector keeps an
// allow-list of fields, each holding only a name the server owns (screens, pages, categories,
// actions, steps: names.json, generated from idp/insight/names.py; names.test.js walks the UI
// against it), and drops an event that carries anything else.
//
// What goes to the provider: the event and the screen it happened on (the path after the
// language), the page name, category, action, label, sign-up step, language, the waiting
// service's id, a device class from the viewport's width, a catalogue error code, the journey's
// id (one the provider offered: `offerJourney`) and the bucket of seconds spent on the screen
// before (transport.js, which batches them and sends them when the page is hidden); nothing at
// all when the browser asks not to be tracked (Global Privacy Control, Do Not Track).

const shown = { screen: '', language: 'en' };
let service = null;
// The transport (transport.js) once its chunk is here; the events and the journey id offered in
// the moments before wait.
let transport = null;
const waiting = [];
let offered = null;

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

function send(fields) {
  if (typeof window === 'undefined' || !tracked()) return;
  const event = { ...fields, screen: shown.screen, language: shown.language, device: deviceClass(), at: Date.now(), ...(service ? { service } : {}) };
  if (transport) transport.add(event);
  else waiting.push(event);
}

export function flush() {
  if (transport) transport.flush();
}

// Where the events go (the shell's API base) and which service waits for this browser (its id).
export function configureInsight({ apiBase }) {
  return import(/* webpackChunkName: "insight" */ './transport').then((loaded) => {
    loaded.start(`${apiBase.replace(/\/$/, '')}/events`);
    transport = loaded;
    if (offered) loaded.offer(offered);
    waiting.splice(0).forEach(loaded.add);
  // a chunk that cannot be fetched (offline): the page goes on, its events stay unsent
  }, () => {});
}

export function setService(id) {
  service = id == null ? null : String(id);
}

// A journey id GET /v1/session offered (each answer has a fresh one): the next journey's.
export function offerJourney(id) {
  if (typeof id !== 'string') return;
  if (transport) transport.offer(id);
  else offered = id;
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
