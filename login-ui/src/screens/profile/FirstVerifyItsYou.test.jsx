import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, texts } from '../../test/utils';
import { signedIn, signedOut } from './fixtures';

const { en, fr } = texts;

test('asks for the password in English', async () => {
  await renderApp('/en/firstverifyitsyou', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.verify.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['password.label'])).toHaveAttribute('autocomplete', 'current-password');
});

test('renders in French', async () => {
  await renderApp('/fr/firstverifyitsyou', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: fr['profile.verify.title'] })).toBeInTheDocument();
});

test('nobody signed in goes to the home page', async () => {
  const { location } = await renderApp('/en/firstverifyitsyou', { api: signedOut });
  expect(location()).toBe('/');
});

test('the right password sends a two-step code to the phone and opens its page', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/firstverifyitsyou', {
    api: signedIn({
      'POST /v1/profile/email/password': ok({ phone: '******0100', otpType: 'voice' }),
      'POST /v1/profile/email/code/send': ok({ trxnId: 'T1' }),
    }),
  });
  await user.type(screen.getByLabelText(en['password.label']), 'my password');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/completetwostepverification'));
  expect(calls.posts().map((c) => c.body)).toEqual([{ password: 'my password' }, { otpType: 'voice' }]);
  expect(await screen.findByText(/\*\*\*\*\*\*0100/)).toBeInTheDocument();
});

test('a wrong password shows the code 19 text', async () => {
  const user = userEvent.setup();
  await renderApp('/en/firstverifyitsyou', { api: signedIn({ 'POST /v1/profile/email/password': fail('19', null, 401) }) });
  await user.type(screen.getByLabelText(en['password.label']), 'wrong');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(document.getElementById('password-error')).toHaveTextContent(en['error.19']));
});
