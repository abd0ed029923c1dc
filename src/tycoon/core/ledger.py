"""The bank's ledger, for games in which money moves only through ``pay``, ``receive`` and
``transfer`` (Playboss, Biznes po polsku), so that it always balances: the players' cash is
what the bank paid out less what it took in.

A game's state keeps the two sums (``Books``), each player its cash (``Account``), and the game
says in its own words (``Wording``) what each payment was; the words are made only when
somebody listens (the state's ``log``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from tycoon.core.messages import Message, Money, Seat, Text, msg


class Account(Protocol):
    """Whoever holds cash: a seat's player or business."""

    seat: int
    cash: int


class Books(Protocol):
    """The state's part of the ledger."""

    ledger_in: int
    """Money paid to the bank over the game."""
    ledger_out: int
    """Money paid out by the bank over the game, starting money included."""
    log: list[Text] | None
    """Narration of what happened, or ``None`` when nobody listens."""


@dataclass(frozen=True, slots=True)
class Wording:
    """How a game tells each kind of payment: ``str.format`` templates of ``seat`` (the payer,
    or the payee of the bank), ``amount``, ``why`` and, for a transfer, ``payee``; or, with a
    ``unit``, the catalogue keys of messages with those parameters (``seat`` and ``payee`` a
    ``Seat``, ``amount`` a ``Money`` in ``unit``, ``why`` as the game gives it)."""

    pays: str
    receives: str
    transfers: str
    unit: str = ""
    """The catalogue key that writes the game's money; empty for ``str.format`` templates."""

    def told(self, template: str, seat: int, amount: int, why: Text, payee: int | None = None) -> Text:
        """The payment as the narration tells it."""
        if not self.unit:
            return template.format(seat=seat, amount=amount, why=why, payee=payee)
        told: Message = msg(template, seat=Seat(seat), amount=Money(amount, self.unit), why=why)
        if payee is not None:
            told.params["payee"] = Seat(payee)
        return told


def pay(books: Books, payer: Account, amount: int, why: Text, words: Wording) -> None:
    """``payer`` pays ``amount`` to the bank (the caller has checked that it can)."""
    payer.cash -= amount
    books.ledger_in += amount
    if books.log is not None:
        books.log.append(words.told(words.pays, payer.seat, amount, why))


def receive(books: Books, payee: Account, amount: int, why: Text, words: Wording) -> None:
    """The bank pays ``amount`` to ``payee``."""
    payee.cash += amount
    books.ledger_out += amount
    if books.log is not None:
        books.log.append(words.told(words.receives, payee.seat, amount, why))


def transfer(books: Books, payer: Account, payee: Account, amount: int, why: Text, words: Wording) -> None:
    """``payer`` pays ``amount`` to ``payee`` (the caller has checked that it can)."""
    payer.cash -= amount
    payee.cash += amount
    if books.log is not None:
        books.log.append(words.told(words.transfers, payer.seat, amount, why, payee.seat))
