import { screen } from '@testing-library/react';
import { JOURNEY, renderApp, texts } from '../../test/utils';

const { en } = texts;
const DONE = { journeys: { phone_change: JOURNEY.phoneChange.completed } };

test('says the phone changed, in English, with "back to profile" and "sign out"', async () => {
  await renderApp('/en/phonechanged', DONE);
  expect(screen.getByRole('heading', { level: 1, name: en['profile.phoneDone.title'] })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['profile.backToProfile'] })).toHaveAttribute('href', '/en/profilehome');
  expect(screen.getByRole('button', { name: en['profile.signOut'] })).toBeInTheDocument();
});

test('before the new phone is verified the journey\'s own screen opens instead', async () => {
  const { location } = await renderApp('/en/phonechanged', { journeys: { phone_change: JOURNEY.phoneChange.newPhoneSent } });
  expect(location()).toBe('/en/verifynewphone');
});
