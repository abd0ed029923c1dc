"""The conformance suite and the golden playthroughs of every registered game (ARCHITECTURE.md,
"Tests, in layers", layers 2 and 4), one test parametrised over ``tycoon.core.registered()``.

What each game plays is declared in its own test folder, ``tests/<game id>/suite.py``
(``game_suites.py`` says how, and what a game that declares nothing gets); the tests that only
one game needs stay in its folder.

After a deliberate change of a game's rules, rewrite its golden files and review their diff:

    TYCOON_UPDATE_GOLDEN=1 pytest tests/test_registered_games.py -k golden
"""

from __future__ import annotations

import pytest

from game_suites import TESTS, ConformanceRun, GoldenRun, conformance_runs, golden_runs, seeds_of
from tycoon.core import load, registered
from tycoon.testing import check_game
from tycoon.testing.golden import check_golden

GAMES = registered()


def conformance_cases() -> list[object]:
    return [pytest.param(g, run, id=f"{g}-{run.name}") for g in GAMES for run in conformance_runs(g)]


def golden_cases() -> list[object]:
    cases: list[object] = []
    for g in GAMES:
        runs = golden_runs(g)
        cases += [pytest.param(g, run, id=f"{g}-{run.file}") for run in runs]
        if not runs:
            reason = f"{g} declares no golden playthrough in tests/{g}/suite.py"
            cases.append(pytest.param(g, None, id=f"{g}-none", marks=pytest.mark.skip(reason=reason)))
    return cases


def test_every_registered_game_is_checked() -> None:
    """The three shipped games are registered, so none of them escapes the checks below."""
    assert {"playboss", "die_bosse", "biznes_po_polsku"} <= set(GAMES)


@pytest.mark.parametrize(("game_id", "run"), conformance_cases())
def test_conformance(game_id: str, run: ConformanceRun) -> None:
    game = load(game_id, **run.options)
    seeds = seeds_of(run)
    first = len(seeds) if run.determinism is None else run.determinism
    games = 0
    counters = dict.fromkeys(run.expect, 0)
    for part, again in ((seeds[:first], True), (seeds[first:], False)):
        if not part:
            continue
        report = check_game(
            game,
            seeds=part,
            agents_factory=run.agents,
            max_checked_states_per_game=run.max_checked_states_per_game,
            view_leak_check=run.view_leak_check,
            check_determinism=again,
        )
        games += report.games
        for name in counters:
            counters[name] += getattr(report, name)
    assert games == len(seeds)
    if len(seeds) < len(run.seeds):
        return  # a quick pass (TYCOON_CONFORMANCE_SEEDS) may play too few games for every check to come up
    assert all(counters.values()), f"checks that never ran: {[n for n, c in counters.items() if not c]}"


@pytest.mark.parametrize(("game_id", "run"), golden_cases())
def test_golden_playthrough(game_id: str, run: GoldenRun) -> None:
    """The seeded game told as text is the checked-in file, byte for byte."""
    check_golden(TESTS / game_id / "golden" / run.file, run.narrate(game_id))


def repeat_cases() -> list[object]:
    return [
        pytest.param(g, run, id=f"{g}-{run.file}") for g in GAMES for run in golden_runs(g) if run.again is not None
    ]


@pytest.mark.parametrize(("game_id", "run"), repeat_cases())
def test_the_narration_is_the_same_every_time(game_id: str, run: GoldenRun) -> None:
    """A golden file can only be trusted if the same seed always tells the same game."""
    again = dict(run.again or {})
    assert run.narrate(game_id, seed=7, **again) == run.narrate(game_id, seed=7, **again)
