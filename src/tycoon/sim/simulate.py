"""Batch simulation: play many seeded games with fixed agents and summarise the results.

Game ``i`` (counting from 0) is played by :func:`tycoon.core.driver.play` with the seed
``f"{seed}:{i}"``, so any single game of a batch can be played again on its own, and a batch
gives the same report however many worker processes share it. Seats do not rotate: seat ``s``
is always played by ``seat_kinds[s]``; who starts is the game's own business (its start-player
roll is a chance event like any other).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tycoon.agents.catalogue import AgentFactory, make_agent
from tycoon.core.driver import play
from tycoon.core.game import JSON, Game
from tycoon.core.record import Record
from tycoon.core.registry import load
from tycoon.sim.stats import Summary, wilson_interval


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game ``index`` (from 0) of a batch started with ``seed``."""
    return f"{seed}:{index}"


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game of a batch ended."""

    index: int
    """The game's number in the batch, from 0."""
    seed: str
    """The seed the game was played with (see :func:`game_seed`)."""
    scores: tuple[int, ...]
    """Each seat's final score (``Outcome.scores``), in the game's own unit."""
    winners: tuple[int, ...]
    """The winning seats; several on a tie."""
    eliminated: tuple[int, ...]
    """The seats knocked out (bankrupt) before the end."""
    actions: int
    """How many actions the game took, chance outcomes included."""
    rounds: int | None
    """The game's own length (the spectator view's ``"round"``), if it reports one."""


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat's results over a batch."""

    seat: int
    """The seat number, from 0."""
    kind: str
    """The agent kind that played the seat (``"random"``, ``"bot"``, …)."""
    wins: float
    """Games won; a tie shared by ``k`` seats counts ``1/k`` to each."""
    win_rate: float
    """``wins / games``."""
    win_interval: tuple[float, float]
    """The 95% Wilson score interval of the win rate."""
    score: Summary
    """Mean, standard deviation, minimum and maximum of the final score."""
    eliminations: int
    """Games in which the seat was knocked out (went bankrupt)."""


@dataclass
class SimulationReport:
    """What a batch of games showed."""

    game: str
    """The game id."""
    config: JSON
    """The options the games were set up with, as given to ``load``."""
    seat_kinds: list[str]
    """The agent kind of each seat."""
    seed: int | str
    """The batch seed; game ``i`` used ``game_seed(seed, i)``."""
    games: int
    """How many games were played."""
    seats: list[SeatStats]
    """Per-seat results, in seat order."""
    length: Summary
    """Game length in actions (chance outcomes included)."""
    rounds: Summary | None
    """Game length in the game's own rounds, or ``None`` if the game does not report them."""
    results: list[GameResult] = field(default_factory=list)
    """Every game's outcome, in batch order."""
    records: list[Record] = field(default_factory=list)
    """Every game's record, in batch order, if they were kept (``keep_records=True``)."""


@dataclass(frozen=True, slots=True)
class _Batch:
    """A share of the games, sent to one worker. Everything in it pickles."""

    game: Game | None
    game_id: str
    config: JSON
    seat_kinds: tuple[str, ...]
    bots: Mapping[str, AgentFactory] | None
    seed: int | str
    indices: tuple[int, ...]
    keep_records: bool
    max_actions: int


def _play_batch(batch: _Batch) -> list[tuple[GameResult, Record | None]]:
    game = batch.game if batch.game is not None else _load(batch.game_id, batch.config)
    out: list[tuple[GameResult, Record | None]] = []
    for index in batch.indices:
        agents = [make_agent(batch.game_id, kind, batch.bots) for kind in batch.seat_kinds]
        seed = game_seed(batch.seed, index)
        played = play(game, agents, seed, max_actions=batch.max_actions)
        outcome = played.state.outcome()
        rounds = played.state.view(None).get("round")
        result = GameResult(
            index=index,
            seed=seed,
            scores=tuple(outcome.scores),
            winners=tuple(outcome.winners),
            eliminated=tuple(outcome.eliminated),
            actions=played.actions,
            rounds=rounds if isinstance(rounds, int) and not isinstance(rounds, bool) else None,
        )
        out.append((result, played.record if batch.keep_records else None))
    return out


def _load(game_id: str, config: Mapping[str, Any]) -> Game:
    # The registry finds the game itself, in a worker process too (tycoon.core.registry).
    return load(game_id, **config)


def _picklable(obj: object) -> bool:
    try:
        pickle.dumps(obj)
    except Exception:
        return False
    return True


def simulate(
    game_id: str,
    config: Mapping[str, Any],
    seat_kinds: Sequence[str],
    games: int,
    seed: int | str,
    progress: Callable[[int], None] | None = None,
    keep_records: bool = False,
    workers: int = 1,
    *,
    bots: Mapping[str, AgentFactory] | None = None,
    max_actions: int = 1_000_000,
    on_game: Callable[[GameResult, Record | None], None] | None = None,
) -> SimulationReport:
    """Play ``games`` games of ``game_id`` and report per-seat and length statistics.

    ``config`` holds the game's options (``players`` defaults to ``len(seat_kinds)``); seat
    ``s`` is played by ``make_agent(game_id, seat_kinds[s], bots)`` in every game, and game
    ``i`` uses the seed ``f"{seed}:{i}"``. ``progress``, if given, is called with the number of
    games finished so far, in the calling process. ``workers > 1`` shares the games among that
    many processes; the report is the same as with one. ``on_game``, if given, is called with
    each game's result and record (``None`` unless ``keep_records``) as the game finishes, in
    the calling process, in the order they finish.
    """
    if games < 1:
        raise ValueError(f"a simulation needs at least 1 game, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    options: JSON = {"players": len(seat_kinds), **dict(config)}
    game = _load(game_id, options)
    if game.num_seats != len(seat_kinds):
        raise ValueError(f"{game_id} is set up for {game.num_seats} seats but {len(seat_kinds)} seat kinds were given")
    for kind in seat_kinds:  # fail here, not in a worker, on an unknown kind
        make_agent(game_id, kind, bots)

    pairs: list[tuple[GameResult, Record | None]] = []

    def collect(done: list[tuple[GameResult, Record | None]]) -> None:
        pairs.extend(done)
        for result, record in done if on_game is not None else ():
            on_game(result, record)
        if progress is not None:
            progress(len(pairs))

    def batch(indices: range, ship: Game | None) -> _Batch:
        return _Batch(ship, game_id, options, tuple(seat_kinds), bots, seed, tuple(indices), keep_records, max_actions)

    if workers == 1:
        for index in range(games):
            collect(_play_batch(batch(range(index, index + 1), game)))
    else:
        # Ship the Game itself when it pickles, so a game registered only in this process
        # (a test game, a variant being tried out) still reaches the workers.
        shipped = game if _picklable(game) else None
        chunk = max(1, min(50, games // (workers * 8)))
        batches = [batch(range(start, min(start + chunk, games)), shipped) for start in range(0, games, chunk)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_batch, b) for b in batches]
            for future in as_completed(futures):
                collect(future.result())
    pairs.sort(key=lambda pair: pair[0].index)
    results = [result for result, _ in pairs]
    records = [record for _, record in pairs if record is not None]
    return _report(game_id, options, list(seat_kinds), seed, results, records)


def _report(
    game_id: str,
    config: JSON,
    seat_kinds: list[str],
    seed: int | str,
    results: list[GameResult],
    records: list[Record],
) -> SimulationReport:
    n = len(results)
    seats: list[SeatStats] = []
    for seat, kind in enumerate(seat_kinds):
        wins = sum((Fraction(1, len(r.winners)) for r in results if seat in r.winners), Fraction(0))
        seats.append(
            SeatStats(
                seat=seat,
                kind=kind,
                wins=float(wins),
                win_rate=float(wins / n),
                win_interval=wilson_interval(float(wins), n),
                score=Summary.of([r.scores[seat] for r in results]),
                eliminations=sum(1 for r in results if seat in r.eliminated),
            )
        )
    rounds = [r.rounds for r in results]
    return SimulationReport(
        game=game_id,
        config=config,
        seat_kinds=seat_kinds,
        seed=seed,
        games=n,
        seats=seats,
        length=Summary.of([r.actions for r in results]),
        rounds=Summary.of([r for r in rounds if r is not None]) if all(r is not None for r in rounds) else None,
        results=results,
        records=records,
    )
