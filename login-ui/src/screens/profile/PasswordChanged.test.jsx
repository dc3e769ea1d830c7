import { screen } from '@testing-library/react';
import { JOURNEY, renderApp, texts } from '../../test/utils';

const { en } = texts;

test('says the password was changed and that every other session ended', async () => {
  await renderApp('/en/passwordchanged', { journeys: { password_change: JOURNEY.passwordChange.completed } });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.passwordDone.title'] })).toBeInTheDocument();
  expect(screen.getByText(en['profile.signedOutElsewhere'])).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['profile.backToProfile'] })).toHaveAttribute('href', '/en/profilehome');
});

test('without a finished password change the person goes to /', async () => {
  const { location } = await renderApp('/en/passwordchanged');
  expect(location()).toBe('/');
});
