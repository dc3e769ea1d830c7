"""What a code costs: the budgets every code send and every guess spends ([limits] in
config/settings.toml), the gates past which a send costs a proof of work, and the service's
ceiling of texts and calls.

- Sends and wrong guesses count per browser session, which a budget shuts for a while once
  spent: one browser cannot flood. What strangers share with people never shuts: anonymous
  sends count per destination and per client address (an IPv6 /64 as one) in gates, and past
  a gate's threshold each further send costs a proof of work (proof.py), which the browser
  solves unseen — a person at a flooded address, or whose address strangers typed, waits a
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
"""
from __future__ import annotations

from dataclasses import dataclass

import phonenumbers
from flask import current_app

from idp.config.rules import phone_countries
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import failures, proof
from idp.models import User
from idp.sessions import devices, requester
from idp.store import audit, limits


def _numbers() -> dict:
    return current_app.config["IDP"]["limits"]


@dataclass(frozen=True)
class Gate:
    """A count that never shuts anyone out: past `free` events in its window, each further one
    costs a proof of work of that cost (proof.ORDINARY or proof.HARD)."""

    key: str
    free: int
    window_seconds: int
    cost: str


def address_gates(kind: str, free: int, hard_after: int | None, window_seconds: int) -> tuple[Gate, ...]:
    """The gates of the client address (its IPv6 /64): an ordinary proof past `free` events in
    the window, a hard one past hard_after."""
    address = limits.key(kind, requester.current().network)
    gates = [Gate(address, free, window_seconds, proof.ORDINARY)]
    if hard_after is not None:
        gates.append(Gate(address, hard_after, window_seconds, proof.HARD))
    return tuple(gates)


def charge(gates: tuple[Gate, ...], counters: dict[str, limits.Counter]) -> None:
    """The dearest proof of work the gates ask now (counters: their keys' as read), if any:
    PROOF_OF_WORK_REQUIRED until the request brings it."""
    costs = {gate.cost for gate in gates if (counters[gate.key].within(gate.window_seconds) if gate.key in counters else 0) >= gate.free}
    if costs:
        proof.ensure_solved(proof.HARD if proof.HARD in costs else proof.ORDINARY)


def count(gates: tuple[Gate, ...]) -> None:
    """One more event through the gates (of one window), in one statement."""
    limits.hit_all([(gate.key, None) for gate in {gate.key: gate for gate in gates}.values()], gates[0].window_seconds, 0)


@dataclass(frozen=True)
class Budgets:
    """What one code (or one guess) spends: budgets as (key, maximum) pairs, and gates."""

    sends: list[tuple[str, int]]
    wrong: list[tuple[str, int]]
    # what strangers share with people: counted, never shut (anonymous sends only)
    gates: tuple[Gate, ...] = ()
    # a text's or a call's ceilings (_phone_budgets), in their own window
    phone: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, browser_session_id: int, destination: str, own_factor: bool, phone_message: bool = False,
           gates: tuple[Gate, ...] = ()) -> "Budgets":
        """gates: more of them, which the flow names (recovery's e-mails to one address a day)."""
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
        return cls(sends, wrong, gates, tuple(_phone_budgets(destination, own_factor)) if phone_message else ())

    def ensure_open(self) -> dict[str, limits.Counter]:
        """TOO_MANY_CODES while a budget of the code is spent, else PHONE_SENDING_PAUSED while a
        ceiling of texts and calls is (one statement reads both, and the gates). Answers what
        it read, for charge_send()."""
        ceilings = [key for key, _ in self.phone]
        spent = [key for key, _ in self.sends + self.wrong]
        counters = limits.read(spent + ceilings + [gate.key for gate in self.gates])
        limits.ensure_not_blocked(spent, Errors.TOO_MANY_CODES, counters)
        limits.ensure_not_blocked(ceilings, Errors.PHONE_SENDING_PAUSED, counters)
        if any(maximum == 0 for _, maximum in self.phone):
            # a country the service does not text
            raise FlowError(Errors.PHONE_SENDING_PAUSED, data={"retryAfter": _numbers()["phone_messages_window_seconds"]})
        return counters

    def spend(self, kind: list[tuple[str, int]]) -> None:
        numbers = _numbers()
        limits.hit_all(kind, numbers["window_seconds"], numbers["block_seconds"])

    def charge_send(self, counters: dict[str, limits.Counter]) -> None:
        """PROOF_OF_WORK_REQUIRED while the gates ask one of this send (counters: what
        ensure_open() read) and the request does not bring it."""
        charge(self.gates, counters)

    def spend_send(self) -> None:
        """One code sent: its budgets, its gates and, a text or a call, one of the ceilings of
        texts and calls (ensure_open said none is spent), counted in one statement. Called once
        the message is handed over, just before the step commits: the rows stay locked until
        then, and some are everybody's (the ceilings of texts, a shared client address)."""
        numbers = _numbers()
        window = numbers["phone_messages_window_seconds"]
        gated = {}
        for gate in self.gates:
            gated.setdefault(gate.window_seconds, {})[gate.key] = None
        counts = limits.hit_windows(
            [(self.sends, numbers["window_seconds"], numbers["block_seconds"])]
            + [(list(keys.items()), seconds, seconds) for seconds, keys in gated.items()]
            + ([(list(self.phone), window, window)] if self.phone else [])
        )
        for key, maximum in self.phone:
            if counts[key] >= maximum:
                current_app.logger.warning("a ceiling of text messages and calls was reached (%s): paused for %s s", key.split(":")[0], window)


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
    def of(cls, browser_session_id: int, destination: str, user: User | None, own_factor: bool, stops_at_cap: bool) -> "Guess":
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


def _own_phone_messages_key() -> str:
    return limits.key("phone-messages", "service")


def phone_messages_paused() -> bool:
    """Are texts and calls to people's own phones paused (the ceiling of own codes)?"""
    return limits.blocked_for([_own_phone_messages_key()]) > 0


def _phone_budgets(destination: str, own_factor: bool) -> list[tuple[str, int]]:
    """The ceilings one text or call spends. A person's own phone spends only the ceiling of
    own codes, which no anonymous traffic touches. An anonymous one (sign-up's phone step, a
    new phone) spends a smaller ceiling of its own, its country's and its number range's: the
    defences against SMS pumping, which rents ranges of numbers in countries a service never
    serves."""
    numbers = _numbers()
    if own_factor:
        return [(_own_phone_messages_key(), numbers["max_phone_messages"])]
    countries = phone_countries(numbers["anonymous_phone_countries"])
    region = phonenumbers.region_code_for_number(phonenumbers.parse(destination)) or "ZZ"
    return [
        (limits.key("phone-messages-anonymous", "service"), numbers["max_anonymous_phone_messages"]),
        (limits.key("phone-country", region), countries.get(region, countries["*"])),
        # all but the last four digits: the range a number belongs to
        (limits.key("phone-range", destination[:-4]), numbers["max_anonymous_phone_messages_per_range"]),
    ]


