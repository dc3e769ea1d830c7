import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, moved, renderApp, texts } from '../../test/utils';

const { en } = texts;
const SENT = { journeys: { recovery: JOURNEY.recovery.emailSent } };

test('asks for the e-mail code in English, naming the address of the journey', async () => {
  await renderApp('/en/forgotpassword/checkemail', SENT);
  expect(screen.getByRole('heading', { level: 1, name: en['recovery.checkEmail.title'] })).toBeInTheDocument();
  expect(screen.getByText(/If ada@example.com has an account/)).toBeInTheDocument();
});

test('the right code is one call: the server also sends the two-step code, and its screen opens', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/forgotpassword/checkemail', {
    ...SENT,
    api: { 'POST /v1/recovery/verify': moved(JOURNEY.recovery.phoneSent, { trxnId: 'R2', type: 'smsotp', phoneNumber: '******0100' }) },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/forgotpassword/verification'));
  expect(calls.posts().map((c) => [c.path, c.body])).toEqual([['/v1/recovery/verify', { otp: '123456' }]]);
  expect(await screen.findByText(/by text message to \*\*\*\*\*\*0100/)).toBeInTheDocument();
});

test('an account without a phone is told to contact the help desk', async () => {
  const user = userEvent.setup();
  await renderApp('/en/forgotpassword/checkemail', { ...SENT, api: { 'POST /v1/recovery/verify': fail('33', null, 409) } });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(await screen.findByRole('link', { name: en['error.33'] })).toBeInTheDocument();
});

test('"use a different e-mail" goes back to the first recovery page', async () => {
  await renderApp('/en/forgotpassword/checkemail', SENT);
  expect(screen.getByRole('link', { name: en['verification.newEmail'] })).toHaveAttribute('href', '/en/forgotpassword');
});

test('an account whose lost phone was removed is led to its one way back, not to a new password', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/forgotpassword/checkemail', { ...SENT, api: { 'POST /v1/recovery/verify': moved(JOURNEY.recovery.addressOnly) } });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/forgotpassword/accountreset'));
  expect(await screen.findByText(en['accountReset.ask.phoneRemoved'])).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['home.signIn'] })).toHaveAttribute('href', '/en/signIn');
});
