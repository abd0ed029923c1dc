"""One game as the environments play it: chance drawn inside, the pending decision encoded.

Both environments (:mod:`tycoon.rl.aec`, :mod:`tycoon.rl.gym`) drive an :class:`Episode`:
the seat to decide is always the engine's ``current_player()``, chance is drawn with the
episode's own seeded generator exactly as :func:`tycoon.core.driver.play` draws it, and a seat's
decision is a :class:`~tycoon.rl.encoding.Pending`, picked index by index. See docs/rl.md.
"""

from __future__ import annotations

import io
import random
from typing import Any

import numpy as np
import numpy.typing as npt

from tycoon.core.actions import Action
from tycoon.core.driver import sample_chance
from tycoon.core.errors import InvalidConfig
from tycoon.core.game import CHANCE, TERMINAL, Game
from tycoon.core.registry import load, spec
from tycoon.core.spec import find
from tycoon.rl.encoding import Encoding, Pending


class Episode:
    """A game of ``game_id`` set up with ``players`` and ``options``, ready to be reset."""

    def __init__(self, game_id: str, players: int | None = None, **options: Any) -> None:
        if players is not None:
            options["players"] = players
        self.game: Game = load(game_id, **options)
        self.encoding = Encoding(self.game)
        self.layout = self.game.observation_layout()
        self.observation_size = sum(s.size for s in self.layout) + self.encoding.pending_size()
        """The length of :meth:`observation`: the game's observation, then the pending segment."""
        self.rng = random.Random()
        self.state = self.game.new_state()
        self.pending: Pending | None = None
        self.actions = 0
        """Engine actions applied by the seats since the reset (chance not counted)."""
        size, g = self.observation_size, self.observation_size - self.encoding.pending_size()
        self._game_size = g
        # Each seat's whole observation, kept: its game part is made once per state (``_fresh``
        # says whose is), and as the picks of one decision leave the state as it is, only the
        # deciding seat's pending segment is written again, in place, once per pick
        # (``_written``: the pick it holds). Callers get copies.
        self._seen = [np.zeros(size, dtype=np.float32) for _ in range(self.game.num_seats)]
        self._parts = [(seen[:g], seen[g:]) for seen in self._seen]
        self._fresh = [False] * self.game.num_seats
        self._written = -1

    def reset(self, seed: int | None) -> None:
        """A fresh game; chance is drawn from ``random.Random(seed)`` (``None``: unseeded)."""
        self.rng = random.Random(seed)
        self.state = self.game.new_state()
        self.actions = 0
        self._settle()

    def seat(self) -> int:
        """The seat to decide (``TERMINAL`` once the game is over)."""
        return self.state.current_player()

    def push(self, index: int) -> Action | None:
        """The pick ``index`` for the seat to decide: the engine action once it is complete
        (then applied, and chance drawn up to the next decision), else ``None``."""
        assert self.pending is not None, "the game is over"
        seat = self.pending.seat
        action = self.pending.push(index)
        if action is not None:
            self.state.apply(action, seat)
            self.actions += 1
            self._settle()
        return action

    def apply(self, action: Action) -> None:
        """Apply a whole engine action for the seat to decide (an opponent's), then draw chance."""
        self.state.apply(action, self.state.current_player())
        self.actions += 1
        self._settle()

    def _settle(self) -> None:
        self._fresh = [False] * self.game.num_seats
        self._written = -1
        state = self.state
        while (seat := state.current_player()) == CHANCE:
            state.apply(sample_chance(state, self.rng), CHANCE)
        self.pending = None if seat == TERMINAL else self.encoding.pending(state, seat)

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation vector, then the pending segment (zeros unless ``seat`` is
        the one deciding): a fresh array each time."""
        seen = self._seen[seat]
        pending = self.pending
        if not self._fresh[seat]:
            game, pick = self._parts[seat]
            game[:] = np.frombuffer(self.state.observation_vector(seat), dtype=np.float64)
            pick.fill(0.0)
            self._fresh[seat] = True
        if pending is not None and pending.seat == seat and self._written != pending.picks:
            if self._written != -1:
                self._parts[seat][1].fill(0.0)
            pending.write_pending(seen, self._game_size)
            self._written = pending.picks
        return seen.copy()

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The allowed indices for ``seat`` (all zeros unless ``seat`` is the one deciding)."""
        if self.pending is None or self.pending.seat != seat:
            return np.zeros(self.encoding.size, dtype=np.int8)
        return self.pending.mask()

    def returns(self) -> tuple[float, ...]:
        """Each seat's terminal reward: ``Outcome.returns()`` (1 shared by the winners)."""
        return self.state.outcome().returns()

    def render(self) -> str:
        """The table as the terminal shows it to a spectator, as plain text: drawn by the
        terminal renderer the game's spec names (``GameSpec.faces.terminal``, found by name
        as every layer that shows a game finds its face: docs/decisions/0028), or, for a game
        that names none, its spectator's view as plain data."""
        # rich draws the renderables; only this method needs it.
        from rich.console import Console
        from rich.pretty import Pretty

        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None, force_terminal=False)
        view = self.state.view(None)
        names = [f"seat_{i}" for i in range(self.game.num_seats)]
        renderer = terminal_face(self.game.id)
        outcome = self.state.outcome() if self.state.is_terminal() else None
        if renderer is None:
            console.print(Pretty(dict(view)))
            if outcome is not None:
                console.print(f"scores {list(outcome.scores)}; winners {list(outcome.winners)}")
            return out.getvalue()
        console.print(renderer.view(view, names, None))
        if outcome is None:
            console.print(renderer.decision(view, names, None))
        else:
            console.print(renderer.outcome(outcome.scores, outcome.winners, outcome.eliminated, names))
        return out.getvalue()


_RENDERERS: dict[str, Any] = {}
"""The terminal renderer of each game drawn so far (``None``: the game names none)."""


def terminal_face(game_id: str) -> Any:
    """The terminal renderer ``game_id``'s spec names, built once, or ``None``."""
    if game_id not in _RENDERERS:
        try:
            named = spec(game_id).faces.terminal
        except InvalidConfig:  # a game built without registering it
            named = ""
        _RENDERERS[game_id] = find(named)() if named else None
    return _RENDERERS[game_id]
