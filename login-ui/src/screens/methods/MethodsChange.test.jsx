import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, moved, renderApp, signedIn, texts } from '../../test/utils';

const { en } = texts;
const PROVED = { journeys: { methods: JOURNEY.methods.reauthenticated } };
const EVERYTHING = {
  phone: { number: '******0100', channel: 'sms' },
  app: { addedAt: '2026-03-02T10:00:00Z', lastUsedAt: null },
  passkeys: [{ id: 7, name: 'Work laptop', addedAt: '2026-03-03T10:00:00Z', lastUsedAt: null }],
  backupCodes: { remaining: 10, total: 10, low: false },
  preferred: 'phone',
};
const SETUP = { qrImage: 'data:image/svg+xml;base64,PHN2Zy8+', key: 'ABCD EFGH IJKL MNOP', issuer: 'Sign-in for federal services', account: 'ada@example.com' };

const open = (action, routes = {}, methods = EVERYTHING) =>
  renderApp({ pathname: '/en/signinmethods/change', state: action ? { action } : null }, { ...PROVED, api: signedIn(routes, {}, methods) });

test('the action chosen on the list is chosen here', async () => {
  await open('remove-passkey-7');
  expect(screen.getByRole('radio', { name: 'Remove the passkey “Work laptop”' })).toBeChecked();
});

test('every action the person may take is offered; an existing app or set is replaced', async () => {
  await open(null);
  const labels = screen.getAllByRole('radio').map((radio) => radio.labels[0].textContent);
  expect(labels).toEqual([
    en['methods.change.app.again'],
    en['methods.change.passkey'],
    en['methods.change.backup.again'],
    en['methods.change.remove-app'],
    'Remove the passkey “Work laptop”',
    en['methods.change.remove-backup'],
    en['methods.change.remove-phone'],
  ]);
});

test('the only strong method is not offered for removal', async () => {
  await open(null, {}, { ...EVERYTHING, app: null, passkeys: [] });
  expect(screen.queryByRole('radio', { name: en['methods.change.remove-phone'] })).not.toBeInTheDocument();
});

test('nothing chosen is refused before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await open(null);
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(screen.getByRole('link', { name: en['methods.change.required'] })).toHaveAttribute('href', '#action');
  expect(calls.posts()).toHaveLength(0);
});

test('adding an app asks for its secret and opens its setup with it', async () => {
  const user = userEvent.setup();
  const { location } = await open('app', { 'POST /v1/profile/methods/app': moved(JOURNEY.methods.appPending, SETUP) });
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/signinmethods/app'));
  expect(await screen.findByTestId('app-key')).toHaveTextContent('ABCD EFGH IJKL MNOP');
});

test('removing a passkey names it to the server', async () => {
  const user = userEvent.setup();
  const { calls, location } = await open('remove-passkey-7', { 'POST /v1/profile/methods/remove': moved(JOURNEY.methods.completed) });
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/signinmethods/done'));
  expect(calls.posts()[0].body).toEqual({ method: 'passkey', id: 7 });
  expect(await screen.findByText(en['methods.done.removed.passkey'])).toBeInTheDocument();
});

test('the last strong method refused by the server (40) leads to adding another way first', async () => {
  const user = userEvent.setup();
  await open('remove-app', { 'POST /v1/profile/methods/remove': fail('40', null, 409) });
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(await screen.findByRole('link', { name: en['error.40'] })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['methods.addAnotherFirst'] })).toHaveAttribute('href', '/en/signinmethods');
});

test('a proof given too long ago (36) offers to confirm it is you again', async () => {
  const user = userEvent.setup();
  await open('backup', { 'POST /v1/profile/methods/backup-codes': fail('36', null, 409) });
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(await screen.findByRole('link', { name: en['reauthenticate.again'] })).toHaveAttribute('href', '/en/firstverifyitsyou/methods');
});

test('opens only once the person proved it is them', async () => {
  const { location } = await renderApp('/en/signinmethods/change', { journeys: { methods: JOURNEY.methods.codeSent }, api: signedIn() });
  expect(location()).toBe('/en/completetwostepverification/methods');
});
