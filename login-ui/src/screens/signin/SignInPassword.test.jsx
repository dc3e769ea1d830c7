import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, moved, renderApp, texts, typeAndPress } from '../../test/utils';

const { en, fr } = texts;
const TYPED = { userData: { email: 'ada@example.com' } };

const submitPassword = (user, password, language = en) =>
  typeAndPress(user, language['password.label'], password, language['password.signin.submit']);

test('shows the heading, the e-mail, a link home, "use a different email" and "I forgot my password"', async () => {
  await renderApp('/en/signIn/password', TYPED);
  expect(screen.getByRole('heading', { level: 1, name: en['password.signin.title'] })).toBeInTheDocument();
  expect(screen.getByText(/ada@example.com/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['password.signin.home'] })).toHaveAttribute('href', '/en');
  expect(screen.getByRole('link', { name: en['password.signin.differentEmail'] })).toHaveAttribute('href', '/en/signIn');
  expect(screen.getByRole('link', { name: en['password.signin.forgot'] })).toHaveAttribute('href', '/en/forgotpassword');
  expect(screen.getByLabelText(en['password.label'])).toHaveAttribute('autocomplete', 'current-password');
  expect(screen.queryByText(/Step/)).not.toBeInTheDocument();
});

test('without a valid typed e-mail nor a sign-in journey the person goes to /', async () => {
  const { location } = await renderApp('/en/signIn/password', { userData: { email: 'nope' } });
  expect(location()).toBe('/');
});

test('in a new tab the sign-in journey of the server gives the e-mail', async () => {
  await renderApp('/en/signIn/password', { journeys: { signin: JOURNEY.signin.password } });
  expect(screen.getByText(/ada@example.com/)).toBeInTheDocument();
});

test('an empty password is refused before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signIn/password', TYPED);
  await user.click(screen.getByRole('button', { name: en['password.signin.submit'] }));
  expect(screen.getByRole('link', { name: en['password.signin.required'] })).toHaveAttribute('href', '#password');
  expect(calls.posts()).toHaveLength(0);
});

test('the right password signs in and opens the screen the journey names (the verification choice)', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/fr/signIn/password', {
    ...TYPED,
    api: { 'POST /v1/otp/users/login': moved(JOURNEY.signin.password, { id: 'U1', phone: '******0100', otpType: 'sms' }) },
  });
  await submitPassword(user, 'anything at all', fr);
  await waitFor(() => expect(location()).toBe('/fr/signIn/selectverification'));
  expect(calls.posts()[0]).toMatchObject({ path: '/v1/otp/users/login', body: { userName: 'ada@example.com', password: 'anything at all' } });
});

test('a sign-in begun from a page opened signed out sends that page, for the server to lead there', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signIn/password', {
    userData: { email: 'ada@example.com', next: '/en/account/activity' },
    api: { 'POST /v1/otp/users/login': moved(JOURNEY.signin.password, { id: 'U1', phone: '******0100', otpType: 'sms' }) },
  });
  await submitPassword(user, 'anything at all');
  await waitFor(() => expect(calls.posts()[0].body).toEqual({ userName: 'ada@example.com', password: 'anything at all', next: '/en/account/activity' }));
});

test('a wrong password shows the code 19 text', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signIn/password', { ...TYPED, api: { 'POST /v1/otp/users/login': fail('19', null, 401) } });
  await submitPassword(user, 'wrong password');
  expect(await screen.findByRole('link', { name: en['error.19'] })).toBeInTheDocument();
});

test('a locked password shows the wait in minutes', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signIn/password', { ...TYPED, api: { 'POST /v1/otp/users/login': fail('18', { retryAfter: 600 }, 429) } });
  await submitPassword(user, 'wrong password');
  await waitFor(() => expect(document.getElementById('password-error')).toHaveTextContent('Try again in 10 minutes.'));
});
