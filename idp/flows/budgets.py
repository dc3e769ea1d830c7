"""What a code costs: the budgets every code send and every guess spends ([limits] in
config/settings.toml), the gates past which a send costs a proof of work, and the ceilings of
messages (their keys are ceilings.py's).

- Sends and wrong guesses count per browser session, which a budget shuts for a while once
  spent: one browser cannot flood. What strangers share with people never shuts: anonymous
  sends count per destination and per client address (an IPv6 /64 as one) in gates
  (proof_gates.py), and past a gate's threshold each further send costs a proof of work
  (proof.py), which the browser solves unseen — a person at a flooded address, or whose address strangers typed, waits a
  second or two of their phone's work, never a block. Anonymous journeys (sign-up, the first
  step of recovery, a new address or phone) count apart from the codes that a journey which
  proved the account sends to the account's own factors, which have budgets of their own,
  per destination too (limits.max_own_sends): nobody but the owner spends those.
- A guess at a secret the person should hold (a code, an app's or a backup code, a
  passkey) spends the wrong-guess budgets and, for an account's own factor, counts in the
  account's run of failures (failures.py).
- Texts and calls cost money: those to people's own phones stop at limits.max_phone_messages
  a window; anonymous ones have a smaller ceiling of their own, one per country of the number
  and one per range of numbers (SMS pumping), so that no stranger can pause anyone's sign-in.
- A proof of work slows a flood, never ends it. So each destination has a day by channel
  (limits.max_messages_per_destination_per_day; an address's is its mailbox's, +tags aside),
  anonymous and own apart as above: past it nothing more goes there, whatever the proof; the
  day takes each message before it goes (admits), so racing sends take turns. The answer past
  it follows from what it may reveal. An anonymous e-mail (sign-up, recovery's first step, a
  new address) answers alike whether the address has an account or not, and must go on doing
  so: exactly as before, a decoy queued instead of the message (silent). It claims no code it
  should not: that answer already carries "you have an account" to an account's address and
  nothing to an unknown one, so it never told the caller a code reached them, and an honest
  refusal there would let anyone probe an address for its day. Every other send is refused
  with the reason (DESTINATION_DAY_SPENT, the day's end): a journey that proved the account
  speaks to its owner (or a thief with the password, who learns nothing), and a phone number
  names no account. The owner of a flooded mailbox pays this: whoever buys its day of
  anonymous e-mails (its proofs) keeps sign-up and recovery from a new browser silent there
  until the day ends; sign-in, trusted devices and notices go on. A day counts what reached
  a provider, never a decoy (an unknown address's recovery) nor a withheld message.
- Notices (an account changed, a new sign-in, a phone's removal, a phone replaced) go through
  messages.deliver, neither counted nor stopped: each follows a step that proved the account, whose
  budgets bound them, and they are the owner's alarm, which neither a stranger's flood nor a
  thief who spent the own day before a change may silence.
- The providers' daily quotas are every person's: each channel's anonymous messages stop at a
  UTC day of the service (limits.max_anonymous_messages_per_day, below the quota, counted
  against the maximum of now so that raising it reopens at once): a botnet of sign-ups pauses
  sign-ups (EMAIL_SENDING_PAUSED, PHONE_SENDING_PAUSED: the same for every address, so honest),
  never people's own codes; /metrics shows how near each is (ceilings.service_ceilings).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from idp import metrics
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import ceilings, failures, proof
from idp.flows.proof_gates import Gate, address_gates, charge
from idp.models import User
from idp.sessions import devices
from idp.store import audit, limits


def _numbers() -> dict:
    return current_app.config["IDP"]["limits"]


@dataclass(frozen=True)
class Budgets:
    """What one code (or one guess) spends: budgets as (key, maximum) pairs, and gates."""

    sends: list[tuple[str, int]]
    wrong: list[tuple[str, int]]
    # what strangers share with people: counted, never shut (anonymous sends only)
    gates: tuple[Gate, ...] = ()
    # a text's or a call's ceilings (ceilings.phone), in their own window
    phone: tuple[tuple[str, int], ...] = ()
    # a message's days: its destination's, then (anonymous) the service's of its channel
    days: tuple[tuple[str, int], ...] = ()
    channel: str | None = None
    # past its destination's day, the send answers as if it went (an anonymous e-mail's answer
    # never tells whether the address has an account); any other is refused, and says why
    silent: bool = False

    @classmethod
    def of(
        cls,
        browser_session_id: int,
        destination: str,
        own_factor: bool,
        channel: str | None = None,
        gates: tuple[Gate, ...] = (),
    ) -> Budgets:
        """channel: the message's, for a send (a guess sends nothing); gates: more of them, which
        the flow names (recovery's e-mails to one address a day)."""
        numbers = _numbers()
        scope = "own" if own_factor else "anonymous"
        most = numbers["max_own_sends"] if own_factor else numbers["max_sends"]
        sends = [(limits.key(f"send-{scope}-session", browser_session_id), most)]
        wrong = [
            (limits.key(f"wrong-{scope}", destination), numbers["max_wrong_codes"]),
            (limits.key(f"wrong-{scope}-session", browser_session_id), numbers["max_wrong_codes"]),
        ]
        window = numbers["window_seconds"]
        if own_factor:
            sends.insert(0, (limits.key("send-own", destination), most))
        else:
            gates = (
                Gate(limits.key("send-anonymous", destination), most, window, proof.HARD),
                *address_gates("send-ip", numbers["proof_of_work_after_sends"], numbers["max_sends_per_ip"], window),
                *gates,
            )
        phone = tuple(ceilings.phone(destination, own_factor)) if channel in ceilings.PHONE_CHANNELS else ()
        days = (
            ()
            if channel is None
            else (ceilings.destination_day(channel, destination, own_factor),)
            + (() if own_factor else (ceilings.service_day(channel),))
        )
        return cls(sends, wrong, gates, phone, days, channel, silent=channel == "email" and not own_factor)

    def ensure_open(self) -> dict[str, limits.Counter]:
        """TOO_MANY_CODES while a budget of the code is spent, else PHONE_SENDING_PAUSED while a
        ceiling of texts and calls is (EMAIL_SENDING_PAUSED for the service's day of anonymous
        e-mails), else DESTINATION_DAY_SPENT while the destination's day is, unless the send is
        silent (admits() then says so). One statement reads them all, and the gates. Answers
        what it read, for charge_send() and admits()."""
        ceiling_keys = [key for key, _ in self.phone]
        spent = [key for key, _ in self.sends + self.wrong]
        day_keys = [key for key, _ in self.days]
        counters = limits.read(spent + ceiling_keys + day_keys + [gate.key for gate in self.gates])
        limits.ensure_not_blocked(spent, Errors.TOO_MANY_CODES, counters)
        limits.ensure_not_blocked(ceiling_keys, Errors.PHONE_SENDING_PAUSED, counters)
        if any(maximum == 0 for _, maximum in self.phone):
            # a country the service does not text
            raise FlowError(
                Errors.PHONE_SENDING_PAUSED, data={"retryAfter": _numbers()["phone_messages_window_seconds"]}
            )
        if any(ceilings.day_wait(day, counters) for day in self.days[1:]):
            paused = Errors.PHONE_SENDING_PAUSED if self.phone else Errors.EMAIL_SENDING_PAUSED
            raise FlowError(paused, data={"retryAfter": ceilings.until_midnight()})
        wait = ceilings.day_wait(self.days[0], counters) if self.days else 0
        if wait and not self.silent:
            metrics.MESSAGES_WITHHELD.labels(self.channel).inc()
            raise FlowError(Errors.DESTINATION_DAY_SPENT, data={"channel": self.channel, "retryAfter": wait})
        return counters

    def admits(self, counters: dict[str, limits.Counter]) -> bool:
        """Does the message go (counters: what ensure_open() read)? Its destination's day takes it
        now, its row locked until the commit: sends racing to one destination take turns. Past
        it a silent send delivers nothing (False); any other is refused, and rolled back."""
        day = self.days[0]
        if not ceilings.day_wait(day, counters) and ceilings.take(day):
            return True
        metrics.MESSAGES_WITHHELD.labels(self.channel).inc()
        if not self.silent:
            wait = ceilings.day_wait(day, limits.read([day[0]]))
            raise FlowError(Errors.DESTINATION_DAY_SPENT, data={"channel": self.channel, "retryAfter": wait})
        return False

    def spend(self, kind: list[tuple[str, int]]) -> None:
        numbers = _numbers()
        limits.hit_all(kind, numbers["window_seconds"], numbers["block_seconds"])

    def charge_send(self, counters: dict[str, limits.Counter]) -> None:
        """PROOF_OF_WORK_REQUIRED while the gates ask one of this send (counters: what
        ensure_open() read) and the request does not bring it."""
        charge(self.gates, counters)

    def spend_send(self, delivered: bool = True) -> None:
        """One code sent: its budgets, its gates and, a text or a call, one of the ceilings of
        texts and calls (ensure_open said none is spent), counted in one statement; the service's
        day only when a message went (delivered: it counts the provider's quota). Called once the
        message is handed over, just before the step commits: the rows stay locked until then,
        and some are everybody's (the ceilings of texts, a shared client address)."""
        numbers = _numbers()
        window = numbers["phone_messages_window_seconds"]
        # neither a gate (its maximum is None) nor a day (a ceiling) blocks: keys of one window, one group
        by_window: dict[int, dict[str, int | None]] = {}
        for gate in self.gates:
            by_window.setdefault(gate.window_seconds, {})[gate.key] = None
        for key, maximum in self.days[1:] if delivered else ():
            by_window.setdefault(ceilings.DAY_SECONDS, {})[key] = maximum
        counts = limits.hit_windows(
            [(self.sends, numbers["window_seconds"], numbers["block_seconds"])]
            + [(list(keys.items()), seconds, 0) for seconds, keys in by_window.items()]
            + ([(list(self.phone), window, window)] if self.phone else [])
        )
        for key, maximum in self.phone + self.days[1:]:
            if key in counts and counts[key] >= maximum:
                current_app.logger.warning("a ceiling of messages was reached (%s): paused", key.split(":")[0])


@dataclass(frozen=True)
class Guess:
    """One try at a secret the person should hold: refused at once while its wrong-guess
    budgets (or, outside recovery, the account's failure cap) say so; wrong() counts a wrong
    one. Send budgets do not stop it: a person typing a code they received is never stopped
    by other people's sends from the same address. On a trusted device of the account the
    failures count in the device's own run, apart from unknown devices', and the cap (which
    forces recovery) is unknown devices' only."""

    budgets: Budgets
    user: User | None
    device: str | None = None

    @classmethod
    def of(
        cls, browser_session_id: int, destination: str, user: User | None, own_factor: bool, stops_at_cap: bool
    ) -> Guess:
        person = user if own_factor else None
        device = devices.trusted_device(person.id) if person is not None else None
        guess = cls(Budgets.of(browser_session_id, destination, own_factor), person, device)
        wrong = [key for key, _ in guess.budgets.wrong]
        run = failures.account_key(person, "") if person is not None and stops_at_cap and device is None else None
        # the budgets and the account's run of failures in one statement
        counters = limits.read(wrong + ([run] if run else []))
        limits.ensure_not_blocked(wrong, counters=counters)
        if run:
            failures.ensure_usable(run, counters)
        return guess

    def wrong(self) -> None:
        """Count the wrong guess; committed, because the API rolls back everything else. The
        account's owner finds it in their activity."""
        self.budgets.spend(self.budgets.wrong)
        if self.user is not None:
            audit.record(self.user.id, None, "code_wrong")
        if self.device is not None:
            failures.failed(limits.key("device", self.device), None)
        elif self.user is not None:
            failures.failed(failures.account_key(self.user, ""), self.user)
        db.session.commit()
