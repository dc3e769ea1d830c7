import { act, fireEvent, screen, within } from '@testing-library/react';
import { JOURNEY, fail, moved, ok, renderApp, signedIn, texts } from '../../test/utils';

const { en, fr } = texts;
const PROVED = { journeys: { account_deletion: JOURNEY.deletion.reauthenticated } };
const SERVICES = ok({ services: [{ id: 'reservations', name: 'Reservations service', url: 'http://localhost:5001', firstSignIn: '2026-11-01T00:00:00Z', lastSignIn: '2026-11-24T00:00:00Z', receives: ['openid'] }] });

test('the profile home starts it with the password', async () => {
  const { location } = await renderApp('/en/profilehome', { api: signedIn() });
  await act(async () => fireEvent.click(await screen.findByRole('link', { name: en['profile.home.delete'] })));
  expect(location()).toBe('/en/firstverifyitsyou/delete');
  expect(await screen.findByText(en['reauthenticate.lead.delete'])).toBeInTheDocument();
});

test('the password, then the code, lead to the page', async () => {
  const { calls, location } = await renderApp('/en/firstverifyitsyou/delete', {
    api: signedIn({ 'POST /v1/profile/delete/password': moved(JOURNEY.deletion.codeSent), 'POST /v1/profile/delete/code/verify': moved(JOURNEY.deletion.reauthenticated), 'GET /v1/account/services': SERVICES }),
  });
  fireEvent.change(await screen.findByLabelText(en['password.label']), { target: { value: 'Maple-Syrup-Harbour-42' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en['common.continue'] })));
  expect(location()).toBe('/en/completetwostepverification/delete');
  fireEvent.change(await screen.findByLabelText(/code/i), { target: { value: '123456' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en['common.continue'] })));
  expect(calls.posts().map((call) => call.path)).toEqual(['/v1/profile/delete/password', '/v1/profile/delete/code/verify']);
  expect(location()).toBe('/en/account/delete');
});

test('lists what will go, the connected services named, and where the last e-mail goes', async () => {
  await renderApp('/en/account/delete', { ...PROVED, api: signedIn({ 'GET /v1/account/services': SERVICES }) });
  expect(await screen.findByRole('heading', { level: 1, name: en['account.delete.title'] })).toBeInTheDocument();
  expect(screen.getByText(en['account.delete.profile'])).toBeInTheDocument();
  expect(within(await screen.findByTestId('services-told')).getByText('Reservations service')).toBeInTheDocument();
  expect(screen.getByText(/We will send a last e-mail to ada@example.com/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: en['account.delete.submit'] })).toHaveClass('button--warning');
});

test('"Delete my account" deletes it and says so; the browser forgets the person', async () => {
  const { calls, location } = await renderApp('/en/account/delete', {
    ...PROVED,
    api: signedIn({ 'GET /v1/account/services': SERVICES, 'POST /v1/account/delete': moved(JOURNEY.deletion.completed) }),
  });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: en['account.delete.submit'] })));
  expect(calls.posts().map((call) => call.path)).toEqual(['/v1/account/delete']);
  expect(location()).toBe('/en/account/deleted');
  expect(await screen.findByRole('heading', { level: 1, name: en['account.deleted.title'] })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(en['account.deleted.notice']);
});

test('a proof that is too old asks for it again', async () => {
  await renderApp('/en/account/delete', { ...PROVED, api: signedIn({ 'GET /v1/account/services': SERVICES, 'POST /v1/account/delete': fail('36', null, 409) }) });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: en['account.delete.submit'] })));
  expect(await screen.findByRole('alert')).toHaveTextContent(en['error.36']);
});

test('is in French', async () => {
  await renderApp('/fr/account/delete', { ...PROVED, api: signedIn({ 'GET /v1/account/services': ok({ services: [] }) }) });
  expect(await screen.findByRole('button', { name: fr['account.delete.submit'] })).toBeInTheDocument();
  expect(await screen.findByText(fr['account.delete.noServices'])).toBeInTheDocument();
});

test('without the proof the page is not open', async () => {
  const { location } = await renderApp('/en/account/delete', { api: signedIn() });
  expect(location()).toBe('/');
});

test('the page that says it is gone is only for the one who deleted it', async () => {
  const { location } = await renderApp('/en/account/deleted', { api: signedIn() });
  expect(location()).toBe('/');
});
