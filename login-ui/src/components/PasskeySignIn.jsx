// Sign in with a passkey alone, from the first screen (issue 54). Once React has taken the page
// over and the person is in the e-mail field, a browser that offers passkeys in autofill
// (conditional mediation) is asked for any passkey of this site, shown in the field's
// suggestions (autocomplete "username webauthn"); "Sign in with a passkey" asks through the
// browser's own dialog, for the others. Not on load: the request makes the browser a session
// and a journey, which a visit that goes elsewhere (sign-up, a link) does not need, and which
// would race that visit's own first call for the session.
// The server decides what the passkey proved: with user verification the person is signed in
// (redirectTo); without, the password of that account comes next, with no code.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiError, api } from '../api/v1';
import { ERRORS, fromFailure } from '../i18n/errors';
import { isLocalPage } from '../session/journey';
import { SIGN_IN } from '../session/reducer';
import { useSession } from '../session/SessionContext';
import { Button } from './fields';
import { useHydrated, useT } from './hooks';

// The WebAuthn library comes after the first paint, in a chunk of its own: the first screen's
// bytes stay those of the form (bench/ui_bundle_size.py).
const webauthn = () => import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser');

// The field of the form's errors the button's failures show on (its id: the summary's link).
export const PASSKEY_FIELD = 'passkey';

const aborted = (error) => error && (error.name === 'AbortError' || error.code === 'ERROR_CEREMONY_ABORTED');

// Any failure of the browser's side: no passkey used (cancelled, none on this device, none
// possible here), said as one clear message that points to the password.
const unavailable = () => new ApiError({ message: ERRORS.PASSKEY_FAILED, data: { reason: 'unavailable' } });

// left: true once the screen is gone, so that a request still on its way asks nothing then.
function usePasskeyCeremony(form, left) {
  const { state, dispatch } = useSession();
  const next = isLocalPage(state.userData.next) ? state.userData.next : undefined;
  // the server's answer to the passkey: signed in, or on to the password of that account. A
  // passkey no account holds (removed) is signalled to the device, which may stop offering it.
  const answered = async (credential, rpID, { sendSignal }) => {
    let answer;
    try {
      answer = await api.signinPasskeyVerify({ credential, next });
    } catch (failure) {
      if (failure.message === ERRORS.PASSKEY_UNKNOWN) {
        sendSignal({ signalName: 'unknownCredential', rpID, credentialID: credential.id }).catch(() => {});
      }
      throw failure;
    }
    const { redirectTo, email } = answer.data || {};
    if (!redirectTo && email) dispatch({ type: SIGN_IN, payload: { email } });
    form.follow(answer);
    return Boolean(redirectTo);
  };
  // The autofill's request is the page's doing, not the person's: when it ends without a
  // passkey (a browser that settles it at once, a server that could not start it), nothing is
  // said and the focus stays in the field they are typing into. What they pick from it is
  // answered like the button's.
  const ask = async (autofill) => {
    const library = await webauthn();
    let data;
    try {
      ({ data } = await api.signinPasskeyOptions());
    } catch (failure) {
      if (autofill) return null;
      throw failure;
    }
    if (left.current) return null;
    let credential;
    try {
      credential = await library.startAuthentication({ optionsJSON: data.publicKey, useBrowserAutofill: autofill });
    } catch (error) {
      if (autofill || aborted(error)) return null;
      throw unavailable();
    }
    return answered(credential, data.publicKey.rpId, library);
  };
  return ask;
}

// The button and the status it reports (a live region), beside the first screen's form.
// field: the e-mail field's element (a ref), whose first focus starts the autofill's request.
export default function PasskeySignIn({ form, field }) {
  const t = useT();
  const hydrated = useHydrated();
  const left = useRef(false);
  const ask = usePasskeyCeremony(form, left);
  const [status, setStatus] = useState(null);
  // the autofill's request, where the browser has one; again after the dialog failed
  const listen = () =>
    webauthn().then(async ({ browserSupportsWebAuthnAutofill }) => {
      if (!(await browserSupportsWebAuthnAutofill())) return;
      try {
        if (await ask(true)) setStatus('passkeyFirst.signedIn');
      } catch (failure) {
        form.show({ [PASSKEY_FIELD]: fromFailure(failure) });
      }
    });
  const taken = useEffectEvent(() => listen());
  useEffect(() => {
    const input = field.current;
    if (!hydrated || !input) return undefined;
    left.current = false;
    const start = () => {
      input.removeEventListener('focus', start);
      taken();
    };
    // a field the person went to before React took the page over starts it at once
    if (document.activeElement === input) start();
    else input.addEventListener('focus', start);
    // leaving the screen (on to the password) ends the autofill's request
    return () => {
      input.removeEventListener('focus', start);
      left.current = true;
      webauthn().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [hydrated, field]);
  const onClick = async () => {
    form.clear();
    setStatus('passkeyFirst.waiting');
    try {
      if (!(await webauthn()).browserSupportsWebAuthn()) throw unavailable();
      // a new request replaces the autofill's (the library aborts it)
      const signedIn = await ask(false);
      setStatus(signedIn ? 'passkeyFirst.signedIn' : null);
    } catch (failure) {
      setStatus(null);
      form.show({ [PASSKEY_FIELD]: fromFailure(failure) });
      listen();
    }
  };
  return (
    <div className="passkey-first">
      <p className="passkey-first__or">{t('passkeyFirst.or')}</p>
      <Button type="button" secondary id={PASSKEY_FIELD} busy={status === 'passkeyFirst.waiting'} onClick={onClick}>
        {t('passkeyFirst.button')}
      </Button>
      <div aria-live="polite" aria-atomic="true" className="passkey-first__status" data-testid="passkey-status">
        {status ? t(status) : null}
      </div>
    </div>
  );
}
