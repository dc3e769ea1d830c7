import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, renderApp, texts } from '../../test/utils';

const { en, fr } = texts;
const arrived = (language) => ({
  pathname: `/${language}/forgotpassword/verification`,
  state: { otpType: 'sms', phone: '******0100' },
});

test('asks for the two-step code in English', async () => {
  await renderApp(arrived('en'));
  expect(screen.getByRole('heading', { level: 1, name: en['recovery.twoStep.title'] })).toBeInTheDocument();
  expect(screen.getByText(/\*\*\*\*\*\*0100/)).toBeInTheDocument();
});

test('renders in French', async () => {
  await renderApp(arrived('fr'));
  expect(screen.getByRole('heading', { level: 1, name: fr['recovery.twoStep.title'] })).toBeInTheDocument();
});

test('without the e-mail step it goes back to the first recovery page', async () => {
  const { location } = await renderApp('/en/forgotpassword/verification');
  expect(location()).toBe('/en/forgotpassword');
});

test('the right code opens the new password page', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp(arrived('en'), { api: { 'POST /v1/recovery/code/verify': ok({}) } });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/forgotpassword/newpassword'));
});

test('after the countdown a voice call can replace the text message', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const { calls } = await renderApp(arrived('en'), { api: { 'POST /v1/recovery/code/send': ok({ trxnId: 'T3' }) } });
  // one act per second: each tick re-renders and schedules the next one
  for (let second = 0; second < 10; second += 1) {
    // eslint-disable-next-line no-await-in-loop
    await act(async () => jest.advanceTimersByTime(1000));
  }
  await user.click(screen.getByRole('link', { name: en['verification.switchTo.voice'] }));
  await waitFor(() => expect(calls.posts()[0].body).toEqual({ otpType: 'voice' }));
  expect(await screen.findByText(en['verification.voice.resent'])).toBeInTheDocument();
  jest.useRealTimers();
});
