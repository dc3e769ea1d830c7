import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, JOURNEY, moved, renderApp, texts } from '../../test/utils';

const { en } = texts;
const SENT = { journeys: { email_change: JOURNEY.emailChange.newEmailSent } };

test('asks for the code sent to the new address of the journey in English', async () => {
  await renderApp('/en/checkyouremail', SENT);
  expect(screen.getByRole('heading', { level: 1, name: en['profile.checkEmail.title'] })).toBeInTheDocument();
  expect(screen.getByText(/ada@new\.example\.com/)).toBeInTheDocument();
});

test('the right code asks "are you sure"', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/checkyouremail', {
    ...SENT,
    api: { 'POST /v1/profile/email/new/verify': moved(JOURNEY.emailChange.newEmailVerified) },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/areYouSureUpdateYourEmail'));
});

test('a new code goes to the same new address', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/checkyouremail', {
    journeys: { email_change: { ...JOURNEY.emailChange.newEmailSent, resendAfter: 0 } },
    api: { 'POST /v1/profile/email/new': codeSent(JOURNEY.emailChange.newEmailSent) },
  });
  await user.click(screen.getByRole('link', { name: en['verification.requestNewCode'] }));
  await waitFor(() => expect(calls.posts()[0].body).toEqual({ email: 'ada@new.example.com' }));
});
