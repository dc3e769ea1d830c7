"""What a code costs: the budgets every code send and every guess spends ([limits] in
config/settings.toml), and the service's ceiling of texts and calls.

- Sends and wrong guesses count per destination and per browser session; anonymous sends
  count per client address too, which is never shut (people share addresses): past a
  threshold it must show a proof of work (proof.py), past the next it is slowed down.
  Anonymous journeys (sign-up, the first step of recovery, a new address or phone) count
  apart from the codes that a journey which proved the account sends to the account's own
  factors, which have a budget of their own (limits.max_own_sends):
  asking codes for someone else's address or phone never blocks that person's own sign-in,
  and a person proving their own factors is not budgeted like an attacker.
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

from idp.config import phone_countries
from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.flows import audit, devices, failures, limits, proof, requester
from idp.models import User


def _numbers() -> dict:
    return current_app.config["IDP"]["limits"]


@dataclass(frozen=True)
class Budgets:
    """The counters one code (or one guess) spends: (key, maximum) pairs."""

    sends: list[tuple[str, int]]
    wrong: list[tuple[str, int]]
    # an anonymous send's client address (an IPv6 /64 as one): slowed and asked a proof of
    # work, never shut, since innocent people share addresses
    address: str | None = None
    # a text's or a call's ceilings (_phone_budgets), in their own window
    phone: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, browser_session_id: int, destination: str, own_factor: bool, phone_message: bool = False) -> "Budgets":
        numbers = _numbers()
        scope = "own" if own_factor else "anonymous"
        most = numbers["max_own_sends"] if own_factor else numbers["max_sends"]
        sends = [
            (limits.key(f"send-{scope}", destination), most),
            (limits.key(f"send-{scope}-session", browser_session_id), most),
        ]
        wrong = [
            (limits.key(f"wrong-{scope}", destination), numbers["max_wrong_codes"]),
            (limits.key(f"wrong-{scope}-session", browser_session_id), numbers["max_wrong_codes"]),
        ]
        address = None if own_factor else limits.key("send-ip", requester.current().network)
        return cls(sends, wrong, address, tuple(_phone_budgets(destination, own_factor)) if phone_message else ())

    def ensure_open(self) -> None:
        """TOO_MANY_CODES while a budget of the code is spent, else PHONE_SENDING_PAUSED while a
        ceiling of texts and calls is (one statement reads both)."""
        ceilings = [key for key, _ in self.phone]
        spent = [key for key, _ in self.sends + self.wrong] + ([self.address] if self.address else [])
        counters = limits.read(spent + ceilings)
        limits.ensure_not_blocked(spent, Errors.TOO_MANY_CODES, counters)
        limits.ensure_not_blocked(ceilings, Errors.PHONE_SENDING_PAUSED, counters)
        if any(maximum == 0 for _, maximum in self.phone):
            # a country the service does not text
            raise FlowError(Errors.PHONE_SENDING_PAUSED, data={"retryAfter": _numbers()["phone_messages_window_seconds"]})

    def spend(self, kind: list[tuple[str, int]]) -> None:
        numbers = _numbers()
        limits.hit_all(kind, numbers["window_seconds"], numbers["block_seconds"])

    def spend_send(self) -> None:
        """One code sent: its budgets and, a text or a call, one of the ceilings of texts and
        calls (ensure_open said none is spent), counted in one statement; and its address's
        budget, which past a threshold first asks a proof of work and past the next slows the
        address down."""
        numbers = _numbers()
        if self.address and limits.recent(self.address, numbers["window_seconds"]) >= numbers["proof_of_work_after_sends"]:
            proof.ensure_solved()
        window = numbers["phone_messages_window_seconds"]
        counts = limits.hit_windows(
            [(self.sends, numbers["window_seconds"], numbers["block_seconds"])] + ([(list(self.phone), window, window)] if self.phone else [])
        )
        for key, maximum in self.phone:
            if counts[key] >= maximum:
                current_app.logger.warning("a ceiling of text messages and calls was reached (%s): paused for %s s", key.split(":")[0], window)
        if self.address:
            limits.slow(self.address, numbers["max_sends_per_ip"], numbers["window_seconds"], numbers["sends_per_ip_delay_seconds"])


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


