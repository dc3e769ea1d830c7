import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signWithPasskey } from '../../components/passkeys';
import { codeSent, fail, journey, JOURNEY, moved, PASSKEY_OPTIONS, renderApp, signedIn, texts, typeAndPress } from '../../test/utils';

jest.mock('../../components/passkeys', () => ({
  ...jest.requireActual('../../components/passkeys'),
  passkeysSupported: () => true,
  signWithPasskey: jest.fn(),
  createPasskey: jest.fn(),
}));

const { en, fr } = texts;
const SENT = { journeys: { email_change: JOURNEY.emailChange.codeSent } };
const PASSKEY_ANSWER = { id: 'Y3JlZA', type: 'public-key', response: {} };

const submitCode = (user, code, label = en['verification.codeLabel']) => typeAndPress(user, label, code, en['common.continue']);

test('asks for the code sent to the account\'s phone in English', async () => {
  await renderApp('/en/completetwostepverification', SENT);
  expect(screen.getByRole('heading', { level: 1, name: en['profile.twoStep.title'] })).toBeInTheDocument();
  expect(screen.getByText(/by text message to \*\*\*\*\*\*0100/)).toBeInTheDocument();
  expect(screen.getByLabelText(en['verification.codeLabel'])).toHaveAttribute('autocomplete', 'one-time-code');
});

test('an account without a phone gets the code by e-mail, at its address', async () => {
  await renderApp('/en/completetwostepverification', {
    journeys: { email_change: journey('email_change', 'CODE_SENT', { email: 'ada@example.com', otpType: 'email', phone: '', methods: ['email'] }) },
  });
  expect(screen.getByText('We sent a 6-digit code to ada@example.com.')).toBeInTheDocument();
});

test('the right code opens the new e-mail page', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/completetwostepverification', {
    ...SENT,
    api: { 'POST /v1/profile/email/code/verify': moved(JOURNEY.emailChange.reauthenticated) },
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

test('the phone change\'s second factor is checked for the phone change, then asks for the new number', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/completetwostepverification/phone', {
    journeys: { phone_change: JOURNEY.phoneChange.codeSent },
    api: { 'POST /v1/profile/phone/code/verify': moved(JOURNEY.phoneChange.reauthenticated) },
  });
  await submitCode(user, '123456');
  await waitFor(() => expect(location()).toBe('/en/enterNewPhoneNumber'));
  expect(calls.posts()[0].path).toBe('/v1/profile/phone/code/verify');
});

test('"choose another way" lists the person\'s other methods and asks for the one chosen', async () => {
  const user = userEvent.setup();
  const app = journey('password_change', 'METHOD_CHOSEN', { ...JOURNEY.passwordChange.codeSent, otpType: 'app', methods: ['sms', 'voice', 'app', 'backup'] });
  const { calls } = await renderApp('/en/completetwostepverification/password', {
    journeys: { password_change: { ...JOURNEY.passwordChange.codeSent, methods: ['sms', 'voice', 'app', 'backup'] } },
    api: { 'POST /v1/profile/password/code/send': moved(app) },
  });
  expect(screen.getByRole('heading', { level: 2, name: en['otherWays.title'] })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: en['otherWays.sms'].replace('{phone}', '******0100') })).not.toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: en['otherWays.app'] }));
  expect(await screen.findByText(/Open your authenticator app/)).toBeInTheDocument();
  expect(calls.posts()[0]).toMatchObject({ path: '/v1/profile/password/code/send', body: { otpType: 'app' } });
  expect(screen.getByRole('link', { name: en['otherWays.sms'].replace('{phone}', '******0100') })).toBeInTheDocument();
});

test('a backup code is typed in a field of its own size, with or without its dash', async () => {
  const user = userEvent.setup();
  const backup = journey('methods', 'METHOD_CHOSEN', { ...JOURNEY.methods.codeSent, otpType: 'backup', methods: ['backup', 'sms'] });
  const { calls, location } = await renderApp('/en/completetwostepverification/methods', {
    journeys: { methods: backup },
    api: { 'POST /v1/profile/methods/code/verify': moved(JOURNEY.methods.reauthenticated) },
  });
  const field = screen.getByLabelText(en['verification.backup.label']);
  expect(field).toHaveAttribute('size', '11');
  await submitCode(user, 'abcde-23456', en['verification.backup.label']);
  await waitFor(() => expect(location()).toBe('/en/signinmethods/change'));
  expect(calls.posts()[0].body).toEqual({ otp: 'ABCDE23456' });
});

test('a backup code of the wrong shape is refused before any call', async () => {
  const user = userEvent.setup();
  const backup = journey('methods', 'METHOD_CHOSEN', { ...JOURNEY.methods.codeSent, otpType: 'backup', methods: ['backup', 'sms'] });
  const { calls } = await renderApp('/en/completetwostepverification/methods', { journeys: { methods: backup } });
  await submitCode(user, 'ABC', en['verification.backup.label']);
  expect(screen.getByRole('link', { name: en['error.backupCode'].replace('{length}', '10') })).toBeInTheDocument();
  expect(calls.posts()).toHaveLength(0);
});

test('a passkey asked by the password is used with the options its answer carried, then the chosen action goes on', async () => {
  const user = userEvent.setup();
  signWithPasskey.mockResolvedValue(PASSKEY_ANSWER);
  const { calls, location } = await renderApp(
    { pathname: '/en/completetwostepverification/methods', state: { publicKey: PASSKEY_OPTIONS, action: 'app' } },
    { journeys: { methods: JOURNEY.methods.passkeyAsked }, api: signedIn({ 'POST /v1/profile/methods/code/verify': moved(JOURNEY.methods.reauthenticated) }) },
  );
  await user.click(screen.getByRole('button', { name: en['verification.passkey.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/signinmethods/change'));
  expect(signWithPasskey).toHaveBeenCalledWith(PASSKEY_OPTIONS);
  expect(calls.posts().map((c) => [c.path, c.body])).toEqual([['/v1/profile/methods/code/verify', { credential: PASSKEY_ANSWER }]]);
  expect(await screen.findByRole('radio', { name: en['methods.change.app'] })).toBeChecked();
});

test('a passkey page reached without options asks the server for new ones', async () => {
  const user = userEvent.setup();
  signWithPasskey.mockResolvedValue(PASSKEY_ANSWER);
  const { calls } = await renderApp('/fr/completetwostepverification/methods', {
    journeys: { methods: JOURNEY.methods.passkeyAsked },
    api: {
      'POST /v1/profile/methods/code/send': moved(JOURNEY.methods.passkeyAsked, { publicKey: PASSKEY_OPTIONS }),
      'POST /v1/profile/methods/code/verify': moved(JOURNEY.methods.reauthenticated),
    },
  });
  await user.click(screen.getByRole('button', { name: fr['verification.passkey.submit'] }));
  await waitFor(() => expect(calls.posts()).toHaveLength(2));
  expect(calls.posts()[0].body).toEqual({ otpType: 'passkey' });
});

test('a passkey that does not answer shows the code 39 text and asks for new options next time', async () => {
  const user = userEvent.setup();
  signWithPasskey.mockRejectedValueOnce(Object.assign(new Error('39'), { message: '39', data: {} }));
  await renderApp(
    { pathname: '/en/completetwostepverification/methods', state: { publicKey: PASSKEY_OPTIONS } },
    { journeys: { methods: JOURNEY.methods.passkeyAsked } },
  );
  await user.click(screen.getByRole('button', { name: en['verification.passkey.submit'] }));
  expect(await screen.findByRole('link', { name: en['error.39'] })).toBeInTheDocument();
});

test('a code sent again by the other method says so', async () => {
  const user = userEvent.setup();
  const voice = journey('email_change', 'CODE_SENT', { ...JOURNEY.emailChange.codeSent, otpType: 'voice' });
  await renderApp('/en/completetwostepverification', { ...SENT, api: { 'POST /v1/profile/email/code/send': codeSent(voice, { type: 'voiceotp' }) } });
  await user.click(screen.getByRole('link', { name: en['otherWays.voice'].replace('{phone}', '******0100') }));
  expect(await screen.findByText(en['verification.voice.resent'])).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: en['profile.twoStep.title'] })).toBeInTheDocument();
});
