import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, storedSession, texts } from '../../test/utils';

const { en } = texts;

test('renders the sign-in e-mail screen in English, without a language choice', async () => {
  await renderApp('/en/signIn');
  expect(screen.getByRole('heading', { level: 1, name: en['email.signin.title'] })).toBeInTheDocument();
  expect(screen.queryByRole('group')).not.toBeInTheDocument();
});

test('checks the address and goes to the password without a call, keeping the e-mail in the browser', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signIn');
  await user.type(screen.getByLabelText(en['email.label']), ' ada@example.com ');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/signIn/password'));
  expect(calls.posts()).toHaveLength(0);
  expect(storedSession().userData.email).toBe('ada@example.com');
});

test('an invalid address is refused with the code 2 text', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/signIn');
  await user.type(screen.getByLabelText(en['email.label']), 'ada.example.com');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(screen.getByRole('link', { name: en['error.2'] })).toHaveAttribute('href', '#email');
  expect(location()).toBe('/en/signIn');
});

test('"use a different e-mail" comes back with the address typed before', async () => {
  await renderApp('/en/signIn', { userData: { email: 'ada@example.com' } });
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('ada@example.com');
});
