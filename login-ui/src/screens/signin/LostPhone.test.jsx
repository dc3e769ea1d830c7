import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOURNEY, moved, renderApp, texts } from '../../test/utils';

const { en } = texts;
const SENT = { journeys: { signin: JOURNEY.signin.lostPhoneSent } };

test('asks for the code sent to the address of the journey', async () => {
  await renderApp('/en/signIn/lostphone', SENT);
  expect(screen.getByRole('heading', { level: 1, name: en['lostPhone.code.title'] })).toBeInTheDocument();
  expect(screen.getByText(/to ada@example.com/)).toBeInTheDocument();
});

test('the right code asks for the removal of the phone and says until when it waits', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signIn/lostphone', {
    ...SENT,
    api: { 'POST /v1/otp/lostphone/verify': moved(JOURNEY.signin.phoneResetRequested) },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/signIn/lostphone/requested'));
  expect(calls.posts().map((c) => [c.path, c.body])).toEqual([
    ['/v1/otp/lostphone/verify', { userName: 'ada@example.com', otp: '123456', trxnId: 'L1' }],
  ]);
  expect(await screen.findByRole('heading', { level: 1, name: en['lostPhone.requested.title'] })).toBeInTheDocument();
});
