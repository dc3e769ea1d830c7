import { act, fireEvent, screen, within } from '@testing-library/react';
import { fail, ok, renderApp, signedIn, signedOut, texts } from '../../test/utils';

const { en, fr } = texts;
const RESERVATIONS = {
  id: 'reservations',
  name: 'Reservations service',
  url: 'https://reservations.example.ca/',
  // the days as the server says them (idp/moments.py: the service's day)
  firstSignIn: '2026-09-02T14:00:00Z',
  firstSignInSaid: 'September 2, 2026',
  lastSignIn: '2026-11-25T03:30:00Z',
  lastSignInSaid: 'November 24, 2026',
  receives: ['openid', 'profile', 'email'],
};
const list = (services) => ok({ services });

test('names each service with its sign-ins and what it receives, in plain words', async () => {
  await renderApp('/en/account/services', { api: signedIn({ 'GET /v1/account/services': list([RESERVATIONS]) }) });
  expect(await screen.findByRole('heading', { level: 1, name: en['account.services.title'] })).toBeInTheDocument();
  const item = screen.getByTestId('service-reservations');
  expect(within(item).getByRole('link', { name: 'Reservations service' })).toHaveAttribute('href', RESERVATIONS.url);
  expect(within(item).getByText('September 2, 2026')).toBeInTheDocument();
  expect(within(item).getByText('November 24, 2026')).toBeInTheDocument();
  expect(within(item).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    en['account.services.scopes.openid'],
    en['account.services.scopes.profile'],
    en['account.services.scopes.email'],
  ]);
  expect(within(item).getByRole('button', { name: 'Disconnect Reservations service' })).toBeInTheDocument();
});

test('asks the list in the page language, and says it in French', async () => {
  const { calls } = await renderApp('/fr/account/services', {
    api: signedIn({ 'GET /v1/account/services': list([{ ...RESERVATIONS, name: 'Service de réservations', receives: ['phone'] }]) }),
  });
  expect(await screen.findByRole('heading', { level: 1, name: fr['account.services.title'] })).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/account/services').url).toContain('lang=fr');
  expect(screen.getByText(fr['account.services.scopes.phone'])).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Déconnecter Service de réservations' })).toBeInTheDocument();
});

test('disconnecting a service says so where the focus is, and the list is read again', async () => {
  const lists = [list([RESERVATIONS]), list([])];
  const { calls } = await renderApp('/en/account/services', {
    api: signedIn({ 'GET /v1/account/services': () => lists.shift(), 'POST /v1/account/services/disconnect': ok({ revoked: 2 }) }),
  });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: /^Disconnect/ })));
  expect(calls.posts().map((call) => call.body)).toEqual([{ service: 'reservations' }]);
  const status = await screen.findByRole('status');
  expect(status).toHaveTextContent('Reservations service is disconnected.');
  expect(status).toHaveFocus();
  expect(screen.getByText(en['profile.home.noServices'])).toBeInTheDocument();
});

test('a service already disconnected is said in words', async () => {
  const lists = [list([RESERVATIONS]), list([])];
  await renderApp('/en/account/services', {
    api: signedIn({ 'GET /v1/account/services': () => lists.shift(), 'POST /v1/account/services/disconnect': fail('30', {}, 404) }),
  });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: /^Disconnect/ })));
  expect(await screen.findByRole('status')).toHaveTextContent(en['account.services.alreadyGone']);
});

test('the profile home links to it', async () => {
  await renderApp('/fr/profilehome', { api: signedIn() });
  const links = await screen.findAllByRole('link', { name: fr['profile.home.services'] });
  expect(links.map((link) => link.getAttribute('href'))).toContain('/fr/account/services');
});

test('nobody signed in goes home', async () => {
  const { location } = await renderApp('/en/account/services', { api: signedOut });
  expect(location()).toBe('/');
});
