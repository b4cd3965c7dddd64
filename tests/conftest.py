"""Which tests are ``slow``: ``make test-fast`` (``pytest -m "not slow"``) leaves them out.

``make test`` runs everything. A test is marked ``slow`` here, at collection, when it

* drives a browser (everything under ``tests/e2e``);
* needs the throwaway PostgreSQL cluster (the ``postgres`` fixture of
  ``tests/server/test_postgres.py``, or any fixture built on it: the multi-worker site
  with Redis and nginx, the league on PostgreSQL, ...);
* starts a throwaway ``redis-server`` itself (its code names ``RedisProc``);
* starts a local cluster of processes (:data:`SLOW_MODULES`);
* is one of the long sweeps or strength runs listed in :data:`SLOW_TESTS`, measured on
  the project's two-core machine.

Keying the marker on directories, fixtures and helpers keeps new tests of those kinds
slow without touching their modules.
"""

from __future__ import annotations

import pytest

SERVER_FIXTURES = frozenset({"postgres"})
"""Fixtures that start a throwaway database server (and those built on them)."""

SERVER_HELPERS = frozenset({"RedisProc"})
"""Helpers a test calls to start a throwaway server of its own."""

SLOW_DIRS = frozenset({"e2e"})
"""Test folders that are slow as a whole (the browser tests)."""

SLOW_MODULES = frozenset({"test_arena_cluster.py"})
"""Test modules that are slow as a whole (a local Ray cluster)."""

SLOW_TESTS = frozenset(
    {
        # strength runs: many whole games between searching bots
        "test_bots.py::test_ismcts_is_not_behind_pimc_at_equal_time",
        "test_bots.py::test_ismcts_beats_greedy",
        "test_bots.py::test_pimc_beats_greedy",
        "test_house_everywhere.py::test_house_rules_through_the_arena",
        # exhaustive or long property sweeps
        "test_league_bracket.py::test_every_path_through_a_bracket",
        "test_properties.py::test_random_games_keep_every_invariant",
        "test_properties.py::test_records_round_trip",
        "test_properties.py::test_damaged_positions_are_refused_or_playable",
        "test_properties.py::test_illegal_moves_are_refused_and_change_nothing",
        # building and installing the wheel
        "test_wheel.py::test_the_wheel_ships_the_rules_reference_and_the_data",
    }
)
"""``module::test`` names (parameters left off) of single long tests."""


def _is_slow(item: pytest.Item) -> bool:
    """Whether ``item`` belongs to one of the slow kinds the module docstring lists."""
    if SLOW_DIRS.intersection(item.path.parent.parts) or item.path.name in SLOW_MODULES:
        return True
    if SERVER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
        return True
    function = getattr(item, "function", None)
    code = getattr(function, "__code__", None)
    if code is not None and SERVER_HELPERS.intersection(code.co_names):
        return True
    return f"{item.path.name}::{item.name.split('[')[0]}" in SLOW_TESTS


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tests before ``-m`` selects by marker."""
    for item in items:
        if _is_slow(item):
            item.add_marker(pytest.mark.slow)
