import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_POLICY } from '../../config';
import { fail, JOURNEY, moved, ok, renderApp, texts, typeAndPress } from '../../test/utils';

const { en } = texts;
const VERIFIED = { journeys: { signup: JOURNEY.signup.emailVerified } };

const submitPassword = (user, password) => typeAndPress(user, en['password.label'], password, en['password.signup.submit']);

test('renders sign-up step 2 of 4 with a hint in English', async () => {
  await renderApp('/en/signUp/password', VERIFIED);
  expect(screen.getByRole('heading', { level: 1, name: en['password.signup.title'] })).toBeInTheDocument();
  expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
  expect(screen.getByText(/Use 12 to 65 characters/)).toBeInTheDocument();
  expect(screen.getByLabelText(en['password.label'])).toHaveAttribute('autocomplete', 'new-password');
});

test('before the e-mail code is verified the journey\'s own screen opens instead', async () => {
  const { location } = await renderApp('/en/signUp/password', { journeys: { signup: JOURNEY.signup.emailSent } });
  expect(location()).toBe('/en/signUp/verification/email');
});

test('the live counter follows the typed characters against the policy minimum', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/password', { ...VERIFIED, api: { 'GET /v1/password/policy': ok({ pwdMinLength: 14, pwdMaxLength: 64 }) } });
  await waitFor(() => expect(screen.getByTestId('password-counter')).toHaveTextContent('0 characters of at least 14'));
  await user.type(screen.getByLabelText(en['password.label']), 'abc');
  expect(screen.getByTestId('password-counter')).toHaveTextContent('3 characters of at least 14');
});

test('the show-password checkbox reveals the password', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/password', VERIFIED);
  const input = screen.getByLabelText(en['password.label']);
  expect(input).toHaveAttribute('type', 'password');
  await user.click(screen.getByLabelText(en['password.show']));
  expect(input).toHaveAttribute('type', 'text');
});

test('a too-short password gets the message built from the policy bounds, before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signUp/password', { ...VERIFIED, api: { 'GET /v1/password/policy': ok({ pwdMinLength: 14, pwdMaxLength: 64 }) } });
  await waitFor(() => expect(screen.getByTestId('password-counter')).toHaveTextContent('14'));
  await submitPassword(user, 'short');
  expect(document.getElementById('password-error')).toHaveTextContent(
    'Invalid password. Password must be at least 14 characters and maximum 64 characters.',
  );
  expect(calls.posts()).toHaveLength(0);
});

test('when the policy call fails the bounds are those of the shell\'s policy (12 and 65 by default)', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/password', { ...VERIFIED, api: { 'GET /v1/password/policy': fail('7', null, 500) } });
  await submitPassword(user, 'short');
  expect(document.getElementById('password-error')).toHaveTextContent(
    'Invalid password. Password must be at least 12 characters and maximum 65 characters.',
  );
});

test('the shell\'s policy gives the bounds before the policy call answers', async () => {
  await renderApp('/en/signUp/password', {
    ...VERIFIED,
    config: { policy: { ...DEFAULT_POLICY, pwdMinLength: 15, pwdMaxLength: 80 } },
    api: { 'GET /v1/password/policy': { never: true } },
  });
  expect(screen.getByText(/Use 15 to 80 characters/)).toBeInTheDocument();
});

test('a valid password creates the account with the journey\'s e-mail and code, then opens the screen it names', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signUp/password', {
    ...VERIFIED,
    api: { 'POST /v1/users/create': moved(JOURNEY.signup.created, { id: 'U1', userName: 'ada@example.com' }) },
  });
  await submitPassword(user, 'correct horse battery');
  await waitFor(() => expect(location()).toBe('/en/signUp/verificationsetup'));
  expect(calls.posts()[0].body).toEqual({ userName: 'ada@example.com', password: 'correct horse battery', trxnId: 'T1' });
  expect(JSON.stringify(window.dataLayer)).not.toContain('correct horse');
});

test('a password too easy to guess shows the reason sent by the server', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/password', { ...VERIFIED, api: { 'POST /v1/users/create': fail('21', { reason: 'sequence' }) } });
  await submitPassword(user, 'abcdefghijklmnop');
  await waitFor(() =>
    expect(document.getElementById('password-error')).toHaveTextContent(`${en['error.21']} ${en['error.21.sequence']}`),
  );
});
