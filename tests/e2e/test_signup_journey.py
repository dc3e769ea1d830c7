"""Journey 1: a person signs up from the reservations service and comes back signed in."""
import pytest

from tests.e2e import steps
from tests.e2e.conftest import MOBILE

pytestmark = pytest.mark.e2e


def test_sign_up_from_the_reservations_service_comes_back_signed_in_with_name_and_email(page, product, person):
    steps.sign_up(page, product, person)
