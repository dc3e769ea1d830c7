"""Helpers that drive whole steps of sign-up and sign-in through /v1, reading codes
from the development outbox like a developer would."""

from __future__ import annotations

from idp.clock import now
from idp.extensions import db
from idp.flows.credentials import passwords
from idp.models import OutboxMessage, PhoneCredential, User

SESSION_COOKIE = "idp_session"
EMAIL = "jeanne.tremblay@example.ca"
PASSWORD = "Maple-Syrup-Harbour-42"
PHONE = "+16132345678"


class Outbox:
    def __init__(self, app):
        self.app = app

    def messages(self, to: str | None = None) -> list[OutboxMessage]:
        with self.app.app_context():
            query = db.select(OutboxMessage).order_by(OutboxMessage.id.desc())
            if to is not None:
                query = query.filter_by(to=to)
            found = db.session.scalars(query).all()
            db.session.expunge_all()
            return found

    def last(self, to: str) -> OutboxMessage:
        found = self.messages(to)
        assert found, f"no message to {to}"
        return found[0]

    def code(self, to: str) -> str:
        code = self.last(to).code
        assert code, f"the last message to {to} has no code"
        return code


class SignUp:
    """signup.through("profile") runs every step up to and including that one."""

    STEPS = ("send_email", "verify_email", "create", "send_phone", "verify_phone", "profile")

    def __init__(self, client, outbox: Outbox):
        self.client, self.outbox = client, outbox
        self.email, self.password, self.phone, self.channel = EMAIL, PASSWORD, PHONE, "sms"
        self.email_trxn = self.phone_trxn = self.user_id = None
        self.privacy_accepted = False

    def post(self, path: str, **body):
        return self.client.post(f"/v1{path}", json=body)

    def accept_privacy(self):
        response = self.post("/signup/privacy")
        self.privacy_accepted = response.status_code == 200
        return response

    def send_email(self, email: str | None = None, language: str = "eng"):
        """The e-mail step; the privacy notice is accepted first when this browser has not yet."""
        if not self.privacy_accepted or self.client.get_cookie(SESSION_COOKIE) is None:
            self.accept_privacy()
        self.email = self.email if email is None else email
        response = self.post("/otp/transient_otp/send", userName=self.email, otpType="email", language=language)
        if response.status_code == 200:
            self.email_trxn = response.json["data"]["trxnId"]
        return response

    def verify_email(self, code: str | None = None):
        code = code or self.outbox.code(self.email)
        return self.post(
            "/otp/transient_otp/verify", userName=self.email, otpType="email", otp=code, trxnId=self.email_trxn
        )

    def create(self, password: str | None = None):
        response = self.post(
            "/users/create", userName=self.email, password=password or self.password, trxnId=self.email_trxn
        )
        if response.status_code == 200:
            self.user_id = response.json["data"]["id"]
        return response

    def send_phone(self, phone: str | None = None, channel: str | None = None):
        self.phone, self.channel = self.phone if phone is None else phone, channel or self.channel
        response = self.post(
            "/otp/transient_otp/send", userName=self.email, otpType=self.channel, phoneNumber=self.phone
        )
        if response.status_code == 200:
            self.phone_trxn = response.json["data"]["trxnId"]
        return response

    def verify_phone(self, code: str | None = None):
        code = code or self.outbox.code(self.phone)
        return self.post(
            "/otp/transient_otp/verify", userName=self.email, otpType=self.channel, otp=code, trxnId=self.phone_trxn
        )

    def profile(
        self, first_name: str = "Jeanne", last_name: str = "Tremblay", language: str = "fr", user_id: str | None = None
    ):
        return self.post(
            "/users/createcoreprofile",
            userName=self.email,
            firstName=first_name,
            lastName=last_name,
            id=user_id or self.user_id,
            language=language,
        )

    def through(self, last_step: str):
        response = None
        for step in self.STEPS[: self.STEPS.index(last_step) + 1]:
            response = getattr(self, step)()
            assert response.status_code == 200, (step, response.json)
        return response


class SignIn:
    STEPS = ("login", "send", "verify")

    def __init__(self, client, outbox: Outbox):
        self.client, self.outbox = client, outbox
        self.email, self.password, self.phone, self.channel = EMAIL, PASSWORD, PHONE, "sms"
        self.trxn = None

    def post(self, path: str, **body):
        return self.client.post(f"/v1{path}", json=body)

    def login(self, email: str | None = None, password: str | None = None):
        return self.post("/otp/users/login", userName=email or self.email, password=password or self.password)

    def send(self, channel: str | None = None, phone: str = "******5678"):
        self.channel = channel or self.channel
        response = self.post("/otp/otp/send", userName=self.email, otpType=self.channel, phone=phone)
        if response.status_code == 200:
            self.trxn = response.json["data"]["trxnId"]
        return response

    def verify(self, code: str | None = None):
        code = code or self.outbox.code(self.phone)
        return self.post("/otp/otp/verify", userName=self.email, otpType=self.channel, otp=code, trxnId=self.trxn)

    def through(self, last_step: str):
        response = None
        for step in self.STEPS[: self.STEPS.index(last_step) + 1]:
            response = getattr(self, step)()
            assert response.status_code == 200, (step, response.json)
        return response


def wrong(code: str) -> str:
    """A six-digit code that is not this one."""
    return f"{(int(code) + 1) % 1_000_000:06d}"


def person(number: int) -> tuple[str, str]:
    """Person number's address and phone, as people_with_phones() makes them."""
    return f"person{number}@example.ca", f"+1613234{number:04d}"


def people_with_phones(count: int) -> None:
    """Accounts person(0)...person(count - 1), each with PASSWORD and a verified phone, written
    in the current app context (one hash for all)."""
    password_hash = passwords.hash_password(PASSWORD)
    for number in range(count):
        email, phone = person(number)
        user = User(
            email=email,
            email_verified=True,
            password_hash=password_hash,
            last_name="Tremblay",
            profile_completed_at=now(),
        )
        db.session.add(user)
        db.session.flush()
        db.session.add(PhoneCredential(user_id=user.id, e164=phone, verified_at=now()))
    db.session.commit()
