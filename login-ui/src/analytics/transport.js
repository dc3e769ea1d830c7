// The first-party transport of the analytics (index.js says what is sent): a chunk of its own,
// fetched once the first screen is up — nobody waits for its bytes. It gives each event its
// journey's id and the time spent on the journey's screen before it, batches them, and sends them
// with sendBeacon when the page is hidden.
//
// Neither is a number the UI chooses. The id is one the provider made: every answer of
// GET /v1/session offers a fresh one (`offer`), kept as the spare of this tab (sessionStorage),
// and a journey takes the spare when it begins; until one is offered, the events wait. A journey
// ends at the screens `ends` of names.json (which the server generates) or after a day. The time
// is the upper bound of its bucket of seconds (names.json's `elapsed`; 0: the journey showed no
// screen before); the collector drops any other.
import NAMES from './names.json';

const JOURNEY_KEY = 'idp.insight.journey';
const SPARE_KEY = 'idp.insight.spare';
const BATCH = 20;
const DAY_MS = 86400000;

const queue = [];
// events made before any journey id was offered, in order
const waiting = [];
let endpoint = '/v1/events';

function stored() {
  try {
    return JSON.parse(window.sessionStorage.getItem(JOURNEY_KEY));
  } catch {
    return null;
  }
}

// The journey at `at`: the one under way, or a new one on the spare id; null without a spare.
function journey(at) {
  const current = stored();
  if (current && at - current.started < DAY_MS) return current;
  const spare = window.sessionStorage.getItem(SPARE_KEY);
  if (!spare) return null;
  window.sessionStorage.removeItem(SPARE_KEY);
  return { id: spare, started: at, shown: null };
}

// The seconds since the journey's last screen showed, as the upper bound of their bucket.
function elapsed(current, at) {
  if (current.shown === null) return 0;
  const seconds = (at - current.shown) / 1000;
  const bounds = NAMES.elapsed.filter((bound) => bound > 0);
  return bounds.find((bound) => seconds <= bound) || bounds[bounds.length - 1];
}

function settle() {
  place();
  if (queue.length >= BATCH) flush();
}

function place() {
  while (waiting.length) {
    const { at, fields } = waiting[0];
    const current = journey(at);
    if (!current) return;
    waiting.shift();
    queue.push({ ...fields, journey: current.id, elapsed: elapsed(current, at) });
    if (fields.event === 'pageview') current.shown = at;
    if (fields.event === 'pageview' && NAMES.ends.includes(fields.screen)) window.sessionStorage.removeItem(JOURNEY_KEY);
    else window.sessionStorage.setItem(JOURNEY_KEY, JSON.stringify(current));
  }
}

export function flush() {
  if (!queue.length) return;
  const body = JSON.stringify({ events: queue.splice(0) });
  if (navigator.sendBeacon && navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }))) return;
  if (typeof fetch === 'function') {
    fetch(endpoint, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => {});
  }
}

// One event as index.js made it, `at` the moment it happened.
export function add({ at, ...fields }) {
  waiting.push({ at, fields });
  settle();
}

// A journey id the provider made, for the next journey of this tab.
export function offer(id) {
  window.sessionStorage.setItem(SPARE_KEY, id);
  settle();
}

function flushWhenHidden() {
  if (document.visibilityState === 'hidden') flush();
}

export function start(events) {
  endpoint = events;
  // the same functions: a second start adds no second listener
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', flushWhenHidden);
}
