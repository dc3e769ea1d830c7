// A script, or a careless screen, would put digits of its choosing in the only fields that took
// numbers: the journey id (a UUID this UI made) and the milliseconds since the journey began. Now
// the id is one the provider offered (GET /v1/session) and the time a bucket the collector
// enumerates (names.json): the UI sends no number of its own choosing, and waits for an id
// rather than make one.
import { ApiError } from '../api/v1';
import { buildAction, configureInsight, errorCode, failureResult, flush, offerJourney, pageView, setService, trackEvent } from '.';
import NAMES from './names.json';

// ids as GET /v1/session offers them
const OFFERED = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210'];

test('a page view carries the path and the page name', () => {
  pageView('/en/signUp', 'signup');
  expect(window.dataLayer).toEqual([{ event: 'pageview', page: { path: '/en/signUp', name: 'signup' } }]);
});

test('an event has category = flow, action = page + step + result, label = button or link', () => {
  trackEvent({ category: 'signup', page: 'password', step: 2, result: 'submit_success' });
  trackEvent({ category: 'signin', page: 'verification', result: 'request-new-code', label: 'link' });
  expect(window.dataLayer).toEqual([
    { event: 'event', category: 'signup', action: 'password_step2_submit_success', label: 'button' },
    { event: 'event', category: 'signin', action: 'verification_request-new-code', label: 'link' },
  ]);
});

test('the action leaves out a missing step', () => {
  expect(buildAction('home', null, 'redirect_privacy')).toBe('home_redirect_privacy');
});

test('a failure is an error when a message came back and a timeout when not', () => {
  expect(failureResult(new ApiError({ message: '14' }))).toBe('submit_error');
  expect(failureResult(new ApiError({ timeout: true }))).toBe('submit_timeout');
});

describe('first-party collection', () => {
  const sent = () => navigator.sendBeacon.mock.calls.map(([url, blob]) => [url, blob]);
  const read = (blob) =>
    new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(JSON.parse(reader.result));
      reader.readAsText(blob);
    });
  const events = async () => Promise.all(sent().map(([, blob]) => read(blob))).then((batches) => batches.flatMap((batch) => batch.events));

  beforeEach(async () => {
    await configureInsight({ apiBase: '/v1' });
    offerJourney(OFFERED[0]);
    flush();
    navigator.sendBeacon.mockClear();
    setService(null);
  });

  test('events go to the provider, batched, when the page is hidden, with the allow-listed fields only', async () => {
    setService('reservations');
    pageView('/fr/signUp/verification/email', 'verification');
    trackEvent({ category: 'signup', page: 'verification', step: 2, result: 'submit_error', error: '14' });
    expect(navigator.sendBeacon).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(sent().map(([url]) => url)).toEqual(['/v1/events']);
    const [view, failed] = await events();
    expect(Object.keys(view).sort()).toEqual(['device', 'elapsed', 'event', 'journey', 'language', 'page', 'screen', 'service']);
    expect(view).toMatchObject({ event: 'pageview', screen: 'signUp/verification/email', language: 'fr', page: 'verification', service: 'reservations' });
    expect(failed).toMatchObject({ event: 'event', action: 'verification_step2_submit_error', step: 2, error: '14', journey: OFFERED[0] });
    expect(view.journey).toBe(OFFERED[0]);
    // the dataLayer entries stay as the specification has them
    expect(window.dataLayer[1]).toEqual({ event: 'event', category: 'signup', action: 'verification_step2_submit_error', label: 'button' });
  });

  test('twenty events make a batch of their own', () => {
    for (let i = 0; i < 20; i += 1) pageView('/en/signIn', 'signin');
    expect(navigator.sendBeacon).toHaveBeenCalledTimes(1);
  });

  test('the journey id is forgotten at the journey end, and the next journey takes the id offered since', async () => {
    pageView('/en/signIn', 'signin');
    offerJourney(OFFERED[1]);
    pageView('/en/redirecttorp', 'redirectToRp');
    pageView('/en/signIn', 'signin');
    flush();
    expect((await events()).map((event) => event.journey)).toEqual([OFFERED[0], OFFERED[0], OFFERED[1]]);
  });

  test('events wait for a journey id the provider offers, and go with it', async () => {
    pageView('/en/signIn', 'signin');
    pageView('/en/redirecttorp', 'redirectToRp');
    pageView('/en/signIn', 'signin');
    flush();
    expect(await events()).toHaveLength(2);
    navigator.sendBeacon.mockClear();
    offerJourney(OFFERED[1]);
    flush();
    expect(await events()).toMatchObject([{ screen: 'signIn', journey: OFFERED[1], elapsed: 0 }]);
  });

  test('the time an event carries is the bucket of the seconds on the screen before', async () => {
    const now = jest.spyOn(Date, 'now');
    try {
      [[0, 'signIn'], [4000, null], [44000, 'signIn/password'], [5000000, 'signIn/verification/sms']].forEach(([at, screen]) => {
        now.mockReturnValue(1700000000000 + at);
        if (screen) pageView(`/en/${screen}`, 'signin');
        else trackEvent({ category: 'signin', page: 'signin', result: 'submit_success' });
      });
    } finally {
      now.mockRestore();
    }
    flush();
    const sent = (await events()).map((event) => event.elapsed);
    expect(sent).toEqual([0, 5, 55, 3600]);
    expect(sent.every((elapsed) => NAMES.elapsed.includes(elapsed))).toBe(true);
  });

  test('nothing is sent when the browser asks not to be tracked', () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    try {
      pageView('/en/signIn', 'signin');
      flush();
      expect(navigator.sendBeacon).not.toHaveBeenCalled();
      expect(window.dataLayer).toHaveLength(1);
    } finally {
      delete navigator.globalPrivacyControl;
    }
  });

  test('a phone-wide window is a phone', async () => {
    window.innerWidth = 375;
    pageView('/en/signIn', 'signin');
    flush();
    window.innerWidth = 1024;
    expect((await events())[0].device).toBe('phone');
  });

  test('the events of the first moments wait for the transport, then go with their journey', async () => {
    window.sessionStorage.clear();
    let fresh;
    jest.isolateModules(() => {
      fresh = require('.');
    });
    fresh.pageView('/en/signIn', 'signin');
    fresh.offerJourney(OFFERED[1]);
    expect(navigator.sendBeacon).not.toHaveBeenCalled();
    await fresh.configureInsight({ apiBase: '/v1/' });
    fresh.flush();
    const [view] = await events();
    expect(view).toMatchObject({ event: 'pageview', screen: 'signIn', language: 'en', journey: OFFERED[1] });
    expect(view.elapsed).toBe(0);
    expect(view).not.toHaveProperty('at');
  });

  test('a failure names its catalogue code, a timeout none', () => {
    expect(errorCode(new ApiError({ message: '22' }))).toBe('22');
    expect(errorCode(new ApiError({ timeout: true }))).toBeUndefined();
  });
});
