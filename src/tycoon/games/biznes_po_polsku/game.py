"""The Biznes po polsku game configuration."""

from __future__ import annotations

from typing import Any, ClassVar

from tycoon.core.actions import ActionCodec
from tycoon.core.datafiles import DataError
from tycoon.core.errors import InvalidConfig
from tycoon.core.game import Game, Segment
from tycoon.games.biznes_po_polsku import observe
from tycoon.games.biznes_po_polsku.actions import CODEC
from tycoon.games.biznes_po_polsku.data import Rules, rules_with
from tycoon.games.biznes_po_polsku.flow import BiznesPlay


class BiznesPoPolsku(Game):
    """Biznes po polsku (rules/biznes-po-polsku.txt).

    Options:
      players: 2 to 5.
      rounds: the agreed end, after this many rounds (default 60, about five circuits of the
        track); the largest fortune then wins. 0: no agreed end, play until one player is left.
      forfeit_forgotten_salary: table-faithful play (default False). Salaries, allowances and
        the welfare benefit earned by passing a space must be claimed (``claim``) before the next
        player rolls, or they are forfeited, as the rulebook says. Off, the software pays them
        at once: it never forgets.
      board, los, niespodzianka: a track or a deck of one's own, the text of a file in the
        format of ``data/board.toml``, ``data/los.toml`` or ``data/niespodzianka.toml``; default
        the shipped ones.
    """

    id: ClassVar[str] = "biznes_po_polsku"
    rules_version: ClassVar[str] = "3"
    codec: ClassVar[ActionCodec] = CODEC

    def __init__(
        self,
        players: int = 4,
        rounds: int | None = None,
        forfeit_forgotten_salary: bool = False,
        board: str | None = None,
        los: str | None = None,
        niespodzianka: str | None = None,
    ) -> None:
        files = {"board": board, "los": los, "niespodzianka": niespodzianka}
        for name, text in files.items():
            if text is not None and not isinstance(text, str):
                raise InvalidConfig(f"{name} must be the text of a {name}.toml file, not {text!r}")
        try:
            r = rules_with(board, los, niespodzianka)
        except DataError as e:
            raise InvalidConfig(str(e)) from None
        if not isinstance(players, int) or isinstance(players, bool) or not r.min_players <= players <= r.max_players:
            raise InvalidConfig(f"Biznes po polsku is for {r.min_players} to {r.max_players} players, not {players!r}")
        if rounds is None:
            rounds = r.default_rounds
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
            raise InvalidConfig(f"rounds must be a whole number, 0 for no agreed end, not {rounds!r}")
        if not isinstance(forfeit_forgotten_salary, bool):
            raise InvalidConfig(f"forfeit_forgotten_salary must be true or false, not {forfeit_forgotten_salary!r}")
        options: dict[str, Any] = {"rounds": rounds, "forfeit_forgotten_salary": forfeit_forgotten_salary}
        options.update({name: text for name, text in files.items() if text is not None})
        super().__init__(players, options)
        self.rounds = rounds
        self.forfeit_forgotten_salary = forfeit_forgotten_salary
        self.rules: Rules = r

    def new_state(self) -> BiznesPlay:
        return BiznesPlay(self)

    def observation_layout(self) -> tuple[Segment, ...]:
        return observe.layout(self)
