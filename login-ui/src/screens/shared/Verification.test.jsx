import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, SIGNIN, SIGNUP, storedSession, texts } from '../../test/utils';
import { nextRequestCount, resendDelaySeconds } from './countdown';

const { en, fr } = texts;

const sent = (trxnId) => ok({ trxnId, type: 'emailotp', state: 'PENDING', retries: 4 });

function setupUser() {
  return userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
}

async function wait(seconds) {
  for (let i = 0; i < seconds; i += 1) {
    // one act per second: each tick re-renders and schedules the next one
    // eslint-disable-next-line no-await-in-loop
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
  }
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('resend countdown arithmetic', () => {
  test('the first wait is 10 seconds', () => {
    expect(resendDelaySeconds(1)).toBe(10);
  });
  test('each resend waits 10 times the number of requests, the count starting at 2', () => {
    expect(nextRequestCount(1)).toBe(2);
    expect(resendDelaySeconds(nextRequestCount(1))).toBe(20);
    expect(resendDelaySeconds(nextRequestCount(2))).toBe(30);
    expect(resendDelaySeconds(5)).toBe(50);
  });
});

test('renders e-mail verification as sign-up step 1 of 4 in English', async () => {
  await renderApp('/en/signUp/verification/email', { userData: SIGNUP.emailSent });
  expect(screen.getByRole('heading', { level: 1, name: en['verification.email.title'] })).toBeInTheDocument();
  expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
  expect(screen.getByText(/ada@example.com/)).toBeInTheDocument();
});

test('renders phone verification as sign-up step 3 of 4 in French', async () => {
  await renderApp('/fr/signUp/verification/sms', { userData: SIGNUP.phoneSent });
  expect(screen.getByRole('heading', { level: 1, name: fr['verification.sms.title'] })).toBeInTheDocument();
  expect(screen.getByText('Étape 3 de 4')).toBeInTheDocument();
});

test('the code input has size 6, is required and asks for a one-time code', async () => {
  await renderApp('/en/signUp/verification/email', { userData: SIGNUP.emailSent });
  const input = screen.getByLabelText(en['verification.codeLabel']);
  expect(input).toHaveAttribute('size', '6');
  expect(input).toBeRequired();
  expect(input).toHaveAttribute('autocomplete', 'one-time-code');
});

test('the screen opens only after an e-mail code was sent', async () => {
  const { location } = await renderApp('/en/signUp/verification/email', { userData: SIGNUP.privacy });
  expect(location()).toBe('/');
});

test('a phone verification screen of another type than the code sent is refused', async () => {
  const { location } = await renderApp('/en/signUp/verification/voice', { userData: SIGNUP.phoneSent });
  expect(location()).toBe('/');
});

test('a code that is not six digits is refused before any call', async () => {
  const user = setupUser();
  const { calls } = await renderApp('/en/signUp/verification/email', { userData: SIGNUP.emailSent });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '12a45');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(screen.getByRole('link', { name: en['error.3'] })).toHaveAttribute('href', '#verificationCode');
  expect(calls.posts()).toHaveLength(0);
});

test('a correct e-mail code marks the e-mail validated and opens the password step', async () => {
  const user = setupUser();
  const { calls, location } = await renderApp('/en/signUp/verification/email', {
    userData: SIGNUP.emailSent,
    api: { 'POST /v1/otp/transient_otp/verify': ok() },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/signUp/password'));
  expect(calls.posts()[0].body).toEqual({ userName: 'ada@example.com', otpType: 'email', otp: '123456', trxnId: 'T1' });
  expect(storedSession().userData.emailValidated).toBe(true);
});

test('a wrong code shows the catalogue text of code 14', async () => {
  const user = setupUser();
  await renderApp('/fr/signUp/verification/email', {
    userData: SIGNUP.emailSent,
    api: { 'POST /v1/otp/transient_otp/verify': fail('14') },
  });
  await user.type(screen.getByLabelText(fr['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: fr['common.continue'] }));
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent('Code invalide. Veuillez réessayer.'));
});

test('an unknown server message is shown as it is', async () => {
  const user = setupUser();
  await renderApp('/en/signUp/verification/email', {
    userData: SIGNUP.emailSent,
    api: { 'POST /v1/otp/transient_otp/verify': fail('Code does not match.') },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent('Code does not match.'));
});

test('a failure without a message shows the code 7 text', async () => {
  const user = setupUser();
  await renderApp('/en/signUp/verification/email', {
    userData: SIGNUP.emailSent,
    api: { 'POST /v1/otp/transient_otp/verify': { status: 500, body: { success: false } } },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '123456');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(document.getElementById('verificationCode-error')).toHaveTextContent(en['error.7']));
});

test('the resend link appears only after the 10-second countdown', async () => {
  await renderApp('/en/signUp/verification/email', { userData: SIGNUP.emailSent });
  expect(screen.getByTestId('countdown')).toHaveTextContent('10 seconds');
  expect(screen.queryByText(en['verification.requestNewCode'])).not.toBeInTheDocument();
  await wait(9);
  expect(screen.getByTestId('countdown')).toHaveTextContent('1 second');
  await wait(1);
  expect(screen.getByText(en['verification.requestNewCode'])).toBeInTheDocument();
  expect(screen.queryByText(en['verification.switchTo.voice'])).not.toBeInTheDocument();
});

test('a resend clears the error and the input, shows a success notice and restarts at 20 seconds', async () => {
  const user = setupUser();
  const { calls } = await renderApp('/en/signUp/verification/email', {
    userData: SIGNUP.emailSent,
    api: { 'POST /v1/otp/transient_otp/send': sent('T9') },
  });
  const input = screen.getByLabelText(en['verification.codeLabel']);
  await user.type(input, '12');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(screen.getByRole('alert')).toBeInTheDocument();
  await wait(10);
  await user.click(screen.getByText(en['verification.requestNewCode']));
  await waitFor(() => expect(screen.getByText(en['verification.email.resent'])).toBeInTheDocument());
  expect(calls.posts()[0].body).toMatchObject({ userName: 'ada@example.com', otpType: 'email', language: 'eng' });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(input).toHaveValue('');
  expect(screen.getByText(en['verification.email.resent'])).toBeInTheDocument();
  expect(screen.getByTestId('countdown')).toHaveTextContent('20 seconds');
  expect(storedSession().userData.trxnId).toBe('T9');
  expect(window.dataLayer.map((e) => e.action)).toContain('verification_step1_request-new-code');
});

test('the second resend restarts the countdown at 30 seconds', async () => {
  const user = setupUser();
  await renderApp('/en/signUp/verification/email', {
    userData: SIGNUP.emailSent,
    api: { 'POST /v1/otp/transient_otp/send': sent('T9') },
  });
  await wait(10);
  await user.click(screen.getByText(en['verification.requestNewCode']));
  await waitFor(() => expect(screen.getByTestId('countdown')).toHaveTextContent('20 seconds'));
  await wait(20);
  await user.click(screen.getByText(en['verification.requestNewCode']));
  await waitFor(() => expect(screen.getByTestId('countdown')).toHaveTextContent('30 seconds'));
  expect(screen.getByTestId('countdown')).toHaveTextContent('30 seconds');
});

test('for sms the alternate-channel link switches to a voice call', async () => {
  const user = setupUser();
  const { calls, location } = await renderApp('/en/signUp/verification/sms', {
    userData: SIGNUP.phoneSent,
    api: { 'POST /v1/otp/transient_otp/send': sent('T7') },
  });
  await wait(10);
  await user.click(screen.getByText(en['verification.switchTo.voice']));
  await waitFor(() => expect(location()).toBe('/en/signUp/verification/voice'));
  expect(calls.posts()[0].body).toMatchObject({ otpType: 'voice', phoneNumber: '+16135550100' });
  expect(screen.getByRole('heading', { level: 1, name: en['verification.voice.title'] })).toBeInTheDocument();
  expect(screen.getByText(en['verification.voice.resent'])).toBeInTheDocument();
  expect(screen.getByTestId('countdown')).toHaveTextContent('20 seconds');
});

test('a correct phone code in sign-up opens the profile step', async () => {
  const user = setupUser();
  const { location } = await renderApp('/en/signUp/verification/sms', {
    userData: SIGNUP.phoneSent,
    api: { 'POST /v1/otp/transient_otp/verify': ok() },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '654321');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/signUp/profile'));
});

test('a correct sign-in code keeps data.redirectTo and opens the redirect page', async () => {
  const user = setupUser();
  const { calls, location } = await renderApp('/en/signIn/verification/sms', {
    userData: SIGNIN.codeSent,
    api: { 'POST /v1/otp/otp/verify': ok({ redirectTo: '/authorize/resume/abc' }) },
  });
  await user.type(screen.getByLabelText(en['verification.codeLabel']), '654321');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/redirecttorp'));
  expect(calls.posts()[0]).toMatchObject({ path: '/v1/otp/otp/verify', body: { otpType: 'sms', trxnId: 'T3' } });
  expect(storedSession()).toMatchObject({ isAuthenticated: true, userData: { redirectTo: '/authorize/resume/abc' } });
});

test('"new e-mail" in sign-up goes back to the sign-up page', async () => {
  await renderApp('/en/signUp/verification/email', { userData: SIGNUP.emailSent });
  expect(screen.getByRole('link', { name: en['verification.newEmail'] })).toHaveAttribute('href', '/en/signUp');
});

test('"new method" for a sign-up phone goes back to two-step setup', async () => {
  await renderApp('/en/signUp/verification/sms', { userData: SIGNUP.phoneSent });
  expect(screen.getByRole('link', { name: en['verification.newMethod'] })).toHaveAttribute(
    'href',
    '/en/signUp/verificationsetup',
  );
});

test('"new method" in sign-in goes back to the verification selection', async () => {
  await renderApp('/en/signIn/verification/sms', { userData: SIGNIN.codeSent });
  expect(screen.getByRole('link', { name: en['verification.newMethod'] })).toHaveAttribute(
    'href',
    '/en/signIn/selectverification',
  );
});
