import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, fail, JOURNEY, renderApp, signedIn, texts, typeAndPress } from '../../test/utils';

const { en } = texts;
const REAUTHENTICATED = { journeys: { email_change: JOURNEY.emailChange.reauthenticated } };
const proved = (routes) => ({ ...REAUTHENTICATED, api: signedIn(routes) });

const submitEmail = (user, email) => typeAndPress(user, en['profile.newEmail.label'], email, en['common.continue']);

test('asks for the new address in English', async () => {
  await renderApp('/en/enternewemail', proved());
  expect(screen.getByRole('heading', { level: 1, name: en['profile.newEmail.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['profile.newEmail.label'])).toHaveAttribute('autocomplete', 'email');
});

test('a person who has not proved it is them yet goes to the journey\'s screen', async () => {
  const { location } = await renderApp('/en/enternewemail', { journeys: { email_change: JOURNEY.emailChange.codeSent }, api: signedIn() });
  expect(location()).toBe('/en/completetwostepverification');
});

test('a person signed in, even just now, without an e-mail change goes to /', async () => {
  const { location } = await renderApp('/en/enternewemail', { api: signedIn() });
  expect(location()).toBe('/');
});

test('an invalid address gives the code 2 text before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/enternewemail', proved());
  await submitEmail(user, 'nope');
  expect(screen.getByRole('link', { name: en['error.2'] })).toHaveAttribute('href', '#email');
  expect(calls.posts()).toHaveLength(0);
});

test('a valid address gets a code and opens "check your e-mail"', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/enternewemail', {
    ...proved({ 'POST /v1/profile/email/new': codeSent(JOURNEY.emailChange.newEmailSent) }),
  });
  await submitEmail(user, 'ada@new.example.com');
  await waitFor(() => expect(location()).toBe('/en/checkyouremail'));
  expect(calls.posts()[0].body).toEqual({ email: 'ada@new.example.com' });
});

test('the address of the account already is refused with the code 32 text', async () => {
  const user = userEvent.setup();
  await renderApp('/en/enternewemail', proved({ 'POST /v1/profile/email/new': fail('32') }));
  await submitEmail(user, 'ada@example.com');
  await waitFor(() => expect(document.getElementById('email-error')).toHaveTextContent(en['error.32']));
});

test('a proof given too long ago offers to confirm it is you again, from the start of the change', async () => {
  const user = userEvent.setup();
  await renderApp('/en/enternewemail', proved({ 'POST /v1/profile/email/new': fail('36', null, 409) }));
  await submitEmail(user, 'ada@new.example.com');
  expect(await screen.findByRole('link', { name: en['reauthenticate.again'] })).toHaveAttribute('href', '/en/firstverifyitsyou');
});
