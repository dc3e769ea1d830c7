import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { createPasskey, signWithPasskey } from './passkeys';

jest.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: jest.fn(),
  startRegistration: jest.fn(),
}));

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };

test('the server\'s options go to the browser as they came, and its answer comes back as JSON', async () => {
  startAuthentication.mockResolvedValue({ id: 'Y3JlZA', response: { signature: 'c2ln' } });
  await expect(signWithPasskey(OPTIONS)).resolves.toEqual({ id: 'Y3JlZA', response: { signature: 'c2ln' } });
  expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
});

test('a cancelled or refused ceremony fails as the catalogue\'s passkey failure (39)', async () => {
  startAuthentication.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
  await expect(signWithPasskey(OPTIONS)).rejects.toMatchObject({ message: '39', data: { reason: 'cancelled' } });
});

test('a device that already holds a passkey of the account is named as such', async () => {
  startRegistration.mockRejectedValue(Object.assign(new Error('registered'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }));
  await expect(createPasskey(OPTIONS)).rejects.toMatchObject({ message: '39', data: { reason: 'registered' } });
});
