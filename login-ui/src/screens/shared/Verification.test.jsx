import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_POLICY } from '../../config';
import { passkeysSupported, signWithPasskey } from '../../components/passkeys';
import { codeSent, fail, journey, JOURNEY, moved, PASSKEY_OPTIONS, renderApp, SERVICE, texts, typeAndPress } from '../../test/utils';

jest.mock('../../components/passkeys', () => ({
  ...jest.requireActual('../../components/passkeys'),
  passkeysSupported: jest.fn(() => true),
  signWithPasskey: jest.fn(),
}));

const { en, fr } = texts;
const EMAIL_SENT = { journeys: { signup: JOURNEY.signup.emailSent } };
const PHONE_SENT = { journeys: { signup: JOURNEY.signup.phoneSent } };
const SIGNIN_SENT = { journeys: { signin: JOURNEY.signin.codeSent } };
const VOICE_SENT = journey('signup', 'PHONE_CODE_SENT', { ...JOURNEY.signup.phoneSent, otpType: 'voice' });

function setupUser() {
  return userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
}

async function wait(seconds) {
  for (let i = 0; i < seconds; i += 1) {
    // one act per second: each tick re-renders and schedules the next one
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
  }
}

const submitCode = (user, code, language = en) =>
  typeAndPress(user, language['verification.codeLabel'], code, language['common.continue']);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('renders e-mail verification as sign-up step 1 of 4 in English, with the journey\'s address', async () => {
  await renderApp('/en/signUp/verification/email', EMAIL_SENT);
  expect(screen.getByRole('heading', { level: 1, name: en['verification.email.title'] })).toBeInTheDocument();
  expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
  expect(screen.getByText('We sent a 6-digit code to ada@example.com.')).toBeInTheDocument();
});

test('renders phone verification as sign-up step 3 of 4 in French, with the number grouped', async () => {
  await renderApp('/fr/signUp/verification/sms', PHONE_SENT);
  expect(screen.getByRole('heading', { level: 1, name: fr['verification.sms.title'] })).toBeInTheDocument();
  expect(screen.getByText('Étape 3 sur 4')).toBeInTheDocument();
  expect(screen.getByText(/\+1 613 555 0100/)).toBeInTheDocument();
});

test('the code input has the size of the code, is required and asks for a one-time code', async () => {
  await renderApp('/en/signUp/verification/email', EMAIL_SENT);
  const input = screen.getByLabelText(en['verification.codeLabel']);
  expect(input).toHaveAttribute('size', '6');
  expect(input).toBeRequired();
  expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  expect(screen.getByText('The code expires after 10 minutes.')).toBeInTheDocument();
});

test('code length and expiry come from the server\'s policy', async () => {
  await renderApp('/en/signUp/verification/email', {
    ...EMAIL_SENT,
    config: { policy: { ...DEFAULT_POLICY, codeLength: 8, codeExpiryMinutes: 5 } },
  });
  expect(screen.getByLabelText(en['verification.codeLabel'])).toHaveAttribute('size', '8');
  expect(screen.getByText('The code has 8 digits.')).toBeInTheDocument();
  expect(screen.getByText('The code expires after 5 minutes.')).toBeInTheDocument();
  expect(screen.getByText('We sent a 8-digit code to ada@example.com.')).toBeInTheDocument();
});

test('an 8-digit code is accepted when the policy says 8', async () => {
  const user = setupUser();
  const { calls } = await renderApp('/en/signUp/verification/email', {
    ...EMAIL_SENT,
    config: { policy: { ...DEFAULT_POLICY, codeLength: 8 } },
    api: { 'POST /v1/otp/transient_otp/verify': moved(JOURNEY.signup.emailVerified) },
  });
  await submitCode(user, '12345678');
  await waitFor(() => expect(calls.posts()).toHaveLength(1));
});

test('before an e-mail code is sent the journey\'s own screen opens instead', async () => {
  const { location } = await renderApp('/en/signUp/verification/email', { journeys: { signup: JOURNEY.signup.privacy } });
  expect(location()).toBe('/en/signUp');
});

test('a phone code screen of another type than the code sent opens the one of the code sent', async () => {
  const { location } = await renderApp('/en/signUp/verification/voice', PHONE_SENT);
  expect(location()).toBe('/en/signUp/verification/sms');
});

test('a code that is not six digits is refused before any call', async () => {
  const user = setupUser();
  const { calls } = await renderApp('/en/signUp/verification/email', EMAIL_SENT);
  await submitCode(user, '12a45');
  expect(screen.getByRole('link', { name: 'Codes must be six digits. Try again.' })).toHaveAttribute('href', '#verificationCode');
  expect(calls.posts()).toHaveLength(0);
});

test('a correct e-mail code opens the step the journey names (the password)', async () => {
  const user = setupUser();
  const { calls, location } = await renderApp('/en/signUp/verification/email', {
    ...EMAIL_SENT,
    api: { 'POST /v1/otp/transient_otp/verify': moved(JOURNEY.signup.emailVerified) },
  });
  await submitCode(user, '123456');
  await waitFor(() => expect(location()).toBe('/en/signUp/password'));
  expect(calls.posts()[0].body).toEqual({ userName: 'ada@example.com', otpType: 'email', otp: '123456', trxnId: 'T1' });
});

test('a wrong code shows the catalogue text of code 14', async () => {
  const user = setupUser();
  await renderApp('/fr/signUp/verification/email', { ...EMAIL_SENT, api: { 'POST /v1/otp/transient_otp/verify': fail('14') } });
  await submitCode(user, '123456', fr);
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent('Code invalide. Veuillez réessayer.'));
});

test('an unknown server message is shown as it is', async () => {
  const user = setupUser();
  await renderApp('/en/signUp/verification/email', { ...EMAIL_SENT, api: { 'POST /v1/otp/transient_otp/verify': fail('Code does not match.') } });
  await submitCode(user, '123456');
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent('Code does not match.'));
});

test('a failure without a message shows the code 7 text', async () => {
  const user = setupUser();
  await renderApp('/en/signUp/verification/email', {
    ...EMAIL_SENT,
    api: { 'POST /v1/otp/transient_otp/verify': { status: 500, body: { success: false } } },
  });
  await submitCode(user, '123456');
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent(en['error.7']));
});

test('the countdown starts from the journey\'s wait, then the resend link appears', async () => {
  await renderApp('/en/signUp/verification/email', { journeys: { signup: { ...JOURNEY.signup.emailSent, resendAfter: 7 } } });
  expect(screen.getByTestId('countdown')).toHaveTextContent('7 seconds');
  expect(screen.queryByText(en['verification.requestNewCode'])).not.toBeInTheDocument();
  await wait(6);
  expect(screen.getByTestId('countdown')).toHaveTextContent('1 second');
  await wait(1);
  expect(screen.getByText(en['verification.requestNewCode'])).toBeInTheDocument();
  expect(screen.queryByText(en['verification.switchTo.voice'])).not.toBeInTheDocument();
});

test('after a reload with no wait left the resend link shows at once', async () => {
  await renderApp('/en/signUp/verification/email', { journeys: { signup: { ...JOURNEY.signup.emailSent, resendAfter: 0 } } });
  expect(screen.getByText(en['verification.requestNewCode'])).toBeInTheDocument();
});

test('a resend clears the error and the input, shows a success notice and counts down from the answer\'s wait', async () => {
  const user = setupUser();
  const { calls } = await renderApp('/en/signUp/verification/email', {
    ...EMAIL_SENT,
    api: { 'POST /v1/otp/transient_otp/send': codeSent(JOURNEY.signup.emailSent, { resendAfter: 40 }) },
  });
  const input = screen.getByLabelText(en['verification.codeLabel']);
  await submitCode(user, '12');
  expect(screen.getByRole('alert')).toBeInTheDocument();
  await wait(10);
  await user.click(screen.getByText(en['verification.requestNewCode']));
  await waitFor(() => expect(screen.getByText(en['verification.email.resent'])).toBeInTheDocument());
  expect(calls.posts()[0].body).toMatchObject({ userName: 'ada@example.com', otpType: 'email', language: 'eng' });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(input).toHaveValue('');
  expect(screen.getByTestId('countdown')).toHaveTextContent('40 seconds');
  expect(window.dataLayer.map((e) => e.action)).toContain('verification_step1_request-new-code');
});

test('after "send me a new code" the focus lands on the new-code notice', async () => {
  const user = setupUser();
  await renderApp('/en/signUp/verification/email', {
    journeys: { signup: { ...JOURNEY.signup.emailSent, resendAfter: 0 } },
    api: { 'POST /v1/otp/transient_otp/send': codeSent(JOURNEY.signup.emailSent, { resendAfter: 20 }) },
  });
  await user.click(screen.getByText(en['verification.requestNewCode']));
  const notice = await screen.findByText(en['verification.email.resent']);
  await waitFor(() => expect(notice.closest('[role="status"]')).toHaveFocus());
});

test.each([
  ['used up (4 wrong codes)', '16'],
  ['expired', '15'],
])('a code %s offers a new code at once and drops the stale "new code sent" notice', async (_, code) => {
  const user = setupUser();
  await renderApp('/en/signUp/verification/email', {
    journeys: { signup: { ...JOURNEY.signup.emailSent, resendAfter: 0 } },
    api: {
      'POST /v1/otp/transient_otp/send': codeSent(JOURNEY.signup.emailSent, { resendAfter: 30 }),
      'POST /v1/otp/transient_otp/verify': fail(code),
    },
  });
  await user.click(screen.getByText(en['verification.requestNewCode']));
  await screen.findByText(en['verification.email.resent']);
  expect(screen.getByTestId('countdown')).toHaveTextContent('30 seconds');
  await submitCode(user, '123456');
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent(en[`error.${code}`]));
  expect(screen.getByText(en['verification.requestNewCode'])).toBeInTheDocument();
  expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
  expect(screen.queryByText(en['verification.email.resent'])).not.toBeInTheDocument();
});

test.each([
  ['sign-up\'s e-mail code', '/en/signUp/verification/email', EMAIL_SENT, 'transient_otp', JOURNEY.signup.emailSent],
  ['sign-up\'s phone code', '/fr/signUp/verification/sms', PHONE_SENT, 'transient_otp', JOURNEY.signup.phoneSent],
  ['sign-in\'s code', '/en/signIn/verification/sms', SIGNIN_SENT, 'otp', JOURNEY.signin.codeSent],
])('after a used-up %s, the new code is verified against the transaction the server names', async (_, path, journeys, call, view) => {
  const user = setupUser();
  const fresh = { ...view, trxnId: 'FRESH', resendAfter: 30 };
  const { calls } = await renderApp(path, {
    journeys: { [view.flow]: { ...view, resendAfter: 0 } },
    api: {
      [`POST /v1/otp/${call}/send`]: codeSent(fresh, { trxnId: 'FRESH', resendAfter: 30 }),
      [`POST /v1/otp/${call}/verify`]: (() => {
        const answers = [fail('16'), fail('14', { retries: 3 })];
        return () => answers.shift();
      })(),
    },
  });
  const language = path.startsWith('/fr') ? fr : en;
  await submitCode(user, '111111', language);
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent(language['error.16']));
  await user.click(screen.getByText(language['verification.requestNewCode']));
  await screen.findByText(language[`verification.${view.otpType}.resent`]);
  await submitCode(user, '222222', language);
  const verifies = calls.posts().filter((post) => post.path === `/v1/otp/${call}/verify`);
  expect(verifies.map((post) => post.body.trxnId)).toEqual([view.trxnId, 'FRESH']);
});

test('a wrong code that leaves tries keeps the countdown', async () => {
  const user = setupUser();
  await renderApp('/en/signUp/verification/email', {
    ...EMAIL_SENT,
    api: { 'POST /v1/otp/transient_otp/verify': fail('14', { retries: 2 }) },
  });
  await submitCode(user, '123456');
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toBeInTheDocument());
  expect(screen.getByTestId('countdown')).toBeInTheDocument();
});

test('a new code asked too soon says how long to wait and counts down from it', async () => {
  const user = setupUser();
  await renderApp('/en/signUp/verification/email', {
    journeys: { signup: { ...JOURNEY.signup.emailSent, resendAfter: 0 } },
    api: { 'POST /v1/otp/transient_otp/send': fail('34', { retryAfter: 12 }, 429) },
  });
  await user.click(screen.getByText(en['verification.requestNewCode']));
  await waitFor(() =>
    expect(document.getElementById('verificationCode-error')).toHaveTextContent('Wait 12 seconds before asking for a new code.'),
  );
  expect(screen.getByTestId('countdown')).toHaveTextContent('12 seconds');
  expect(screen.queryByText(en['verification.email.resent'])).not.toBeInTheDocument();
});

test('for sms the alternate-channel link calls instead and opens the voice screen the journey names', async () => {
  const user = setupUser();
  const { calls, location } = await renderApp('/en/signUp/verification/sms', {
    journeys: { signup: { ...JOURNEY.signup.phoneSent, resendAfter: 0 } },
    api: { 'POST /v1/otp/transient_otp/send': codeSent({ ...VOICE_SENT, resendAfter: 20 }, { type: 'voiceotp' }) },
  });
  await user.click(screen.getByText(en['verification.switchTo.voice']));
  await waitFor(() => expect(location()).toBe('/en/signUp/verification/voice'));
  expect(calls.posts()[0].body).toMatchObject({ otpType: 'voice', phoneNumber: '+16135550100' });
  expect(await screen.findByRole('heading', { level: 1, name: en['verification.voice.title'] })).toBeInTheDocument();
  expect(screen.getByText(en['verification.voice.resent'])).toBeInTheDocument();
  expect(screen.getByTestId('countdown')).toHaveTextContent('20 seconds');
});

test('a service that offers no calls shows no link to call instead', async () => {
  await renderApp('/en/signUp/verification/sms', {
    journeys: { signup: { ...JOURNEY.signup.phoneSent, resendAfter: 0 } },
    config: { policy: { ...DEFAULT_POLICY, phoneChannels: ['sms'] } },
  });
  expect(await screen.findByText(en['verification.requestNewCode'])).toBeInTheDocument();
  expect(screen.queryByText(en['verification.switchTo.voice'])).not.toBeInTheDocument();
});

test('a correct phone code in sign-up opens the profile step', async () => {
  const user = setupUser();
  const { location } = await renderApp('/en/signUp/verification/sms', {
    ...PHONE_SENT,
    api: { 'POST /v1/otp/transient_otp/verify': moved(JOURNEY.signup.phoneVerified) },
  });
  await submitCode(user, '654321');
  await waitFor(() => expect(location()).toBe('/en/signUp/profile'));
});

test('a correct sign-in code keeps data.redirectTo and opens the redirect page', async () => {
  const user = setupUser();
  const { calls, location } = await renderApp('/en/signIn/verification/sms', {
    ...SIGNIN_SENT,
    service: SERVICE,
    api: { 'POST /v1/otp/otp/verify': moved(JOURNEY.signin.completed, { redirectTo: '/authorize/resume/abc' }) },
  });
  await submitCode(user, '654321');
  await waitFor(() => expect(location()).toBe('/en/redirecttorp'));
  expect(calls.posts()[0]).toMatchObject({ path: '/v1/otp/otp/verify', body: { userName: 'ada@example.com', otpType: 'sms', trxnId: 'T3' } });
  expect(await screen.findByRole('link', { name: /Continue to/ })).toHaveAttribute('href', 'http://localhost/authorize/resume/abc');
});

describe('an account whose sign-up stopped', () => {
  const STOPPED = journey('signin', 'CODE_SENT', { email: 'ada@example.com', phone: '', otpType: 'email', trxnId: 'T3', methods: [] });

  test.each([
    ['en', en],
    ['fr', fr],
  ])('goes on from the e-mail code to the phone step, which says why (%s)', async (language, words) => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { location } = await renderApp(`/${language}/signIn/verification/email`, {
      journeys: { signin: STOPPED },
      api: { 'POST /v1/otp/otp/verify': moved(JOURNEY.signup.created) },
    });
    await submitCode(user, '654321', words);
    await waitFor(() => expect(location()).toBe(`/${language}/signUp/verificationsetup`));
    expect(await screen.findByRole('heading', { level: 1, name: words['setup.title'] })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(words['setup.resumed']);
  });

  test('an ordinary sign-up at the phone step says nothing of it', async () => {
    await renderApp('/en/signUp/verificationsetup', { journeys: { signup: JOURNEY.signup.created } });
    expect(screen.queryByText(en['setup.resumed'])).not.toBeInTheDocument();
  });
});

test('the sign-up e-mail code screen says where an address that has an account goes: sign in', async () => {
  await renderApp('/fr/signUp/verification/email', EMAIL_SENT);
  expect(screen.getByText(fr['verification.email.accountExists'], { exact: false })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: fr['verification.email.signIn'] })).toHaveAttribute('href', '/fr/signIn');
});

test('the phone code screen says nothing of an existing account', async () => {
  await renderApp('/en/signUp/verification/sms', PHONE_SENT);
  expect(screen.queryByRole('link', { name: en['verification.email.signIn'] })).not.toBeInTheDocument();
});

test('"new e-mail" in sign-up goes back to the sign-up page', async () => {
  await renderApp('/en/signUp/verification/email', EMAIL_SENT);
  expect(screen.getByRole('link', { name: en['verification.newEmail'] })).toHaveAttribute('href', '/en/signUp');
});

test('"new method" for a sign-up phone goes back to two-step setup', async () => {
  await renderApp('/en/signUp/verification/sms', PHONE_SENT);
  expect(screen.getByRole('link', { name: en['verification.newMethod'] })).toHaveAttribute('href', '/en/signUp/verificationsetup');
});

test('"new method" in sign-in goes back to the verification selection', async () => {
  await renderApp('/en/signIn/verification/sms', SIGNIN_SENT);
  expect(screen.getByRole('link', { name: en['verification.newMethod'] })).toHaveAttribute('href', '/en/signIn/selectverification');
});

describe('sign-in by the person\'s other methods', () => {
  beforeEach(() => jest.useRealTimers());

  test('an authenticator app\'s code has its own screen, with no resend', async () => {
    await renderApp('/en/signIn/verification/app', { journeys: { signin: JOURNEY.signin.app } });
    expect(screen.getByRole('heading', { level: 1, name: en['verification.app.title'] })).toBeInTheDocument();
    expect(screen.getByLabelText(en['verification.codeLabel'])).toHaveAttribute('size', '6');
    expect(screen.queryByText(en['verification.requestNewCode'])).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: en['verification.newMethod'] })).toHaveAttribute('href', '/en/signIn/selectverification');
  });

  test('an app\'s code signs in with the method named', async () => {
    const user = userEvent.setup();
    const { calls, location } = await renderApp('/en/signIn/verification/app', {
      journeys: { signin: JOURNEY.signin.app },
      api: { 'POST /v1/otp/otp/verify': moved(JOURNEY.signin.completed, { redirectTo: '/en/profilehome' }) },
    });
    await submitCode(user, '123456');
    await waitFor(() => expect(location()).toBe('/en/redirecttorp'));
    expect(calls.posts()[0].body).toMatchObject({ userName: 'ada@example.com', otpType: 'app', otp: '123456' });
    expect(window.dataLayer.map((e) => e.action)).toContain('verification-app_submit_success');
  });

  test('a backup code has a field of its own, in French', async () => {
    await renderApp('/fr/signIn/verification/backup', { journeys: { signin: JOURNEY.signin.backup } });
    expect(screen.getByRole('heading', { level: 1, name: fr['verification.backup.title'] })).toBeInTheDocument();
    expect(screen.getByLabelText(fr['verification.backup.label'])).toHaveAttribute('size', '11');
  });

  test('a wrong backup code is refused with the code 14 text', async () => {
    const user = userEvent.setup();
    await renderApp('/en/signIn/verification/backup', {
      journeys: { signin: JOURNEY.signin.backup },
      api: { 'POST /v1/otp/otp/verify': fail('14', { retries: 3 }) },
    });
    await typeAndPress(user, en['verification.backup.label'], 'ABCDE-23456', en['common.continue']);
    expect(await screen.findByRole('link', { name: en['error.14'] })).toBeInTheDocument();
  });

  test.each([
    ['en', 7, 'You already used this backup code. You have 7 unused codes left.'],
    ['fr', 1, 'Vous avez déjà utilisé ce code de secours. Il vous reste 1 code inutilisé.'],
  ])('a backup code used before says so and how many are left (%s)', async (language, remaining, text) => {
    const user = userEvent.setup();
    await renderApp(`/${language}/signIn/verification/backup`, {
      journeys: { signin: JOURNEY.signin.backup },
      api: { 'POST /v1/otp/otp/verify': fail('42', { remaining }) },
    });
    const words = texts[language];
    await typeAndPress(user, words['verification.backup.label'], 'ABCDE-23456', words['common.continue']);
    expect(await screen.findByRole('link', { name: text })).toBeInTheDocument();
  });

  test('a passkey signs in with the browser\'s answer', async () => {
    const user = userEvent.setup();
    signWithPasskey.mockResolvedValue({ id: 'Y3JlZA', type: 'public-key', response: {} });
    const { calls, location } = await renderApp(
      { pathname: '/en/signIn/verification/passkey', state: { publicKey: PASSKEY_OPTIONS } },
      { journeys: { signin: JOURNEY.signin.passkey }, api: { 'POST /v1/otp/otp/verify': moved(JOURNEY.signin.completed, { redirectTo: '/en/profilehome' }) } },
    );
    expect(screen.getByRole('heading', { level: 1, name: en['verification.passkey.title'] })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en['verification.passkey.submit'] }));
    await waitFor(() => expect(location()).toBe('/en/redirecttorp'));
    expect(calls.posts()[0].body).toMatchObject({ otpType: 'passkey', credential: { id: 'Y3JlZA' } });
  });

  test('a browser without passkeys says so and leaves the other ways open', async () => {
    passkeysSupported.mockReturnValue(false);
    await renderApp('/en/signIn/verification/passkey', { journeys: { signin: JOURNEY.signin.passkey } });
    expect(screen.getByText(en['verification.passkey.unsupported'])).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en['verification.newMethod'] })).toBeInTheDocument();
    passkeysSupported.mockReturnValue(true);
  });
});

test('a code the worker could not deliver is said after a look at the server, and a new one may be asked at once', async () => {
  const user = setupUser();
  const sent = JOURNEY.signin.codeSent;
  let failed = false;
  const { calls } = await renderApp('/en/signIn/verification/sms', {
    ...SIGNIN_SENT,
    api: {
      'GET /v1/session': () => ({ status: 200, body: { success: true, message: '', data: { journeys: { signin: failed ? { ...sent, deliveryFailed: true, resendAfter: 0 } : sent } } } }),
      'POST /v1/otp/otp/send': codeSent(sent, { trxnId: 'T3', type: 'smsotp', resendAfter: 20 }),
    },
  });
  expect(screen.getByTestId('countdown')).toBeInTheDocument();
  const looks = () => calls.filter((call) => call.path === '/v1/session').length;
  const before = looks();
  await wait(8);
  expect(looks()).toBe(before + 1);
  expect(screen.queryByText(en['verification.sms.undeliverable'])).not.toBeInTheDocument();
  failed = true;
  await wait(16);
  expect(await screen.findByText(en['verification.sms.undeliverable'])).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: en['verification.requestNewCode'] }));
  expect(calls.posts().map((call) => call.path)).toEqual(['/v1/otp/otp/send']);
});

test('a code on its way is looked at a few times only, ever less often', async () => {
  const { calls } = await renderApp('/fr/signIn/verification/sms', SIGNIN_SENT);
  const looks = () => calls.filter((call) => call.path === '/v1/session').length;
  const before = looks();
  await wait(60);
  // 8 s, then 16 s later, then 32 s later: three looks in a minute
  expect(looks()).toBe(before + 3);
});
