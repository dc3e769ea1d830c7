"""What a person does and sees at each step of the journeys, in either language.

The words come from the login UI's own catalogues (login-ui/src/i18n/{en,fr}.json), so a
step asserts the text the person reads in the language of the page. Locators are the ones
a person perceives: roles with their accessible names, and labels.
"""

from __future__ import annotations

import json
import re
import time
import tomllib

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import ROOT, Product
from tests.e2e.people import Person

TEXTS = {
    language: json.loads((ROOT / "login-ui" / "src" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
    for language in ("en", "fr")
}

# The reservations service's own words (examples/reservations/translations).
RESERVATIONS = {
    "en": {
        "home": "Book a visit",
        "sign_in": "Sign in",
        "sign_up": "Create an account",
        "signed_in": "Your reservations",
        "sign_out": "Sign out",
        "error": "Sign-in did not work",
    },
    "fr": {
        "home": "Réserver une visite",
        "sign_in": "Se connecter",
        "sign_up": "Créer un compte",
        "signed_in": "Vos réservations",
        "sign_out": "Se déconnecter",
        "error": "La connexion n'a pas fonctionné",
    },
}


# The code length the texts name ({codeLength}): the server's, which the shell gives the UI.
POLICY = {"codeLength": tomllib.loads((ROOT / "config" / "settings.toml").read_text(encoding="utf-8"))["otp"]["length"]}


def t(language: str, key: str, **values) -> str:
    """The catalogue text, with simple {name} placeholders filled in."""
    text = TEXTS[language][key]
    for name, value in {**POLICY, **values}.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def exactly(text: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def heading(page: Page, text: str):
    return page.get_by_role("heading", level=1, name=text, exact=True)


def expect_screen(page: Page, language: str, title_key: str, step: int | None = None, **values) -> None:
    """The page's one h1 says where the person is; sign-up pages also say 'Step n of 4'."""
    expect(heading(page, t(language, title_key, **values))).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", language)
    if step is not None:
        expect(page.get_by_text(t(language, "common.stepOf", step=step, total=4), exact=True)).to_be_visible()


def expect_field_error(page: Page, language: str, label_key: str, message: str) -> None:
    """The error summary ('There was a problem') links to the field, and the field says why."""
    summary = page.get_by_role("alert").filter(has=page.get_by_role("heading", name=t(language, "error.1")))
    expect(summary).to_be_visible()
    expect(summary.get_by_role("link", name=message)).to_be_visible()
    field = page.get_by_label(t(language, label_key), exact=True)
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".error-message").filter(has_text=message)).to_be_visible()


def button(page: Page, language: str, key: str):
    return page.get_by_role("button", name=t(language, key), exact=True)


def link(page: Page, language: str, key: str):
    return page.get_by_role("link", name=t(language, key), exact=True)


# --- the reservations service -------------------------------------------------------------


def keep_hand_off(page: Page, url: str) -> list[str]:
    """The redirect page hands on by itself after 1.5 s, which a busy machine may reach while a
    test still reads or scans it: the hand-off to url (a glob) is answered 204 No Content, so the
    browser stays on the page, and kept in the list returned, to be read at the end."""
    handed_to: list[str] = []
    page.route(url, lambda route: (handed_to.append(route.request.url), route.fulfill(status=204)))
    return handed_to


def open_reservations(page: Page, product: Product, language: str = "en") -> None:
    page.goto(product.rp_url + "/")
    expect(heading(page, RESERVATIONS[language]["home"])).to_be_visible()


def sign_in_at_reservations(page: Page, product: Product, language: str = "en") -> None:
    """'Sign in' at the reservations service leads to the sign-in service's home."""
    open_reservations(page, product, language)
    page.get_by_role("button", name=RESERVATIONS[language]["sign_in"], exact=True).click()
    expect(page).to_have_url(re.compile(rf"^{re.escape(product.idp_url)}/{language}/?$"))
    expect_screen(page, language, "home.title")


def expect_signed_in_at_reservations(page: Page, product: Product, person: Person, language: str = "en") -> None:
    expect(page).to_have_url(product.rp_url + "/profile")
    expect(heading(page, RESERVATIONS[language]["signed_in"])).to_be_visible()
    expect(page.locator(".person-name")).to_have_text(person.name)
    expect(page.locator(".person-email")).to_have_text(person.email)


def expect_signed_out_at_reservations(page: Page, product: Product, language: str = "en") -> None:
    """The reservations service shows the person signed out: told by back-channel logout,
    whose token leaves the provider right after its answer to the browser (a few tries)."""
    deadline = time.monotonic() + 5
    page.goto(f"{product.rp_url}/profile?lang={language}")
    while page.url != product.rp_url + "/" and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        page.goto(f"{product.rp_url}/profile?lang={language}")
    expect(page).to_have_url(product.rp_url + "/")


def press(button) -> None:
    """The keyboard's way: the button takes the focus (as Tab would bring it), Enter presses it."""
    button.focus()
    expect(button).to_be_focused()
    button.page.keyboard.press("Enter")


def sign_out_at_reservations(page: Page, product: Product, language: str = "en") -> None:
    page.get_by_role("button", name=RESERVATIONS[language]["sign_out"], exact=True).click()
    expect(page).to_have_url(product.rp_url + "/")
    expect(heading(page, RESERVATIONS[language]["home"])).to_be_visible()
    expect(page.get_by_role("button", name=RESERVATIONS[language]["sign_in"], exact=True)).to_be_visible()


# --- sign-up --------------------------------------------------------------------------------


def choose_sign_up(page: Page, language: str = "en") -> None:
    """Home → 'Create an account' → the privacy notice → accept → the e-mail step."""
    link(page, language, "home.signUp").click()
    expect_screen(page, language, "privacy.title")
    button(page, language, "privacy.accept").click()
    expect_screen(page, language, "email.signup.title", step=1)


def enter_sign_up_email(page: Page, language: str, person: Person) -> None:
    """Step 1: the e-mail address; correspondence in the page's language by default."""
    default = "email.language.fr" if language == "fr" else "email.language.eng"
    expect(page.get_by_role("radio", name=t(language, default), exact=True)).to_be_checked()
    page.get_by_label(t(language, "email.label"), exact=True).fill(person.email)
    button(page, language, "email.signup.submit").click()
    expect_screen(page, language, "verification.email.title", step=1)
    expect(page.get_by_text(t(language, "verification.email.sentTo", destination=person.email))).to_be_visible()


def enter_code(page: Page, language: str, code: str) -> None:
    page.get_by_label(t(language, "verification.codeLabel"), exact=True).fill(code)
    button(page, language, "common.continue").click()


def reach_email_code(page: Page, product: Product, person: Person, language: str = "en") -> None:
    """From the reservations service to sign-up's e-mail code screen."""
    sign_in_at_reservations(page, product, language)
    choose_sign_up(page, language)
    enter_sign_up_email(page, language, person)


def verify_email(page: Page, product: Product, language: str, person: Person) -> None:
    enter_code(page, language, product.latest_code(person.email))
    expect_screen(page, language, "password.signup.title", step=2)


def create_password(page: Page, language: str, person: Person) -> None:
    """Step 2: the password, with its live counter against the minimum."""
    field = page.get_by_label(t(language, "password.label"), exact=True)
    field.fill(person.password)
    expect(page.get_by_test_id("password-counter")).to_contain_text(str(len(person.password)))
    button(page, language, "password.signup.submit").click()
    expect_screen(page, language, "setup.title", step=3)


def set_up_phone(page: Page, language: str, person: Person, method: str = "sms") -> None:
    """Step 3: the phone (Canada by default) and how to get the code."""
    expect(page.get_by_label(t(language, "phone.countryLabel"), exact=True)).to_have_value("CA")
    page.get_by_label(t(language, "phone.label"), exact=True).fill(person.phone)
    page.get_by_role("radio", name=t(language, f"setup.method.{method}"), exact=True).check()
    button(page, language, "setup.submit").click()
    expect_screen(page, language, f"verification.{method}.title", step=3)


def verify_phone(page: Page, product: Product, language: str, person: Person) -> None:
    enter_code(page, language, product.latest_code(person.e164))
    expect_screen(page, language, "profile.core.title", step=4)


def enter_name(page: Page, language: str, person: Person) -> None:
    """Step 4: the name; then 'Your account is ready', which waits for the person."""
    page.get_by_label(t(language, "profile.core.firstName"), exact=True).fill(person.first_name)
    page.get_by_label(t(language, "profile.core.lastName"), exact=True).fill(person.last_name)
    button(page, language, "profile.core.submit").click()
    expect_screen(page, language, "redirect.ready.title")


def continue_link(page: Page, language: str, service: str | None = None):
    """'Continue to <the service>' (any service when none is named) or, with service="",
    'Continue to your account'."""
    if service == "":
        return link(page, language, "redirect.continueToAccount")
    before, _, after = TEXTS[language]["redirect.continueTo"].partition("{service}")
    name = re.escape(service) if service else ".+"
    return page.get_by_role("link", name=re.compile(f"^{re.escape(before)}{name}{re.escape(after)}$"))


def continue_to_the_service(page: Page, language: str = "en") -> None:
    """The sign-up's last page: the person goes on to the relying service waiting."""
    continue_link(page, language).click()


def sign_up_from_the_email_step(page: Page, product: Product, person: Person, language: str = "en") -> None:
    """Sign-up's four steps from the e-mail address, then on to the service waiting."""
    enter_sign_up_email(page, language, person)
    verify_email(page, product, language, person)
    create_password(page, language, person)
    set_up_phone(page, language, person)
    verify_phone(page, product, language, person)
    enter_name(page, language, person)
    continue_to_the_service(page, language)


def sign_up(page: Page, product: Product, person: Person, language: str = "en") -> None:
    """The whole sign-up from the reservations service, back there signed in."""
    sign_in_at_reservations(page, product, language)
    choose_sign_up(page, language)
    sign_up_from_the_email_step(page, product, person, language)
    expect_signed_in_at_reservations(page, product, person, language)


def _api(context: BrowserContext, product: Product):
    """POST to /v1 with the context's request client (its cookies); answers the data."""

    def post(path: str, **body) -> dict:
        response = context.request.post(
            f"{product.idp_url}/v1{path}",
            data=json.dumps(body),
            headers={"Origin": product.idp_url, "Content-Type": "application/json"},
        )
        assert response.ok, (path, response.status, response.text())
        return response.json()["data"]

    return post


def sign_up_through_api(context: BrowserContext, product: Product, person: Person, language: str = "en") -> None:
    """The whole sign-up through /v1 with the context's request client, which shares the
    context's cookies: that browser ends signed in (a quick way to an account)."""
    post = _api(context, product)
    correspondence = "fr" if language == "fr" else "eng"
    post("/signup/privacy")
    trxn = post("/otp/transient_otp/send", userName=person.email, otpType="email", language=correspondence)["trxnId"]
    post(
        "/otp/transient_otp/verify",
        userName=person.email,
        otpType="email",
        otp=product.latest_code(person.email),
        trxnId=trxn,
    )
    user_id = post("/users/create", userName=person.email, password=person.password, trxnId=trxn)["id"]
    trxn = post("/otp/transient_otp/send", userName=person.email, otpType="sms", phoneNumber=person.e164)["trxnId"]
    post(
        "/otp/transient_otp/verify",
        userName=person.email,
        otpType="sms",
        otp=product.latest_code(person.e164),
        trxnId=trxn,
    )
    post(
        "/users/createcoreprofile",
        userName=person.email,
        firstName=person.first_name,
        lastName=person.last_name,
        id=user_id,
        language=correspondence,
    )


def sign_in_through_api(context: BrowserContext, product: Product, person: Person) -> None:
    """A sign-in through /v1 (password, then the code texted to the phone) with the context's
    request client: that browser ends signed in, as another of the person's devices."""
    post = _api(context, product)
    post("/otp/users/login", userName=person.email, password=person.password)
    trxn = post("/otp/otp/send", userName=person.email, otpType="sms")["trxnId"]
    post("/otp/otp/verify", userName=person.email, otpType="sms", otp=product.latest_code(person.e164), trxnId=trxn)


# --- sign-in --------------------------------------------------------------------------------


def enter_sign_in_email(page: Page, language: str, person: Person) -> None:
    """The address typed once React has the page: as it takes the page over, the address the tab
    kept (or the service's hint) fills an empty field, and a fill under way then (its text
    selected, not yet typed) would be typed after it, the address twice (CI, on a loaded machine)."""
    field = page.get_by_label(t(language, "email.label"), exact=True)
    expect(button(page, language, "common.continue")).to_be_enabled()
    for _ in range(3):
        field.fill(person.email)
        if field.input_value() == person.email:
            break
    expect(field).to_have_value(person.email)
    button(page, language, "common.continue").click()
    expect_screen(page, language, "password.signin.title")


def enter_sign_in_password(page: Page, language: str, person: Person) -> None:
    page.get_by_label(t(language, "password.label"), exact=True).fill(person.password)
    button(page, language, "password.signin.submit").click()
    expect_screen(page, language, "select.title")


def resume_sign_up_by_signing_in(page: Page, product: Product, language: str, person: Person) -> None:
    """An account whose sign-up stopped before the phone: signing in sends the code by e-mail
    at once (no phone yet), then the sign-up goes on at the phone step, saying so."""
    sign_in_at_reservations(page, product, language)
    enter_sign_in_email(page, language, person)
    page.get_by_label(t(language, "password.label"), exact=True).fill(person.password)
    button(page, language, "password.signin.submit").click()
    expect_screen(page, language, "verification.email.title")
    enter_code(page, language, product.latest_code(person.email))
    expect_screen(page, language, "setup.title", step=3)
    expect(page.get_by_text(t(language, "setup.resumed"), exact=True)).to_be_visible()


def choose_code_by(page: Page, language: str, method: str) -> None:
    """One of the person's methods is chosen (the stored phone, masked, is the destination of
    a code by text or call; the code is sent), and its own screen opens."""
    label = page.get_by_role("radio", name=re.compile("^" + re.escape(t(language, f"select.{method}.label"))))
    label.check()
    expect(
        page.get_by_text(re.compile(re.escape(t(language, f"select.{method}.destination", phone="")[:20])))
    ).to_be_visible()
    button(page, language, "select.submit" if method in ("sms", "voice", "email") else "common.continue").click()
    expect_screen(page, language, f"verification.{method}.title")


def run_out_countdown(page: Page) -> None:
    """Moves Playwright's clock (page.clock.install() first) on until the resend countdown
    ends. One second at a time: the screen schedules each second after React re-renders."""
    countdown = page.get_by_test_id("countdown")
    for _ in range(120):
        if not countdown.is_visible():
            return
        page.clock.run_for(1000)
    raise AssertionError("the resend countdown did not end after 120 seconds")


def wait_until_a_new_code_may_be_sent(page: Page, product: Product, flow: str) -> None:
    """The server refuses a new code before its wait is over (code 34): wait as long as the
    journey says, in real time (the page's clock does not move the server's)."""
    for _ in range(120):
        journeys = page.request.get(f"{product.idp_url}/v1/session").json()["data"]["journeys"]
        if journeys[flow]["resendAfter"] == 0:
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"the {flow} journey still refuses a new code after 60 seconds")


# --- sign-in methods ---------------------------------------------------------------------------


# Each page's virtual authenticator: the DevTools session that made it, and its id.
_AUTHENTICATORS: dict[Page, tuple[object, str]] = {}


def add_virtual_authenticator(page: Page) -> None:
    """A platform authenticator that verifies its user, as a phone or laptop does. It answers a
    conditional request (the e-mail field's passkey suggestion) at once, as a person who picks the
    suggestion does: passkey first signs them in from the field (ignore_passkey_suggestion)."""
    devtools = page.context.new_cdp_session(page)
    devtools.send("WebAuthn.enable", {"enableUI": False})
    made = devtools.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
            }
        },
    )
    _AUTHENTICATORS[page] = (devtools, made["authenticatorId"])


def ignore_passkey_suggestion(page: Page, ignored: bool = True) -> None:
    """A person who types their address rather than pick the browser's passkey suggestion: the
    authenticator answers no request until a person is present again (ignored=False)."""
    devtools, authenticator = _AUTHENTICATORS[page]
    devtools.send("WebAuthn.setAutomaticPresenceSimulation", {"authenticatorId": authenticator, "enabled": not ignored})


def method_action(page: Page, language: str, action_key: str, method_key: str):
    """An action of "How you sign in", named with its method ("Add Authenticator app")."""
    return page.get_by_role("link", name=f"{t(language, action_key)} {t(language, method_key)}", exact=True)
