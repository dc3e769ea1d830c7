import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, moved, renderApp, signedIn, texts, typeAndPress } from '../../test/utils';

const { en, fr } = texts;
const PROVED = { journeys: { password_change: JOURNEY.passwordChange.reauthenticated } };
const submit = (user, password, language = en) =>
  typeAndPress(user, language['recovery.password.label'], password, language['recovery.password.submit']);

test('asks for the new password with the policy hint, the counter and show-password, in French', async () => {
  await renderApp('/fr/changepassword', PROVED);
  expect(screen.getByRole('heading', { level: 1, name: fr['profile.newPassword.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(fr['recovery.password.label'])).toHaveAttribute('autocomplete', 'new-password');
  expect(screen.getByTestId('password-counter')).toBeInTheDocument();
  expect(screen.getByLabelText(fr['password.show'])).toBeInTheDocument();
});

test('a password shorter than the policy is refused before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/changepassword', PROVED);
  await submit(user, 'short');
  expect(screen.getByRole('link', { name: 'Invalid password. Password must be at least 12 characters and maximum 65 characters.' })).toBeInTheDocument();
  expect(calls.posts()).toHaveLength(0);
});

test('a breached password is refused with its reason', async () => {
  const user = userEvent.setup();
  await renderApp('/en/changepassword', { ...PROVED, api: { 'POST /v1/profile/password/new': fail('21', { reason: 'breached' }) } });
  await submit(user, 'chickenwing101');
  expect(await screen.findByRole('link', { name: `${en['error.21']} ${en['error.21.breached']}` })).toBeInTheDocument();
});

test('a good password is changed and the confirmation says the other sessions ended', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/changepassword', {
    ...PROVED,
    api: signedIn({ 'POST /v1/profile/password/new': moved(JOURNEY.passwordChange.completed) }),
  });
  await submit(user, 'Lighthouse-Tundra-Canoe-77');
  await waitFor(() => expect(location()).toBe('/en/passwordchanged'));
  expect(calls.posts()[0].body).toEqual({ password: 'Lighthouse-Tundra-Canoe-77' });
  expect(await screen.findByRole('heading', { level: 1, name: en['profile.passwordDone.title'] })).toBeInTheDocument();
  expect(screen.getByText(en['profile.signedOutElsewhere'])).toBeInTheDocument();
});

test('opens only once the person proved it is them', async () => {
  const { location } = await renderApp('/en/changepassword', { journeys: { password_change: JOURNEY.passwordChange.codeSent } });
  expect(location()).toBe('/en/completetwostepverification/password');
});

test('a proof given too long ago offers to confirm it is you again', async () => {
  const user = userEvent.setup();
  await renderApp('/en/changepassword', { ...PROVED, api: { 'POST /v1/profile/password/new': fail('36', null, 409) } });
  await submit(user, 'Lighthouse-Tundra-Canoe-77');
  expect(await screen.findByRole('link', { name: en['reauthenticate.again'] })).toHaveAttribute('href', '/en/firstverifyitsyou/password');
});
