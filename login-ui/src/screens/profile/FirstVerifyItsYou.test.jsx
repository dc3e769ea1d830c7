import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, fail, JOURNEY, moved, PASSKEY_OPTIONS, renderApp, signedIn, texts, typeAndPress } from '../../test/utils';

const { en, fr } = texts;

const submitPassword = (user, password, language = en) => typeAndPress(user, language['password.label'], password, language['common.continue']);

test('asks for the password in English', async () => {
  await renderApp('/en/firstverifyitsyou', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.verify.title'] })).toBeInTheDocument();
  expect(screen.getByText(en['reauthenticate.lead.email'])).toBeInTheDocument();
  expect(screen.getByLabelText(en['password.label'])).toHaveAttribute('autocomplete', 'current-password');
});

test('the right password is one call: the server also sends the two-step code, and its page opens', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/firstverifyitsyou', {
    api: signedIn({ 'POST /v1/profile/email/password': codeSent(JOURNEY.emailChange.codeSent, { type: 'smsotp' }) }),
  });
  await submitPassword(user, 'my password');
  await waitFor(() => expect(location()).toBe('/en/completetwostepverification'));
  expect(calls.posts().map((c) => [c.path, c.body])).toEqual([['/v1/profile/email/password', { password: 'my password' }]]);
  expect(await screen.findByText(/by text message to \*\*\*\*\*\*0100/)).toBeInTheDocument();
});

test('a wrong password shows the code 19 text', async () => {
  const user = userEvent.setup();
  await renderApp('/en/firstverifyitsyou', { api: signedIn({ 'POST /v1/profile/email/password': fail('19', null, 401) }) });
  await submitPassword(user, 'wrong');
  await waitFor(() => expect(document.getElementById('password-error')).toHaveTextContent(en['error.19']));
});

test.each([
  ['phone', 'phone_change', JOURNEY.phoneChange.codeSent],
  ['password', 'password_change', JOURNEY.passwordChange.codeSent],
  ['methods', 'methods', JOURNEY.methods.codeSent],
])('the %s change starts with the password, for that change', async (change, flow, asked) => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp(`/fr/firstverifyitsyou/${change}`, {
    api: signedIn({ [`POST /v1/profile/${change}/password`]: codeSent(asked, { type: 'smsotp' }) }),
  });
  expect(screen.getByText(fr[`reauthenticate.lead.${change}`])).toBeInTheDocument();
  await submitPassword(user, 'my password', fr);
  await waitFor(() => expect(location()).toBe(`/fr/completetwostepverification/${change}`));
  expect(calls.posts()[0].path).toBe(`/v1/profile/${change}/password`);
});

test('the action chosen for a change of methods goes along with the passkey\'s options', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp(
    { pathname: '/en/firstverifyitsyou/methods', state: { action: 'remove-app' } },
    { api: signedIn({ 'POST /v1/profile/methods/password': moved(JOURNEY.methods.passkeyAsked, { publicKey: PASSKEY_OPTIONS }) }) },
  );
  await submitPassword(user, 'my password');
  await waitFor(() => expect(location()).toBe('/en/completetwostepverification/methods'));
  expect(await screen.findByRole('heading', { level: 1, name: en['profile.twoStep.title'] })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: en['verification.passkey.submit'] })).toBeInTheDocument();
});

test('an account that needs recovery is shown the way to "I forgot my password"', async () => {
  const user = userEvent.setup();
  await renderApp('/en/firstverifyitsyou/password', { api: signedIn({ 'POST /v1/profile/password/password': fail('37', null, 403) }) });
  await submitPassword(user, 'wrong');
  expect(await screen.findByRole('link', { name: en['password.signin.forgot'] })).toHaveAttribute('href', '/en/forgotpassword');
});

test('too many wrong passwords tell the wait in minutes', async () => {
  const user = userEvent.setup();
  await renderApp('/en/firstverifyitsyou', { api: signedIn({ 'POST /v1/profile/email/password': fail('18', { retryAfter: 130 }, 429) }) });
  await submitPassword(user, 'wrong');
  expect(await screen.findByRole('link', { name: 'Too many wrong passwords. Try again in 3 minutes.' })).toBeInTheDocument();
});
