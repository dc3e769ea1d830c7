import { act, screen } from '@testing-library/react';
import { ok, renderApp, SERVICE, signedIn, texts } from '../test/utils';
import { redirector } from './redirector';

const { en } = texts;
const RESUME = '/authorize/resume/abc';

let assign;
beforeEach(() => {
  assign = jest.spyOn(redirector, 'assign').mockImplementation(() => {});
});
afterEach(() => assign.mockRestore());

// GET /v1/session: nobody signed in at first; once `signedIn.now`, signed in by another tab,
// with the waiting service answered at once (followTo).
function sessionAnswers(followTo = RESUME) {
  const signedIn = { now: false };
  const answer = () =>
    ok(signedIn.now
      ? { authenticated: true, service: SERVICE, loginHint: null, continueTo: RESUME, followTo, journeys: {} }
      : { authenticated: false, service: SERVICE, loginHint: null, journeys: {} });
  return { signedIn, api: { 'GET /v1/session': answer } };
}

async function comeBackToTheTab() {
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

test('a tab left on the sign-in start goes on to its service once another tab signed the browser in', async () => {
  const { signedIn, api } = sessionAnswers();
  await renderApp('/en', { api });
  expect(await screen.findByRole('heading', { level: 1, name: en['home.title'] })).toBeInTheDocument();
  signedIn.now = true;
  await comeBackToTheTab();
  expect(assign).toHaveBeenCalledWith(RESUME);
});

test('a tab on the sign-in password screen follows too', async () => {
  const { signedIn, api } = sessionAnswers();
  await renderApp({ pathname: '/en/signIn/password', state: { email: 'camille@example.ca' } }, { api });
  signedIn.now = true;
  await comeBackToTheTab();
  expect(assign).toHaveBeenCalledWith(RESUME);
});

test('a tab stays where it is while nobody signed in elsewhere', async () => {
  const { api } = sessionAnswers();
  await renderApp('/en', { api });
  await comeBackToTheTab();
  expect(assign).not.toHaveBeenCalled();
});

test('a tab stays when the service asks more than the sign-in as it stands (no followTo)', async () => {
  const { signedIn, api } = sessionAnswers(null);
  await renderApp('/en', { api });
  signedIn.now = true;
  await comeBackToTheTab();
  expect(assign).not.toHaveBeenCalled();
});

test('a tab on a page that is not a sign-in or sign-up start never leaves on its own', async () => {
  const { signedIn: session, api } = sessionAnswers();
  session.now = true;
  await renderApp('/en/profilehome', { api: signedIn(api) });
  expect(await screen.findByRole('heading', { level: 1, name: en['profile.home.title'] })).toBeInTheDocument();
  await comeBackToTheTab();
  expect(assign).not.toHaveBeenCalled();
});

test('an address that is not a resume of this server is never followed', async () => {
  const { signedIn, api } = sessionAnswers('https://elsewhere.example/');
  await renderApp('/en', { api });
  signedIn.now = true;
  await comeBackToTheTab();
  expect(assign).not.toHaveBeenCalled();
});
