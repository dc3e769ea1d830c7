import { act, fireEvent, screen, within } from '@testing-library/react';
import { ok, renderApp, signedIn, signedOut, texts } from '../../test/utils';

const { en, fr } = texts;
// each moment as the server says it (idp/moments.py: the service's time zone, named)
const SIGN_IN = { id: '41', event: 'signin_completed', failed: false, reportable: true, at: '2026-11-25T03:30:00Z', atSaid: 'Tuesday, November 24, 2026, 10:30 p.m. (Eastern Standard Time)', browser: 'Mobile Safari', system: 'iOS', kind: 'phone', proof: 'sms' };
const WRONG = { id: '40', event: 'password_wrong', failed: true, reportable: true, at: '2026-11-24T15:00:00Z', atSaid: 'Tuesday, November 24, 2026, 10:00 a.m. (Eastern Standard Time)', browser: null, system: null, kind: null, proof: null };
const NEW_PHONE = { id: '39', event: 'new_phone_code_sent', failed: false, reportable: true, at: '2026-11-20T15:00:00Z', atSaid: 'Friday, November 20, 2026, 10:00 a.m. (Eastern Standard Time)', browser: 'Firefox', system: 'Windows', kind: 'computer', proof: null, ending: '0199', channel: 'sms' };
const page = (events, next = null) => ok({ events, next, keptDays: 730 });

test('says each event in words with when, the device and how it was proved', async () => {
  await renderApp('/en/account/activity', { api: signedIn({ 'GET /v1/account/activity': page([SIGN_IN, NEW_PHONE]) }) });
  expect(await screen.findByRole('heading', { level: 1, name: en['account.activity.title'] })).toBeInTheDocument();
  expect(screen.getByText('What happened on your account, newest first. We keep each event for 730 days.')).toBeInTheDocument();
  const signIn = screen.getByTestId('event-41');
  expect(within(signIn).getByRole('heading', { level: 2 })).toHaveTextContent(/^Signed in$/);
  // the server's words, as its e-mails say the moment (tests/foundation/test_moments.py)
  expect(within(signIn).getByText(SIGN_IN.atSaid)).toBeInTheDocument();
  expect(within(signIn).getByText('Mobile Safari on iOS')).toBeInTheDocument();
  expect(within(signIn).getByText(en['account.sessions.proofs.sms'])).toBeInTheDocument();
  expect(within(screen.getByTestId('event-39')).getByRole('heading', { level: 2 })).toHaveTextContent('Code sent to a new phone number ending in 0199');
});

test('marks a failure as not successful, and an unknown browser in words', async () => {
  await renderApp('/en/account/activity', { api: signedIn({ 'GET /v1/account/activity': page([WRONG]) }) });
  const wrong = await screen.findByTestId('event-40');
  expect(within(wrong).getByRole('heading', { level: 2 })).toHaveTextContent('Wrong password entered Not successful');
  expect(within(wrong).getByText('Unknown device')).toBeInTheDocument();
});

test('is in French with the services named and the counts said', async () => {
  const ended = { ...SIGN_IN, id: '50', event: 'sessions_ended', count: 2, proof: null };
  const disconnected = { ...SIGN_IN, id: '51', event: 'service_disconnected', service: 'Service de réservations', proof: null };
  const { calls } = await renderApp('/fr/account/activity', { api: signedIn({ 'GET /v1/account/activity': page([disconnected, ended]) }) });
  expect(await screen.findByRole('heading', { level: 1, name: fr['account.activity.title'] })).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/account/activity').url).toContain('lang=fr');
  expect(screen.getByText('Service de réservations déconnecté du compte')).toBeInTheDocument();
  expect(screen.getByText('Déconnexion de 2 appareils')).toBeInTheDocument();
  expect(screen.getAllByText('Mobile Safari sur iOS')).toHaveLength(2);
});

test('an event this page has no words for is other activity, not a key', async () => {
  await renderApp('/en/account/activity', { api: signedIn({ 'GET /v1/account/activity': page([{ ...SIGN_IN, event: 'something_new' }]) }) });
  expect(await screen.findByText(en['account.activity.events.unknown'])).toBeInTheDocument();
});

test('older activity is read a page at a time below the first', async () => {
  const pages = { '': page([SIGN_IN], '41'), 41: page([WRONG]) };
  const { calls } = await renderApp('/en/account/activity', {
    api: signedIn({ 'GET /v1/account/activity': (body, url) => pages[new URL(url, 'http://x').searchParams.get('after') || ''] }),
  });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: en['account.activity.more'] })));
  expect(calls.filter((call) => call.path === '/v1/account/activity').map((call) => call.url)).toEqual([
    '/v1/account/activity?lang=en',
    '/v1/account/activity?lang=en&after=41',
  ]);
  expect(screen.getByTestId('event-41')).toBeInTheDocument();
  expect(screen.getByTestId('event-40')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: en['account.activity.more'] })).toBeNull();
});

test("each event offers \"This wasn't me\", named for a screen reader", async () => {
  const { location } = await renderApp('/en/account/activity', { api: signedIn({ 'GET /v1/account/activity': page([SIGN_IN]) }) });
  const link = await screen.findByRole('link', { name: /^This wasn't me — Signed in, Tuesday, November 24, 2026/ });
  await act(async () => fireEvent.click(link));
  expect(location()).toBe('/en/account/notme');
});

test("\"This wasn't me\" is not offered beside the person's own acts, as the server says", async () => {
  const ended = { ...SIGN_IN, id: '50', event: 'sessions_ended', count: 1, proof: null, reportable: false };
  const disconnected = { ...SIGN_IN, id: '51', event: 'service_disconnected', service: 'Reservations service', proof: null, reportable: false };
  await renderApp('/en/account/activity', { api: signedIn({ 'GET /v1/account/activity': page([disconnected, ended, SIGN_IN]) }) });
  expect(await screen.findByText('Disconnected from Reservations service')).toBeInTheDocument();
  expect(within(screen.getByTestId('event-50')).queryByRole('link')).toBeNull();
  expect(within(screen.getByTestId('event-51')).queryByRole('link')).toBeNull();
  expect(within(screen.getByTestId('event-41')).getByRole('link', { name: /^This wasn't me/ })).toBeInTheDocument();
});

test('an account with no activity says so', async () => {
  await renderApp('/en/account/activity', { api: signedIn({ 'GET /v1/account/activity': page([]) }) });
  expect(await screen.findByText(en['account.activity.none'])).toBeInTheDocument();
});

test('the profile home links to it', async () => {
  await renderApp('/fr/profilehome', { api: signedIn() });
  const link = await screen.findByRole('link', { name: fr['profile.home.activity'] });
  expect(link).toHaveAttribute('href', '/fr/account/activity');
});

test('nobody signed in goes home', async () => {
  const { location } = await renderApp('/en/account/activity', { api: signedOut });
  expect(location()).toBe('/');
});
