import { act, fireEvent, screen, within } from '@testing-library/react';
import { fail, ok, renderApp, signedIn, signedOut, texts } from '../../test/utils';

const { en, fr } = texts;
const FIREFOX = {
  id: 'sid-firefox',
  current: true,
  browser: 'Firefox',
  system: 'Windows',
  kind: 'computer',
  signedInAt: '2026-11-24T14:05:00Z',
  lastUsedAt: '2026-11-25T15:30:00Z',
  proof: 'passkey',
};
// the moments as the server says them in each language (idp/moments.py)
const SAID = {
  en: {
    'sid-firefox': ['Tuesday, November 24, 2026, 9:05 a.m. (Eastern Standard Time)', 'Wednesday, November 25, 2026, 10:30 a.m. (Eastern Standard Time)'],
    'sid-iphone': ['Friday, November 20, 2026, 4:00 a.m. (Eastern Standard Time)', 'Saturday, November 21, 2026, 5:10 p.m. (Eastern Standard Time)'],
  },
  fr: {
    'sid-firefox': ['mardi 24 novembre 2026, 09 h 05 (heure normale de l’Est)', 'mercredi 25 novembre 2026, 10 h 30 (heure normale de l’Est)'],
    'sid-iphone': ['vendredi 20 novembre 2026, 04 h 00 (heure normale de l’Est)', 'samedi 21 novembre 2026, 17 h 10 (heure normale de l’Est)'],
  },
};
const IPHONE = {
  id: 'sid-iphone',
  current: false,
  browser: 'Mobile Safari',
  system: 'iOS',
  kind: 'phone',
  signedInAt: '2026-11-20T09:00:00Z',
  lastUsedAt: '2026-11-21T22:10:00Z',
  proof: 'sms',
};
const page = (sessions, next = null) => (body, url) => {
  const language = new URL(url, 'http://x').searchParams.get('lang');
  const said = sessions.map((session) => {
    const [signedInSaid, lastUsedSaid] = SAID[language][session.id] || SAID[language]['sid-iphone'];
    return { ...session, signedInSaid, lastUsedSaid };
  });
  return ok({ sessions: said, next });
};

test('lists each device in words, when it signed in and was last used, how, and which one this is', async () => {
  await renderApp('/en/account/sessions', { api: signedIn({ 'GET /v1/account/sessions': page([FIREFOX, IPHONE]) }) });
  expect(await screen.findByRole('heading', { level: 1, name: en['account.sessions.title'] })).toBeInTheDocument();
  const here = screen.getByTestId('session-sid-firefox');
  expect(within(here).getByRole('heading', { level: 2 })).toHaveTextContent('Firefox on Windows (this device)');
  expect(within(here).getByText(SAID.en['sid-firefox'][1])).toBeInTheDocument();
  expect(within(here).getByText(en['account.sessions.proofs.passkey'])).toBeInTheDocument();
  expect(within(here).queryByRole('button')).not.toBeInTheDocument();
  const phone = screen.getByTestId('session-sid-iphone');
  expect(within(phone).getByRole('button', { name: 'Sign out of this device (Mobile Safari on iOS)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: en['account.sessions.signOutOthers'] })).toBeInTheDocument();
});

test('in French, with the dates of the French calendar', async () => {
  await renderApp('/fr/account/sessions', { api: signedIn({ 'GET /v1/account/sessions': page([FIREFOX, IPHONE]) }) });
  expect(await screen.findByRole('heading', { level: 1, name: fr['account.sessions.title'] })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Mobile Safari sur iOS' })).toBeInTheDocument();
  expect(within(screen.getByTestId('session-sid-iphone')).getByText(SAID.fr['sid-iphone'][1])).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Déconnecter cet appareil (Mobile Safari sur iOS)' })).toBeInTheDocument();
});

test('signing out of another device ends it, reads the list again and says so where the focus is', async () => {
  const lists = [page([FIREFOX, IPHONE]), page([FIREFOX])];
  const { calls } = await renderApp('/en/account/sessions', {
    api: signedIn({ 'GET /v1/account/sessions': (body, url) => lists.shift()(body, url), 'POST /v1/account/sessions/end': ok({ ended: 1 }) }),
  });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: /^Sign out of this device/ })));
  expect(calls.posts().map((call) => [call.path, call.body])).toEqual([['/v1/account/sessions/end', { session: 'sid-iphone' }]]);
  const status = await screen.findByRole('status');
  expect(status).toHaveTextContent('Mobile Safari on iOS is signed out.');
  expect(status).toHaveFocus();
  expect(screen.queryByTestId('session-sid-iphone')).not.toBeInTheDocument();
  expect(screen.getByText(en['account.sessions.onlyThis'])).toBeInTheDocument();
});

test('signing out everywhere else says how many devices were signed out', async () => {
  const lists = [page([FIREFOX, IPHONE, { ...IPHONE, id: 'sid-ipad' }]), page([FIREFOX])];
  await renderApp('/fr/account/sessions', {
    api: signedIn({ 'GET /v1/account/sessions': (body, url) => lists.shift()(body, url), 'POST /v1/account/sessions/end-others': ok({ ended: 2 }) }),
  });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: fr['account.sessions.signOutOthers'] })));
  expect(await screen.findByRole('status')).toHaveTextContent('2 autres appareils sont déconnectés.');
});

test('a device already gone is said in words, and the list is read again', async () => {
  const lists = [page([FIREFOX, IPHONE]), page([FIREFOX])];
  await renderApp('/en/account/sessions', {
    api: signedIn({ 'GET /v1/account/sessions': (body, url) => lists.shift()(body, url), 'POST /v1/account/sessions/end': fail('30', {}, 404) }),
  });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: /^Sign out of this device/ })));
  expect(await screen.findByRole('status')).toHaveTextContent(en['account.sessions.alreadyGone']);
  expect(screen.queryByTestId('session-sid-iphone')).not.toBeInTheDocument();
});

test('a long list shows more devices on demand', async () => {
  const pages = { first: page([FIREFOX], 'cursor-1'), 'cursor-1': page([IPHONE]) };
  await renderApp('/en/account/sessions', {
    api: signedIn({ 'GET /v1/account/sessions': (body, url) => pages[new URL(url, 'http://x').searchParams.get('after') || 'first'](body, url) }),
  });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: en['account.sessions.more'] })));
  expect(screen.getByTestId('session-sid-iphone')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: en['account.sessions.more'] })).not.toBeInTheDocument();
});

test('the profile home links to it', async () => {
  await renderApp('/en/profilehome', { api: signedIn() });
  expect(await screen.findByRole('link', { name: "Where you're signed in" })).toHaveAttribute('href', '/en/account/sessions');
});

test('nobody signed in goes home', async () => {
  const { location } = await renderApp('/en/account/sessions', { api: signedOut });
  expect(location()).toBe('/');
});
