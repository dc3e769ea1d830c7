"""The people of the browser tests: a unique e-mail address and phone number each, so tests
sharing one running product never meet each other's codes or limits."""

from __future__ import annotations

import itertools
import os
import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Person:
    """Someone who signs up: a unique e-mail address and phone number per test."""

    email: str
    phone: str  # Canadian, 10 digits, as typed in the phone field
    password: str
    first_name: str
    last_name: str

    @property
    def e164(self) -> str:
        return "+1" + self.phone

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


_people = itertools.count(1)
_run = f"{os.getpid()}{random.randrange(1000):03d}"


def new_person(first_name: str = "Camille", last_name: str = "Tremblay-Côté") -> Person:
    number = next(_people)
    return Person(
        email=f"person{number}.{_run}@example.com",
        # 613-234-xxxx: a real Ottawa exchange, so the number passes libphonenumber's checks.
        phone=f"613234{(int(_run) * 37 + number) % 10000:04d}",
        password="correct horse battery staple",
        first_name=first_name,
        last_name=last_name,
    )
