"""A player's own possessions and situation: cash, pawn, profession, cards, car, waiting.

What the player owns on the board (firms, offices) is kept on the state, by space, since the
rules mostly ask "who owns this space".
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any


class Car(IntEnum):
    """A player's car: none, one in use, or one mortgaged at the bank (not usable until redeemed)."""

    NONE = 0
    IN_USE = 1
    MORTGAGED = 2


NO_CAR, CAR, CAR_MORTGAGED = Car.NONE, Car.IN_USE, Car.MORTGAGED
CAR_NAMES = ("none", "car", "mortgaged")
"""How views name each ``Car``."""

OFFICE = 0
"""The pawn's position while it waits in the EMPLOYMENT OFFICE inside the board."""


class Player:
    """One seat's player."""

    __slots__ = (
        "bankrupt",
        "car",
        "cash",
        "claims",
        "insurance",
        "member",
        "position",
        "profession",
        "seat",
        "wait",
        "welfare",
    )

    def __init__(self, seat: int, cash: int) -> None:
        self.seat = seat
        """The player's seat, from 0."""
        self.cash = cash
        """Złoty in hand."""
        self.position = 1
        """The space the pawn stands on, 1 to 40; ``OFFICE`` (0) in the employment office."""
        self.profession = 0
        """The space number of the player's profession, 0 for none."""
        self.welfare = False
        """Holds a WELFARE BENEFIT (ZASIŁEK) card."""
        self.member = False
        """Holds a PARTY MEMBERSHIP card."""
        self.insurance: tuple[str, int] | None = None
        """The INSURANCE card kept: (deck, card number), or None."""
        self.car: Car = NO_CAR
        """``NO_CAR``, ``CAR`` or ``CAR_MORTGAGED``."""
        self.wait = 0
        """Turns still to wait (police station, hospital, prison, employment office, cards)."""
        self.claims: list[tuple[int, str]] = []
        """Incomes passed and not yet reported to the Banker (only with the forfeit option)."""
        self.bankrupt = False
        """Out of the game (rulebook, "Bankruptcy")."""

    def clone(self) -> Player:
        # Compiled, a class's __new__ runs __init__ (see COMPILED below).
        p = Player(self.seat, self.cash) if COMPILED else Player.__new__(Player)
        p.seat = self.seat
        p.cash = self.cash
        p.position = self.position
        p.profession = self.profession
        p.welfare = self.welfare
        p.member = self.member
        p.insurance = self.insurance
        p.car = self.car
        p.wait = self.wait
        p.claims = self.claims.copy()
        p.bankrupt = self.bankrupt
        return p

    def fingerprint(self) -> list[Any]:
        return [
            self.cash,
            self.position,
            self.profession,
            self.welfare,
            self.member,
            list(self.insurance) if self.insurance else None,
            int(self.car),
            self.wait,
            [list(c) for c in self.claims],
            self.bankrupt,
        ]

    def usable_car(self) -> bool:
        """Whether the player drives a car (one not mortgaged)."""
        return self.car == CAR


COMPILED = hasattr(Player, "__mypyc_attrs__")
"""Whether this module runs compiled by mypyc (``TYCOON_COMPILE=1 pip install .``,
docs/decisions/0019-compiled-build.md). A compiled class's ``__new__`` runs its ``__init__``, so
``Player.clone`` builds the copy through ``__init__`` there; pure Python keeps the cheaper
``__new__``."""
