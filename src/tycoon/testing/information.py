"""The checks of a game's information states: ``observation(seat)`` and ``resample(seat, rng)``.

What a seat may know is the seat's observation; a resample for a seat is another state that
the seat cannot tell from the true one. So, over seeded games (:func:`check_information`) or at
one state (:func:`check_information_state`), for every seat:

- the observation's vector has the length of ``game.observation_layout()`` (segments with
  names and positive sizes), and holds only finite floats; its text is non-empty;
  ``observation_vector(seat)`` holds the same numbers, as an ``array("d")``;
- ``observation(seat)`` of every ``resample(seat, rng)`` is the observation of the state itself,
  vector and text, and so are the seat's view, its legal actions and its action families: a
  resample that changed the seat's own hand, or an observation that showed another seat's
  hand (which a resample draws anew), fails here;
- the same generator state gives the same resample (determinism), and resampling leaves the
  original state exactly as it was (its fingerprint before and after);
- a resampled state plays on: random legal moves to the end (or for a number of moves), the
  outcome well formed, the original untouched by it;
- with ``require_hidden=True`` (a game with hidden information), some resample over the games
  differs from the state it was drawn from, so that a resample that only copies fails.

A game whose ``observation_layout`` raises ``NotImplementedError`` is skipped by
:func:`check_information_state` (the conformance suite calls it at every state it checks).
Failures raise :class:`InformationError`, naming the game, the seed, the move and the check.
Standard library only.
"""

from __future__ import annotations

import copy
import math
import random
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tycoon.agents.random_agent import RandomAgent
from tycoon.core.driver import Agent, play, sample_chance
from tycoon.core.game import CHANCE, JSON, TERMINAL, Game, Observation, Outcome, Segment, State
from tycoon.core.record import Record

AgentsFactory = Callable[[Game], Sequence[Agent]]
"""Builds one fresh agent per seat for a game (as the conformance suite's)."""


class InformationError(AssertionError):
    """A game's observation or resample broke the protocol; the message says where and why."""

    def __init__(self, game_id: str, seed: int | str | None, moves: int | None, check: str, detail: str) -> None:
        where = game_id if seed is None else f"{game_id} seed {seed!r}"
        if moves is not None:
            where += f", after {moves} move{'' if moves == 1 else 's'}"
        super().__init__(f"{where}: [{check}] {detail}")
        self.game_id = game_id
        """The id of the game that failed."""
        self.seed = seed
        """The seed of the failing game, or ``None``."""
        self.moves = moves
        """How many moves had been applied when the check failed, or ``None``."""
        self.check = check
        """The short name of the failed check, e.g. ``"resample-observation"``."""
        self.detail = detail
        """What was wrong, and what would be right."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.game_id, self.seed, self.moves, self.check, self.detail))


@dataclass
class InformationReport:
    """What was checked, so a test can assert that the checks really ran."""

    game: str
    """The id of the game checked."""
    games: int = 0
    """Games played (one per seed)."""
    states_checked: int = 0
    """States whose observations and resamples were checked."""
    observations_checked: int = 0
    """Observations checked against the layout."""
    resamples_checked: int = 0
    """Resamples compared with the state they were drawn from."""
    resamples_changed: int = 0
    """Resamples that differ from that state (hidden information drawn anew)."""
    playouts: int = 0
    """Resampled states played on with random moves."""

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.games} games, {self.states_checked} states, "
            f"{self.observations_checked} observations, {self.resamples_checked} resamples "
            f"({self.resamples_changed} changed), {self.playouts} playouts"
        )


def has_observation(game: Game) -> bool:
    """Whether ``game`` describes an observation layout (the protocol's default raises
    ``NotImplementedError``)."""
    try:
        game.observation_layout()
    except NotImplementedError:
        return False
    return True


def check_information(
    game: Game,
    *,
    seeds: Iterable[int | str],
    agents_factory: AgentsFactory | None = None,
    states_per_game: int = 6,
    resamples_per_seat: int = 2,
    playout_moves: int | None = None,
    max_actions: int = 200_000,
    require_hidden: bool = False,
) -> InformationReport:
    """Play one game per seed and check the information states of a sample of its states.

    ``states_per_game`` states are checked in each game (the first and the final always),
    each with ``resamples_per_seat`` resamples per seat, one of which is played on:
    ``playout_moves`` random moves, or to the end when ``None``. ``require_hidden``: fail
    unless some resample differed from its state (a game with hidden information).
    """
    if states_per_game < 2:
        raise ValueError(f"states_per_game must be at least 2 (the first and the final state), got {states_per_game}")
    report = InformationReport(game.id)
    for seed in seeds:
        agents = list(agents_factory(game)) if agents_factory is not None else _random_agents(game)
        record = play(game, agents, seed, max_actions=max_actions).record
        rng = random.Random(f"{seed}:information")
        moves = len(record.moves)
        if moves + 1 <= states_per_game:
            positions = set(range(moves + 1))
        else:
            positions = {0, moves, *rng.sample(range(1, moves), states_per_game - 2)}
        for number, state in _walk(game, record):
            if number in positions:
                check_information_state(
                    state,
                    rng,
                    seed=seed,
                    moves=number,
                    resamples_per_seat=resamples_per_seat,
                    playout_moves=playout_moves,
                    max_actions=max_actions,
                    report=report,
                )
        report.games += 1
    if require_hidden and report.resamples_checked and not report.resamples_changed:
        raise InformationError(
            game.id,
            None,
            None,
            "resample-hidden",
            f"none of {report.resamples_checked} resamples differed from the state it was drawn from; "
            "a resample must draw what the seat cannot see anew (other hands, the stacks' contents), "
            "not copy the state",
        )
    return report


def check_information_state(
    state: State,
    rng: random.Random,
    *,
    seed: int | str | None = None,
    moves: int | None = None,
    resamples_per_seat: int = 1,
    playout_moves: int | None = 0,
    max_actions: int = 200_000,
    report: InformationReport | None = None,
) -> InformationReport | None:
    """Check ``state``'s observations and resamples for every seat; ``None`` when the game
    describes no observation layout (it is skipped). ``seed`` and ``moves`` only say where
    a failure was found. The state is left exactly as it was."""
    game = state.game
    if not has_observation(game):
        return None
    if report is None:
        report = InformationReport(game.id)
    _StateCheck(state, rng, seed, moves, report).run(resamples_per_seat, playout_moves, max_actions)
    return report


# ---------------------------------------------------------------------------------------------


class _StateCheck:
    def __init__(
        self, state: State, rng: random.Random, seed: int | str | None, moves: int | None, report: InformationReport
    ) -> None:
        self.state = state
        self.game = state.game
        self.rng = rng
        self.seed = seed
        self.moves = moves
        self.report = report

    def fail(self, check: str, detail: str) -> InformationError:
        return InformationError(self.game.id, self.seed, self.moves, check, detail)

    def call(self, check: str, what: str, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except InformationError:
            raise
        except Exception as e:
            raise self.fail(check, f"{what} raised {type(e).__name__}: {e}") from e

    def run(self, resamples: int, playout_moves: int | None, max_actions: int) -> None:
        state = self.state
        length = self.layout_length()
        before = copy.deepcopy(self.call("resample-unchanged", "fingerprint()", state.fingerprint))
        for seat in range(self.game.num_seats):
            seen = self.observation(state, seat, length, "observation")
            known = self.knowledge(state, seat)
            for number in range(resamples):
                twin = self.resample(seat, before)
                again = self.observation(twin, seat, length, "resample-observation")
                self.same(seen, again, seat, "observation")
                self.same_knowledge(known, self.knowledge(twin, seat), seat)
                changed = twin.fingerprint() != before
                self.report.resamples_checked += 1
                self.report.resamples_changed += changed
                if number == 0 and (playout_moves is None or playout_moves > 0):
                    self.play_on(twin, seat, playout_moves, max_actions, before)
        self.report.states_checked += 1

    # -- the observation ----------------------------------------------------------------------

    def layout_length(self) -> int:
        layout = self.call("layout", "game.observation_layout()", self.game.observation_layout)
        if not isinstance(layout, tuple) or not all(isinstance(s, Segment) for s in layout):
            raise self.fail("layout", f"observation_layout() must be a tuple of Segments, got {layout!r}"[:300])
        names = [s.name for s in layout]
        if len(set(names)) != len(names):
            raise self.fail(
                "layout", f"the layout names a segment twice: {sorted(n for n in names if names.count(n) > 1)}"
            )
        for s in layout:
            if not isinstance(s.size, int) or s.size < 1 or not s.name:
                raise self.fail("layout", f"the segment {s!r} needs a name and a size of 1 or more")
            if not (isinstance(s.scale, int | float) and math.isfinite(s.scale) and s.scale > 0):
                raise self.fail("layout", f"the segment {s.name!r} has the scale {s.scale!r}; it must be positive")
        if self.game.observation_layout() != layout:
            raise self.fail("layout", "observation_layout() gave another layout on a second call; it is fixed per game")
        return sum(s.size for s in layout)

    def observation(self, state: State, seat: int, length: int, check: str) -> Observation:
        obs = self.call(check, f"observation({seat})", lambda: state.observation(seat))
        if not isinstance(obs, Observation):
            raise self.fail(check, f"observation({seat}) must return an Observation, got {type(obs).__name__}")
        vector = obs.vector
        if not isinstance(vector, tuple) or len(vector) != length:
            size = len(vector) if isinstance(vector, tuple) else type(vector).__name__
            raise self.fail(
                check,
                f"observation({seat}).vector must be a tuple of {length} numbers (the layout's sizes), got {size}",
            )
        for i, x in enumerate(vector):
            if not isinstance(x, float) or not math.isfinite(x):
                raise self.fail(check, f"observation({seat}).vector[{i}] is {x!r}; every entry must be a finite float")
        if not isinstance(obs.text, str) or not obs.text.strip():
            raise self.fail(check, f"observation({seat}).text is {obs.text!r}; it must be non-empty text")
        numbers = self.call(check, f"observation_vector({seat})", lambda: state.observation_vector(seat))
        if not isinstance(numbers, array) or numbers.typecode != "d":
            raise self.fail(check, f"observation_vector({seat}) must be an array('d'), got {type(numbers).__name__}")
        if tuple(numbers) != vector:
            spot = next(
                (i for i, (a, b) in enumerate(zip(numbers, vector, strict=False)) if a != b), min(len(numbers), length)
            )
            raise self.fail(
                check,
                f"observation_vector({seat}) differs from observation({seat}).vector at entry {spot} "
                f"(of {len(numbers)}; the vector has {length})",
            )
        self.report.observations_checked += 1
        return obs

    def knowledge(self, state: State, seat: int) -> dict[str, Any]:
        """What else ``seat`` knows and a resample must keep: who moves, its view, its options."""
        current = self.call("resample-view", "current_player()", state.current_player)
        view = self.call("resample-view", f"view({seat})", lambda: state.view(seat))
        legal = self.call("resample-view", f"legal_actions({seat})", lambda: state.legal_actions(seat))
        families = self.call("resample-view", f"action_families({seat})", lambda: state.action_families(seat))
        return {
            "current_player()": current,
            f"view({seat})": view,
            f"legal_actions({seat})": [str(a) for a in legal] if current != TERMINAL else [],
            f"action_families({seat})": [f.to_json() for f in families] if current != TERMINAL else [],
        }

    def same(self, seen: Observation, again: Observation, seat: int, what: str) -> None:
        if seen.vector != again.vector:
            at = next(i for i, (x, y) in enumerate(zip(seen.vector, again.vector, strict=True)) if x != y)
            where = self.segment_at(at)
            raise self.fail(
                "resample-observation",
                f"observation({seat}).vector differs between the state and a resample for seat {seat} at "
                f"[{at}] ({where}): {seen.vector[at]!r} != {again.vector[at]!r}; either the observation "
                "shows what the seat cannot see (which a resample draws anew), or the resample changed "
                "what the seat has seen",
            )
        if seen.text != again.text:
            raise self.fail(
                "resample-observation",
                f"observation({seat}).text differs between the state and a resample for seat {seat}: "
                f"{_short(seen.text)} != {_short(again.text)}",
            )

    def segment_at(self, index: int) -> str:
        start = 0
        for s in self.game.observation_layout():
            if index < start + s.size:
                return f"{s.name!r}, its entry {index - start}"
            start += s.size
        return "past the layout"

    def same_knowledge(self, known: dict[str, Any], again: dict[str, Any], seat: int) -> None:
        for key, value in known.items():
            if again[key] != value:
                raise self.fail(
                    "resample-view",
                    f"{key} differs between the state and a resample for seat {seat}: {_short(value)} != "
                    f"{_short(again[key])}; a resample keeps everything the seat has seen",
                )

    # -- the resample -------------------------------------------------------------------------

    def resample(self, seat: int, before: JSON) -> State:
        state = self.state
        mark = self.rng.getstate()
        twin = self.call("resample", f"resample({seat}, rng)", lambda: state.resample(seat, self.rng))
        if twin is state or type(twin) is not type(state):
            raise self.fail("resample", f"resample({seat}, rng) must return a new state of the same class")
        after = self.rng.getstate()
        diff = _difference(before, state.fingerprint())
        if diff:
            raise self.fail("resample-unchanged", f"resample({seat}, rng) changed the original state ({diff})")
        # The same generator state gives the same resample.
        self.rng.setstate(mark)
        other = self.call("resample", f"resample({seat}, rng) again", lambda: state.resample(seat, self.rng))
        self.rng.setstate(after)
        diff = _difference(twin.fingerprint(), other.fingerprint())
        if diff:
            raise self.fail(
                "resample-determinism",
                f"resample({seat}, rng) gave two states from the same generator state ({diff}); "
                "it must draw only from rng",
            )
        return twin

    def play_on(self, twin: State, seat: int, moves: int | None, max_actions: int, before: JSON) -> None:
        """Play the resampled ``twin`` on with random moves; the original must stay as it was."""
        agents = _random_agents(self.game)
        for s, agent in enumerate(agents):
            agent.seed(f"{self.seed}:{self.moves}:{seat}:{s}")
        chance = random.Random(f"{self.seed}:{self.moves}:{seat}:chance")
        limit = max_actions if moves is None else moves
        done = 0
        while done < limit:
            current = self.call("resample-plays", "current_player() of a resample", twin.current_player)
            if current == TERMINAL:
                break
            what = f"move {done + 1} of a resample for seat {seat}"
            try:
                chosen = sample_chance(twin, chance) if current == CHANCE else agents[current].act(twin, current)
                twin.apply(chosen, current)
            except Exception as e:
                raise self.fail("resample-plays", f"{what} raised {type(e).__name__}: {e}") from e
            done += 1
        else:
            if moves is None:
                raise self.fail(
                    "resample-plays", f"a resample for seat {seat} did not end within {max_actions} random moves"
                )
        if twin.is_terminal():
            outcome = self.call("resample-plays", "outcome() of a resample played out", twin.outcome)
            n = self.game.num_seats
            if (
                not isinstance(outcome, Outcome)
                or len(outcome.scores) != n
                or not set(outcome.winners) <= set(range(n))
            ):
                raise self.fail("resample-plays", f"a resample for seat {seat} ended with the outcome {outcome!r}")
        diff = _difference(before, self.state.fingerprint())
        if diff:
            raise self.fail(
                "resample-unchanged",
                f"playing a resample for seat {seat} on changed the original state ({diff}); the resample "
                "must share no mutable part with it",
            )
        self.report.playouts += 1


def _random_agents(game: Game) -> list[Agent]:
    return [RandomAgent() for _ in range(game.num_seats)]


def _walk(game: Game, record: Record) -> Iterable[tuple[int, State]]:
    """The states of a recorded game, numbered by the moves applied before them (one state,
    changed in place)."""
    state = game.new_state()
    for number, move in enumerate(record.moves):
        yield number, state
        state.apply(game.codec.from_json(move.action), move.seat)
    yield len(record.moves), state


def _difference(a: Any, b: Any, path: str = "") -> str:
    """Where ``a`` and ``b`` first differ (``fingerprint['hands'][1]: [..] != [..]``); '' if equal."""
    if a == b:
        return ""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a or key not in b:
                return f"fingerprint{path}[{key!r}] is only in one of them"
            inner = _difference(a[key], b[key], f"{path}[{key!r}]")
            if inner:
                return inner
    if isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            inner = _difference(x, y, f"{path}[{i}]")
            if inner:
                return inner
    return f"fingerprint{path}: {_short(a)} != {_short(b)}"


def _short(value: Any, limit: int = 160) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


__all__ = [
    "InformationError",
    "InformationReport",
    "check_information",
    "check_information_state",
    "has_observation",
]
