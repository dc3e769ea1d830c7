import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codeSent, fail, journey, JOURNEY, moved, ok, renderApp, SERVICE, texts, WAITING, literally } from '../../test/utils';

const { en } = texts;

test('renders in English with the masked phone of the journey as the destination', async () => {
  await renderApp('/en/signIn/selectverification', { journeys: { signin: JOURNEY.signin.password } });
  expect(screen.getByRole('heading', { level: 1, name: en['select.title'] })).toBeInTheDocument();
  expect(screen.getByText(/by text message to the phone number \*\*\*\*\*\*0100/)).toBeInTheDocument();
});

test('the method used last comes first, chosen and marked as the default', async () => {
  await renderApp('/en/signIn/selectverification', {
    journeys: { signin: journey('signin', 'PASSWORD_VERIFIED', { ...JOURNEY.signin.password, otpType: 'voice', methods: ['voice', 'sms'] }) },
  });
  const radios = screen.getAllByRole('radio').map((radio) => radio.labels[0].textContent);
  expect(radios).toEqual([en['select.voice.defaultLabel'], en['select.sms.label']]);
  expect(screen.getByLabelText(en['select.voice.defaultLabel'])).toBeChecked();
});

test('every method of the person is offered, the lead saying what the chosen one does', async () => {
  await renderApp('/en/signIn/selectverification', { journeys: { signin: JOURNEY.signin.everything } });
  const radios = screen.getAllByRole('radio').map((radio) => radio.labels[0].textContent);
  expect(radios).toEqual([
    en['select.app.defaultLabel'],
    en['select.sms.label'],
    en['select.voice.label'],
    en['select.passkey.label'],
    en['select.backup.label'],
  ]);
  expect(screen.getByText(en['select.app.destination'])).toBeInTheDocument();
  expect(screen.getByRole('button', { name: en['common.continue'] })).toBeInTheDocument();
});

test('choosing the app opens its own code screen', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signIn/selectverification', {
    journeys: { signin: JOURNEY.signin.everything },
    api: { 'POST /v1/otp/otp/send': moved(JOURNEY.signin.app) },
  });
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/signIn/verification/app'));
  expect(calls.posts()[0].body).toMatchObject({ otpType: 'app' });
  expect(await screen.findByRole('heading', { level: 1, name: en['verification.app.title'] })).toBeInTheDocument();
});

test('the destination wording follows the chosen method', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signIn/selectverification', { journeys: { signin: JOURNEY.signin.password } });
  expect(screen.getByText(/by text message/)).toBeInTheDocument();
  await user.click(screen.getByLabelText(en['select.voice.label']));
  expect(screen.getByText(/We will call the phone number/)).toBeInTheDocument();
});

test('the selection opens only after a validated password (a sign-in journey)', async () => {
  const { location } = await renderApp('/en/signIn/selectverification', { userData: { email: 'ada@example.com' } });
  expect(location()).toBe('/');
});

test('continuing sends a code and opens verification with the chosen type', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signIn/selectverification', {
    journeys: { signin: JOURNEY.signin.password },
    api: { 'POST /v1/otp/otp/send': codeSent(journey('signin', 'CODE_SENT', { ...JOURNEY.signin.codeSent, otpType: 'voice' }), { type: 'voiceotp' }) },
  });
  await user.click(screen.getByLabelText(en['select.voice.label']));
  await user.click(screen.getByRole('button', { name: en['select.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/signIn/verification/voice'));
  expect(calls.posts()[0]).toMatchObject({
    path: '/v1/otp/otp/send',
    body: { userName: 'ada@example.com', otpType: 'voice', phone: '******0100' },
  });
});

test('too many codes shows the wait in minutes', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signIn/selectverification', {
    journeys: { signin: JOURNEY.signin.password },
    api: { 'POST /v1/otp/otp/send': fail('17', { retryAfter: 90 }, 429) },
  });
  await user.click(screen.getByRole('button', { name: en['select.submit'] }));
  expect(await screen.findByRole('link', { name: /Wait 2 minutes and try again/ })).toBeInTheDocument();
  expect(window.dataLayer.map((e) => e.action)).toContain('verificationSelection_submit_error');
});

test('when the waiting service asks a passkey, the page says so beside the passkey the server offers alone', async () => {
  const passkeyOnly = journey('signin', 'PASSWORD_VERIFIED', { ...JOURNEY.signin.password, otpType: 'passkey', methods: ['passkey'] });
  await renderApp('/en/signIn/selectverification', {
    journeys: { signin: passkeyOnly },
    api: { 'GET /v1/session': ok({ authenticated: false, service: SERVICE, loginHint: null, passkeyRequired: true, continueTo: null, journeys: { signin: passkeyOnly } }) },
  });
  expect(await screen.findByText(en['select.passkeyRequired'].replace('{service}', 'Reservations'))).toBeInTheDocument();
  expect(screen.getAllByRole('radio')).toHaveLength(1);
});

test('"I no longer have this phone" is offered only when the server says the phone is the only way', async () => {
  await renderApp('/en/signIn/selectverification', { journeys: { signin: JOURNEY.signin.password } });
  expect(screen.queryByRole('button', { name: en['lostPhone.offer.link'] })).not.toBeInTheDocument();
});

test('"I no longer have this phone" sends a code to the address and opens its screen', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signIn/selectverification', {
    journeys: { signin: JOURNEY.signin.onlyPhone },
    api: { 'POST /v1/otp/lostphone/send': codeSent(JOURNEY.signin.lostPhoneSent, { trxnId: 'L1' }) },
  });
  await user.click(screen.getByRole('button', { name: en['lostPhone.offer.link'] }));
  await waitFor(() => expect(location()).toBe('/en/signIn/lostphone'));
  expect(calls.posts().map((c) => [c.path, c.body])).toEqual([['/v1/otp/lostphone/send', { userName: 'ada@example.com' }]]);
});

test('a removal of the phone that waits is said, with its moment, instead of offered again', async () => {
  await renderApp('/en/signIn/selectverification', { journeys: { signin: JOURNEY.signin.resetWaiting } });
  expect(screen.getByRole('heading', { level: 2, name: en['waitingReset.phone.title'] })).toBeInTheDocument();
  expect(screen.getByText(literally(`removed on ${WAITING.phone.when.en}`))).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: en['lostPhone.offer.link'] })).not.toBeInTheDocument();
});
