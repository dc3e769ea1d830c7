"""One-time codes: expiry, single use, attempts, resends, send and guess limits, enumeration."""

from __future__ import annotations

from idp.extensions import db
from idp.flows import codes
from idp.models import Journey, OtpTransaction, User
from idp.notify import DeliveryError
from tests.support.journeys import EMAIL, PHONE, wrong
from tests.support.proof import with_proof


def after_the_wait(frozen, answer) -> None:
    """Moves the clock past the resend wait the answer named."""
    frozen.shift(answer.json["data"]["resendAfter"])


def test_codes_are_stored_only_as_an_hmac(signup, outbox, app):
    signup.send_email()
    code = outbox.code(EMAIL)
    with app.app_context():
        transaction = db.session.scalar(db.select(OtpTransaction))
        assert code not in transaction.code_hash
        assert len(transaction.code_hash) == 64


def test_a_code_expires_after_its_expiry(signup, frozen):
    signup.send_email()
    frozen.move_to("2030-01-01 12:10:00", tick=False)
    response = signup.verify_email()
    assert (response.status_code, response.json["message"]) == (400, "15")


def test_a_code_is_still_good_just_before_its_expiry(signup, frozen):
    signup.send_email()
    frozen.move_to("2030-01-01 12:09:59", tick=False)
    assert signup.verify_email().status_code == 200


def test_the_expiry_is_answered_with_the_transaction(signup, frozen):
    data = signup.send_email().json["data"]
    assert (data["created"], data["expiry"]) == ("2030-01-01T12:00:00Z", "2030-01-01T12:10:00Z")


def test_a_code_is_single_use(signup):
    signup.send_email()
    assert signup.verify_email().status_code == 200
    assert signup.verify_email().status_code == 409


def test_a_used_transaction_cannot_be_verified_again(signin, signup, client):
    signup.through("profile")
    client.delete_cookie("idp_session")
    signin.through("verify")
    signin.login()
    signin.send()
    old = signin.trxn
    signin.verify()
    signin.login()
    signin.trxn = old
    assert signin.verify(code="123456").json["message"] == "20"


def test_the_last_allowed_wrong_code_ends_the_transaction(signup, outbox):
    signup.send_email()
    code = outbox.code(EMAIL)
    answers = [signup.verify_email(code=wrong(code)).json for _ in range(4)]
    assert [answer["message"] for answer in answers] == ["14", "14", "14", "16"]
    assert [answer["data"].get("retries") for answer in answers[:3]] == [3, 2, 1]
    assert signup.verify_email(code=code).json["message"] == "16"


def test_a_resend_keeps_the_transaction_and_its_failure_count(signup, outbox, frozen):
    after_the_wait(frozen, signup.send_email())
    first = signup.email_trxn
    for _ in range(3):
        signup.verify_email(code=wrong(outbox.code(EMAIL)))
    resent = signup.post("/otp/transient_otp/send", userName=EMAIL, otpType="email")
    assert resent.json["data"]["trxnId"] == first
    assert resent.json["data"]["attempts"] == 3
    assert signup.verify_email(code=wrong(outbox.code(EMAIL))).json["message"] == "16"


def test_a_resend_replaces_the_code(signup, outbox, frozen, monkeypatch):
    drawn = iter([111111, 222222])
    monkeypatch.setattr(codes.secrets, "randbelow", lambda _: next(drawn))
    after_the_wait(frozen, signup.send_email())
    assert signup.send_email().status_code == 200
    assert signup.verify_email(code="111111").json["message"] == "14"
    assert signup.verify_email(code="222222").status_code == 200


def test_the_first_resend_waits_the_resend_wait(signup, frozen):
    assert signup.send_email().json["data"]["resendAfter"] == 10
    frozen.shift(9)
    early = signup.send_email()
    assert (early.status_code, early.json["message"], early.json["data"]) == (429, "34", {"retryAfter": 1})
    assert early.headers["Retry-After"] == "1"
    frozen.shift(1)
    assert signup.send_email().status_code == 200


def test_each_resend_waits_the_resend_wait_times_the_codes_sent(signup, frozen):
    waits = []
    for _ in range(4):
        answer = signup.send_email()
        waits.append(answer.json["data"]["resendAfter"])
        after_the_wait(frozen, answer)
    assert waits == [10, 20, 30, 40]


def test_the_resend_wait_comes_from_the_settings(signup, app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["otp"], "resend_wait_seconds", 25)
    assert signup.send_email().json["data"]["resendAfter"] == 25


def test_the_other_phone_channel_waits_like_a_resend(signup, frozen):
    signup.through("send_phone")
    early = signup.send_phone(channel="voice")
    assert (early.status_code, early.json["message"]) == (429, "34")
    frozen.shift(10)
    assert signup.send_phone(channel="voice").json["data"]["resendAfter"] == 20


def test_another_address_does_not_wait(signup):
    signup.send_email()
    assert signup.send_email(email="autre@example.ca").status_code == 200


def test_a_used_up_code_makes_nobody_wait_for_a_new_one(signup, outbox, frozen):
    signup.send_email()
    for _ in range(4):
        signup.verify_email(code=wrong(outbox.code(EMAIL)))
    again = signup.send_email()
    assert again.status_code == 200
    assert again.json["data"]["resendAfter"] == 20


def test_a_request_too_early_counts_no_send(signup, frozen):
    signup.send_email()
    for _ in range(20):
        assert signup.send_email().json["message"] == "34"
    frozen.shift(10)
    assert signup.send_email().status_code == 200


def test_a_new_code_after_a_used_up_one_can_be_verified(signup, outbox):
    signup.send_email()
    for _ in range(4):
        signup.verify_email(code=wrong(outbox.code(EMAIL)))
    signup.send_email()
    assert signup.verify_email().status_code == 200


def test_the_send_past_the_budget_of_its_window_is_blocked(signup, frozen):
    for _ in range(10):
        frozen.shift(10)
        assert signup.send_email(email=f"person{_}@example.ca").status_code == 200
    blocked = signup.send_email(email="person10@example.ca")
    assert (blocked.status_code, blocked.json["message"]) == (429, "17")
    assert blocked.json["data"]["retryAfter"] == 600


def test_sends_to_one_address_across_browsers_cost_a_hard_proof_of_work_past_the_budget_never_a_block(
    signup, client, app, frozen
):
    for _ in range(10):
        client.delete_cookie("idp_session")
        signup.send_email()
    client.delete_cookie("idp_session")
    asked = signup.send_email()
    assert (asked.status_code, asked.json["message"]) == (428, "43")
    assert asked.json["data"]["challenge"]["maxNumber"] == app.config["IDP"]["limits"]["proof_of_work_hard_max_number"]
    client.delete_cookie("idp_session")
    assert with_proof(signup.send_email, client).status_code == 200


def test_sends_from_one_browser_are_limited_across_addresses(signup, frozen):
    for n in range(10):
        signup.send_email(email=f"person{n}@example.ca")
    assert signup.send_email(email="person10@example.ca").json["message"] == "17"


def test_wrong_codes_up_to_the_budget_of_a_window_block_sending_and_verifying(signup, outbox, frozen):
    for _ in range(3):
        frozen.shift(60)
        signup.send_email()
        for _ in range(4):
            if signup.verify_email(code=wrong(outbox.code(EMAIL))).json["message"] == "17":
                break
    blocked = signup.verify_email()
    assert (blocked.status_code, blocked.json["message"]) == (429, "17")
    assert signup.send_email().json["message"] == "17"


def test_the_block_lifts_after_its_time(signup, outbox, frozen):
    for n in range(11):
        signup.send_email(email=f"person{n}@example.ca")
    frozen.move_to("2030-01-01 12:10:01", tick=False)
    assert signup.send_email(email=EMAIL).status_code == 200
    assert signup.verify_email().status_code == 200


def test_a_code_is_bound_to_the_browser_that_asked(signup, outbox, client):
    signup.send_email()
    client.delete_cookie("idp_session")
    response = signup.verify_email()
    assert (response.status_code, response.json["message"]) == (401, "46")


def test_a_phone_code_is_bound_to_its_phone(signup, outbox):
    signup.through("send_phone")
    first_code, first_trxn = outbox.code(PHONE), signup.phone_trxn
    signup.send_phone(phone="+16135550123")
    signup.phone_trxn = first_trxn
    assert signup.verify_phone(code=first_code).json["message"] == "20"


def test_an_existing_account_gets_the_same_answer_as_a_new_address(signup, client, app):
    signup.through("create")
    client.delete_cookie("idp_session")
    existing = signup.send_email()
    client.delete_cookie("idp_session")
    fresh = signup.send_email(email="new.person@example.ca")
    assert existing.status_code == fresh.status_code == 200
    assert existing.json["message"] == fresh.json["message"]
    assert set(existing.json["data"]) == set(fresh.json["data"])
    assert existing.json["data"]["retries"] == fresh.json["data"]["retries"]


def test_an_existing_account_is_told_to_sign_in_instead_of_getting_a_code(signup, client, outbox):
    signup.through("create")
    client.delete_cookie("idp_session")
    signup.send_email(language="fr")
    message = outbox.last(EMAIL)
    assert message.code is None
    assert "déjà un compte" in message.body
    assert not any(char.isdigit() for char in message.body)


def test_a_sign_up_of_an_existing_address_can_never_be_verified(signup, client, outbox, app):
    signup.through("create")
    client.delete_cookie("idp_session")
    signup.send_email()
    for guess in ("000000", "123456", "999999"):
        assert signup.verify_email(code=guess).json["message"] == "14"
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(User)) == 1


def test_a_delivery_failure_answers_25_and_leaves_nothing_behind(signup, app, monkeypatch):
    def refuse(message):
        raise DeliveryError("provider down")

    monkeypatch.setattr(app.extensions["idp_notify"]["email"], "deliver", refuse)
    response = signup.send_email()
    assert (response.status_code, response.json["message"]) == (503, "25")
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(OtpTransaction)) == 0
        assert db.session.scalar(db.select(Journey.state)) == "PRIVACY_ACCEPTED"


def test_a_failed_delivery_can_be_retried(signup, app, monkeypatch):
    outbox = app.extensions["idp_notify"]["email"]
    monkeypatch.setattr(outbox, "deliver", lambda message: (_ for _ in ()).throw(DeliveryError("down")))
    signup.send_email()
    monkeypatch.undo()
    assert signup.send_email().status_code == 200
    assert signup.verify_email().status_code == 200


def test_codes_and_passwords_never_reach_the_log(signup, caplog, outbox):
    caplog.set_level("DEBUG")
    signup.through("create")
    logged = caplog.text
    assert outbox.messages(EMAIL)[0].code not in logged
    assert signup.password not in logged


def test_codes_are_random_digits_of_the_configured_length(signup, outbox, app, monkeypatch):
    monkeypatch.setitem(app.config["IDP"]["otp"], "length", 8)
    monkeypatch.setitem(app.config["IDP"]["limits"], "proof_of_work_after_sends", 50)  # one address asks them all
    codes = set()
    for n in range(30):
        signup.send_email(email=f"person{n}@example.ca")
        codes.add(outbox.code(f"person{n}@example.ca"))
        signup.client.delete_cookie("idp_session")
    assert all(len(code) == 8 and code.isdigit() for code in codes)
    assert len(codes) == 30
