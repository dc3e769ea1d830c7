import { browserSupportsWebAuthnAutofill, sendSignal, startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, flush, journey, ok, renderApp, storedSession, texts } from '../test/utils';

const { en, fr } = texts;

jest.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  browserSupportsWebAuthnAutofill: jest.fn(() => Promise.resolve(false)),
  startAuthentication: jest.fn(),
  startRegistration: jest.fn(),
  sendSignal: jest.fn(() => Promise.resolve()),
  WebAuthnAbortService: { cancelCeremony: jest.fn() },
}));

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] };
const CREDENTIAL = { id: 'Y3JlZA', type: 'public-key', response: { userHandle: 'VTE' } };
const passkeyApi = (verified) => ({
  'POST /v1/signin/passkey/options': ok({ publicKey: OPTIONS, journey: journey('passkey', 'PASSKEY_PENDING') }),
  'POST /v1/signin/passkey/verify': verified,
});
const SIGNED_IN = ok({ redirectTo: '/authorize/resume/abc', journey: journey('passkey', 'COMPLETED', { email: 'ada@example.com' }) });
const PASSWORD_NEXT = ok({ email: 'ada@example.com', journey: journey('passkey', 'SECOND_FACTOR_VERIFIED', { email: 'ada@example.com' }) });

beforeEach(() => {
  browserSupportsWebAuthnAutofill.mockResolvedValue(false);
  startAuthentication.mockReset();
});

test('the e-mail field offers passkeys in autofill, and the button is a real button with a name', async () => {
  await renderApp('/en/signIn', { api: passkeyApi(SIGNED_IN) });
  expect(screen.getByLabelText(en['email.label'])).toHaveAttribute('autocomplete', 'username webauthn');
  expect(screen.getByRole('button', { name: en['passkeyFirst.button'] })).toHaveAttribute('type', 'button');
});

test('a browser with autofill of passkeys is asked for one once the person is in the e-mail field', async () => {
  const user = userEvent.setup();
  browserSupportsWebAuthnAutofill.mockResolvedValue(true);
  startAuthentication.mockResolvedValue(CREDENTIAL);
  const { calls, location } = await renderApp('/en/signIn', { api: passkeyApi(SIGNED_IN) });
  await flush();
  expect(calls.posts()).toHaveLength(0); // a visit that goes elsewhere makes no session
  await user.click(screen.getByLabelText(en['email.label']));
  await waitFor(() => expect(location()).toBe('/en/redirecttorp'));
  expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: true });
  expect(calls.posts().map((call) => call.path)).toEqual(['/v1/signin/passkey/options', '/v1/signin/passkey/verify']);
});

test('an autofill request the browser ends at once says nothing and leaves the focus in the field', async () => {
  const user = userEvent.setup();
  browserSupportsWebAuthnAutofill.mockResolvedValue(true);
  startAuthentication.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
  await renderApp('/en/signIn', { api: passkeyApi(SIGNED_IN) });
  const field = screen.getByLabelText(en['email.label']);
  await user.click(field);
  await waitFor(() => expect(startAuthentication).toHaveBeenCalled());
  await flush();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(field).toHaveFocus();
  await user.type(field, 'ada@example.com');
  expect(field).toHaveValue('ada@example.com');
});

test('an autofill request the server cannot start says nothing either', async () => {
  const user = userEvent.setup();
  browserSupportsWebAuthnAutofill.mockResolvedValue(true);
  await renderApp('/fr/signIn', { api: { 'POST /v1/signin/passkey/options': fail('1', null, 503) } });
  const field = screen.getByLabelText(fr['email.label']);
  await user.click(field);
  await flush();
  expect(startAuthentication).not.toHaveBeenCalled();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(field).toHaveFocus();
});

test('the button signs in with a passkey that verified the person', async () => {
  const user = userEvent.setup();
  startAuthentication.mockResolvedValue(CREDENTIAL);
  const { calls, location } = await renderApp('/en/signIn', { api: passkeyApi(SIGNED_IN) });
  await user.click(screen.getByRole('button', { name: en['passkeyFirst.button'] }));
  await waitFor(() => expect(location()).toBe('/en/redirecttorp'));
  expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: false });
  expect(calls.posts().at(-1).body).toEqual({ credential: CREDENTIAL });
});

test('a passkey without user verification goes on to the password of its account, which then needs no code', async () => {
  const user = userEvent.setup();
  startAuthentication.mockResolvedValue(CREDENTIAL);
  const { calls, location } = await renderApp('/fr/signIn', { api: passkeyApi(PASSWORD_NEXT) });
  await user.click(screen.getByRole('button', { name: fr['passkeyFirst.button'] }));
  await waitFor(() => expect(location()).toBe('/fr/signIn/password'));
  expect(storedSession().userData.email).toBe('ada@example.com');
  expect(await screen.findByText(fr['passkeyFirst.passwordNext'])).toBeInTheDocument();
  await user.type(screen.getByLabelText(fr['password.label']), 'Maple-Syrup-Harbour-42');
  await user.click(screen.getByRole('button', { name: fr['password.signin.submit'] }));
  expect(calls.posts().at(-1).body).toMatchObject({ userName: 'ada@example.com', afterPasskey: true });
});

test('no passkey on this device: a clear message that points to the password, and the form still works', async () => {
  const user = userEvent.setup();
  startAuthentication.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
  const { location } = await renderApp('/en/signIn', { api: passkeyApi(SIGNED_IN) });
  await user.click(screen.getByRole('button', { name: en['passkeyFirst.button'] }));
  expect(await screen.findByRole('link', { name: en['error.39.unavailable'] })).toHaveAttribute('href', '#passkey');
  await user.type(screen.getByLabelText(en['email.label']), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(location()).toBe('/en/signIn/password');
});

test('a passkey removed in another tab is refused in words, and the device is told it is unknown', async () => {
  const user = userEvent.setup();
  startAuthentication.mockResolvedValue(CREDENTIAL);
  await renderApp('/fr/signIn', { api: passkeyApi(fail('58')) });
  await user.click(screen.getByRole('button', { name: fr['passkeyFirst.button'] }));
  expect(await screen.findByRole('link', { name: fr['error.58'] })).toBeInTheDocument();
  expect(sendSignal).toHaveBeenCalledWith({ signalName: 'unknownCredential', rpID: 'localhost', credentialID: 'Y3JlZA' });
});

test('the status is a polite live region', async () => {
  await renderApp('/en/signIn', { api: passkeyApi(SIGNED_IN) });
  expect(screen.getByTestId('passkey-status')).toHaveAttribute('aria-live', 'polite');
});
