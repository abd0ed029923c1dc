"""The Die Bosse game configuration."""

from __future__ import annotations

from typing import ClassVar

from tycoon.core.actions import ActionCodec
from tycoon.core.errors import InvalidConfig
from tycoon.core.game import Game, Segment
from tycoon.games.die_bosse.actions import CODEC
from tycoon.games.die_bosse.data import Rules, rules
from tycoon.games.die_bosse.flow import DieBosseState
from tycoon.games.die_bosse.information import layout
from tycoon.games.die_bosse.options import MAX_SEATS, MIN_SEATS


class DieBosse(Game):
    """Die Bosse (Sid Sackson, F.X. Schmid 1991; a re-edition of *Venture*).

    Options:
      players: 2 to 6 (rulebook: "voor 2 tot 6 spelers").
    """

    id: ClassVar[str] = "die_bosse"
    rules_version: ClassVar[str] = "2"
    """2: rationalising is paid in advance (rulebook 3), not on the bill at the end of the turn."""
    codec: ClassVar[ActionCodec] = CODEC

    def __init__(self, players: int = 4) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not MIN_SEATS <= players <= MAX_SEATS:
            raise InvalidConfig(f"Die Bosse is for {MIN_SEATS} to {MAX_SEATS} players, not {players!r}")
        super().__init__(players, {})
        self.rules: Rules = rules()

    def new_state(self) -> DieBosseState:
        return DieBosseState(self)

    def observation_layout(self) -> tuple[Segment, ...]:
        return layout(self.rules, self.num_seats)
