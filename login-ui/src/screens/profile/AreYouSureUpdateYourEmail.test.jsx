import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, moved, renderApp, texts } from '../../test/utils';

const { en } = texts;
const VERIFIED = { journeys: { email_change: JOURNEY.emailChange.newEmailVerified } };

test('shows the new address of the journey in English', async () => {
  await renderApp('/en/areYouSureUpdateYourEmail', VERIFIED);
  expect(screen.getByRole('heading', { level: 1, name: en['profile.emailConfirm.title'] })).toBeInTheDocument();
  expect(screen.getByText('ada@new.example.com')).toBeInTheDocument();
});

test('before the new address is verified the journey\'s own screen opens instead', async () => {
  const { location } = await renderApp('/en/areYouSureUpdateYourEmail', { journeys: { email_change: JOURNEY.emailChange.newEmailSent } });
  expect(location()).toBe('/en/checkyouremail');
});

test('yes changes the address and opens the success page', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/areYouSureUpdateYourEmail', {
    ...VERIFIED,
    api: { 'POST /v1/profile/email/confirm': moved(JOURNEY.emailChange.completed, { email: 'ada@new.example.com' }) },
  });
  await user.click(screen.getByRole('button', { name: en['profile.emailConfirm.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/youMayUpdateEmailAtOtherPlaces'));
  expect(calls.posts()[0].path).toBe('/v1/profile/email/confirm');
});

test('an address taken meanwhile shows the code 31 text', async () => {
  const user = userEvent.setup();
  await renderApp('/en/areYouSureUpdateYourEmail', { ...VERIFIED, api: { 'POST /v1/profile/email/confirm': fail('31', null, 409) } });
  await user.click(screen.getByRole('button', { name: en['profile.emailConfirm.submit'] }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(en['error.31']));
});
