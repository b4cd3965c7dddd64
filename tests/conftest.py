"""Which tests are ``slow``: ``make test-fast`` (``pytest -m "not slow"``) leaves them out.

``make test`` runs everything. A test is marked ``slow`` here, at collection, when it

* drives a browser (everything under ``tests/e2e``);
* needs the throwaway PostgreSQL cluster (the ``postgres`` fixture of
  ``tests/server/test_postgres.py``, or any fixture built on it: the multi-worker site
  with Redis and nginx, the league on PostgreSQL, ...);
* starts a throwaway ``redis-server`` itself (its code names ``RedisProc``);
* kills or restarts server processes (its name says ``sigkill`` or ``restart``);
* lies in a module that is slow as a whole (:data:`SLOW_MODULES`: clusters, the
  terminal table driven through Textual, the wheel build, floods and rate limits, the
  league site's seasons);
* is one of the long sweeps, strength runs, floods or timers listed in
  :data:`SLOW_TESTS`, measured on the project's two-core machine.

Keying the marker on directories, fixtures and helpers keeps new tests of those kinds
slow without touching their modules.

A test is also marked ``serial`` when it measures time on a real server: a clock that
must run out or be charged to the millisecond, a move that must arrive promptly past
silent spectators or a slow league job (:data:`SERIAL_MODULES`, :data:`SERIAL_HELPERS`).
``make test`` runs the rest on parallel workers (pytest-xdist), then these alone, one at
a time, so that another worker's compile or browser cannot starve the server they time.
"""

from __future__ import annotations

import pytest

SERVER_FIXTURES = frozenset({"postgres"})
"""Fixtures that start a throwaway database server (and those built on them)."""

SERVER_HELPERS = frozenset({"RedisProc"})
"""Helpers a test calls to start a throwaway server of its own."""

SLOW_DIRS = frozenset({"e2e"})
"""Test folders that are slow as a whole (the browser tests)."""

SLOW_MODULES = frozenset(
    {
        "test_arena_cluster.py",  # a local Ray cluster of arena workers
        "test_cluster.py",  # web and bot workers behind nginx, with Redis and PostgreSQL
        "test_tui.py",  # every test drives the terminal table through Textual, 1-20 s each
        "test_wheel.py",  # builds the wheel and installs it into a fresh environment
        "test_abuse.py",  # floods and rate limits, each on a server of its own
        "test_account_limit.py",  # password guessing from many addresses
        "test_league_site.py",  # a season and its championships on a league server
    }
)
"""Test modules that are slow as a whole."""

SLOW_WORDS = ("sigkill", "restart")
"""Words in a test's name that say it kills or restarts server processes."""

SLOW_TESTS = frozenset(
    {
        # strength runs, long games and training runs
        "test_bots.py::test_ismcts_is_not_behind_pimc_at_equal_time",
        "test_bots.py::test_ismcts_beats_greedy",
        "test_bots.py::test_pimc_beats_greedy",
        "test_bots.py::test_greedy_beats_easy",
        "test_house_everywhere.py::test_house_rules_through_the_arena",
        "test_house_games.py::test_house_rules_game_against_a_bot_to_the_end",
        "test_learned.py::test_the_maskable_ppo_example_trains_saves_and_scores",
        "test_learned.py::test_self_play_on_ray_gives_the_same_data_as_on_local_cores",
        "test_learned.py::test_training_script_runs_end_to_end",
        "test_league_site.py::test_a_season_its_championship_and_the_world_championship",
        # exhaustive or long property sweeps
        "test_league_bracket.py::test_every_path_through_a_bracket",
        "test_properties.py::test_random_games_keep_every_invariant",
        "test_properties.py::test_records_round_trip",
        "test_properties.py::test_damaged_positions_are_refused_or_playable",
        "test_properties.py::test_illegal_moves_are_refused_and_change_nothing",
        "test_properties.py::test_samples_agree_with_the_seat_view",
        "test_properties.py::test_sweep_presets",
        "test_properties.py::test_sweep_variants",
        "test_properties.py::test_sweep_restored_games_play_on",
        "test_house_properties.py::test_generated_house_rules_keep_every_invariant",
        "test_big_tables.py::test_every_seat_count_keeps_every_invariant",
        "test_table_views.py::test_shared_views_and_sentences_match_fresh_ones",
        "test_envs_openspiel.py::test_random_sim_test",
        "test_envs_properties.py::test_mask_moves_and_observations_along_random_games",
        "test_words.py::test_every_sentence_names_only_cards_its_reader_may_see",
        "test_house_properties.py::test_a_full_library_file_on_every_seat_count",
        # training libraries and the compiled accelerator
        "test_envs_research.py::test_stable_baselines3_make_vec_env_resets_and_steps",
        "test_envs_compiled.py::test_the_accelerator_is_built_and_on_by_default",
        "test_learned.py::test_numpy_and_torch_backends_agree",
        # many processes, floods and timers that must run out
        "test_readme_shell.py::test_every_readme_shell_example_runs",
        "test_arena.py::test_ctrl_c_keeps_the_finished_games_and_resume_finishes_the_run",
        "test_silent_spectators.py::test_ten_spectators_that_never_read_do_not_slow_a_timed_game",
        "test_clocks_chat.py::test_claim_victory_after_the_opponent_left",
        "test_clocks_chat.py::test_per_move_limit_resets_each_action_and_flags",
        "test_abuse.py::test_a_flood_of_cookieless_visits_makes_at_most_the_limit_of_guests",
        "test_account_limit.py::test_many_addresses_cannot_guess_one_accounts_password",
        "test_league_site.py::test_migration_from_the_current_schema_keeps_data",
        "test_core_read.py::test_core_read_matches_the_orm_on_sqlite",
        "test_hostile.py::test_a_flooding_socket_is_closed_with_1008",
        "test_protocol.py::test_a_failing_program_loses_with_its_reason_and_the_arena_goes_on",
        "test_write_failure.py::test_a_failed_write_is_refused_and_the_table_takes_the_stored_truth",
        "test_socket_sessions.py::test_anonymous_sockets_are_capped_per_address",
        "test_bot_api_storage.py::test_keepalive_lines_and_the_per_token_limit",
        "test_protocol.py::test_the_arenas_time_per_move_is_a_programs_time",
        "test_forget_open.py::test_a_created_game_nobody_joins_is_forgotten_and_read_again_on_join",
        "test_light_serve.py::test_the_site_and_every_bot_level_run_without_the_heavy_extras",
    }
)
"""``module::test`` names (parameters left off) of single long tests, each measured at
2 s or more on the project's two-core machine."""


SERIAL_MODULES = frozenset(
    {
        "test_silent_spectators.py",  # ten spectators that never read, a 5 s bound a move
        "test_clocks_chat.py",  # clocks charged to the millisecond, flags, claims
        "test_league_off_loop.py",  # the site answers within 2 s while a league job runs
        "test_seat_news.py",  # cross-worker news within a second
    }
)
"""Test modules whose every test times a real server (run alone, after the others)."""

SERIAL_HELPERS = frozenset(
    {"timed_table", "play_timed", "clock_survives_sigkill", "flag_with_nobody_sending"}
)
"""Helpers (``tests/server/ccutil.py``) whose callers time a clock on a real server."""


def _is_serial(item: pytest.Item) -> bool:
    """Whether ``item`` times a real server (see the module docstring)."""
    if item.path.name in SERIAL_MODULES:
        return True
    function = getattr(item, "function", None)
    code = getattr(function, "__code__", None)
    return code is not None and bool(SERIAL_HELPERS.intersection(code.co_names))


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
    name = item.name.split("[")[0]
    if any(word in name for word in SLOW_WORDS):
        return True
    return f"{item.path.name}::{name}" in SLOW_TESTS


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow and the serial tests before ``-m`` selects by marker."""
    for item in items:
        if _is_slow(item):
            item.add_marker(pytest.mark.slow)
        if _is_serial(item):
            item.add_marker(pytest.mark.serial)
