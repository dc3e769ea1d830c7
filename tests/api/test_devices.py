"""Trusted devices are rows the device cookie names: a completed sign-in makes one (once per
browser), the account can list them and forget one, a forgotten one is a stranger again, and a
cookie of the earlier stateless kind is swapped for a row without losing its trust."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from idp.extensions import db
from idp.models import Device
from idp.sessions import devices
from tests.support.journeys import PASSWORD, SignIn

WRONG = "Not-The-Password-123"


@pytest.fixture
def account(returning_person, frozen):
    return returning_person


def _throttled(signin, app, outbox) -> bool:
    """After a guesser elsewhere ran up the account's failures, is this browser made to wait
    with the right password? A trusted device is not."""
    guesser = SignIn(app.test_client(), outbox)
    for _ in range(8):
        guesser.login(password=WRONG)
    return signin.login(password=PASSWORD).status_code == 429


def test_a_trusted_device_is_not_made_to_wait_for_a_guesser_elsewhere(signin, account, app, outbox):
    signin.through("verify")
    assert not _throttled(signin, app, outbox)


def _devices(app, account) -> list[Device]:
    with app.app_context():
        return devices.listed(account)


def _this_device(client, app, account) -> Device:
    """The device the browser's cookie names, among the account's (its sign-up made another)."""
    device_id = client.get_cookie("idp_device").value.split(".")[0]
    (device,) = [device for device in _devices(app, account) if device.id == device_id]
    return device


def test_a_completed_sign_in_makes_the_browser_a_device_of_the_account(signin, account, app):
    before = len(_devices(app, account))
    signin.through("verify")
    assert len(_devices(app, account)) == before + 1
    assert _this_device(signin.client, app, account).user_agent


def test_signing_in_again_from_the_same_browser_makes_no_second_device(signin, account, app):
    signin.through("verify")
    before = len(_devices(app, account))
    signin.through("verify")
    assert len(_devices(app, account)) == before


def test_the_cookie_keeps_only_a_hash_of_its_secret(signin, account, app):
    signin.through("verify")
    secret = signin.client.get_cookie("idp_device").value.split(".")[1]
    assert secret not in _this_device(signin.client, app, account).secret_hash


def test_a_forgotten_device_no_longer_spares_its_owner_the_throttle(signin, account, app, outbox):
    signin.through("verify")
    device = _this_device(signin.client, app, account)
    with app.app_context():
        assert devices.forget(account, device.id)
        db.session.commit()
    assert device.id not in [known.id for known in _devices(app, account)]
    assert _throttled(signin, app, outbox)


def test_a_device_is_forgotten_only_by_its_own_account(signin, account, app):
    signin.through("verify")
    device = _this_device(signin.client, app, account)
    with app.app_context():
        assert not devices.forget("someone-else", device.id)
    assert _this_device(signin.client, app, account).id == device.id


def test_a_cookie_naming_a_device_with_the_wrong_secret_is_a_stranger(signin, account, app, outbox):
    signin.through("verify")
    device_id = signin.client.get_cookie("idp_device").value.split(".")[0]
    signin.client.set_cookie("idp_device", f"{device_id}.not-the-secret")
    assert _throttled(signin, app, outbox)


def test_a_cookie_of_the_earlier_stateless_kind_is_swapped_for_a_device_and_keeps_its_trust(
    client, outbox, account, app
):
    secret = app.config["SECRET_KEY"].encode()
    mac = hmac.new(secret, f"device\x00{account}\x00nonce".encode(), hashlib.sha256).hexdigest()
    client.set_cookie("idp_device", f"{account}.nonce.{mac}")
    before = len(_devices(app, account))
    assert not _throttled(SignIn(client, outbox), app, outbox)
    assert len(_devices(app, account)) == before + 1
    assert _this_device(client, app, account).user_id == account


def test_a_forged_cookie_of_the_earlier_kind_makes_no_device(client, outbox, account, app):
    client.set_cookie("idp_device", f"{account}.nonce.{'0' * 64}")
    before = len(_devices(app, account))
    assert _throttled(SignIn(client, outbox), app, outbox)
    assert len(_devices(app, account)) == before
