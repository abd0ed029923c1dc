"""The ladder: a seeded round robin of agents, rated with openskill's Plackett–Luce model.

``ladder("die_bosse")`` seats the game's levels (``random``, ``easy``, ``normal``, …; or any
agent kinds the catalogue knows) at tables of each number of players asked for, plays the
games, and rates every agent by the standings: each game is one ranking of its seats, the
winners first, then by final score, the players knocked out last (the first out lowest).
A rating is ``mu`` with its uncertainty ``sigma``; the interval shown is ``mu ± 2σ``. Agents
do not learn from game to game, so the model adds no drift between games (``tau`` 0).

The schedule, for ``P`` players and ``games`` games: the line-ups are every choice of ``P``
agents (or, with fewer agents than seats, all of them with each choice of the rest again);
game ``i`` seats line-up ``i mod L``, turned round by ``i div L`` seats so that each agent
plays from every seat, with the seed ``f"{seed}:{P}:{i}"``. An agent at two seats of one game
is rated once, by the mean of what each seat would have moved its rating.

The games may be played by several processes (``workers``); they are rated one after another
in the order of the schedule whatever order they finish in, so the ladder is the same with
one worker or many.

Needs the ``openskill`` package (the ``lab`` extra); the rest of tycoon does without it.
"""

from __future__ import annotations

import csv
import itertools
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tycoon.agents.catalogue import game_levels, make_agent
from tycoon.core.driver import play
from tycoon.core.errors import InvalidConfig
from tycoon.core.game import Outcome
from tycoon.core.registry import load, spec

CSV_COLUMNS = ("agent", "rating", "low", "high", "sigma", "games", "wins", "win_rate")
"""The ladder's CSV columns: the agent, its rating ``mu``, the interval ``mu ± 2σ``, ``σ``,
the games it played, its wins (a tie shared by ``k`` seats counts ``1/k``) and their share."""


@dataclass(frozen=True, slots=True)
class Rung:
    """One agent's place on the ladder."""

    agent: str
    """The agent kind (``"easy"``)."""
    mu: float
    """Its rating: the Plackett–Luce model's estimate of its skill (a new agent starts at 25)."""
    sigma: float
    """The uncertainty of ``mu``."""
    games: int
    """The games it played."""
    wins: float
    """The games it won; a tie shared by ``k`` seats counts ``1/k`` to each."""

    @property
    def interval(self) -> tuple[float, float]:
        """``mu ± 2σ``: where its skill lies, about 95 times in 100."""
        return self.mu - 2 * self.sigma, self.mu + 2 * self.sigma

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def row(self) -> dict[str, Any]:
        """The CSV row (``CSV_COLUMNS``), figures rounded to 0.01."""
        low, high = self.interval
        return {
            "agent": self.agent,
            "rating": round(self.mu, 2),
            "low": round(low, 2),
            "high": round(high, 2),
            "sigma": round(self.sigma, 2),
            "games": self.games,
            "wins": round(self.wins, 2),
            "win_rate": round(self.win_rate, 4),
        }


@dataclass(frozen=True, slots=True)
class Ladder:
    """What a round robin showed: the agents, best first."""

    game: str
    """The game id."""
    players: tuple[int, ...]
    """The numbers of players the tables had."""
    games: int
    """Games played at each number of players."""
    seed: int | str
    """The seed of the round robin."""
    rungs: tuple[Rung, ...]
    """One per agent, by rating, highest first."""

    def write_csv(self, path: Path) -> None:
        with path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=CSV_COLUMNS, lineterminator="\n")
            writer.writeheader()
            for rung in self.rungs:
                writer.writerow(rung.row())


def line_ups(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The tables of ``players`` seats a round robin of ``agents`` plays, before rotation.

    >>> line_ups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> line_ups(["a", "b"], 3)
    [('a', 'b', 'a'), ('a', 'b', 'b')]
    """
    if len(agents) >= players:
        return list(itertools.combinations(agents, players))
    return [(*agents, *rest) for rest in itertools.combinations_with_replacement(agents, players - len(agents))]


def standing(outcome: Outcome) -> list[int]:
    """Each seat's place, from 1: the winners first, then by final score, the seats knocked out
    last (the first out lowest); seats alike share a place.

    >>> standing(Outcome(scores=(10, 30, 20), winners=(1,)))
    [3, 1, 2]
    >>> standing(Outcome(scores=(5, 5, 0), winners=(0, 1), eliminated=(2,)))
    [1, 1, 3]
    """
    out = {seat: len(outcome.eliminated) - i for i, seat in enumerate(outcome.eliminated)}
    keys = [(seat not in outcome.winners, out.get(seat, 0), -score) for seat, score in enumerate(outcome.scores)]
    return [1 + sum(other < key for other in keys) for key in keys]


@dataclass(frozen=True, slots=True)
class _Table:
    """One game of the schedule, as a worker process plays it."""

    game_id: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    seed: str
    max_actions: int


def _play(table: _Table) -> Outcome:
    # The registry finds the game itself, in a worker process too (tycoon.core.registry).
    game = load(table.game_id, **table.options)
    agents = [make_agent(table.game_id, kind) for kind in table.seats]
    return play(game, agents, table.seed, max_actions=table.max_actions).state.outcome()


def _outcomes(tables: list[_Table], workers: int) -> Iterator[Outcome]:
    """Each table's outcome, in the order of ``tables``."""
    if workers == 1:
        yield from map(_play, tables)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_play, tables, chunksize=max(1, min(20, len(tables) // (workers * 8))))


def ladder(
    game_id: str,
    agents: Sequence[str] | None = None,
    *,
    games: int = 100,
    players: Sequence[int] = (2, 4),
    seed: int | str = "ladder",
    options: Mapping[str, Any] | None = None,
    max_actions: int = 1_000_000,
    workers: int = 1,
) -> Ladder:
    """Play the round robin of ``agents`` (default: the game's levels, weakest first) at tables
    of each of ``players`` seats, ``games`` games at each, and rate them.

    ``options`` are the game's options (``players`` aside); ``workers`` processes play the
    games (the ladder is the same for any number). Raises
    :class:`~tycoon.agents.catalogue.UnknownAgent`, listing the known kinds, for an agent kind
    the game does not know, and :class:`InvalidConfig` for a number of players it does not take.
    """
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - the lab extra is installed where this is tested
        raise InvalidConfig("the ladder rates with openskill: pip install 'tycoon[lab]'") from None
    s = spec(game_id)
    kinds = list(game_levels(game_id) if agents is None else dict.fromkeys(agents))
    if len(kinds) < 2:
        raise InvalidConfig(f"a ladder needs at least 2 agents, not {', '.join(kinds) or 'none'}")
    for kind in kinds:
        make_agent(game_id, kind)  # an unknown kind fails here, naming the known ones
    if games < 1:
        raise InvalidConfig(f"a ladder needs at least 1 game at each number of players, not {games}")
    if workers < 1:
        raise InvalidConfig(f"a ladder needs at least 1 worker process, not {workers}")
    counts = tuple(dict.fromkeys(players))
    for count in counts:
        if not s.min_seats <= count <= s.max_seats:
            raise InvalidConfig(f"{s.title} takes {s.min_seats} to {s.max_seats} players, not {count}")

    # No drift between games (tau 0, where openskill's default models players who learn): an
    # agent plays every game of the round robin alike, so each game only narrows its rating.
    model = PlackettLuce(tau=0.0)
    ratings = {kind: model.rating(name=kind) for kind in kinds}
    played = dict.fromkeys(kinds, 0)
    wins = dict.fromkeys(kinds, 0.0)
    schedule: list[_Table] = []
    for count in counts:
        load(game_id, **{**dict(options or {}), "players": count})  # bad options fail here, not in a worker
        tables = line_ups(kinds, count)
        for i in range(games):
            lineup = tables[i % len(tables)]
            turn = (i // len(tables)) % count
            seats = lineup[turn:] + lineup[:turn]
            table_options = {**dict(options or {}), "players": count}
            schedule.append(_Table(game_id, table_options, seats, f"{seed}:{count}:{i}", max_actions))
    for table, outcome in zip(schedule, _outcomes(schedule, workers), strict=True):
        seats = table.seats
        places = [float(place) for place in standing(outcome)]
        rated = model.rate([[ratings[k]] for k in seats], ranks=places)
        moved: dict[str, list[tuple[float, float]]] = {}
        for kind, [new] in zip(seats, rated, strict=True):
            moved.setdefault(kind, []).append((new.mu, new.sigma))
        for kind, news in moved.items():
            old = ratings[kind]
            old.mu = sum(mu for mu, _ in news) / len(news)
            old.sigma = sum(sigma for _, sigma in news) / len(news)
            played[kind] += 1
        for seat in outcome.winners:
            wins[seats[seat]] += 1 / len(outcome.winners)
    rungs = [Rung(k, ratings[k].mu, ratings[k].sigma, played[k], wins[k]) for k in kinds]
    rungs.sort(key=lambda r: -r.mu)
    return Ladder(game_id, counts, games, seed, tuple(rungs))
