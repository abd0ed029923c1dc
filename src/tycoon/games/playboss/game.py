"""The Playboss game configuration."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from tycoon.core.actions import ActionCodec
from tycoon.core.datafiles import DataError
from tycoon.core.errors import InvalidConfig
from tycoon.core.game import Game, Segment
from tycoon.games.playboss.actions import CODEC
from tycoon.games.playboss.data import Rules, expanded, rules_with
from tycoon.games.playboss.options import (
    DEFAULT_YEARS,
    GOALS,
    MAX_BUSINESSES,
    MAX_SEATS,
    MIN_SEATS,
    SALES_GOALS,
    STEP_NAMES,
)


class Playboss(Game):
    """Playboss: the base model (rulebook Part I) and the six expansion steps (Part II).

    Options:
      players: the seats: 1 to 8 businesses (1 is solo practice); with step 6 also the worker
        representative's seat, so 2 to 9.
      years: the game ends after the round in which a business completes this many laps
        (business years); default 3.
      rounds: or, instead, after this many rounds.
        The rulebook's "fixed duration agreed before the game" is one of the two.
      steps: the expansion steps played, any combination of 1 to 6; default none: the base
        model.
      representative: with step 6, the seat of the worker representative, who owns no
        business; default the last seat. ``players`` counts him.
      goal: with step 5, one of ``GOALS``; default "profit".
      sales_target: with a sales goal, the sales in Marks that win or end the game; default 60,000.
      board: a board of one's own, the text of a file in the format of ``data/board.toml``;
        default the designed board.
      risk_cards: a risk deck of one's own, the text of a file in the format of
        ``data/risk_cards.toml``; default the designed deck.
    """

    id: ClassVar[str] = "playboss"
    rules_version: ClassVar[str] = "9"
    """Changes whenever play changes; docs/playboss.md, "Rules versions", says what each changed."""
    codec: ClassVar[ActionCodec] = CODEC

    def __init__(
        self,
        players: int = 4,
        years: int | None = None,
        rounds: int | None = None,
        steps: int | Iterable[int] = (),
        goal: str | None = None,
        sales_target: int | None = None,
        representative: int | None = None,
        board: str | None = None,
        risk_cards: str | None = None,
    ) -> None:
        if not _whole(players, MIN_SEATS) or players > MAX_SEATS:
            raise InvalidConfig(f"Playboss is for {MIN_SEATS} to {MAX_SEATS} players, not {players!r}")
        if years is not None and rounds is not None:
            raise InvalidConfig("agree on one length: give years or rounds, not both")
        if years is None and rounds is None:
            years = DEFAULT_YEARS
        for name, value in (("years", years), ("rounds", rounds)):
            if value is not None and not _whole(value, 1):
                raise InvalidConfig(f"{name} must be a whole number of at least 1, not {value!r}")
        chosen = _steps(steps)
        if 6 not in chosen and players > MAX_BUSINESSES:
            raise InvalidConfig(
                f"Playboss has {MAX_BUSINESSES} game pieces: at most {MAX_BUSINESSES} businesses, not {players}; "
                "a ninth player takes part only as the worker representative (expansion step 6), "
                "or as a partner in a business (--seats you+bot)"
            )
        options: dict[str, Any] = {"years": years} if years is not None else {"rounds": rounds}
        for name, text in (("board", board), ("risk_cards", risk_cards)):
            if text is not None and not isinstance(text, str):
                raise InvalidConfig(f"{name} must be the text of a {name}.toml file, not {text!r}")
        try:
            base = rules_with(board, risk_cards)
        except DataError as e:
            raise InvalidConfig(str(e)) from None
        if chosen:
            options["steps"] = list(chosen)
        if goal is not None or sales_target is not None:
            if 5 not in chosen:
                raise InvalidConfig("the game goals (goal, sales_target) belong to expansion step 5: add 5 to steps")
            goal = "profit" if goal is None else goal
            if goal not in GOALS:
                raise InvalidConfig(f"goal must be one of {', '.join(GOALS)}; not {goal!r}")
            if sales_target is not None and goal not in SALES_GOALS:
                raise InvalidConfig(f"the goal {goal!r} has no sales target; sales goals: {', '.join(SALES_GOALS)}")
            if sales_target is not None and not _whole(sales_target, 1):
                raise InvalidConfig(f"sales_target must be a whole number of Marks above 0, not {sales_target!r}")
            options["goal"] = goal
            if goal in SALES_GOALS:
                sales_target = base.sales_target if sales_target is None else sales_target
                options["sales_target"] = sales_target
        if 6 in chosen:
            if players < 2:
                raise InvalidConfig(
                    "the labour market (step 6) needs a worker representative besides the businesses: "
                    "at least 2 players"
                )
            representative = players - 1 if representative is None else representative
            if not _whole(representative, 0) or representative >= players:
                raise InvalidConfig(f"representative must be a seat from 0 to {players - 1}, not {representative!r}")
            options["representative"] = representative
        elif representative is not None:
            raise InvalidConfig("the worker representative belongs to expansion step 6: add 6 to steps")
        if board is not None:
            options["board"] = board
        if risk_cards is not None:
            options["risk_cards"] = risk_cards
        super().__init__(players, options)
        self.years = years
        self.rounds = rounds
        self.steps: tuple[int, ...] = chosen
        """The expansion steps on, in order."""
        self.goal: str = goal or "profit"
        """Step 5's goal of the game ("profit" is the base model's)."""
        self.sales_target: int | None = sales_target if self.goal in SALES_GOALS else None
        """The sales target of a sales goal, in Marks."""
        self.rules: Rules = expanded(base) if chosen else base
        self.representative: int = representative if representative is not None else -1
        """Step 6: the worker representative's seat (-1 without step 6)."""

    def step(self, number: int) -> bool:
        """Whether expansion step ``number`` is on."""
        return number in self.steps

    def new_state(self) -> PlaybossState:
        return PlaybossState(self)

    def observation_layout(self) -> tuple[Segment, ...]:
        return information.layout(self)


def _whole(value: object, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _steps(steps: int | Iterable[int]) -> tuple[int, ...]:
    """The expansion steps asked for, sorted; refuses unknown ones."""
    items: list[object] = [steps] if isinstance(steps, (int, str)) else list(steps)
    chosen: set[int] = set()
    for step in items:
        if not isinstance(step, int) or isinstance(step, bool) or step not in STEP_NAMES:
            raise InvalidConfig(f"the expansion steps are 1 to 6, e.g. steps=[2, 4]; not {step!r}")
        chosen.add(step)
    return tuple(sorted(chosen))


from tycoon.games.playboss import information  # noqa: E402
from tycoon.games.playboss.flow import PlaybossState  # noqa: E402  (the state needs Playboss for typing)
