import { act, screen } from '@testing-library/react';
import { ok, renderApp, SERVICE, texts } from '../../test/utils';
import { redirector, REDIRECT_DELAY_MS, safeDestination } from './RedirectToRp';

const { en, fr } = texts;
const DONE = { flow: 'signin', redirectTo: '/authorize/resume/abc' };

let assign;
beforeEach(() => {
  assign = jest.spyOn(redirector, 'assign').mockImplementation(() => {});
});
afterEach(() => assign.mockRestore());

test('confirms the sign-in and names the service, in English', async () => {
  await renderApp('/en/redirecttorp', { userData: DONE });
  expect(screen.getByRole('heading', { level: 1, name: en['redirect.title'] })).toBeInTheDocument();
  expect(screen.getByText('We are taking you to Reservations.')).toBeInTheDocument();
});

test('confirms the sign-in in French with the French service title', async () => {
  await renderApp('/fr/redirecttorp', { userData: DONE });
  expect(screen.getByRole('heading', { level: 1, name: fr['redirect.title'] })).toBeInTheDocument();
  expect(screen.getByText('Nous vous dirigeons vers Réservations.')).toBeInTheDocument();
});

test('names the relying service waiting for this sign-in', async () => {
  await renderApp('/en/redirecttorp', {
    userData: DONE,
    api: { 'GET /v1/session': ok({ authenticated: true, service: { ...SERVICE, title: 'Passports' }, loginHint: null }) },
  });
  expect(screen.getByRole('link', { name: 'Continue to Passports' })).toHaveAttribute(
    'href',
    'http://localhost/authorize/resume/abc',
  );
});

test('follows data.redirectTo after a short delay and reports the redirect', async () => {
  jest.useFakeTimers();
  try {
    await renderApp('/en/redirecttorp', { userData: DONE });
    expect(assign).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS));
    expect(assign).toHaveBeenCalledWith('http://localhost/authorize/resume/abc');
    expect(window.dataLayer.map((e) => e.action)).toContain('redirectToRp_redirect_rp');
  } finally {
    jest.useRealTimers();
  }
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
