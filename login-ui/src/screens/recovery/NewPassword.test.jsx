import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, storedSession, texts } from '../../test/utils';

const { en, fr } = texts;
const arrived = (language) => ({ pathname: `/${language}/forgotpassword/newpassword`, state: { verified: true } });

test('asks for a new password in English', async () => {
  await renderApp(arrived('en'));
  expect(screen.getByRole('heading', { level: 1, name: en['recovery.password.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['recovery.password.label'])).toHaveAttribute('autocomplete', 'new-password');
});

test('renders in French', async () => {
  await renderApp(arrived('fr'));
  expect(screen.getByRole('heading', { level: 1, name: fr['recovery.password.title'] })).toBeInTheDocument();
});

test('without the two-step code it goes back to the first recovery page', async () => {
  const { location } = await renderApp('/en/forgotpassword/newpassword');
  expect(location()).toBe('/en/forgotpassword');
});

test('a too-short password gets the policy message before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp(arrived('en'));
  await user.type(screen.getByLabelText(en['recovery.password.label']), 'short');
  await user.click(screen.getByRole('button', { name: en['recovery.password.submit'] }));
  expect(document.getElementById('password-error')).toHaveTextContent('at least 12 characters');
  expect(calls.posts()).toHaveLength(0);
});

test('a password too easy to guess shows the reason', async () => {
  const user = userEvent.setup();
  await renderApp(arrived('en'), { api: { 'POST /v1/recovery/password': fail('21', { reason: 'common' }) } });
  await user.type(screen.getByLabelText(en['recovery.password.label']), 'password1234');
  await user.click(screen.getByRole('button', { name: en['recovery.password.submit'] }));
  await waitFor(() => expect(document.getElementById('password-error')).toHaveTextContent(en['error.21.common']));
});

test('a good password signs in and goes on to where the server says', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp(arrived('en'), {
    api: { 'POST /v1/recovery/password': ok({ redirectTo: '/authorize/resume/abc' }) },
  });
  await user.type(screen.getByLabelText(en['recovery.password.label']), 'Lighthouse-Tundra-Canoe-77');
  await user.click(screen.getByRole('button', { name: en['recovery.password.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/redirecttorp'));
  expect(storedSession()).toMatchObject({ isAuthenticated: true, userData: { redirectTo: '/authorize/resume/abc' } });
});
