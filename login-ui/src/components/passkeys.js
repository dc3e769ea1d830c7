// The browser's side of a passkey (WebAuthn), through @simplewebauthn/browser: it turns
// the server's options (base64url JSON, as py_webauthn writes them) into ArrayBuffers for
// navigator.credentials, and the browser's answer back into JSON the server reads.
// A ceremony that does not end with a passkey (cancelled, timed out, refused, a device
// that already holds one for this account) fails as the catalogue's PASSKEY_FAILED, so
// forms show it like any refusal of the server.
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useRef } from 'react';
import { ApiError } from '../api/v1';
import { ERRORS } from '../i18n/errors';

export const passkeysSupported = () => browserSupportsWebAuthn();

function refused(error) {
  const reason = error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ? 'registered' : 'cancelled';
  return new ApiError({ message: ERRORS.PASSKEY_FAILED, data: { reason } });
}

// The person's passkey signs the challenge of `publicKey` (navigator.credentials.get()).
export async function signWithPasskey(publicKey) {
  try {
    return await startAuthentication({ optionsJSON: publicKey });
  } catch (error) {
    throw refused(error);
  }
}

// A new passkey for the options `publicKey` (navigator.credentials.create()).
export async function createPasskey(publicKey) {
  try {
    return await startRegistration({ optionsJSON: publicKey });
  } catch (error) {
    throw refused(error);
  }
}

// run(ceremony): the ceremony with the options handed along (by the answer that started
// it), else new ones from fetchOptions(); a try that fails drops them, so that the next
// try asks the server again (a challenge may have expired or been spent).
export function useCeremony(given, fetchOptions) {
  const options = useRef(given || null);
  return async (ceremony) => {
    try {
      if (!options.current) options.current = await fetchOptions();
      return await ceremony(options.current);
    } catch (failure) {
      options.current = null;
      throw failure;
    }
  };
}
