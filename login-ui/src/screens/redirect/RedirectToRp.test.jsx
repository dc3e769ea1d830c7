import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { safeDestination } from '../../components/Destination';
import { JOURNEY, moved, renderApp, SERVICE, signedIn, texts } from '../../test/utils';
import { redirector } from '../../session/redirector';
import { REDIRECT_DELAY_MS } from './RedirectToRp';

const { en, fr } = texts;
const SIGNED_IN = { flow: 'signin', redirectTo: '/authorize/resume/abc' };
const SIGNED_UP = { flow: 'signup', redirectTo: '/authorize/resume/abc' };
const AT_HOME = { flow: 'signin', redirectTo: '/en/profilehome' };
const OPEN_CHANGE = { methods: JOURNEY.methods.reauthenticated };

let assign;
beforeEach(() => {
  assign = jest.spyOn(redirector, 'assign').mockImplementation(() => {});
});
afterEach(() => assign.mockRestore());

test('confirms the sign-in and names the service waiting, in English', async () => {
  await renderApp('/en/redirecttorp', { userData: SIGNED_IN, service: SERVICE });
  expect(screen.getByRole('heading', { level: 1, name: en['redirect.title'] })).toBeInTheDocument();
  expect(screen.getByText('We are taking you to Reservations.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue to Reservations' })).toHaveAttribute('href', 'http://localhost/authorize/resume/abc');
});

test('confirms the sign-in in French with the French service title', async () => {
  await renderApp('/fr/redirecttorp', { userData: SIGNED_IN, service: { ...SERVICE, title: 'Réservations' } });
  expect(screen.getByRole('heading', { level: 1, name: fr['redirect.title'] })).toBeInTheDocument();
  expect(screen.getByText('Nous vous dirigeons vers « Réservations ».')).toBeInTheDocument();
});

test('a sign-in with no service waiting names the person\'s account, never the first listed service', async () => {
  await renderApp('/en/redirecttorp', { userData: AT_HOME });
  expect(screen.getByText(en['redirect.toAccount'])).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['redirect.continueToAccount'] })).toHaveAttribute('href', '/en/profilehome');
  expect(screen.queryByText(/Reservations/, { selector: 'main *' })).not.toBeInTheDocument();
});

test('a sign-in begun from a page of the account opened signed out goes on to that page', async () => {
  await renderApp('/fr/redirecttorp', { userData: { flow: 'signin', redirectTo: '/fr/account/activity' } });
  expect(screen.getByRole('link', { name: fr['redirect.continueToAccount'] })).toHaveAttribute('href', '/fr/account/activity');
});

test('a resume address whose service no longer waits goes to the account instead', async () => {
  await renderApp('/en/redirecttorp', { userData: SIGNED_IN });
  expect(screen.getByRole('link', { name: en['redirect.continueToAccount'] })).toHaveAttribute('href', '/en/profilehome');
});

test('a sign-in goes on to the service after a short delay and reports the redirect', async () => {
  jest.useFakeTimers();
  try {
    await renderApp('/en/redirecttorp', { userData: SIGNED_IN, service: SERVICE });
    expect(assign).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS));
    expect(assign).toHaveBeenCalledWith('http://localhost/authorize/resume/abc');
    expect(window.dataLayer.map((e) => e.action)).toContain('redirectToRp_redirect_rp');
  } finally {
    jest.useRealTimers();
  }
});

test('after a sign-up the page stays: the account is ready, with a second way offered and the way on', async () => {
  jest.useFakeTimers();
  try {
    await renderApp('/en/redirecttorp', { userData: SIGNED_UP, service: SERVICE, journeys: OPEN_CHANGE });
    expect(screen.getByRole('heading', { level: 1, name: en['redirect.ready.title'] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en['redirect.ready.backupCodes'] })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en['redirect.ready.appOrPasskey'] })).toHaveAttribute('href', '/en/signinmethods');
    expect(screen.getByRole('link', { name: 'Continue to Reservations' })).toHaveAttribute('href', 'http://localhost/authorize/resume/abc');
    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS * 10));
    expect(assign).not.toHaveBeenCalled();
  } finally {
    jest.useRealTimers();
  }
});

test('"get backup codes now" makes the set at once and shows it', async () => {
  const user = userEvent.setup();
  const codes = ['ABCDE-23456', 'FGHJK-34567'];
  const { calls, location } = await renderApp('/en/redirecttorp', {
    userData: SIGNED_UP,
    service: SERVICE,
    journeys: OPEN_CHANGE,
    api: signedIn({ 'POST /v1/profile/methods/backup-codes': moved(JOURNEY.methods.completed, { codes }) }),
  });
  await user.click(screen.getByRole('button', { name: en['redirect.ready.backupCodes'] }));
  await waitFor(() => expect(location()).toBe('/en/signinmethods/done'));
  expect(calls.posts().map((c) => c.path)).toEqual(['/v1/profile/methods/backup-codes']);
  expect(await screen.findByText('ABCDE-23456')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue to Reservations' })).toBeInTheDocument();
});

test('after a sign-up whose free change was used, only the way on is left', async () => {
  await renderApp('/en/redirecttorp', { userData: SIGNED_UP, service: SERVICE });
  expect(screen.getByRole('heading', { level: 1, name: en['redirect.ready.title'] })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: en['redirect.ready.backupCodes'] })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue to Reservations' })).toBeInTheDocument();
});

test('without a redirect address the guard sends the user to /', async () => {
  const { location } = await renderApp('/en/redirecttorp');
  expect(location()).toBe('/');
});

test('an address on another site is never followed', () => {
  expect(safeDestination('https://evil.example/steal', 'http://localhost')).toBeNull();
  expect(safeDestination('//evil.example/x', 'http://localhost')).toBeNull();
  expect(safeDestination('/profilehome', 'http://localhost')).toBe('http://localhost/profilehome');
});

describe("test mode's sample person (section 7: success opens the design prototype)", () => {
  const PROTOTYPE = 'https://prototype.example/design';

  test('the sign-in opens the prototype link, the service beside it, and does not hand off on its own', async () => {
    jest.useFakeTimers();
    try {
      await renderApp('/en/redirecttorp', { userData: { ...SIGNED_IN, prototypeUrl: PROTOTYPE }, service: SERVICE });
      expect(screen.getByText(en['redirect.testmode.notice'])).toBeInTheDocument();
      expect(screen.getByRole('link', { name: en['redirect.testmode.open'] })).toHaveAttribute('href', PROTOTYPE);
      expect(screen.getByRole('link', { name: 'Continue to Reservations' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS * 10));
      expect(assign).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  test('the sign-up opens the prototype link too, in French', async () => {
    await renderApp('/fr/redirecttorp', { userData: { ...SIGNED_UP, prototypeUrl: PROTOTYPE }, service: SERVICE });
    expect(screen.getByRole('link', { name: fr['redirect.testmode.open'] })).toHaveAttribute('href', PROTOTYPE);
  });

  test('the last answer of the journey carries the link (the server knows the sample person)', async () => {
    await renderApp('/en/signIn/verification/sms', {
      journeys: { signin: JOURNEY.signin.codeSent },
      service: SERVICE,
      api: { 'POST /v1/otp/otp/verify': moved(JOURNEY.signin.completed, { redirectTo: '/authorize/resume/abc', prototypeUrl: PROTOTYPE }) },
    });
    await userEvent.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
    await userEvent.click(screen.getByRole('button', { name: en['common.continue'] }));
    expect(await screen.findByRole('link', { name: en['redirect.testmode.open'] })).toHaveAttribute('href', PROTOTYPE);
  });

  test.each([
    ['en', en],
    ['fr', fr],
  ])('a direct sign-in of the sample person names the account beside the prototype, not a service (%s)', async (language, words) => {
    await renderApp(`/${language}/redirecttorp`, { userData: { ...AT_HOME, redirectTo: `/${language}/profilehome`, prototypeUrl: PROTOTYPE } });
    expect(screen.getByText(words['redirect.testmode.noticeAccount'])).toBeInTheDocument();
    expect(screen.queryByText(words['redirect.testmode.notice'])).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: words['redirect.continueToAccount'] })).toBeInTheDocument();
  });

  test('anybody else sees no prototype link', async () => {
    await renderApp('/en/redirecttorp', { userData: SIGNED_IN, service: SERVICE });
    expect(screen.queryByRole('link', { name: en['redirect.testmode.open'] })).not.toBeInTheDocument();
  });

  test('a link that is not http(s) is not shown', async () => {
    await renderApp('/en/redirecttorp', { userData: { ...SIGNED_IN, prototypeUrl: 'javascript:alert(1)' }, service: SERVICE });
    expect(screen.queryByRole('link', { name: en['redirect.testmode.open'] })).not.toBeInTheDocument();
  });
});

test('a new phone after a lost one goes on as a sign-in, not as a new account', async () => {
  await renderApp('/en/redirecttorp', {
    userData: SIGNED_UP,
    service: SERVICE,
    journeys: { signup: { ...JOURNEY.signup.completed, newPhone: true } },
  });
  expect(screen.getByRole('heading', { level: 1, name: en['redirect.title'] })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { level: 1, name: en['redirect.ready.title'] })).not.toBeInTheDocument();
});
