import { screen } from '@testing-library/react';
import { JOURNEY, renderApp, texts } from '../../test/utils';

const { en } = texts;
const DONE = { journeys: { email_change: JOURNEY.emailChange.completed } };

test('says the e-mail address changed, in English', async () => {
  await renderApp('/en/youMayUpdateEmailAtOtherPlaces', DONE);
  expect(screen.getByRole('heading', { level: 1, name: en['profile.emailDone.title'] })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['profile.backToProfile'] })).toBeInTheDocument();
});

