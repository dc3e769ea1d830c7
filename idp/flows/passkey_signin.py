"""Sign-in with a passkey from the first screen, before any e-mail address is typed (issue 54).

The first screen asks for any passkey of this site (conditional mediation: the browser offers
the person's passkeys in the e-mail field's autofill; or its own dialog, "Sign in with a
passkey"); the challenge is kept in the browser session's journey of this flow, apart from the
sign-in by password, which it never disturbs. The passkey the browser answers with names the
account (its user handle, checked against the passkey's owner).

- A passkey whose device verified its user (a PIN, a fingerprint, a face: the UV flag, which
  the library then requires) proves two factors, something held and something known or been:
  it signs in alone, amr ["hwk" | "swk", "user"] — "swk" when the key is synced (backed up,
  so held by the person's cloud account too), "hwk" when bound to one device — and acr
  ACR_PHISHING_RESISTANT, as it is bound to this site's origin.
- One without user verification (whoever holds the unlocked phone) proves possession only:
  it is held as the second factor of the sign-in, which goes on to the password of that very
  account (signin.login), then needs no code: amr ["pwd", "hwk" | "swk", "mfa"].

The account's rules hold as for a password: a failed answer counts in the account's run of
failures, and an account that run locked (ACCOUNT_NEEDS_RECOVERY) or whose browser is blocked
is refused before the signature is checked.
"""

from __future__ import annotations

from dataclasses import replace

from idp import observability
from idp.errors import Errors, FlowError
from idp.flows import accounts, budgets, journey, methods, resets, screens, second_factor, signin, signup, validation
from idp.flows.credentials import passkeys
from idp.flows.steps import Event, Flow
from idp.models import Journey, User
from idp.sessions.assurance import ACR_PHISHING_RESISTANT
from idp.store import journeys, writes


def options(browser_session_id: int) -> dict:
    """The WebAuthn request options for any passkey of this site; a new challenge each time."""
    current = journey.begin(browser_session_id, Flow.PASSKEY, Event.ASK_PASSKEY)
    asked = passkeys.discoverable_options(current)
    journey.advance(current, Event.ASK_PASSKEY)
    writes.commit(Journey)
    return {"publicKey": asked, "journey": screens.view(current)}


def verify(
    browser_session_id: int | None, credential: dict, destination: str | None = None
) -> accounts.Completed | dict:
    """The passkey's answer: a completed sign-in (not committed: the caller signs the browser in),
    or, without user verification, the journey that now waits for the account's password."""
    destination = validation.local_page(destination) if destination is not None else None
    current = journeys.find(browser_session_id, Flow.PASSKEY)
    if browser_session_id is None or not journey.allows(current, Flow.PASSKEY, Event.SIGN_IN_WITH_PASSKEY):
        raise FlowError(Errors.STEP_OUT_OF_ORDER)
    found = passkeys.named(credential)
    if found is None:
        raise FlowError(Errors.PASSKEY_UNKNOWN)
    user = methods.person(found.user_id)
    guess = budgets.Guess.of(browser_session_id, f"passkey:{user.id}", user, own_factor=True, stops_at_cap=True)
    used = passkeys.authenticate_alone(current, found, credential)
    if used is None:
        guess.wrong()
        observability.security_event(second_factor.FAILED_PROOF_EVENTS["passkey"], user.id, flow=Flow.PASSKEY)
        raise FlowError(Errors.PASSKEY_FAILED)
    current.user_id, current.email, current.language, current.channel = user.id, user.email, user.language, "passkey"
    user.preferred_method = methods.PREFERRED["passkey"]
    if not used["userVerified"]:
        proof = second_factor.passkey_proof(used["backedUp"], False)
        current.proof = {"amr": proof.amr, "acr": proof.acr, signin.PASSKEY_USED: found.name}
        journey.advance(current, Event.HOLD_PASSKEY)
        writes.commit(Journey, User)
        return {"email": user.email, "journey": screens.view(current)}
    # a strong factor of the account, proved: a reset that waits was not its owner's wish
    resets.yield_to_proof(user, browser_session_id, "passkey")
    proof = second_factor.Proof(["swk" if used["backedUp"] else "hwk", "user"], ACR_PHISHING_RESISTANT)
    current.proof = {
        "amr": proof.amr,
        "acr": proof.acr,
        signin.PASSKEY_USED: found.name,
        **({signin.DESTINATION: destination} if destination else {}),
    }
    journey.advance(current, Event.SIGN_IN_WITH_PASSKEY)
    completed = accounts.complete(user, proof, current)
    return signup.resume(browser_session_id, replace(completed, action="signin_completed", passkey=found.name))
