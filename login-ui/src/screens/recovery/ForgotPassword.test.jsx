import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, JOURNEY, renderApp, texts } from '../../test/utils';

const { en, fr } = texts;

test('asks for the e-mail address in English', async () => {
  await renderApp('/en/forgotpassword');
  expect(screen.getByRole('heading', { level: 1, name: en['recovery.email.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['email.label'])).toHaveAttribute('autocomplete', 'email');
});

test('"I forgot my password" on the sign-in password page opens it with the e-mail filled in', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/signIn/password', { userData: { email: 'ada@example.com' } });
  await user.click(screen.getByRole('link', { name: en['password.signin.forgot'] }));
  expect(location()).toBe('/en/forgotpassword');
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('ada@example.com');
});

test('an invalid address gives the code 2 text before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/forgotpassword');
  await user.type(screen.getByLabelText(en['email.label']), 'nope');
  await user.click(screen.getByRole('button', { name: en['recovery.email.submit'] }));
  expect(screen.getByRole('link', { name: en['error.2'] })).toBeInTheDocument();
  expect(calls.posts()).toHaveLength(0);
});

test('a valid address sends a code in the page language and opens "check your e-mail"', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/fr/forgotpassword', {
    api: { 'POST /v1/recovery/send': codeSent(JOURNEY.recovery.emailSent) },
  });
  await user.type(screen.getByLabelText(fr['email.label']), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: fr['recovery.email.submit'] }));
  await waitFor(() => expect(location()).toBe('/fr/forgotpassword/checkemail'));
  expect(calls.posts()[0].body).toEqual({ userName: 'ada@example.com', language: 'fr' });
});
