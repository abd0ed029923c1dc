"""Dice race: a tiny but complete game on the core protocol, for testing the core and the
conformance suite apart from any real game.

The rules. Two to four players race to ``target`` points. On your turn you decide, again and
again, to ``roll`` the die or to ``hold``:

- a roll of 1 loses the points gathered this turn, and the die passes to the next player;
- any other roll adds to this turn's points, and the moment your banked points plus this
  turn's reach the target, they are banked and you have won;
- ``hold`` banks this turn's points and passes the die on.

After ``rounds`` rounds (every player still in has had a turn in each) the game ends and the
highest banked score wins; players who tie share the win. With the option ``concede``, any
player still in may concede at any time, even while another player is deciding: a conceding
player is out (their turn, if it was theirs, ends and its points are lost), and when only one
player is left that player wins.

The die is chance: ``face 1`` … ``face 6``, each with probability 1/6. Nothing is hidden, so
a seat's observation is the whole race and a resample is a copy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from tycoon.core.actions import Action, ActionCodec, action
from tycoon.core.errors import GameOver, IllegalAction, InvalidConfig, NotYourTurn
from tycoon.core.game import CHANCE, JSON, TERMINAL, Game, Observation, Outcome, Segment, State
from tycoon.core.registry import register
from tycoon.core.spec import GameOption, GameSpec

RULES = "Dice race"
"""How the rules are cited in error messages."""


@action("roll")
class Roll(Action):
    """Roll the die (again) this turn."""


@action("hold")
class Hold(Action):
    """Bank this turn's points and pass the die on."""


@action("concede")
class Concede(Action):
    """Leave the race (only with the option ``concede``)."""


@action("face")
class Face(Action):
    """Chance: the die shows ``value``."""

    value: int
    """The number of pips, 1 to 6."""


CODEC = ActionCodec([Roll, Hold, Concede, Face])

FACES = [Face(value) for value in range(1, 7)]
"""The die's outcomes, in order."""

ONE_SIXTH = Fraction(1, 6)


class DiceRace(Game):
    """One configuration of dice race: the number of players, the target and the rounds."""

    id = "dice-race"
    rules_version = "1"
    codec = CODEC

    def __init__(self, players: int = 2, target: int = 20, rounds: int = 10, concede: bool = False) -> None:
        if not 2 <= players <= 4:
            raise InvalidConfig(f"dice race is for 2 to 4 players, not {players}")
        if target < 2:
            raise InvalidConfig(f"the target must be at least 2 points, not {target}")
        if rounds < 1:
            raise InvalidConfig(f"the race needs at least 1 round, not {rounds}")
        super().__init__(players, {"target": target, "rounds": rounds, "concede": concede})
        self.target = target
        """Points that win the race at once."""
        self.rounds = rounds
        """Rounds after which the highest banked score wins."""
        self.concede = concede
        """Whether a player may concede."""

    def new_state(self) -> DiceRaceState:
        return DiceRaceState(self)

    def observation_layout(self) -> tuple[Segment, ...]:
        n = self.num_seats
        return (
            Segment("banked points of each seat, from the viewer on", n, self.target),
            Segment("seats still in, from the viewer on", n),
            Segment("the seat to move, from the viewer on (one-hot; none when over)", n),
            Segment("this turn's points", 1, self.target),
            Segment("the die is rolling", 1),
            Segment("the round", 1, self.rounds),
            Segment("what the die last showed (0: not yet)", 1, 6),
        )


class DiceRaceState(State):
    """A dice race in progress."""

    def __init__(self, game: DiceRace) -> None:
        self.game = game
        self.rules = game
        self.log = None
        self.scores = [0] * game.num_seats
        """Banked points per seat."""
        self.turn_points = 0
        """Points gathered this turn, lost on a 1, banked on hold."""
        self.seat = 0
        """The seat whose turn it is."""
        self.rolling = False
        """The die has been rolled and chance must say what it shows."""
        self.round = 1
        """The round being played, from 1."""
        self.active = [True] * game.num_seats
        """Seats still in the race."""
        self.conceded: list[int] = []
        """Seats that conceded, in order."""
        self.last_roll: int | None = None
        """What the die last showed."""
        self.winners: list[int] | None = None
        """Set when the race is over."""

    # -- the protocol -----------------------------------------------------------------------

    def current_player(self) -> int:
        if self.winners is not None:
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current_player()
        if self.winners is not None:
            return []
        if seat == CHANCE:
            return list(FACES) if self.rolling else []
        if not (0 <= seat < self.game.num_seats) or not self.active[seat]:
            return []
        actions: list[Action] = []
        if seat == self.seat and not self.rolling:
            actions += [Roll(), Hold()]
        if self.rules.concede:
            actions.append(Concede())
        return actions

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(face, ONE_SIXTH) for face in FACES] if self.rolling else []

    def apply(self, action: Action, seat: int | None = None) -> None:
        if seat is None:
            seat = self.current_player()
        if self.winners is not None:
            raise GameOver(f"the race is over; {action} comes too late", RULES)
        if isinstance(action, Face):
            self._check_face(action, seat)
            self._land(action.value)
        elif isinstance(action, Concede):
            self._check_concede(seat)
            self._concede(seat)
        elif isinstance(action, Roll | Hold):
            self._check_turn(action, seat)
            if isinstance(action, Roll):
                self.rolling = True
            else:
                self.say(f"seat {seat} banks {self.turn_points}")
                self.scores[seat] += self.turn_points
                self.turn_points = 0
                self._pass_die()
        else:
            raise IllegalAction(f"{action!r} is not a dice race action", RULES)

    def outcome(self) -> Outcome:
        if self.winners is None:
            raise ValueError("the race is not over yet")
        return Outcome(tuple(self.scores), tuple(self.winners), tuple(self.conceded))

    def view(self, seat: int | None) -> JSON:
        view: JSON = {
            "scores": list(self.scores),
            "turn_points": self.turn_points,
            "to_play": self.seat,
            "rolling": self.rolling,
            "round": self.round,
            "rounds": self.rules.rounds,
            "target": self.rules.target,
            "active": list(self.active),
            "last_roll": self.last_roll,
            "winners": None if self.winners is None else list(self.winners),
        }
        if seat is not None:
            view["you"] = seat
        return view

    def observation(self, seat: int) -> Observation:
        n = self.game.num_seats
        order = [(seat + i) % n for i in range(n)]
        to_move = [0.0] * n
        if self.winners is None:
            to_move[(self.seat - seat) % n] = 1.0
        vector = (
            *(float(self.scores[s]) for s in order),
            *(float(self.active[s]) for s in order),
            *to_move,
            float(self.turn_points),
            float(self.rolling),
            float(self.round),
            float(self.last_roll or 0),
        )
        text = f"scores {self.scores}, seat {self.seat} to play with {self.turn_points}, round {self.round}"
        return Observation(vector, text)

    def resample(self, seat: int, rng: random.Random) -> DiceRaceState:
        # Nothing is hidden: every seat knows the whole race.
        return self.clone()

    def clone(self) -> DiceRaceState:
        twin = DiceRaceState.__new__(type(self))
        twin.game = self.game
        twin.rules = self.rules
        twin.log = None if self.log is None else list(self.log)
        twin.scores = list(self.scores)
        twin.turn_points = self.turn_points
        twin.seat = self.seat
        twin.rolling = self.rolling
        twin.round = self.round
        twin.active = list(self.active)
        twin.conceded = list(self.conceded)
        twin.last_roll = self.last_roll
        twin.winners = None if self.winners is None else list(self.winners)
        return twin

    def fingerprint(self) -> JSON:
        return {
            "scores": list(self.scores),
            "turn_points": self.turn_points,
            "seat": self.seat,
            "rolling": self.rolling,
            "round": self.round,
            "active": list(self.active),
            "conceded": list(self.conceded),
            "last_roll": self.last_roll,
            "winners": None if self.winners is None else list(self.winners),
        }

    # -- checks: raise before anything changes ----------------------------------------------

    def _check_face(self, face: Face, seat: int) -> None:
        if seat != CHANCE:
            raise NotYourTurn(f"seat {seat} cannot set the die; only chance can", RULES)
        if not self.rolling:
            raise IllegalAction("the die is not rolling now", RULES)
        if not 1 <= face.value <= 6:
            raise IllegalAction(f"a die shows 1 to 6 pips, not {face.value}", RULES)

    def _check_concede(self, seat: int) -> None:
        if not self.rules.concede:
            raise IllegalAction("conceding is not allowed in this race", f"{RULES}, option concede")
        if not 0 <= seat < self.game.num_seats:
            raise IllegalAction(f"there is no seat {seat} to concede", RULES)
        if not self.active[seat]:
            raise IllegalAction(f"seat {seat} has already conceded", RULES)

    def _check_turn(self, action: Action, seat: int) -> None:
        if seat != self.seat:
            raise NotYourTurn(f"it is seat {self.seat}'s turn, not seat {seat}'s", RULES)
        if self.rolling:
            raise IllegalAction(f"the die is rolling; wait for it before you {action}", RULES)

    # -- what happens -----------------------------------------------------------------------

    def _land(self, value: int) -> None:
        self.rolling = False
        self.last_roll = value
        self.say(f"seat {self.seat} rolls {value}")
        if value == 1:
            self.turn_points = 0
            self._pass_die()
            return
        self.turn_points += value
        if self.scores[self.seat] + self.turn_points >= self.rules.target:
            self.scores[self.seat] += self.turn_points
            self.turn_points = 0
            self._finish([self.seat])

    def _concede(self, seat: int) -> None:
        self.say(f"seat {seat} concedes")
        self.active[seat] = False
        self.conceded.append(seat)
        left = [s for s, active in enumerate(self.active) if active]
        if len(left) == 1:
            self._finish(left)
        elif seat == self.seat:
            self.rolling = False
            self.turn_points = 0
            self._pass_die()

    def _pass_die(self) -> None:
        n = self.game.num_seats
        after = next(s % n for s in range(self.seat + 1, self.seat + n + 1) if self.active[s % n])
        if after <= self.seat:
            self.round += 1
            if self.round > self.rules.rounds:
                self.round = self.rules.rounds
                best = max(self.scores[s] for s in range(n) if self.active[s])
                self._finish([s for s in range(n) if self.active[s] and self.scores[s] == best])
                return
        self.seat = after

    def _finish(self, winners: list[int]) -> None:
        self.say(f"the race is over; winners: {winners}")
        self.rolling = False
        self.winners = winners


def spec_for(factory: Callable[..., Game], game_id: str = DiceRace.id) -> GameSpec:
    """A registry entry for a dice race built by ``factory`` under ``game_id``."""
    return GameSpec(
        id=game_id,
        title="dice race",
        factory=factory,
        min_seats=2,
        max_seats=4,
        default_seats=2,
        options=(
            GameOption("target", "int", 20, "points to win"),
            GameOption("rounds", "int", 10, "rounds played"),
            GameOption("concede", "bool", False, "whether a seat may concede"),
        ),
    )


register(spec_for(DiceRace))
