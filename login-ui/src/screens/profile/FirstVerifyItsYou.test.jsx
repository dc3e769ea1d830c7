import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, fail, JOURNEY, renderApp, signedIn, texts, typeAndPress } from '../../test/utils';

const { en } = texts;

const submitPassword = (user, password) => typeAndPress(user, en['password.label'], password, en['common.continue']);

test('asks for the password in English', async () => {
  await renderApp('/en/firstverifyitsyou', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.verify.title'] })).toBeInTheDocument();
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
  expect(await screen.findByText(/\*\*\*\*\*\*0100/)).toBeInTheDocument();
});

test('a wrong password shows the code 19 text', async () => {
  const user = userEvent.setup();
  await renderApp('/en/firstverifyitsyou', { api: signedIn({ 'POST /v1/profile/email/password': fail('19', null, 401) }) });
  await submitPassword(user, 'wrong');
  await waitFor(() => expect(document.getElementById('password-error')).toHaveTextContent(en['error.19']));
});
