"""The conformance suite: the checks every game passes, over seeded games played to the end.

For each seed, :func:`check_game` plays a game with :func:`tycoon.core.driver.play` and then
walks through its record again, checking the protocol at a sample of the visited states:

- the game ends within ``max_actions`` actions;
- the same seed gives the same record and the same final state (determinism);
- ``replay(record)`` rebuilds the final state exactly;
- ``current_player()`` is a seat, ``CHANCE`` or ``TERMINAL``; ``legal_actions()`` is the
  current player's list, has no duplicates, is a fresh list each call, and is not empty for
  the seat whose decision is pending;
- at chance nodes the outcomes have positive ``Fraction`` probabilities summing exactly to 1,
  and ``legal_actions(CHANCE)`` lists exactly those outcomes;
- every sampled legal action (the pending seat's, and other seats' "at any time" actions)
  applies without error to a clone, and the original is unchanged by it;
- actions that are not legal for a seat (taken from elsewhere in the game, from another
  seat's list, or offered after the end) raise ``IllegalAction`` and change nothing;
- ``clone()`` gives an equal, independent copy; ``fingerprint()`` is stable;
- every action round-trips through the codec's JSON and text forms;
- ``action_families(seat)`` lists families of the game's actions with JSON-ready forms (and
  ``counted_families(seat)`` counts and builds the same, each family alone too, changing
  nothing); sampled
  members apply to a clone or are refused with ``IllegalAction`` leaving it unchanged (a
  ``whole`` family's members and corners are all accepted); every range is tight: at each end
  (``lo`` and ``hi``) some member is accepted, looked for among the members with the other
  fields at their own ends, then at random; so a family is listed only when a member is legal;
  a game's own ``refusal(member, seat)`` answers for each member tried exactly what ``apply``
  decided, and changes nothing;
- ``describe(action, viewer)`` is a non-empty string for every legal action and family sample,
  for the acting seat and for a spectator; ``describe_all(action)`` gives what ``describe``
  gives for every seat and then a spectator;
- ``view(seat)`` for every seat and ``view(None)`` are JSON-ready dicts that share no
  mutable data with the state; an optional callback checks them for hidden information; a game
  that splits its view (``common_view``) gives each as the common part with the seat's own
  over it, and its own part leaves the common one as it was;
- the finished game's ``outcome()`` is well formed and no seat has a legal action left;
- a game that describes an observation layout passes, at every state checked, the checks of
  :func:`tycoon.testing.information.check_information_state` (observations and resamples).

Failures raise :class:`ConformanceError`, naming the game, the seed, the move number and the
check that failed. Standard library only.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tycoon.agents.random_agent import RandomAgent
from tycoon.core.actions import Action
from tycoon.core.driver import Agent, GameTooLong, play, sample_chance
from tycoon.core.errors import IllegalAction, InvalidConfig, RecordError
from tycoon.core.families import ActionFamily, Choice, Domain, IntRange, family_of
from tycoon.core.game import CHANCE, JSON, TERMINAL, Game, Outcome, SharedDict, SharedList, State
from tycoon.core.messages import Message
from tycoon.core.record import Record, replay
from tycoon.core.wire import wire_problem
from tycoon.testing.information import check_information_state
from tycoon.words import problems, render

ViewLeakCheck = Callable[[State, int, JSON], None]
"""``check(state, seat, view)``: raise (``AssertionError`` or any error) if ``view``, the view
``state.view(seat)`` returned, shows something hidden from ``seat``. Game-specific."""

AgentsFactory = Callable[[Game], Sequence[Agent]]
"""Builds one fresh agent per seat for a game. Called once per game played."""


class ConformanceError(AssertionError):
    """A game broke the protocol. The message names the game, the seed, the move and the check.

    ``seed`` is ``None`` and ``moves`` may be ``None`` when the failure is not tied to them
    (a state checked on its own with :func:`check_state`).
    """

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
        """The short name of the failed check, e.g. ``"clone"``, ``"illegal-rejected"``."""
        self.detail = detail
        """What was wrong, and what would be right."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its parts, so it survives pickling (worker processes, pytest-xdist).
        return (type(self), (self.game_id, self.seed, self.moves, self.check, self.detail))


@dataclass
class ConformanceReport:
    """What :func:`check_game` checked, so a test can assert that the checks really ran."""

    game: str
    """The id of the game checked."""
    games: int = 0
    """Games played to the end (one per seed)."""
    moves: int = 0
    """Moves in all those games together, chance outcomes included."""
    longest_game: int = 0
    """Moves in the longest game."""
    states_checked: int = 0
    """States given the full per-state check."""
    chance_nodes_checked: int = 0
    """Chance nodes whose outcomes and probabilities were checked."""
    legal_actions_applied: int = 0
    """Legal actions applied to clones without error."""
    illegal_actions_rejected: int = 0
    """Illegal actions rejected with ``IllegalAction``, the state unchanged."""
    views_checked: int = 0
    """Views checked to be JSON-ready dicts."""
    families_checked: int = 0
    """Action families whose members, bounds and form were checked."""
    family_members_tried: int = 0
    """Family members applied to clones (accepted or refused)."""

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.games} games, {self.moves} moves (longest {self.longest_game}); "
            f"checked {self.states_checked} states, {self.chance_nodes_checked} chance nodes, "
            f"{self.legal_actions_applied} legal and {self.illegal_actions_rejected} illegal "
            f"actions, {self.views_checked} views, {self.families_checked} families "
            f"({self.family_members_tried} members tried)"
        )


def random_agents(game: Game) -> list[Agent]:
    """One :class:`~tycoon.agents.RandomAgent` per seat: the default ``agents_factory``."""
    return [RandomAgent() for _ in range(game.num_seats)]


def check_game(
    game: Game,
    *,
    seeds: Iterable[int | str],
    agents_factory: AgentsFactory | None = None,
    max_actions: int = 200_000,
    check_every: int | None = None,
    max_checked_states_per_game: int = 16,
    max_legal_per_state: int = 12,
    max_illegal_per_state: int = 12,
    max_family_samples: int = 4,
    check_determinism: bool = True,
    view_leak_check: ViewLeakCheck | None = None,
) -> ConformanceReport:
    """Play one game per seed and check the protocol; raise :class:`ConformanceError` if broken.

    ``game`` must be registered (``replay`` loads records by game id). ``agents_factory``
    builds the agents for each game played (default: random agents); it is called again for
    the determinism check, so it must return fresh agents.

    The per-state checks are sampled to keep the suite fast: ``max_checked_states_per_game``
    states per game, spread over the whole game (chosen from the seed), or, with
    ``check_every=k``, every k-th state from the start up to that many; the first and the final
    state are always checked. At each, up to ``max_legal_per_state`` legal actions of the
    pending seat (and as many of the other seats' together) are applied to clones, and up to
    ``max_illegal_per_state`` illegal ones are tried, and of each family listed for a seat,
    ``max_family_samples`` sampled members and the members that prove its bounds tight. The
    cheap chance-node check runs at every chance node.
    """
    if check_every is not None and check_every < 1:
        raise ValueError(f"check_every must be 1 or more, got {check_every}")
    if max_checked_states_per_game < 2:
        raise ValueError(
            "max_checked_states_per_game must be at least 2 (the first and the final state), "
            f"got {max_checked_states_per_game}"
        )
    report = ConformanceReport(game.id)
    factory = agents_factory if agents_factory is not None else random_agents
    for seed in seeds:
        _GameCheck(
            game,
            seed,
            report,
            factory=factory,
            max_actions=max_actions,
            check_every=check_every,
            max_states=max_checked_states_per_game,
            max_legal=max_legal_per_state,
            max_illegal=max_illegal_per_state,
            max_family_samples=max_family_samples,
            check_determinism=check_determinism,
            view_leak_check=view_leak_check,
        ).run()
    return report


def check_state(
    state: State,
    *,
    other_actions: Sequence[Action] = (),
    max_legal: int = 64,
    max_illegal: int = 64,
    max_family_samples: int = 16,
    view_leak_check: ViewLeakCheck | None = None,
) -> ConformanceReport:
    """Run the per-state checks on one state, e.g. one a scenario test has set up.

    ``other_actions`` are candidates for the illegal-action check (those not legal for a seat
    now are tried for it and must be rejected). The state itself is left as it was.
    """
    game = state.game
    report = ConformanceReport(game.id)
    checker = _GameCheck(
        game,
        None,
        report,
        factory=random_agents,
        max_actions=0,
        check_every=None,
        max_states=2,
        max_legal=max_legal,
        max_illegal=max_illegal,
        max_family_samples=max_family_samples,
        check_determinism=False,
        view_leak_check=view_leak_check,
    )
    checker.pool.update(dict.fromkeys(other_actions))
    checker.check_state(state, None)
    return report


# ---------------------------------------------------------------------------------------------


NARROW_WALKS = 1
"""The walks of ``narrow`` through each family at a checked state."""
NARROW_SMALL = 50
"""A field with at most this many values has the values ``narrow`` left out checked."""
NARROW_LEFT_OUT = 4
"""How many left-out values of a small field are checked."""


def _not_within(domain: object, own: Domain) -> str:
    """Why ``domain`` is no domain within ``own``, or empty."""
    if isinstance(domain, IntRange):
        if not isinstance(own, IntRange):
            return f"a range for a choice of {own}"
        if domain.lo not in own or domain.hi not in own or domain.step % own.step:
            return f"it is not within {own}"
        return ""
    if not isinstance(domain, Choice):
        return f"it must be an IntRange or a Choice, not {type(domain).__name__}"
    outside = [v for v in domain if v not in own]
    return f"{outside[:3]!r} lie outside {own}" if outside else ""


class _GameCheck:
    """The checks of one seeded game (or of one state, with ``seed=None``)."""

    def __init__(
        self,
        game: Game,
        seed: int | str | None,
        report: ConformanceReport,
        *,
        factory: AgentsFactory,
        max_actions: int,
        check_every: int | None,
        max_states: int,
        max_legal: int,
        max_illegal: int,
        max_family_samples: int = 4,
        check_determinism: bool,
        view_leak_check: ViewLeakCheck | None,
    ) -> None:
        self.game = game
        self.viewers: list[int | None] = [*range(game.num_seats), None]
        """Every seat and then a spectator, the order of ``describe_all``."""
        self.seed = seed
        self.report = report
        self.factory = factory
        self.max_actions = max_actions
        self.check_every = check_every
        self.max_states = max_states
        self.max_legal = max_legal
        self.max_illegal = max_illegal
        self.max_family_samples = max_family_samples
        self.check_determinism = check_determinism
        self.view_leak_check = view_leak_check
        # Sampling is seeded too, so a failure found once is found again.
        self.rng = random.Random(f"{seed}:conformance")
        self.narrow_rng = random.Random(f"{seed}:narrow")
        """The walks of ``narrow`` draw apart, so that the other checks sample as they did."""
        self.pool: dict[Action, None] = {}
        """Distinct actions seen in the game (in order): candidates for the illegal checks."""

    # -- reporting --------------------------------------------------------------------------

    def fail(self, moves: int | None, check: str, detail: str) -> ConformanceError:
        return ConformanceError(self.game.id, self.seed, moves, check, detail)

    @contextmanager
    def guard(self, moves: int | None, check: str, what: str) -> Iterator[None]:
        """Turn an unexpected error raised by the game into a :class:`ConformanceError`."""
        try:
            yield
        except ConformanceError:
            raise
        except Exception as e:
            raise self.fail(moves, check, f"{what} raised {type(e).__name__}: {e}") from e

    # -- the whole game ---------------------------------------------------------------------

    def run(self) -> None:
        assert self.seed is not None
        first = self.play()
        record = first.record
        moves = len(record.moves)
        final = _snapshot(self.fingerprint(first.state, moves))
        diff = _difference(final, self.fingerprint(first.state, moves))
        if diff:
            raise self.fail(
                moves,
                "fingerprint",
                f"two calls of fingerprint() on the final state differ ({diff}); it must be "
                "plain data describing the state, the same on every call",
            )
        if self.check_determinism:
            self.compare_plays(record, final, self.play())
        self.check_replay(record, final)
        self.walk(record, final)
        self.report.games += 1
        self.report.moves += moves
        self.report.longest_game = max(self.report.longest_game, moves)

    def play(self) -> _Played:
        assert self.seed is not None
        agents = list(self.factory(self.game))
        if len(agents) != self.game.num_seats:
            raise ValueError(f"agents_factory gave {len(agents)} agents for {self.game.num_seats} seats")
        try:
            result = play(self.game, agents, self.seed, max_actions=self.max_actions)
        except GameTooLong as e:
            raise self.fail(
                self.max_actions,
                "ends",
                f"the game did not end within {self.max_actions} actions; every game must end "
                "within a bound, whatever the players do",
            ) from e
        except Exception as e:
            moves, detail = self.locate_play_failure(e)
            raise self.fail(moves, "plays", detail) from e
        return _Played(result.state, result.record)

    def locate_play_failure(self, error: Exception) -> tuple[int | None, str]:
        """Play the game again step by step to say at which move ``play`` failed.

        The loop draws chance and seeds the agents the way :func:`tycoon.core.driver.play`
        does; should the two ever differ, the error is reported without its move number.
        """
        assert self.seed is not None
        fallback = f"playing the game raised {type(error).__name__}: {error}"
        agents = list(self.factory(self.game))
        chance_rng = random.Random(f"{self.seed}:chance")
        for seat, agent in enumerate(agents):
            agent.seed(f"{self.seed}:{seat}")
        try:
            state = self.game.new_state()
        except Exception as e:
            return 0, f"new_state() raised {type(e).__name__}: {e}"
        moves = 0
        while moves < self.max_actions:
            try:
                if state.is_terminal():
                    return None, fallback
                seat = state.current_player()
            except Exception as e:
                return moves, f"current_player() raised {type(e).__name__}: {e}"
            try:
                chosen = sample_chance(state, chance_rng) if seat == CHANCE else agents[seat].act(state, seat)
            except Exception as e:
                return moves, f"choosing a move for {_who(seat)} raised {type(e).__name__}: {e}"
            try:
                state.apply(chosen, seat)
            except Exception as e:
                who = _who(seat)
                return moves, (f"applying the legal action {str(chosen)!r} for {who} raised {type(e).__name__}: {e}")
            moves += 1
        return None, fallback

    def compare_plays(self, record: Record, final: JSON, again: _Played) -> None:
        first, second = record.moves, again.record.moves
        for number, (a, b) in enumerate(zip(first, second, strict=False)):
            if a != b:
                raise self.fail(
                    number,
                    "determinism",
                    f"the same seed gave different moves: seat {a.seat} {a.action} the first time, "
                    f"{_who(b.seat)} {b.action} the second; the rules must not draw random numbers "
                    "(chance is a player) and agents must draw only from their seeded generator",
                )
        if len(first) != len(second):
            raise self.fail(
                min(len(first), len(second)),
                "determinism",
                f"the same seed gave games of {len(first)} and {len(second)} moves",
            )
        diff = _difference(final, self.fingerprint(again.state, len(second)))
        if diff:
            raise self.fail(
                len(first),
                "determinism",
                f"the same moves led to different final states ({diff}); the rules must not "
                "depend on randomness, clocks or object identity",
            )

    def check_replay(self, record: Record, final: JSON) -> None:
        moves = len(record.moves)
        try:
            state = replay(record)
        except (RecordError, InvalidConfig) as e:
            raise self.fail(
                None,
                "replay",
                f"replay(record) failed: {e}. The game must be registered under its id and "
                "rebuilt by load(id, **game.config()), and every recorded move must apply",
            ) from e
        except Exception as e:
            raise self.fail(None, "replay", f"replay(record) raised {type(e).__name__}: {e}") from e
        diff = _difference(final, self.fingerprint(state, moves))
        if diff:
            raise self.fail(moves, "replay", f"replay(record) does not rebuild the final state ({diff})")

    def walk(self, record: Record, final: JSON) -> None:
        """Replay the record move by move, checking the sampled states on the way."""
        moves = len(record.moves)
        self.collect_pool(record)
        checked = self.positions(moves)
        with self.guard(0, "new-state", "game.new_state()"):
            state = self.game.new_state()
        for number, move in enumerate(record.moves):
            if number in checked:
                self.check_state(state, number)
            else:
                self.check_turn(state, number)
            action = self.decode(move.action, number)
            with self.guard(number, "replay", f"applying recorded move {move.action} for {_who(move.seat)}"):
                state.apply(action, move.seat)
        self.check_state(state, moves)
        if not state.is_terminal():
            raise self.fail(moves, "replay", "the replayed game did not end where the played one did")
        diff = _difference(final, self.fingerprint(state, moves))
        if diff:
            raise self.fail(moves, "replay", f"replaying move by move gave another final state ({diff})")

    def positions(self, moves: int) -> set[int]:
        """Which states (numbered by the moves applied before them) get the full check."""
        if self.check_every is not None:
            picked = list(range(0, moves + 1, self.check_every))[: self.max_states - 1]
            return {*picked, moves}
        if moves + 1 <= self.max_states:
            return set(range(moves + 1))
        return {0, moves, *self.rng.sample(range(1, moves), self.max_states - 2)}

    def collect_pool(self, record: Record) -> None:
        """Decode every distinct action of the game into the pool of illegal candidates."""
        seen: set[str] = set()
        for number, move in enumerate(record.moves):
            key = json.dumps(move.action, sort_keys=True)
            if key not in seen:
                seen.add(key)
                self.pool[self.decode(move.action, number)] = None

    def decode(self, data: JSON, number: int) -> Action:
        with self.guard(number, "codec", f"game.codec.from_json({data})"):
            return self.game.codec.from_json(data)

    # -- one state --------------------------------------------------------------------------

    def fingerprint(self, state: State, moves: int | None) -> JSON:
        with self.guard(moves, "fingerprint", "fingerprint()"):
            fp = state.fingerprint()
        if not isinstance(fp, dict):
            raise self.fail(moves, "fingerprint", f"fingerprint() must return a dict, got {type(fp).__name__}")
        return fp

    def current_player(self, state: State, moves: int | None) -> int:
        with self.guard(moves, "current-player", "current_player()"):
            seat = state.current_player()
        if not (seat in (CHANCE, TERMINAL) or (isinstance(seat, int) and 0 <= seat < self.game.num_seats)):
            raise self.fail(
                moves,
                "current-player",
                f"current_player() returned {seat!r}; it must be a seat "
                f"0..{self.game.num_seats - 1}, CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})",
            )
        with self.guard(moves, "current-player", "is_terminal()"):
            terminal = state.is_terminal()
        if terminal != (seat == TERMINAL):
            raise self.fail(
                moves,
                "current-player",
                f"is_terminal() is {terminal} but current_player() is {seat}; they must agree",
            )
        return seat

    def check_turn(self, state: State, moves: int) -> None:
        """The cheap check run at every state: who is to play, and chance when it is chance."""
        if self.current_player(state, moves) == CHANCE:
            self.check_chance(state, moves)

    def check_chance(self, state: State, moves: int | None) -> None:
        with self.guard(moves, "chance", "chance_outcomes()"):
            outcomes = state.chance_outcomes()
        with self.guard(moves, "chance", "legal_actions(CHANCE)"):
            listed = state.legal_actions(CHANCE)
        if not outcomes:
            raise self.fail(moves, "chance", "chance_outcomes() is empty at a chance node")
        total = Fraction(0)
        for entry in outcomes:
            if not (isinstance(entry, tuple) and len(entry) == 2):
                raise self.fail(
                    moves,
                    "chance",
                    f"each chance outcome must be (action, Fraction), got {entry!r}",
                )
            chosen, p = entry
            if not isinstance(p, Fraction):
                raise self.fail(
                    moves,
                    "chance",
                    f"the probability of {chosen} is {p!r}, a {type(p).__name__}; "
                    "probabilities must be exact Fractions",
                )
            if p <= 0:
                raise self.fail(moves, "chance", f"the probability of {chosen} is {p}; it must be positive")
            total += p
        if total != 1:
            raise self.fail(
                moves,
                "chance",
                f"the chance probabilities sum to {total}, not exactly 1 "
                f"(outcomes: {', '.join(f'{a} {p}' for a, p in outcomes[:12])})",
            )
        actions = [a for a, _ in outcomes]
        self.no_duplicates(actions, moves, "chance_outcomes()", "chance")
        if set(actions) != set(listed) or len(actions) != len(listed):
            raise self.fail(
                moves,
                "chance",
                f"legal_actions(CHANCE) lists {_texts(listed)} but chance_outcomes() lists "
                f"{_texts(actions)}; they must hold the same actions",
            )
        self.report.chance_nodes_checked += 1

    def no_duplicates(self, actions: Sequence[Action], moves: int | None, where: str, check: str) -> None:
        with self.guard(moves, check, f"hashing the actions of {where}"):
            distinct = set(actions)
        if len(distinct) != len(actions):
            twice = sorted({str(a) for a in actions if actions.count(a) > 1})
            raise self.fail(moves, check, f"{where} lists {twice} more than once")

    def check_state(self, state: State, moves: int | None) -> None:
        """The full check of one state. Leaves the state exactly as it was."""
        before = _snapshot(self.fingerprint(state, moves))
        diff = _difference(before, self.fingerprint(state, moves))
        if diff:
            raise self.fail(
                moves,
                "fingerprint",
                f"two calls of fingerprint() differ ({diff}); it must be plain data describing "
                "the state, the same on every call",
            )
        seat = self.current_player(state, moves)
        self.check_views(state, moves, before)
        self.check_clone(state, moves, before)
        families = self.family_lists(state, seat, moves)
        legal = self.check_legal_lists(state, seat, moves, families)
        if seat == CHANCE:
            self.check_chance(state, moves)
        if seat == TERMINAL:
            self.check_outcome(state, moves)
        else:
            self.check_legal_applies(state, seat, legal, moves, before)
            self.check_families(state, families, moves, before)
            self.check_describe(state, seat, legal[seat], moves)
        self.check_illegal_rejected(state, seat, legal, moves, before, families)
        check_information_state(state, random.Random(f"{self.seed}:{moves}:information"), seed=self.seed, moves=moves)
        for actions in legal.values():
            self.pool.update(dict.fromkeys(actions))
        self.report.states_checked += 1

    def check_views(self, state: State, moves: int | None, before: JSON) -> None:
        for seat in self.viewers:
            who = "the spectator view view(None)" if seat is None else f"view({seat})"
            with self.guard(moves, "view", who):
                view = state.view(seat)
            if not isinstance(view, dict):
                raise self.fail(moves, "view", f"{who} must be a dict, got {type(view).__name__}")
            try:
                json.dumps(view, allow_nan=False)
            except (TypeError, ValueError) as e:
                raise self.fail(moves, "view", f"{who} is not JSON-ready: {e}") from e
            # What the server's encoder takes: no number beyond 64 bits, no lone surrogate.
            problem = wire_problem(view)
            if problem:
                raise self.fail(moves, "view", f"{who} cannot be sent: {problem}")
            if self.view_leak_check is not None and seat is not None:
                try:
                    self.view_leak_check(state, seat, view)
                except Exception as e:
                    raise self.fail(moves, "view-leak", f"{who} shows what seat {seat} may not see: {e}") from e
            self.report.views_checked += 1
        self.check_view_parts(state, moves)
        diff = _difference(before, self.fingerprint(state, moves))
        if diff:
            raise self.fail(moves, "view", f"asking for the views changed the state ({diff})")

    def check_view_parts(self, state: State, moves: int | None) -> None:
        """A game that splits its view: every seat's and the spectator's is the common part
        with the seat's own over it, key for key and in order, and the own part leaves the
        common one as it was (a server shares that between all its clients)."""
        with self.guard(moves, "view", "common_view()"):
            common = state.common_view()
        if common is None:
            return
        if not isinstance(common, dict):
            raise self.fail(moves, "view", f"common_view() must be a dict or None, got {type(common).__name__}")
        shown = json.dumps(common)
        for seat in self.viewers:
            who = f"own_view({seat}, common_view())"
            with self.guard(moves, "view", who):
                own = state.own_view(seat, common)
            if json.dumps(common) != shown:
                raise self.fail(moves, "view", f"{who} changed the common part it was given")
            whole, parts = state.view(seat), common | own
            if json.dumps(whole) != json.dumps(parts):
                where = _difference(whole, parts) or "the same keys in another order"
                raise self.fail(moves, "view", f"view({seat}) is not common_view() | {who}: {where}")

    def check_clone(self, state: State, moves: int | None, before: JSON) -> None:
        with self.guard(moves, "clone", "clone()"):
            twin = state.clone()
        if twin is state or type(twin) is not type(state):
            raise self.fail(moves, "clone", "clone() must return a new state of the same class")
        diff = _difference(before, self.fingerprint(twin, moves))
        if diff:
            raise self.fail(moves, "clone", f"the clone differs from the original ({diff})")
        # A view a server or an encoder changes must not change the game behind it.
        for seat in self.viewers:
            found = _scramble(twin.view(seat))
            if found:
                raise self.fail(
                    moves, "view", f"in view({seat}), {found[:300]}: a part every view shares holds only shared parts"
                )
            diff = _difference(before, self.fingerprint(twin, moves))
            if diff:
                raise self.fail(
                    moves,
                    "view",
                    f"changing the dict returned by view({seat}) changed the state ({diff}); "
                    "views must be copies, sharing no list or dict with the state",
                )

    def check_legal_lists(
        self, state: State, seat: int, moves: int | None, families: dict[int, list[ActionFamily]]
    ) -> dict[int, list[Action]]:
        """Each seat's legal actions (and chance's at a chance node), checked as lists."""
        legal: dict[int, list[Action]] = {}
        seats = [*range(self.game.num_seats), *([CHANCE] if seat == CHANCE else [])]
        for s in seats:
            with self.guard(moves, "legal-actions", f"legal_actions({_arg(s)})"):
                actions = state.legal_actions(s)
            if not isinstance(actions, list) or not all(isinstance(a, Action) for a in actions):
                raise self.fail(
                    moves,
                    "legal-actions",
                    f"legal_actions({_arg(s)}) must be a list of Actions, got {actions!r}",
                )
            self.no_duplicates(actions, moves, f"legal_actions({_arg(s)})", "legal-actions")
            for a in actions:
                self.check_codec(a, moves)
            legal[s] = actions
        if seat == TERMINAL:
            left = {s: _texts(a) for s, a in legal.items() if a}
            if left:
                raise self.fail(
                    moves,
                    "game-over",
                    f"the game is over but seats still have legal actions: {left}",
                )
            return legal
        if not legal[seat] and not families.get(seat):
            who = _who(seat)
            raise self.fail(
                moves,
                "legal-actions",
                f"{who} must decide now but legal_actions({_arg(seat)}) and action_families({_arg(seat)}) are empty",
            )
        with self.guard(moves, "legal-actions", "legal_actions() without a seat"):
            default = state.legal_actions()
        expected = list(legal[seat])
        if default != expected:
            raise self.fail(
                moves,
                "legal-actions",
                f"legal_actions() gives {_texts(default)} but legal_actions({_arg(seat)}) for the "
                f"current player gives {_texts(legal[seat])}; without a seat it must be the "
                "current player's",
            )
        # Callers may sort or trim the list they get; that must not reach the state.
        default.clear()
        state.legal_actions(seat).clear()
        if state.legal_actions() != expected or state.legal_actions(seat) != expected:
            raise self.fail(
                moves,
                "legal-actions",
                "clearing the list legal_actions() returned changed the legal actions; return a new list on each call",
            )
        return legal

    def check_codec(self, a: Action, moves: int | None) -> None:
        with self.guard(moves, "codec", f"{a!r}.to_json()"):
            data = a.to_json()
            json.dumps(data, allow_nan=False)
        problem = wire_problem(data)
        if problem:
            raise self.fail(moves, "codec", f"{a!r} cannot be sent: {problem}")
        with self.guard(moves, "codec", f"game.codec.from_json({data})"):
            back = self.game.codec.from_json(data)
        if back != a:
            raise self.fail(moves, "codec", f"{a!r} became {back!r} through its JSON form {data}")
        text = str(a)
        with self.guard(moves, "codec", f"game.codec.parse({text!r})"):
            parsed = self.game.codec.parse(text)
        if parsed != a:
            raise self.fail(moves, "codec", f"{a!r} became {parsed!r} through its text form {text!r}")

    # -- families and descriptions ------------------------------------------------------------

    def family_lists(self, state: State, seat: int, moves: int | None) -> dict[int, list[ActionFamily]]:
        """Each seat's families, checked as lists of well-formed families of the game."""
        families: dict[int, list[ActionFamily]] = {}
        for s in [*range(self.game.num_seats), CHANCE]:
            with self.guard(moves, "families", f"action_families({_arg(s)})"):
                listed = state.action_families(s)
            if not isinstance(listed, list) or not all(isinstance(f, ActionFamily) for f in listed):
                raise self.fail(moves, "families", f"action_families({_arg(s)}) must be a list of ActionFamily")
            if listed and (s == CHANCE or seat == TERMINAL):
                who = "chance" if s == CHANCE else f"seat {s} after the end"
                raise self.fail(moves, "families", f"{who} has families {[str(f) for f in listed]}; it has none")
            for family in listed:
                if not self.game.codec.knows(family.cls):
                    raise self.fail(
                        moves, "families", f"{family} is a family of {family.cls.__name__}, no action of this game"
                    )
                with self.guard(moves, "families", f"{family}.to_json()"):
                    json.dumps(family.to_json(), allow_nan=False)
                problem = wire_problem(family.to_json())
                if problem:
                    raise self.fail(moves, "families", f"{family} cannot be sent: {problem}")
            with self.guard(moves, "families", f"counted_families({_arg(s)})"):
                fresh = state.fingerprint()
                counted = state.counted_families(s)
                count = counted.count
                unchanged = state.fingerprint() == fresh
                built = counted.families()
                # Each family built alone, before the others, is the one listed there.
                alone = [state.counted_families(s).family(i) for i in range(count)]
                unchanged = unchanged and state.fingerprint() == fresh
            if count != len(listed) or built != listed or alone != listed or not unchanged:
                raise self.fail(
                    moves,
                    "families",
                    f"counted_families({_arg(s)}) counts {count} and builds {[str(f) for f in built]}, "
                    f"changing the state: {not unchanged}; action_families({_arg(s)}) lists {[str(f) for f in listed]}",
                )
            families[s] = listed
        if seat != TERMINAL and seat != CHANCE:
            with self.guard(moves, "families", "action_families() without a seat"):
                default = state.action_families()
            if default != families[seat]:
                raise self.fail(
                    moves,
                    "families",
                    "action_families() must be the current player's families, as action_families(seat) gives them",
                )
        return families

    def try_member(self, state: State, seat: int, member: Action, moves: int | None) -> bool:
        """Apply ``member`` for ``seat`` to a clone: whether it was accepted. A refusal must be
        ``IllegalAction`` and leave the clone as it was; a game's own ``state.refusal`` must
        say the same, without changing the state (the default tries a clone: nothing to check)."""
        accepted = self.try_apply(state, seat, member, moves)
        if type(state).refusal is State.refusal:
            return accepted
        with self.guard(moves, "families", f"refusal({str(member)!r}, {_arg(seat)})"):
            fresh = state.fingerprint()
            refusal = state.refusal(member, seat)
        if (refusal is None) != accepted or (refusal is not None and not isinstance(refusal, str | Message)):
            said = "accept it" if refusal is None else f"refuse it ({refusal!r})"
            raise self.fail(
                moves,
                "families",
                f"refusal() said apply would {said}, but apply {'accepted' if accepted else 'refused'} the family "
                f"member {str(member)!r} for {_who(seat)}; refusal must answer exactly what apply decides",
            )
        diff = _difference(fresh, self.fingerprint(state, moves))
        if diff:
            raise self.fail(moves, "families", f"refusal({str(member)!r}) changed the state ({diff})")
        return accepted

    def try_apply(self, state: State, seat: int, member: Action, moves: int | None) -> bool:
        """Apply ``member`` for ``seat`` to a clone: whether it was accepted. A refusal must be
        ``IllegalAction`` and leave the clone as it was."""
        with self.guard(moves, "families", "clone()"):
            twin = state.clone()
            fresh = twin.fingerprint()
        self.report.family_members_tried += 1
        try:
            twin.apply(member, seat)
        except IllegalAction:
            diff = _difference(fresh, self.fingerprint(twin, moves))
            if diff:
                raise self.fail(
                    moves,
                    "families",
                    f"the family member {str(member)!r} for {_who(seat)} was refused but changed the state ({diff})",
                ) from None
            return False
        except Exception as e:
            raise self.fail(
                moves,
                "families",
                f"the family member {str(member)!r} for {_who(seat)} raised {type(e).__name__}: {e}; a member "
                "must be accepted or refused with IllegalAction",
            ) from e
        return True

    def check_families(
        self, state: State, families: dict[int, list[ActionFamily]], moves: int | None, before: JSON
    ) -> None:
        # Narrowing is walked for the seat to move only: what a form asks of now.
        to_move = state.current_player()
        for seat, listed in families.items():
            for family in listed:
                self.check_family(state, seat, family, moves)
                if seat == to_move:
                    self.check_narrowing(state, seat, family, moves)
        diff = _difference(before, self.fingerprint(state, moves))
        if diff:
            raise self.fail(moves, "clone", f"trying family members on clones changed the original ({diff})")

    def check_family(self, state: State, seat: int, family: ActionFamily, moves: int | None) -> None:
        """Members sampled, the codec, the ends of every range, at least one legal member."""
        where = f"the family {family} of {_who(seat)}"
        accepted: list[Action] = []
        for _ in range(self.max_family_samples):
            member = family.sample(self.rng)
            self.check_codec(member, moves)
            if self.try_member(state, seat, member, moves):
                accepted.append(member)
            elif family.whole:
                raise self.fail(moves, "families", f"{where} is whole but its member {str(member)!r} was refused")
        if family.whole:
            for corner in family.corners():
                if not self.try_member(state, seat, corner, moves):
                    raise self.fail(moves, "families", f"{where} is whole but its corner {str(corner)!r} was refused")
        for index, domain in enumerate(family.domains):
            if not isinstance(domain, IntRange) or family.whole:
                continue
            for end, value in (("lo", domain.lo), ("hi", domain.hi)):
                found = self.find_at_end(state, seat, family, index, value, accepted, moves)
                if found is None:
                    name = family.names[index]
                    raise self.fail(
                        moves,
                        "family-bounds",
                        f"{where}: no member with {name} = {value:,} (its {end}) was accepted; the bound is "
                        "not tight (members at both ends of a range must be legal), or the family should be "
                        "split so that they are (one family per good, say)",
                    )
                accepted.append(found)
        if not accepted and not self.find_any(state, seat, family, moves):
            raise self.fail(moves, "family-empty", f"{where} is listed but none of its members tried was accepted")
        self.report.families_checked += 1

    def check_narrowing(self, state: State, seat: int, family: ActionFamily, moves: int | None) -> None:
        """Walks of ``narrow`` field by field, each value drawn from the narrowed domain: each
        domain within the field's own, the member reached accepted (no dead ends), values left
        out of a small field truly without a completion, and a value outside the family's own
        domain refused with ``IllegalAction`` and no change."""
        where = f"the family {family} of {_who(seat)}"
        for walk in range(NARROW_WALKS):
            values: list[Any] = []
            for index, own in enumerate(family.domains):
                with self.guard(moves, "narrow", f"narrow({family.kind}, {values!r}, {_arg(seat)})"):
                    domain = state.narrow(family, values, seat)
                problem = _not_within(domain, own)
                if problem:
                    raise self.fail(
                        moves,
                        "narrow",
                        f"{where}: after {values!r}, narrow gave {domain} for {family.names[index]}; {problem}",
                    )
                if walk == 0 and len(own) <= NARROW_SMALL:
                    self.check_left_out(state, seat, family, values, domain, moves)
                values.append(domain.sample(self.narrow_rng))
            member = family.cls(*values)
            if not self.try_member(state, seat, member, moves) or state.refusal(member, seat) is not None:
                raise self.fail(
                    moves,
                    "narrow",
                    f"{where}: the member {str(member)!r}, drawn field by field with narrow, was refused; narrow "
                    "must keep only values with a legal completion",
                )
        own = family.domains[0]
        wrong: Any = _outside(own)
        fresh = state.fingerprint()
        try:
            if len(family.domains) > 1 and wrong is not None:
                state.narrow(family, [wrong], seat)
            else:
                # No value of the first field's type lies outside it (yes or no), or there is one
                # field only: a prefix that leaves nothing to choose must be refused instead.
                state.narrow(family, list(family.domains[0])[:1] * len(family.domains), seat)
        except IllegalAction:
            pass
        except Exception as e:
            raise self.fail(moves, "narrow", f"{where}: narrow with {wrong!r} raised {type(e).__name__}: {e}") from e
        else:
            if len(family.domains) > 1 and wrong is not None:
                raise self.fail(
                    moves,
                    "narrow",
                    f"{where}: narrow accepted {family.names[0]} = {wrong!r}, outside {own}; "
                    "it must raise IllegalAction",
                )
        diff = _difference(fresh, self.fingerprint(state, moves))
        if diff:
            raise self.fail(moves, "narrow", f"narrow changed the state ({diff})")

    def check_left_out(
        self, state: State, seat: int, family: ActionFamily, values: list[Any], domain: Domain, moves: int | None
    ) -> None:
        """A few values of the next field that ``narrow`` left out: the field after raises
        ``IllegalAction`` for each, or, at the last field, the member is refused."""
        index = len(values)
        left = [v for v in family.domains[index] if v not in domain][:NARROW_LEFT_OUT]
        for v in left:
            if index + 1 < len(family.domains):
                try:
                    state.narrow(family, [*values, v], seat)
                except IllegalAction:
                    continue
                raise self.fail(
                    moves,
                    "narrow",
                    f"{_who(seat)}: narrow left {family.names[index]} = {v!r} out after {values!r}, but narrows the "
                    "field after it; a value left out must have no legal completion",
                )
            member = family.cls(*values, v)
            if self.try_member(state, seat, member, moves):
                raise self.fail(
                    moves,
                    "narrow",
                    f"{_who(seat)}: narrow left {family.names[index]} = {v!r} out after {values!r}, but "
                    f"{str(member)!r} is accepted",
                )

    def find_at_end(
        self,
        state: State,
        seat: int,
        family: ActionFamily,
        index: int,
        value: int,
        accepted: list[Action],
        moves: int | None,
    ) -> Action | None:
        """An accepted member whose field ``index`` is ``value``: tried with the other fields at
        their low ends, at their high ends, as in members already accepted, then at random."""
        for member in accepted:
            if getattr(member, family.names[index]) == value:
                return member
        candidates: list[list[Any]] = []
        lows = [d.lo if isinstance(d, IntRange) else d.values[0] for d in family.domains]
        highs = [d.hi if isinstance(d, IntRange) else d.values[-1] for d in family.domains]
        candidates += [lows, highs]
        candidates += [[getattr(m, n) for n in family.names] for m in accepted]
        candidates += [[d.sample(self.rng) for d in family.domains] for _ in range(self.max_family_samples)]
        tried: set[tuple[Any, ...]] = set()
        for values in candidates:
            values = [*values[:index], value, *values[index + 1 :]]
            if tuple(values) in tried:
                continue
            tried.add(tuple(values))
            member = family.build(values)
            if self.try_member(state, seat, member, moves):
                return member
        return None

    def find_any(self, state: State, seat: int, family: ActionFamily, moves: int | None) -> bool:
        """Whether a corner or a few more samples are accepted (a family with no range)."""
        for member in [*family.corners(), *(family.sample(self.rng) for _ in range(self.max_family_samples))]:
            if self.try_member(state, seat, member, moves):
                return True
        return False

    def check_describe(self, state: State, seat: int, legal: list[Action], moves: int | None) -> None:
        """``describe`` gives non-empty text for the legal actions and a family sample each;
        ``labels`` gives the legal actions' texts as ``describe`` does."""
        with self.guard(moves, "describe", f"labels(the legal actions, {seat})"):
            labels = state.labels(legal, seat)
            each = [state.describe(a, seat) for a in legal]
        if labels != each:
            if len(labels) != len(each):
                told = f"{len(labels)} texts for {len(each)} legal actions"
            else:
                i = next(i for i, (x, y) in enumerate(zip(labels, each, strict=True)) if x != y)
                told = f"{labels[i]!r} for {str(legal[i])!r}, where describe gives {each[i]!r}"
            raise self.fail(
                moves,
                "describe",
                f"labels(the legal actions, {seat}) gave {told}; they must be the same texts",
            )
        actions = list(legal)
        for family in state.action_families(seat):
            actions.append(family.sample(self.rng))
        for a in actions:
            for viewer in (seat, None):
                with self.guard(moves, "describe", f"describe({str(a)!r}, {viewer})"):
                    text = state.describe(a, viewer)
                if not isinstance(text, str | Message) or not render(text).strip():
                    raise self.fail(
                        moves, "describe", f"describe({str(a)!r}, {viewer}) gave {text!r}; it must be non-empty text"
                    )
                wrong = problems(text)
                if wrong:
                    raise self.fail(
                        moves,
                        "describe",
                        f"describe({str(a)!r}, {viewer}) gave {text!r}, which English cannot say: " + "; ".join(wrong),
                    )
            with self.guard(moves, "describe", f"describe_all({str(a)!r})"):
                each = tuple(state.describe(a, viewer) for viewer in self.viewers)
                together = state.describe_all(a)
            if together != each:
                raise self.fail(
                    moves,
                    "describe",
                    f"describe_all({str(a)!r}) gave {together!r} but describe gives {each!r} for the seats "
                    "and a spectator in turn; they must be the same texts",
                )

    def check_outcome(self, state: State, moves: int | None) -> None:
        with self.guard(moves, "outcome", "outcome() of the finished game"):
            outcome = state.outcome()
        n = self.game.num_seats
        problems: list[str] = []
        if not isinstance(outcome, Outcome):
            problems.append(f"outcome() must return an Outcome, got {type(outcome).__name__}")
        else:
            if len(outcome.scores) != n or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in outcome.scores
            ):
                problems.append(f"scores {outcome.scores} must be one whole number per seat ({n})")
            for name, seats in (("winners", outcome.winners), ("eliminated", outcome.eliminated)):
                if len(set(seats)) != len(seats) or not all(isinstance(s, int) and 0 <= s < n for s in seats):
                    problems.append(f"{name} {seats} must be distinct seats 0..{n - 1}")
        if problems:
            raise self.fail(moves, "outcome", "; ".join(problems))

    def check_legal_applies(
        self,
        state: State,
        seat: int,
        legal: dict[int, list[Action]],
        moves: int | None,
        before: JSON,
    ) -> None:
        tries = [(seat, a) for a in _sample(self.rng, legal[seat], self.max_legal)]
        others = [(s, a) for s, actions in legal.items() if s != seat for a in actions]
        tries += _sample(self.rng, others, self.max_legal)
        for s, a in tries:
            self.apply_to_clone(state, s, a, moves)
        if _difference(before, self.fingerprint(state, moves)):
            # Find the action whose application to a clone reached the original.
            for s, a in tries:
                fresh = _snapshot(self.fingerprint(state, moves))
                self.apply_to_clone(state, s, a, moves)
                diff = _difference(fresh, self.fingerprint(state, moves))
                if diff:
                    raise self.fail(
                        moves,
                        "clone",
                        f"applying {str(a)!r} for {_who(s)} to a clone changed the original "
                        f"({diff}); clone() must copy every mutable part of the state",
                    )
            raise self.fail(moves, "clone", "applying actions to clones changed the original")
        self.report.legal_actions_applied += len(tries)
        # apply(action) without a seat acts for the current player, and applying is deterministic.
        if not legal[seat]:
            return  # the seat's options are all families (a payment raised by borrowing only)
        a = self.rng.choice(legal[seat])
        with self.guard(moves, "legal-applies", f"apply({str(a)!r}) without a seat on a clone"):
            implicit = state.clone()
            implicit.apply(a)
        with self.guard(moves, "legal-applies", f"apply({str(a)!r}, {_arg(seat)}) on a clone"):
            explicit = state.clone()
            explicit.apply(a, seat)
        diff = _difference(self.fingerprint(explicit, moves), self.fingerprint(implicit, moves))
        if diff:
            raise self.fail(
                moves,
                "legal-applies",
                f"apply({str(a)!r}) and apply({str(a)!r}, {_arg(seat)}) on two clones gave different "
                f"states ({diff}); without a seat apply acts for the current player, and the same "
                "action on the same state must always give the same result",
            )

    def apply_to_clone(self, state: State, seat: int, a: Action, moves: int | None) -> None:
        who = _who(seat)
        with self.guard(moves, "clone", "clone()"):
            twin = state.clone()
        with self.guard(moves, "legal-applies", f"applying the legal action {str(a)!r} for {who}"):
            twin.apply(a, seat)

    def check_illegal_rejected(
        self,
        state: State,
        seat: int,
        legal: dict[int, list[Action]],
        moves: int | None,
        before: JSON,
        families: dict[int, list[ActionFamily]],
    ) -> None:
        # A few times more than needed, drawn first, keeps the work small when the pool is big.
        pool = _sample(self.rng, list(self.pool), 4 * self.max_illegal)
        candidates: list[tuple[int | None, Action]] = []
        seats: list[int] = [*range(self.game.num_seats), CHANCE]
        if seat == TERMINAL:
            # After the end nothing is legal, not even what was legal a move ago.
            for s in [*seats, None]:
                candidates += [(s, a) for a in _sample(self.rng, pool, self.max_illegal)]
        else:
            allowed = {s: set(legal.get(s, ())) for s in seats}

            def outside(s: int, a: Action) -> bool:
                # Not listed, and no member of a family listed for the seat (which may be legal).
                return a not in allowed[s] and family_of(a, families.get(s, ())) is None

            pending = legal[seat]
            for s in seats:
                # Others' pending options are never legal for a seat unless listed for it.
                candidates += [(s, a) for a in pending if s != seat and outside(s, a)]
                candidates += [(s, a) for a in pool if outside(s, a)]
            # apply(action) without a seat acts for the current player.
            candidates += [(None, a) for a in pool if outside(seat, a)]
        for s, a in _sample(self.rng, candidates, self.max_illegal):
            self.expect_rejected(state, s, a, moves, before)

    def expect_rejected(self, state: State, seat: int | None, a: Action, moves: int | None, before: JSON) -> None:
        call = f"apply({str(a)!r})" if seat is None else f"apply({str(a)!r}, {_arg(seat)})"
        why = (
            "the game is over"
            if state.current_player() == TERMINAL
            else f"legal_actions({'' if seat is None else _arg(seat)}) does not list it"
        )
        try:
            state.apply(a, seat)
        except IllegalAction:
            pass
        except Exception as e:
            raise self.fail(
                moves,
                "illegal-rejected",
                f"{call} raised {type(e).__name__}: {e}; an action the rules do not allow must raise IllegalAction",
            ) from e
        else:
            raise self.fail(
                moves,
                "illegal-rejected",
                f"{call} was accepted though {why}; apply must raise IllegalAction for every "
                "action legal_actions does not list",
            )
        diff = _difference(before, self.fingerprint(state, moves))
        if diff:
            raise self.fail(
                moves,
                "illegal-rejected",
                f"{call} raised IllegalAction but changed the state ({diff}); check everything "
                "before changing anything",
            )
        self.report.illegal_actions_rejected += 1


@dataclass
class _Played:
    state: State
    record: Record


def _snapshot(fingerprint: JSON) -> JSON:
    """A copy that later changes to the state cannot reach, even if the game shares its data."""
    return copy.deepcopy(fingerprint)


def _outside(domain: Domain) -> Any:
    """A value of the domain's own type that lies outside it, or ``None`` when there is none
    (a choice of yes and no): the protocol's values are JSON numbers, strings and booleans, so
    a wrong value offered to ``narrow`` is one of those, as a caller's would be."""
    if isinstance(domain, IntRange):
        return domain.hi + domain.step
    values = domain.values
    if all(type(v) is int for v in values):
        return max(int(v) for v in values) + 1
    if all(type(v) is str for v in values):
        return "".join(str(v) for v in values) + "?"
    return None


def _difference(a: Any, b: Any, path: str = "") -> str:
    """Where ``a`` and ``b`` first differ (``fingerprint['cash'][2]: 100 != 90``); '' if equal."""
    if a == b:
        return ""
    where = f"fingerprint{path}"
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a or key not in b:
                side = "the first" if key in a else "the second"
                return f"{where}[{key!r}] is only in {side}"
            inner = _difference(a[key], b[key], f"{path}[{key!r}]")
            if inner:
                return inner
    if isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            inner = _difference(x, y, f"{path}[{i}]")
            if inner:
                return inner
    return f"{where}: {_short(a)} != {_short(b)}"


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _scramble(value: Any) -> str:
    """Empty every list and dict reachable from ``value``, but the parts every view shares
    (``SharedDict``, ``SharedList``: they refuse to change). Answers where a shared part holds
    a list or dict that could be changed (a fault: that change would show in every view), or "".
    """
    if isinstance(value, SharedDict | SharedList):
        return _changeable_inside(value)
    if isinstance(value, dict):
        for inner in value.values():
            found = _scramble(inner)
            if found:
                return found
        value.clear()
    elif isinstance(value, list):
        for inner in value:
            found = _scramble(inner)
            if found:
                return found
        value.clear()
    return ""


def _changeable_inside(shared: SharedDict | SharedList) -> str:
    for inner in shared.values() if isinstance(shared, dict) else shared:
        if isinstance(inner, SharedDict | SharedList):
            found = _changeable_inside(inner)
            if found:
                return found
        elif isinstance(inner, dict | list):
            return f"the shared part {shared!r} holds a {type(inner).__name__} that could be changed"
    return ""


def _who(seat: int) -> str:
    return "chance" if seat == CHANCE else f"seat {seat}"


def _arg(seat: int) -> str:
    return "CHANCE" if seat == CHANCE else str(seat)


def _texts(actions: Sequence[Action]) -> list[str]:
    return [str(a) for a in actions[:12]] + (["..."] if len(actions) > 12 else [])


def _sample(rng: random.Random, items: Sequence[Any], k: int) -> list[Any]:
    return list(items) if len(items) <= k else rng.sample(list(items), k)
