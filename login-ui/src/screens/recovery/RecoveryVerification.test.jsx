import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, JOURNEY, moved, renderApp, texts } from '../../test/utils';

const { en, fr } = texts;
const SENT = { journeys: { recovery: JOURNEY.recovery.phoneSent } };
const callMe = en['otherWays.voice'].replace('{phone}', '******0100');

test('asks for the two-step code in English, naming the masked phone of the journey', async () => {
  await renderApp('/en/forgotpassword/verification', SENT);
  expect(screen.getByRole('heading', { level: 1, name: en['recovery.twoStep.title'] })).toBeInTheDocument();
  expect(screen.getByText(/by text message to \*\*\*\*\*\*0100/)).toBeInTheDocument();
});

test('before the e-mail code is verified the journey\'s own screen opens instead', async () => {
  const { location } = await renderApp('/en/forgotpassword/verification', { journeys: { recovery: JOURNEY.recovery.emailSent } });
  expect(location()).toBe('/en/forgotpassword/checkemail');
});

test('the right code opens the new password page', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/forgotpassword/verification', {
    ...SENT,
    api: { 'POST /v1/recovery/code/verify': moved(JOURNEY.recovery.phoneVerified) },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/forgotpassword/newpassword'));
});

test('a voice call can replace the text message', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/forgotpassword/verification', {
    journeys: { recovery: { ...JOURNEY.recovery.phoneSent, resendAfter: 0 } },
    api: { 'POST /v1/recovery/code/send': codeSent({ ...JOURNEY.recovery.phoneSent, otpType: 'voice' }, { type: 'voiceotp' }) },
  });
  await user.click(screen.getByRole('link', { name: callMe }));
  await waitFor(() => expect(calls.posts()[0].body).toEqual({ otpType: 'voice' }));
  expect(await screen.findByText(en['verification.voice.resent'])).toBeInTheDocument();
  expect(screen.getByText(/We are calling \*\*\*\*\*\*0100/)).toBeInTheDocument();
});

test('the method the server asks first is the one shown: an authenticator app, in French', async () => {
  await renderApp('/fr/forgotpassword/verification', { journeys: { recovery: JOURNEY.recovery.app } });
  expect(screen.getByRole('heading', { level: 1, name: fr['recovery.twoStep.title'] })).toBeInTheDocument();
  expect(screen.getByText(/Ouvrez votre application d'authentification/)).toBeInTheDocument();
  expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: fr['otherWays.backup'] })).toBeInTheDocument();
});

test('an app\'s code is sent as the answer to the second factor', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/forgotpassword/verification', {
    journeys: { recovery: JOURNEY.recovery.app },
    api: { 'POST /v1/recovery/code/verify': moved(JOURNEY.recovery.phoneVerified) },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123 456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/forgotpassword/newpassword'));
  expect(calls.posts()[0].body).toEqual({ otp: '123456' });
});

test('choosing a backup code instead asks the server for that method', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/forgotpassword/verification', {
    journeys: { recovery: JOURNEY.recovery.app },
    api: { 'POST /v1/recovery/code/send': moved({ ...JOURNEY.recovery.app, otpType: 'backup' }) },
  });
  await user.click(screen.getByRole('link', { name: en['otherWays.backup'] }));
  expect(await screen.findByLabelText(en['verification.backup.label'])).toBeInTheDocument();
  expect(calls.posts()[0].body).toEqual({ otpType: 'backup' });
});

test('a new code asked too soon by another channel says how many seconds to wait', async () => {
  const user = userEvent.setup();
  await renderApp('/en/forgotpassword/verification', {
    ...SENT,
    api: { 'POST /v1/recovery/code/send': { status: 429, body: { success: false, message: '34', data: { retryAfter: 12 } } } },
  });
  await user.click(screen.getByRole('link', { name: callMe }));
  expect(await screen.findByRole('link', { name: 'Wait 12 seconds before asking for a new code.' })).toBeInTheDocument();
});
