import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, moved, renderApp, SERVICE, texts, typeAndPress } from '../../test/utils';

const { en } = texts;
const VERIFIED = { journeys: { recovery: JOURNEY.recovery.phoneVerified } };

const submitPassword = (user, password) => typeAndPress(user, en['recovery.password.label'], password, en['recovery.password.submit']);

test('asks for a new password in English, with the policy counter', async () => {
  await renderApp('/en/forgotpassword/newpassword', VERIFIED);
  expect(screen.getByRole('heading', { level: 1, name: en['recovery.password.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['recovery.password.label'])).toHaveAttribute('autocomplete', 'new-password');
  expect(screen.getByTestId('password-counter')).toHaveTextContent('0 characters of at least 12');
});

test('before the two-step code is verified the journey\'s own screen opens instead', async () => {
  const { location } = await renderApp('/en/forgotpassword/newpassword', { journeys: { recovery: JOURNEY.recovery.phoneSent } });
  expect(location()).toBe('/en/forgotpassword/verification');
});

test('a too-short password gets the policy message before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/forgotpassword/newpassword', VERIFIED);
  await submitPassword(user, 'short');
  expect(document.getElementById('password-error')).toHaveTextContent('at least 12 characters');
  expect(calls.posts()).toHaveLength(0);
});

test('a password too easy to guess shows the reason', async () => {
  const user = userEvent.setup();
  await renderApp('/en/forgotpassword/newpassword', { ...VERIFIED, api: { 'POST /v1/recovery/password': fail('21', { reason: 'common' }) } });
  await submitPassword(user, 'password1234');
  await waitFor(() => expect(document.getElementById('password-error')).toHaveTextContent(en['error.21.common']));
});

test('a good password signs in and goes on to where the server says', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/forgotpassword/newpassword', {
    ...VERIFIED,
    service: SERVICE,
    api: { 'POST /v1/recovery/password': moved(JOURNEY.recovery.completed, { redirectTo: '/authorize/resume/abc' }) },
  });
  await submitPassword(user, 'Lighthouse-Tundra-Canoe-77');
  await waitFor(() => expect(location()).toBe('/en/redirecttorp'));
  expect(await screen.findByRole('link', { name: /Continue to/ })).toHaveAttribute('href', 'http://localhost/authorize/resume/abc');
});
