import { screen } from '@testing-library/react';
import { renderApp, texts } from '../../test/utils';
import { signedIn } from './fixtures';

const { en, fr } = texts;

test('says the phone changed, in English', async () => {
  await renderApp('/en/phonechanged', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.phoneDone.title'] })).toBeInTheDocument();
});

test('renders in French', async () => {
  await renderApp('/fr/phonechanged', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: fr['profile.phoneDone.title'] })).toBeInTheDocument();
});
