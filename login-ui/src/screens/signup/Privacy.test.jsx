import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, storedSession, texts } from '../../test/utils';

const { en, fr } = texts;

test('renders the privacy notice in English', async () => {
  await renderApp('/en/signUp/privacy');
  expect(screen.getByRole('heading', { level: 1, name: en['privacy.title'] })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: en['privacy.accept'] })).toBeInTheDocument();
});

test('renders the privacy notice in French', async () => {
  await renderApp('/fr/signUp/privacy');
  expect(screen.getByRole('heading', { level: 1, name: fr['privacy.title'] })).toBeInTheDocument();
});

test('accepting the notice sets viewPrivacy and continues to the sign-up e-mail screen', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/signUp/privacy');
  await user.click(screen.getByRole('button', { name: en['privacy.accept'] }));
  expect(location()).toBe('/en/signUp');
  expect(storedSession().userData).toMatchObject({ viewPrivacy: true, flow: 'signup' });
  expect(window.dataLayer).toContainEqual({
    event: 'event',
    category: 'signup',
    action: 'privacy_submit_success',
    label: 'button',
  });
});

test('accepting starts a new sign-up: data of an earlier flow is dropped', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/privacy', {
    userData: { flow: 'signin', email: 'old@example.com', passwordValidated: true, id: 'X' },
  });
  await user.click(screen.getByRole('button', { name: en['privacy.accept'] }));
  expect(storedSession().userData).toMatchObject({ email: null, passwordValidated: false, id: null });
});

test('the sign-in flow has no privacy page: the guard sends the user to /', async () => {
  const { location } = await renderApp('/en/signIn/privacy');
  expect(location()).toBe('/');
});
