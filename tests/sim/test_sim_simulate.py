"""Batch simulation on the coin flip test game."""

from __future__ import annotations

from types import ModuleType

import coin_game
import pytest

from tycoon.core import Record, load, play, replay
from tycoon.core.errors import InvalidConfig
from tycoon.sim import UnknownAgent, game_seed, known_kinds, make_agent, simulate
from tycoon.sim.simulate import GameResult, _report


def test_make_agent_reads_the_game_packages_bots(coinflip_package: ModuleType) -> None:
    assert make_agent("coinflip", "heads").name == "heads"
    assert make_agent("coinflip", "random").name == "random"
    assert known_kinds("coinflip") == ["random", "heads", "bold"]


def test_make_agent_names_the_known_kinds_when_the_kind_is_unknown(
    coinflip_package: ModuleType,
) -> None:
    with pytest.raises(UnknownAgent, match=r"'genius' for coinflip; known kinds: random, heads, bold"):
        make_agent("coinflip", "genius")


def test_an_unregistered_game_is_named_with_the_registered_ones() -> None:
    with pytest.raises(InvalidConfig, match=r"unknown game 'no-such-game'; registered games: .*playboss"):
        make_agent("no-such-game", "random")


def test_make_agent_takes_a_bots_mapping_in_place_of_the_package() -> None:
    agent = make_agent("coinflip", "mine", bots={"mine": coin_game.HeadsBot})
    assert agent.name == "heads"


def test_a_report_counts_wins_scores_eliminations_and_lengths(coinflip_package: ModuleType) -> None:
    report = simulate("coinflip", {"rounds": 4}, ["heads", "bold"], games=200, seed=11)
    assert report.games == 200 and len(report.results) == 200
    assert report.records == []
    for stats in report.seats:
        results = report.results
        wins = sum(1 / len(r.winners) for r in results if stats.seat in r.winners)
        assert stats.wins == pytest.approx(wins)
        assert stats.win_rate == pytest.approx(wins / 200)
        assert stats.win_interval[0] < stats.win_rate < stats.win_interval[1]
        assert stats.eliminations == sum(stats.seat in r.eliminated for r in results)
        assert stats.score.mean == pytest.approx(sum(r.scores[stats.seat] for r in results) / 200)
    # Each game has exactly one win to share out.
    assert sum(s.wins for s in report.seats) == pytest.approx(200)
    # Bold stakes 2 chips a call, so it goes bankrupt more often than heads, who stakes 1.
    assert report.seats[1].eliminations > report.seats[0].eliminations > 0
    assert report.length.minimum >= 5 and report.length.maximum <= 1 + 4 * 2 * 2
    assert report.rounds is not None and 1 <= report.rounds.mean <= 4


def test_each_game_replays_on_its_own_from_its_seed(coinflip_package: ModuleType) -> None:
    report = simulate("coinflip", {}, ["random", "bold"], games=5, seed="s", keep_records=True)
    assert (
        [r.seed for r in report.results] == [game_seed("s", i) for i in range(5)] == ["s:0", "s:1", "s:2", "s:3", "s:4"]
    )
    game = load("coinflip", players=2)
    alone = play(game, [make_agent("coinflip", "random"), make_agent("coinflip", "bold")], "s:3")
    assert report.records[3].moves == alone.record.moves
    assert replay(report.records[3]).fingerprint() == alone.state.fingerprint()


def test_the_same_seed_gives_the_same_report(coinflip_package: ModuleType) -> None:
    a = simulate("coinflip", {}, ["random", "random"], games=30, seed=5, keep_records=True)
    b = simulate("coinflip", {}, ["random", "random"], games=30, seed=5, keep_records=True)
    c = simulate("coinflip", {}, ["random", "random"], games=30, seed=6)
    assert a.results == b.results and a.seats == b.seats
    assert _lines(a.records) == _lines(b.records)
    assert a.results != c.results


def test_workers_give_the_same_report_as_one_process(coinflip_package: ModuleType) -> None:
    one = simulate("coinflip", {}, ["bold", "random"], games=40, seed=3, keep_records=True)
    seen: list[int] = []
    many = simulate(
        "coinflip",
        {},
        ["bold", "random"],
        games=40,
        seed=3,
        keep_records=True,
        workers=3,
        progress=seen.append,
    )
    assert many.results == one.results and many.seats == one.seats
    assert many.length == one.length and many.rounds == one.rounds
    assert _lines(many.records) == _lines(one.records)
    assert seen[-1] == 40 and seen == sorted(seen)


def test_progress_is_told_after_every_game(coinflip_package: ModuleType) -> None:
    seen: list[int] = []
    simulate("coinflip", {}, ["heads", "heads"], games=4, seed=1, progress=seen.append)
    assert seen == [1, 2, 3, 4]


def test_ties_are_shared() -> None:
    results = [
        GameResult(0, "x:0", (3, 3), (0, 1), (), 9, 3),
        GameResult(1, "x:1", (5, 1), (0,), (), 9, 3),
        GameResult(2, "x:2", (0, 4), (1,), (0,), 6, 2),
    ]
    report = _report("coinflip", {}, ["a", "b"], "x", results, [])
    assert [s.wins for s in report.seats] == [1.5, 1.5]
    assert [s.eliminations for s in report.seats] == [1, 0]
    assert report.seats[0].score.mean == pytest.approx(8 / 3)
    assert (report.length.mean, report.length.minimum, report.length.maximum) == (8.0, 6.0, 9.0)
    assert report.rounds is not None and report.rounds.mean == pytest.approx(8 / 3)


def test_rounds_are_left_out_when_the_game_does_not_report_them() -> None:
    results = [GameResult(0, "x:0", (1, 0), (0,), (), 4, None)]
    assert _report("coinflip", {}, ["a", "b"], "x", results, []).rounds is None


def test_bad_requests_are_refused_before_any_game(coinflip_package: ModuleType) -> None:
    with pytest.raises(UnknownAgent, match="known kinds"):
        simulate("coinflip", {}, ["heads", "nobody"], games=1, seed=0)
    with pytest.raises(ValueError, match="at least 1 game"):
        simulate("coinflip", {}, ["heads", "heads"], games=0, seed=0)
    with pytest.raises(ValueError, match="workers must be at least 1"):
        simulate("coinflip", {}, ["heads", "heads"], games=1, seed=0, workers=0)
    with pytest.raises(ValueError, match="coinflip is for 2 players, not 3"):
        simulate("coinflip", {}, ["heads", "heads", "heads"], games=1, seed=0)


def _lines(records: list[Record]) -> list[str]:
    return [line for r in records for line in r.lines()]
