import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, texts } from '../../test/utils';
import { signedIn } from './fixtures';

const { en, fr } = texts;

test('asks for the new address in English', async () => {
  await renderApp('/en/enternewemail', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.newEmail.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['profile.newEmail.label'])).toHaveAttribute('autocomplete', 'email');
});

test('renders in French', async () => {
  await renderApp('/fr/enternewemail', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: fr['profile.newEmail.title'] })).toBeInTheDocument();
});

test('an invalid address gives the code 2 text before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/enternewemail', { api: signedIn() });
  await user.type(screen.getByLabelText(en['profile.newEmail.label']), 'nope');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(screen.getByRole('link', { name: en['error.2'] })).toHaveAttribute('href', '#email');
  expect(calls.posts()).toHaveLength(0);
});

test('a valid address gets a code and opens "check your e-mail"', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/enternewemail', {
    api: signedIn({ 'POST /v1/profile/email/new': ok({ trxnId: 'T1' }) }),
  });
  await user.type(screen.getByLabelText(en['profile.newEmail.label']), 'ada.byron@example.com');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/checkyouremail'));
  expect(calls.posts()[0].body).toEqual({ email: 'ada.byron@example.com' });
});

test('an old sign-in without re-verification is told to start again', async () => {
  const user = userEvent.setup();
  await renderApp('/en/enternewemail', { api: signedIn({ 'POST /v1/profile/email/new': fail('20', null, 409) }) });
  await user.type(screen.getByLabelText(en['profile.newEmail.label']), 'ada.byron@example.com');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(screen.getByRole('link', { name: en['common.startAgain'] })).toBeInTheDocument());
});
