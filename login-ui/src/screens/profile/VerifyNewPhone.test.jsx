import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, journey, JOURNEY, moved, renderApp, texts } from '../../test/utils';

const { en } = texts;
const SENT = { journeys: { phone_change: JOURNEY.phoneChange.newPhoneSent } };

test('asks for the code sent to the new number (masked) in English', async () => {
  await renderApp('/en/verifynewphone', SENT);
  expect(screen.getByRole('heading', { level: 1, name: en['verification.sms.title'] })).toBeInTheDocument();
  expect(screen.getByText(/\*\*\*\*\*\*0199/)).toBeInTheDocument();
});

test('the right code opens the success page', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/verifynewphone', {
    ...SENT,
    api: { 'POST /v1/profile/phone/verify': moved(JOURNEY.phoneChange.completed, { phone: '******0199' }) },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/phonechanged'));
});

test('a call instead sends the typed number again on the other channel', async () => {
  const user = userEvent.setup();
  const voice = journey('phone_change', 'PHONE_CODE_SENT', { ...JOURNEY.phoneChange.newPhoneSent, otpType: 'voice' });
  const { calls } = await renderApp(
    { pathname: '/en/verifynewphone', state: { phoneNumber: '+16132340199' } },
    { journeys: { phone_change: { ...JOURNEY.phoneChange.newPhoneSent, resendAfter: 0 } }, api: { 'POST /v1/profile/phone': codeSent(voice) } },
  );
  await user.click(screen.getByRole('link', { name: en['verification.switchTo.voice'] }));
  await waitFor(() => expect(calls.posts()[0].body).toEqual({ phoneNumber: '+16132340199', otpType: 'voice' }));
  expect(await screen.findByRole('heading', { level: 1, name: en['verification.voice.title'] })).toBeInTheDocument();
});
