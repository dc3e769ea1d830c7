import { screen } from '@testing-library/react';
import { renderApp, texts } from '../../test/utils';
import { signedIn, signedOut } from './fixtures';

const { en, fr } = texts;

test('says the e-mail address changed, in English', async () => {
  await renderApp('/en/youMayUpdateEmailAtOtherPlaces', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.emailDone.title'] })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['profile.backToProfile'] })).toBeInTheDocument();
});

test('renders in French', async () => {
  await renderApp('/fr/youMayUpdateEmailAtOtherPlaces', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: fr['profile.emailDone.title'] })).toBeInTheDocument();
});

test('nobody signed in goes to the home page', async () => {
  const { location } = await renderApp('/en/youMayUpdateEmailAtOtherPlaces', { api: signedOut });
  expect(location()).toBe('/');
});
