import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, SIGNIN, SIGNUP, storedSession, texts } from '../../test/utils';

const { en, fr } = texts;

test('renders sign-up step 2 of 4 with a hint in English', async () => {
  await renderApp('/en/signUp/password', { userData: SIGNUP.emailValidated });
  expect(screen.getByRole('heading', { level: 1, name: en['password.signup.title'] })).toBeInTheDocument();
  expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
  expect(screen.getByText(/Use 12 to 65 characters/)).toBeInTheDocument();
  expect(screen.getByLabelText(en['password.label'])).toHaveAttribute('autocomplete', 'new-password');
});

test('renders sign-up step 2 of 4 in French', async () => {
  await renderApp('/fr/signUp/password', { userData: SIGNUP.emailValidated });
  expect(screen.getByRole('heading', { level: 1, name: fr['password.signup.title'] })).toBeInTheDocument();
  expect(screen.getByText('Étape 2 de 4')).toBeInTheDocument();
});

test('the password step opens only after the e-mail code was verified', async () => {
  const { location } = await renderApp('/en/signUp/password', { userData: SIGNUP.emailSent });
  expect(location()).toBe('/');
});

test('the live counter follows the typed characters against the policy minimum', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/password', {
    userData: SIGNUP.emailValidated,
    api: { 'GET /v1/password/policy': ok({ pwdMinLength: 14, pwdMaxLength: 64 }) },
  });
  await waitFor(() => expect(screen.getByTestId('password-counter')).toHaveTextContent('0 characters of at least 14'));
  await user.type(screen.getByLabelText(en['password.label']), 'abc');
  expect(screen.getByTestId('password-counter')).toHaveTextContent('3 characters of at least 14');
});

test('the show-password checkbox reveals the password', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/password', { userData: SIGNUP.emailValidated });
  const input = screen.getByLabelText(en['password.label']);
  expect(input).toHaveAttribute('type', 'password');
  await user.click(screen.getByLabelText(en['password.show']));
  expect(input).toHaveAttribute('type', 'text');
});

test('a too-short password gets the message built from the policy bounds, before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signUp/password', {
    userData: SIGNUP.emailValidated,
    api: { 'GET /v1/password/policy': ok({ pwdMinLength: 14, pwdMaxLength: 64 }) },
  });
  await waitFor(() => expect(screen.getByTestId('password-counter')).toHaveTextContent('14'));
  await user.type(screen.getByLabelText(en['password.label']), 'short');
  await user.click(screen.getByRole('button', { name: en['password.signup.submit'] }));
  expect(document.getElementById('password-error')).toHaveTextContent(
    'Invalid password. Password must be at least 14 characters and maximum 64 characters.',
  );
  expect(calls.posts()).toHaveLength(0);
});

test('when the policy call fails the bounds fall back to 12 and 65', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/password', {
    userData: SIGNUP.emailValidated,
    api: { 'GET /v1/password/policy': fail('7', null, 500) },
  });
  await user.type(screen.getByLabelText(en['password.label']), 'short');
  await user.click(screen.getByRole('button', { name: en['password.signup.submit'] }));
  expect(document.getElementById('password-error')).toHaveTextContent(
    'Invalid password. Password must be at least 12 characters and maximum 65 characters.',
  );
});

test('a valid password creates the account and opens two-step setup', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signUp/password', {
    userData: SIGNUP.emailValidated,
    api: { 'POST /v1/users/create': ok({ id: 'U77', userName: 'ada@example.com' }) },
  });
  await user.type(screen.getByLabelText(en['password.label']), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: en['password.signup.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/signUp/verificationsetup'));
  expect(calls.posts()[0].body).toEqual({ userName: 'ada@example.com', password: 'correct horse battery', trxnId: 'T1' });
  expect(storedSession().userData).toMatchObject({ id: 'U77', passwordSubmitted: true });
  expect(JSON.stringify(window.dataLayer)).not.toContain('correct horse');
});

test('a password too easy to guess shows the reason sent by the server', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/password', {
    userData: SIGNUP.emailValidated,
    api: { 'POST /v1/users/create': fail('21', { reason: 'sequence' }) },
  });
  await user.type(screen.getByLabelText(en['password.label']), 'abcdefghijklmnop');
  await user.click(screen.getByRole('button', { name: en['password.signup.submit'] }));
  await waitFor(() =>
    expect(document.getElementById('password-error')).toHaveTextContent(`${en['error.21']} ${en['error.21.sequence']}`),
  );
});

test('sign-in shows the heading, a link home, "use a different email" and "I forgot my password"', async () => {
  await renderApp('/en/signIn/password', { userData: SIGNIN.email });
  expect(screen.getByRole('heading', { level: 1, name: en['password.signin.title'] })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['password.signin.home'] })).toHaveAttribute('href', '/en');
  expect(screen.getByRole('link', { name: en['password.signin.differentEmail'] })).toHaveAttribute('href', '/en/signIn');
  expect(screen.getByRole('link', { name: en['password.signin.forgot'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['password.label'])).toHaveAttribute('autocomplete', 'current-password');
  expect(screen.queryByText(/Step/)).not.toBeInTheDocument();
});

test('sign-in password opens only with a valid e-mail', async () => {
  const { location } = await renderApp('/en/signIn/password', { userData: { flow: 'signin', email: 'nope' } });
  expect(location()).toBe('/');
});

test('sign-in logs in and opens the verification selection', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/fr/signIn/password', {
    userData: SIGNIN.email,
    api: { 'POST /v1/otp/users/login': ok({ id: 'U1', phone: '******0100', otpType: 'voice' }) },
  });
  await user.type(screen.getByLabelText(fr['password.label']), 'anything at all');
  await user.click(screen.getByRole('button', { name: fr['password.signin.submit'] }));
  await waitFor(() => expect(location()).toBe('/fr/signIn/selectverification'));
  expect(calls.posts()[0]).toMatchObject({
    path: '/v1/otp/users/login',
    body: { userName: 'ada@example.com', password: 'anything at all' },
  });
  expect(storedSession().userData).toMatchObject({ passwordValidated: true, phone: '******0100', otpType: 'voice' });
});

test('a wrong sign-in password shows the code 19 text', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signIn/password', {
    userData: SIGNIN.email,
    api: { 'POST /v1/otp/users/login': fail('19', null, 401) },
  });
  await user.type(screen.getByLabelText(en['password.label']), 'wrong password');
  await user.click(screen.getByRole('button', { name: en['password.signin.submit'] }));
  expect(await screen.findByRole('link', { name: en['error.19'] })).toBeInTheDocument();
});

test('a locked password sign-in shows the wait in minutes', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signIn/password', {
    userData: SIGNIN.email,
    api: { 'POST /v1/otp/users/login': fail('18', { retryAfter: 600 }, 429) },
  });
  await user.type(screen.getByLabelText(en['password.label']), 'wrong password');
  await user.click(screen.getByRole('button', { name: en['password.signin.submit'] }));
  await waitFor(() => expect(document.getElementById('password-error')).toHaveTextContent('Try again in 10 minutes.'));
});
