"""Counters of sends and wrong codes, and the block they cause."""
from __future__ import annotations

import pytest

from idp.errors import FlowError
from idp.flows import limits

LIMITS = limits.Limits(max_sends=3, max_wrong_codes=3, window_seconds=600, block_seconds=600)


@pytest.fixture
def frozen(time_machine):
    time_machine.move_to("2030-01-01 12:00:00", tick=False)
    return time_machine


def test_each_hit_is_counted(ctx, frozen):
    assert [limits.hit("k", limits.SEND, LIMITS) for _ in range(2)] == [1, 2]


def test_reaching_the_maximum_blocks_the_key_for_the_block_time(ctx, frozen):
    for _ in range(3):
        limits.hit("k", limits.SEND, LIMITS)
    with pytest.raises(FlowError) as blocked:
        limits.ensure_not_blocked(["k"])
    assert (blocked.value.code, blocked.value.status, blocked.value.data) == ("17", 429, {"retryAfter": 600})


def test_other_keys_are_not_blocked(ctx, frozen):
    for _ in range(3):
        limits.hit("k", limits.SEND, LIMITS)
    limits.ensure_not_blocked(["other"])


def test_a_new_window_starts_the_count_again(ctx, frozen):
    limits.hit("k", limits.SEND, LIMITS)
    limits.hit("k", limits.SEND, LIMITS)
    frozen.move_to("2030-01-01 12:10:00", tick=False)
    assert limits.hit("k", limits.SEND, LIMITS) == 1


def test_destination_keys_do_not_hold_the_destination(ctx):
    key = limits.destination_key(limits.SEND, "jeanne@example.ca", "secret")
    assert "jeanne" not in key
    assert key == limits.destination_key(limits.SEND, "jeanne@example.ca", "secret")
