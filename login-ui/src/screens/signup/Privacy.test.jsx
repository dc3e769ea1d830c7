import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, moved, renderApp, texts } from '../../test/utils';

const { en, fr } = texts;

test('renders the privacy notice in English', async () => {
  await renderApp('/en/signUp/privacy');
  expect(screen.getByRole('heading', { level: 1, name: en['privacy.title'] })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: en['privacy.accept'] })).toBeInTheDocument();
});

test('the notice needs no journey: it opens in a fresh browser', async () => {
  const { location } = await renderApp('/en/signUp/privacy');
  expect(location()).toBe('/en/signUp/privacy');
});

test('accepting the notice starts a sign-up on the server and opens the e-mail step it names', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signUp/privacy', {
    api: { 'POST /v1/signup/privacy': moved(JOURNEY.signup.privacy) },
  });
  await user.click(screen.getByRole('button', { name: en['privacy.accept'] }));
  await waitFor(() => expect(location()).toBe('/en/signUp'));
  expect(calls.posts()).toMatchObject([{ path: '/v1/signup/privacy', body: {} }]);
  expect(await screen.findByRole('heading', { level: 1, name: en['email.signup.title'] })).toBeInTheDocument();
  expect(window.dataLayer).toContainEqual({ event: 'event', category: 'signup', action: 'privacy_submit_success', label: 'button' });
});

test('a refused start shows the catalogue text and stays on the notice', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/signUp/privacy', { api: { 'POST /v1/signup/privacy': fail('24', null, 403) } });
  await user.click(screen.getByRole('button', { name: en['privacy.accept'] }));
  expect(await screen.findByRole('link', { name: en['error.24'] })).toBeInTheDocument();
  expect(location()).toBe('/en/signUp/privacy');
});

test('declining goes back to the home page', async () => {
  await renderApp('/fr/signUp/privacy');
  expect(screen.getByRole('link', { name: fr['privacy.decline'] })).toHaveAttribute('href', '/fr');
});
