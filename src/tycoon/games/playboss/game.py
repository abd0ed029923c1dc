"""The Playboss game configuration."""

from __future__ import annotations

from typing import Any, ClassVar

from tycoon.core.actions import ActionCodec
from tycoon.core.errors import InvalidConfig
from tycoon.core.game import Game
from tycoon.games.playboss.actions import CODEC
from tycoon.games.playboss.data import Rules, rules

MIN_SEATS, MAX_SEATS = 1, 9
DEFAULT_YEARS = 3


class Playboss(Game):
    """Playboss, base model (rulebook Part I).

    Options:
      players: 1 to 9 businesses (1 is solo practice).
      years: the game ends after the round in which a business completes this many laps
        (business years); default 3.
      rounds: or, instead, after this many rounds.
    The rulebook's "fixed duration agreed before the game" is one of the two.
    """

    id: ClassVar[str] = "playboss"
    rules_version: ClassVar[str] = "1"
    codec: ClassVar[ActionCodec] = CODEC

    def __init__(self, players: int = 4, years: int | None = None, rounds: int | None = None) -> None:
        if not isinstance(players, int) or not MIN_SEATS <= players <= MAX_SEATS:
            raise InvalidConfig(f"Playboss is for {MIN_SEATS} to {MAX_SEATS} businesses, not {players!r}")
        if years is not None and rounds is not None:
            raise InvalidConfig("agree on one length: give years or rounds, not both")
        if years is None and rounds is None:
            years = DEFAULT_YEARS
        for name, value in (("years", years), ("rounds", rounds)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
                raise InvalidConfig(f"{name} must be a whole number of at least 1, not {value!r}")
        options: dict[str, Any] = {"years": years} if years is not None else {"rounds": rounds}
        super().__init__(players, options)
        self.years = years
        self.rounds = rounds
        self.rules: Rules = rules()

    def new_state(self) -> PlaybossState:
        return PlaybossState(self)


from tycoon.games.playboss.state import PlaybossState  # noqa: E402  (the state needs Playboss for typing)
