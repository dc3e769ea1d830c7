// The first-party transport of the analytics (index.js says what is sent): a chunk of its own,
// fetched once the first screen is up — nobody waits for its bytes. It gives each event the
// journey id (sessionStorage: forgotten at the journey's end — the screens `ends` of names.json,
// which the server generates — or after a day) and the milliseconds since that journey began,
// batches them, and sends them with sendBeacon when the page is hidden.
import NAMES from './names.json';

const JOURNEY_KEY = 'idp.insight.journey';
const BATCH = 20;
const DAY_MS = 86400000;

const queue = [];
let endpoint = '/v1/events';

function newId() {
  if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
  const bytes = window.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function journey(at) {
  let current = null;
  try {
    current = JSON.parse(window.sessionStorage.getItem(JOURNEY_KEY));
  } catch {
    current = null;
  }
  if (!current || at - current.started >= DAY_MS) {
    current = { id: newId(), started: at };
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

// One event as index.js made it, `at` the moment it happened.
export function add({ at, ...fields }) {
  const current = journey(at);
  queue.push({ ...fields, journey: current.id, elapsed: Math.max(0, Math.min(at - current.started, DAY_MS)) });
  if (fields.event === 'pageview' && NAMES.ends.includes(fields.screen)) window.sessionStorage.removeItem(JOURNEY_KEY);
  if (queue.length >= BATCH) flush();
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
