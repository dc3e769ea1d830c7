import { screen } from '@testing-library/react';
import { renderApp, signedIn, texts } from '../../test/utils';

const { en } = texts;

test('says the name changed, with "back to profile" and "sign out", in English', async () => {
  await renderApp('/en/profileYouMayUpdateName', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.nameDone.title'] })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(en['profile.nameDone.notice']);
  expect(screen.getByRole('link', { name: en['profile.backToProfile'] })).toHaveAttribute('href', '/en/profilehome');
  expect(screen.getByRole('button', { name: en['profile.signOut'] })).toBeInTheDocument();
});

test('says one true thing: connected services receive the new name at the next sign-in', async () => {
  await renderApp('/fr/profileYouMayUpdateName', { api: signedIn() });
  expect(screen.getByRole('status')).toHaveTextContent(texts.fr['profile.nameDone.notice']);
  expect(screen.queryByText(/mettre à jour/)).not.toBeInTheDocument();
});
