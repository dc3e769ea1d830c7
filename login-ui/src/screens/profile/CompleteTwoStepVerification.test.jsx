import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, journey, JOURNEY, moved, renderApp, texts, typeAndPress } from '../../test/utils';

const { en } = texts;
const SENT = { journeys: { email_change: JOURNEY.emailChange.codeSent } };

const submitCode = (user, code) => typeAndPress(user, en['verification.codeLabel'], code, en['common.continue']);

test('asks for the code sent to the account\'s phone in English', async () => {
  await renderApp('/en/completetwostepverification', SENT);
  expect(screen.getByRole('heading', { level: 1, name: en['profile.twoStep.title'] })).toBeInTheDocument();
  expect(screen.getByText(/by text message to \*\*\*\*\*\*0100/)).toBeInTheDocument();
  expect(screen.getByLabelText(en['verification.codeLabel'])).toHaveAttribute('autocomplete', 'one-time-code');
});

test('an account without a phone gets the code by e-mail, at its address', async () => {
  await renderApp('/en/completetwostepverification', {
    journeys: { email_change: journey('email_change', 'CODE_SENT', { email: 'ada@example.com', otpType: 'email', phone: '' }) },
  });
  expect(screen.getByText('We sent a 6-digit code to ada@example.com.')).toBeInTheDocument();
});

test('the right code opens the new e-mail page', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/completetwostepverification', {
    ...SENT,
    api: { 'POST /v1/profile/email/code/verify': moved(JOURNEY.emailChange.reverified) },
  });
  await submitCode(user, '123456');
  await waitFor(() => expect(location()).toBe('/en/enternewemail'));
  expect(calls.posts()[0].body).toEqual({ otp: '123456' });
});

test('a wrong code shows the code 14 text', async () => {
  const user = userEvent.setup();
  await renderApp('/en/completetwostepverification', { ...SENT, api: { 'POST /v1/profile/email/code/verify': fail('14', { retries: 3 }) } });
  await submitCode(user, '123456');
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent(en['error.14']));
});

test('a code of the wrong shape gives the code 3 text before any call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/completetwostepverification', SENT);
  await submitCode(user, '12');
  expect(screen.getByRole('link', { name: 'Codes must be six digits. Try again.' })).toBeInTheDocument();
  expect(calls.posts()).toHaveLength(0);
});
