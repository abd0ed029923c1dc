"""Coin flip: a tiny two-seat game for testing the simulator and the command line.

Chance first picks who starts. Then the seats take turns: the seat to move calls a side and
stakes 1 or 2 chips (``call heads 2``), chance flips the coin, and a right call wins the stake
from the bank while a wrong one loses it. A seat left with no chips is eliminated (bankrupt)
and the other wins at once; otherwise the game ends after ``rounds`` rounds (each seat calls
once a round) and the most chips win, a tie shared. The score is the chips held.

Importing the module registers the game as ``coinflip``. Its hooks follow the convention of a
game package: ``BOTS``, ``describe(action)`` and ``report(state)``.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from tycoon.core import (
    CHANCE,
    TERMINAL,
    Action,
    ActionCodec,
    Game,
    GameOption,
    GameSpec,
    IllegalAction,
    InvalidConfig,
    NotYourTurn,
    Outcome,
    State,
    action,
    register,
)

GAME_ID = "coinflip"
START_CHIPS = 3


@action("start")
class Start(Action):
    """Chance: the seat that calls first."""

    seat: int


@action("call")
class Call(Action):
    """A seat calls ``side`` (heads or tails) and stakes ``stake`` chips (1 or 2)."""

    side: str
    stake: int


@action("flip")
class Flip(Action):
    """Chance: the side the coin shows."""

    side: str


class CoinGame(Game):
    """Coin flip with ``rounds`` rounds (default 3) for exactly two players."""

    id = GAME_ID
    rules_version = "1"
    codec = ActionCodec([Start, Call, Flip])

    def __init__(self, players: int = 2, rounds: int = 3, **options: Any) -> None:
        if players != 2:
            raise InvalidConfig(f"coinflip is for 2 players, not {players}")
        if options:
            raise InvalidConfig(f"coinflip has no option(s) {sorted(options)}; it has rounds")
        super().__init__(players, {"rounds": rounds})
        self.rounds = rounds

    def new_state(self) -> CoinState:
        return CoinState(self)


class CoinState(State):
    """A coin flip game in progress."""

    def __init__(self, game: CoinGame) -> None:
        self.game = game
        self.log = None
        self.chips = [START_CHIPS, START_CHIPS]
        self.round = 0
        self.to_move: int | None = None
        self.starter = 0
        self.call: Call | None = None
        self.eliminated: list[int] = []
        self.over = False

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.to_move is None or self.call is not None:
            return CHANCE
        return self.to_move

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        seat = self.current_player() if seat is None else seat
        if seat == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if seat != self.current_player():
            return []
        return [Call(side, stake) for side in ("heads", "tails") for stake in (1, 2) if stake <= self.chips[seat]]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.current_player() != CHANCE:
            return []
        if self.to_move is None:
            return [(Start(0), Fraction(1, 2)), (Start(1), Fraction(1, 2))]
        return [(Flip("heads"), Fraction(1, 2)), (Flip("tails"), Fraction(1, 2))]

    def apply(self, action: Action, seat: int | None = None) -> None:
        current = self.current_player()
        seat = current if seat is None else seat
        if current == TERMINAL:
            raise IllegalAction("the game is over")
        if seat != current:
            raise NotYourTurn(f"it is seat {current}'s turn, not seat {seat}'s")
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action} is not allowed now", "coinflip: stake 1 or 2 chips you hold")
        if isinstance(action, Start):
            self.to_move = self.starter = action.seat
            self.round = 1
            self.say(f"seat {action.seat} calls first")
        elif isinstance(action, Call):
            self.call = action
            self.say(f"seat {seat} calls {action.side} for {action.stake}")
        elif isinstance(action, Flip):
            self._flip(action)

    def _flip(self, flip: Flip) -> None:
        assert self.call is not None and self.to_move is not None
        caller, call = self.to_move, self.call
        self.call = None
        if call.side == flip.side:
            self.chips[caller] += call.stake
            self.say(f"the coin shows {flip.side}: seat {caller} wins {call.stake}")
        else:
            self.chips[caller] -= call.stake
            self.say(f"the coin shows {flip.side}: seat {caller} loses {call.stake}")
        if self.chips[caller] == 0:
            self.eliminated.append(caller)
            self.say(f"seat {caller} is bankrupt")
            self.over = True
            return
        self.to_move = 1 - caller
        if self.to_move == self.starter:
            if self.round == self.game.rounds:  # type: ignore[attr-defined]
                self.over = True
                return
            self.round += 1

    def outcome(self) -> Outcome:
        alive = [s for s in (0, 1) if s not in self.eliminated]
        best = max(self.chips[s] for s in alive)
        winners = tuple(s for s in alive if self.chips[s] == best)
        return Outcome(tuple(self.chips), winners, tuple(self.eliminated))

    def describe(self, action: Action, viewer: int | None = None) -> str:
        return describe(action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "round": self.round,
            "chips": list(self.chips),
            "to_move": self.to_move,
            "call": None if self.call is None else str(self.call),
        }

    def clone(self) -> CoinState:
        other = CoinState(self.game)  # type: ignore[arg-type]
        other.chips = list(self.chips)
        other.round, other.to_move, other.starter = self.round, self.to_move, self.starter
        other.call, other.eliminated, other.over = self.call, list(self.eliminated), self.over
        other.log = None if self.log is None else list(self.log)
        return other

    def fingerprint(self) -> dict[str, Any]:
        return {
            "chips": list(self.chips),
            "round": self.round,
            "to_move": self.to_move,
            "call": None if self.call is None else self.call.to_json(),
            "eliminated": list(self.eliminated),
            "over": self.over,
        }


class HeadsBot:
    """Always calls heads, staking 1 chip."""

    name = "heads"

    def seed(self, seed: int | str) -> None:
        pass

    def act(self, state: State, seat: int) -> Action:
        return Call("heads", 1)


class BoldBot:
    """Calls a random side, staking as much as it may."""

    name = "bold"

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        stake = 2 if state.chips[seat] >= 2 else 1  # type: ignore[attr-defined]
        return Call(self.rng.choice(["heads", "tails"]), stake)


BOTS = {"heads": HeadsBot, "bold": BoldBot}


def describe(action: Action) -> str:
    """A player's reading of an action."""
    if isinstance(action, Call):
        return f"call {action.side}, staking {action.stake} chip{'s' if action.stake > 1 else ''}"
    return str(action)


def report(state: State) -> list[dict[str, Any]]:
    """Per-seat balance sheets: chips against the starting chips."""
    chips: list[int] = state.chips  # type: ignore[attr-defined]
    return [
        {
            "seat": seat,
            "assets": [["Chips", c]],
            "liabilities": [["Starting chips", START_CHIPS]],
            "total_assets": c,
            "total_liabilities": START_CHIPS,
            "profit": c - START_CHIPS,
        }
        for seat, c in enumerate(chips)
    ]


register(
    GameSpec(
        id=GAME_ID,
        title="coinflip",
        factory=CoinGame,
        min_seats=2,
        max_seats=2,
        default_seats=2,
        options=(GameOption("rounds", "int", 3, "flips per game"),),
        bots=BOTS,
        report=report,
    )
)
