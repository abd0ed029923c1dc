"""tycoon's games as OpenSpiel Python games (docs/rl.md, "OpenSpiel").

:func:`register_openspiel` registers each game as ``python_tycoon_<id>``
(``pyspiel.load_game("python_tycoon_die_bosse")``). The game is sequential with explicit chance:
at a chance node ``chance_outcomes()`` lists the engine's outcomes as ``(i, p)``, ``i`` the
outcome's place in ``State.chance_outcomes()`` and ``p`` its exact probability as a float. A
seat's actions are the flat indices of :class:`~tycoon.rl.encoding.Encoding`: one engine action
may take several consecutive moves of the same player (kind, then each field digit by digit),
``legal_actions`` being the mask of the pick at hand. Utilities are ``Outcome.returns()`` (1
shared among the winners), paid at the end. The observation (and the information state, which
is the same vector and is not perfect-recall) is ``State.observation(seat)`` followed by the
pending segment, zero unless that seat is deciding; a game that describes no observation layout
yet observes only the pending segment.

Parameters are pyspiel game parameters: ``players`` and every game option with a plain default
(``pyspiel.load_game("python_tycoon_biznes_po_polsku", {"players": 3, "rounds": 30})``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from tycoon.core.actions import Action
from tycoon.core.game import CHANCE, TERMINAL, Game, State
from tycoon.core.registry import load, registered, spec
from tycoon.rl.encoding import Encoding, Pending

PREFIX = "python_tycoon_"
"""The short names are ``PREFIX + game id``."""

MAX_CHANCE_OUTCOMES = 1024
"""The declared bound on the outcomes of one chance node (a shuffled deck draws one card at a
time; Die Bosse's largest node has 54)."""

MAX_GAME_LENGTH = 100_000
"""The declared bound on the moves of a game, chance and every pick counted."""

PERFECT_INFORMATION: frozenset[str] = frozenset()
"""The games in which every seat sees everything; none of tycoon's: Die Bosse hides hands,
Biznes po polsku the order its stacks were shuffled in, Playboss the personal goals of step 5.
Any other game is declared imperfect-information, which is never wrong for an algorithm."""


def short_name(game_id: str) -> str:
    """``python_tycoon_die_bosse`` for ``die_bosse``."""
    return PREFIX + game_id


def _parameters(game_id: str) -> dict[str, Any]:
    s = spec(game_id)
    params: dict[str, Any] = {"players": s.default_seats}
    for option in s.options:
        if isinstance(option.default, (bool, int, float, str)):
            params[option.name] = option.default
    return params


def game_type(game_id: str) -> pyspiel.GameType:
    """The declared ``GameType`` of ``game_id``."""
    s = spec(game_id)
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if game_id in PERFECT_INFORMATION
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Python tycoon {s.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=s.max_seats,
        min_num_players=s.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game_id),
    )


class TycoonGame(pyspiel.Game):  # type: ignore[misc]
    """One tycoon game configuration as a pyspiel game."""

    game_id = ""
    """Set by :func:`register_openspiel` on each game's subclass."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        full = {**_parameters(self.game_id), **(params or {})}
        options = {k: v for k, v in full.items() if k != "players"}
        self.tycoon: Game = load(self.game_id, players=int(full["players"]), **options)
        self.encoding = Encoding(self.tycoon)
        try:
            self.observation_size = sum(seg.size for seg in self.tycoon.observation_layout())
        except NotImplementedError:
            self.observation_size = 0
        self.tensor_size = self.observation_size + self.encoding.pending_size()
        super().__init__(
            game_type(self.game_id),
            pyspiel.GameInfo(
                num_distinct_actions=self.encoding.size,
                max_chance_outcomes=MAX_CHANCE_OUTCOMES,
                num_players=self.tycoon.num_seats,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=MAX_GAME_LENGTH,
            ),
            full,
        )

    def new_initial_state(self) -> TycoonState:
        return TycoonState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TycoonObserver:
        if params:
            raise ValueError(f"tycoon's observers take no parameters; passed {params!r}")
        return TycoonObserver(self)


class _Position:
    """An engine state and the pick in progress on it; a copy (``copy.deepcopy`` included) is
    the engine's ``clone`` with the picks replayed."""

    __slots__ = ("encoding", "pending", "picks", "state")

    def __init__(self, encoding: Encoding, state: State) -> None:
        self.encoding = encoding
        self.state = state
        self.picks: list[int] = []
        self.pending: Pending | None = None
        self.open()

    def open(self) -> None:
        """Start the next decision (none at chance or at the end)."""
        seat = self.state.current_player()
        self.pending = self.encoding.pending(self.state, seat) if seat >= 0 else None
        self.picks = []

    def copy(self) -> _Position:
        other = _Position(self.encoding, self.state.clone())
        for index in self.picks:
            assert other.pending is not None
            other.pending.push(index)
        other.picks = list(self.picks)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self.copy()


class TycoonState(pyspiel.State):  # type: ignore[misc]
    """A tycoon state with the pick in progress (a :class:`Pending`) of the seat to decide."""

    def __init__(self, game: TycoonGame, state: State | _Position | None = None) -> None:
        super().__init__(game)
        # pyspiel copies a Python state by deep-copying its attributes (in its own clone and
        # in its tests' many clones): one attribute whose copy is the engine's clone keeps
        # that cheap, where a deep copy of the game's tables and the encoding's caches would
        # cost hundreds of times more.
        if isinstance(state, _Position):
            self.position = state
        else:
            self.position = _Position(game.encoding, state if state is not None else game.tycoon.new_state())

    @property
    def encoding(self) -> Encoding:
        return self.position.encoding

    @property
    def state(self) -> State:
        """The engine's state."""
        return self.position.state

    @property
    def picks(self) -> list[int]:
        """The picks made so far of the engine action in progress."""
        return self.position.picks

    @property
    def pending(self) -> Pending | None:
        """The pick in progress of the seat to decide; ``None`` at chance and at the end."""
        return self.position.pending

    def _open(self) -> None:
        self.position.open()

    def current_player(self) -> int:
        seat = self.state.current_player()
        if seat == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.pending is None or player != self.pending.seat:
            return []
        return list(self.pending.allowed())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.state.chance_outcomes()
        if len(outcomes) > MAX_CHANCE_OUTCOMES:
            raise ValueError(f"a chance node has {len(outcomes)} outcomes; at most {MAX_CHANCE_OUTCOMES} are declared")
        return [(i, float(p)) for i, (_, p) in enumerate(outcomes)]

    def _chance_action(self, index: int) -> Action:
        outcomes = self.state.chance_outcomes()
        if not 0 <= index < len(outcomes):
            raise ValueError(f"chance outcome {index} is not one of 0..{len(outcomes) - 1}")
        return outcomes[index][0]

    def _apply_action(self, action: int) -> None:
        if self.state.current_player() == CHANCE:
            self.state.apply(self._chance_action(action), CHANCE)
            self._open()
            return
        assert self.pending is not None
        done = self.pending.push(int(action))
        self.position.picks.append(int(action))
        if done is not None:
            self.state.apply(done, self.pending.seat)
            self._open()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.state.current_player() == CHANCE:
                return f"chance:{self._chance_action(action)}"
            return f"chance:{action}"
        kinds = self.encoding.kinds
        return f"kind:{kinds[action]}" if action < len(kinds) else f"digit:{action - len(kinds)}"

    def is_terminal(self) -> bool:
        return bool(self.state.current_player() == TERMINAL)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.state.game.num_seats
        return [float(r) for r in self.state.outcome().returns()]

    def clone(self) -> TycoonState:
        """A copy by the engine's ``clone``, the pick in progress replayed on it."""
        return TycoonState(self.get_game(), self.position.copy())

    def __deepcopy__(self, memo: dict[int, Any]) -> TycoonState:
        return self.clone()

    def __str__(self) -> str:
        seat = self.state.current_player()
        who = "terminal" if seat == TERMINAL else "chance" if seat == CHANCE else f"seat {seat}"
        pending = f"; {self.pending.describe()}" if self.pending is not None else ""
        return f"{self.state.game.id}, {who} to move{pending}"


class TycoonObserver:
    """The PyObserver of a tycoon game: ``State.observation(player)``, then the pending segment."""

    def __init__(self, game: TycoonGame) -> None:
        self.observation_size = game.observation_size
        self.tensor = np.zeros(game.tensor_size, np.float32)
        self.dict = {
            "observation": self.tensor[: game.observation_size],
            "pending": self.tensor[game.observation_size :],
        }

    def set_from(self, state: TycoonState, player: int) -> None:
        self.tensor.fill(0)
        if self.observation_size:
            self.dict["observation"][:] = np.frombuffer(state.state.observation_vector(player), dtype=np.float64)
        if state.pending is not None and state.pending.seat == player:
            self.dict["pending"][:] = state.pending.pending_vector()

    def string_from(self, state: TycoonState, player: int) -> str:
        lines = [state.state.observation(player).text] if self.observation_size else []
        if state.pending is not None and state.pending.seat == player:
            lines.append(f"to decide: {state.pending.describe()}; picks so far: {state.picks}")
        elif not state.is_terminal():
            lines.append("waiting")
        else:
            lines.append(f"over: {state.returns()}")
        return "\n".join(lines)


def register_openspiel(game_ids: list[str] | None = None) -> list[str]:
    """Register ``game_ids`` (default: every registered tycoon game) with pyspiel; the short
    names registered. Registering again is harmless."""
    names = []
    for game_id in game_ids if game_ids is not None else registered():
        name = short_name(game_id)
        if name not in pyspiel.registered_names():
            cls = type(f"TycoonGame_{game_id}", (TycoonGame,), {"game_id": game_id})
            pyspiel.register_game(game_type(game_id), cls)
        names.append(name)
    return names
