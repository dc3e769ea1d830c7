import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, fail, JOURNEY, renderApp, signedIn, texts, typeAndPress } from '../../test/utils';

const { en } = texts;
const REVERIFIED = { journeys: { email_change: JOURNEY.emailChange.reverified } };
const RECENT = (routes) => signedIn(routes, { reverifyNeeded: false });

const submitEmail = (user, email) => typeAndPress(user, en['profile.newEmail.label'], email, en['common.continue']);

test('asks for the new address in English', async () => {
  await renderApp('/en/enternewemail', { ...REVERIFIED, api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.newEmail.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['profile.newEmail.label'])).toHaveAttribute('autocomplete', 'email');
});

test('after a recent sign-in it opens without re-verification', async () => {
  const { location } = await renderApp('/en/enternewemail', { api: RECENT() });
  expect(location()).toBe('/en/enternewemail');
});

test('an old sign-in that has not proved it is them again goes to the journey\'s screen', async () => {
  const { location } = await renderApp('/en/enternewemail', { journeys: { email_change: JOURNEY.emailChange.codeSent }, api: signedIn() });
  expect(location()).toBe('/en/completetwostepverification');
});

test('an old sign-in without an e-mail change goes to /', async () => {
  const { location } = await renderApp('/en/enternewemail', { api: signedIn() });
  expect(location()).toBe('/');
});

test('an invalid address gives the code 2 text before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/enternewemail', { api: RECENT() });
  await submitEmail(user, 'nope');
  expect(screen.getByRole('link', { name: en['error.2'] })).toHaveAttribute('href', '#email');
  expect(calls.posts()).toHaveLength(0);
});

test('a valid address gets a code and opens "check your e-mail"', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/enternewemail', {
    ...REVERIFIED,
    api: signedIn({ 'POST /v1/profile/email/new': codeSent(JOURNEY.emailChange.newEmailSent) }),
  });
  await submitEmail(user, 'ada@new.example.com');
  await waitFor(() => expect(location()).toBe('/en/checkyouremail'));
  expect(calls.posts()[0].body).toEqual({ email: 'ada@new.example.com' });
});

test('the address of the account already is refused with the code 32 text', async () => {
  const user = userEvent.setup();
  await renderApp('/en/enternewemail', { api: RECENT({ 'POST /v1/profile/email/new': fail('32') }) });
  await submitEmail(user, 'ada@example.com');
  await waitFor(() => expect(document.getElementById('email-error')).toHaveTextContent(en['error.32']));
});
