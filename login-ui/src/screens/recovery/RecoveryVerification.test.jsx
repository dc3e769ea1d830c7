import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, JOURNEY, moved, renderApp, texts } from '../../test/utils';

const { en } = texts;
const SENT = { journeys: { recovery: JOURNEY.recovery.phoneSent } };

test('asks for the two-step code in English, naming the masked phone of the journey', async () => {
  await renderApp('/en/forgotpassword/verification', SENT);
  expect(screen.getByRole('heading', { level: 1, name: en['recovery.twoStep.title'] })).toBeInTheDocument();
  expect(screen.getByText(/\*\*\*\*\*\*0100/)).toBeInTheDocument();
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

test('once the wait is over a voice call can replace the text message', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/forgotpassword/verification', {
    journeys: { recovery: { ...JOURNEY.recovery.phoneSent, resendAfter: 0 } },
    api: { 'POST /v1/recovery/code/send': codeSent({ ...JOURNEY.recovery.phoneSent, otpType: 'voice' }, { type: 'voiceotp' }) },
  });
  await user.click(screen.getByRole('link', { name: en['verification.switchTo.voice'] }));
  await waitFor(() => expect(calls.posts()[0].body).toEqual({ otpType: 'voice' }));
  expect(await screen.findByText(en['verification.voice.resent'])).toBeInTheDocument();
  expect(screen.getByText(/We are calling \*\*\*\*\*\*0100/)).toBeInTheDocument();
  expect(screen.getByTestId('countdown')).toHaveTextContent('20 seconds');
});
