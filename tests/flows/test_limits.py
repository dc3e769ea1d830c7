"""Counters: budgets that block a key for a while, and runs of failures that make each
try wait longer."""

from __future__ import annotations

import pytest

from idp.errors import Errors, FlowError
from idp.extensions import db
from idp.store import limits, runs


def test_each_hit_is_counted(ctx, frozen):
    assert [limits.hit("k", 3, 600, 600) for _ in range(2)] == [1, 2]


def test_reaching_the_maximum_blocks_the_key_for_the_block_time(ctx, frozen):
    for _ in range(3):
        limits.hit("k", 3, 600, 600)
    with pytest.raises(FlowError) as blocked:
        limits.ensure_not_blocked(["k"])
    assert (blocked.value.code, blocked.value.status, blocked.value.data) == ("17", 429, {"retryAfter": 600})


def test_a_block_answers_the_error_it_is_given(ctx, frozen):
    limits.hit("k", 1, 600, 60)
    with pytest.raises(FlowError) as blocked:
        limits.ensure_not_blocked(["k"], Errors.TOO_MANY_PASSWORD_TRIES)
    assert (blocked.value.code, blocked.value.data) == ("18", {"retryAfter": 60})


def test_other_keys_are_not_blocked(ctx, frozen):
    for _ in range(3):
        limits.hit("k", 3, 600, 600)
    limits.ensure_not_blocked(["other"])


def test_a_new_window_starts_the_count_again(ctx, frozen):
    limits.hit("k", 3, 600, 600)
    limits.hit("k", 3, 600, 600)
    frozen.move_to("2030-01-01 12:10:00", tick=False)
    assert limits.hit("k", 3, 600, 600) == 1


def test_budgets_of_several_windows_are_counted_each_in_its_own_window(ctx, frozen):
    groups = [([("short", 9), ("short-too", 9)], 600, 600), ([("long", 2)], 3600, 60)]
    assert limits.hit_windows(groups) == {"short": 1, "short-too": 1, "long": 1}
    frozen.move_to("2030-01-01 12:10:00", tick=False)
    assert limits.hit_windows(groups) == {"short": 1, "short-too": 1, "long": 2}
    with pytest.raises(FlowError) as blocked:
        limits.ensure_not_blocked(["long"])
    assert blocked.value.data == {"retryAfter": 60}
    limits.ensure_not_blocked(["short", "short-too"])


def test_failures_past_the_free_ones_make_each_try_wait_twice_as_long(ctx, frozen):
    waits = []
    for _ in range(6):
        runs.fail("run", 3, 30, 100)
        waits.append(limits.blocked_for(["run"]))
    assert waits == [0, 0, 0, 30, 60, 100]


def test_a_run_of_failures_lasts_until_it_is_cleared(ctx, frozen):
    for _ in range(4):
        runs.fail("run", 3, 30, 900)
    frozen.move_to("2030-01-02 12:00:00", tick=False)
    assert limits.count_of("run") == 4
    runs.clear("run")
    db.session.commit()  # the clearing is written with the commit
    assert limits.count_of("run") == 0


def test_keys_hold_no_personal_data_and_are_stable(ctx):
    key = limits.key("send", "jeanne@example.ca")
    assert "jeanne" not in key
    assert key == limits.key("send", "jeanne@example.ca") != limits.key("send", "autre@example.ca")
