"""The LOS and NIESPODZIANKA stacks: draw the top card, read it, put it at the bottom, carry it out.

Rulebook, "Chance (LOS) and Surprise (NIESPODZIANKA) Cards". The stacks are shuffled face down
at the start, so the cards not yet seen lie on top in an order nobody knows: while any are
left, the next draw is a chance node over them, each equally likely; the cards seen go to the
bottom in the order drawn (docs/decisions/0003-risk-deck-chance.md). An INSURANCE card kept by
a player leaves the stack until it is returned (on dismissal, or by a bankrupt player), and then
goes to the bottom, after the cards already there, exactly as at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.games.biznes_po_polsku import board, politics, professions
from tycoon.games.biznes_po_polsku.data import Card
from tycoon.games.biznes_po_polsku.players import CAR_MORTGAGED, NO_CAR, Player
from tycoon.games.biznes_po_polsku.text import turns

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState


def draw(st: BiznesState, p: Player, deck: str) -> None:
    from tycoon.games.biznes_po_polsku import state as S

    if st.unseen[deck]:
        st.drawing = deck
        st.decide(S.DRAW, p.seat)
        return
    # Every card has been seen: the top card is the first of those put back at the bottom.
    resolve(st, p, deck, st.known[deck].pop(0))


def return_insurance(st: BiznesState, p: Player) -> None:
    """``p`` gives the INSURANCE card back: it goes to the bottom of its stack."""
    if p.insurance is not None:
        deck, number = p.insurance
        st.known[deck].append(number)
        p.insurance = None
        st.say(f"Seat {p.seat} returns the INSURANCE card to the {deck.upper()} stack.")


def resolve(st: BiznesState, p: Player, deck: str, number: int) -> None:
    """Carry out card ``number`` of ``deck``, just taken from the top of the stack, for ``p``."""
    card = st.rules.deck(deck)[number]
    st.card = f"{deck}:{number}"
    st.say(f"Seat {p.seat} draws {deck.upper()}: {card.title}.")
    if card.effect == "insurance":
        if p.insurance is None:
            p.insurance = (deck, number)
            st.say(f"Seat {p.seat} keeps the INSURANCE card.")
        else:
            # "one player may not hold two INSURANCE cards."
            st.known[deck].append(number)
            st.say(f"Seat {p.seat} already holds an INSURANCE card: this one goes to the bottom.")
        return
    # "After reading the content of the card aloud, the player places it at the bottom."
    st.known[deck].append(number)
    if card.police and board.immune(st, p):
        st.say(f"Seat {p.seat} is an MP: the police cannot punish an MP.")
        return
    if card.insurable and p.insurance is not None and _harms(st, p, card):
        # "A player who draws an INSURANCE card may keep it until the end of the game. He must,
        # however, return it (to the deck) if he is dismissed": covering a damage does not use
        # it up; only dismissal (professions.dismiss) or bankruptcy gives it back.
        st.say(f"Seat {p.seat}'s INSURANCE pays for it; the card stays with seat {p.seat}.")
        return
    _carry_out(st, p, card)
    if card.wait:
        p.wait += card.wait
        st.say(f"Seat {p.seat} waits {turns(card.wait)}.")


def _harms(st: BiznesState, p: Player, card: Card) -> bool:
    if card.effect == "car_stolen":
        return p.car != NO_CAR
    if card.effect == "repairs":
        return repairs_bill(st, p, card) > 0
    return True


def repairs_bill(st: BiznesState, p: Player, card: Card) -> int:
    r = st.rules
    total = 0
    for n in r.firms:
        if st.owner[n] == p.seat and st.level[n]:
            total += card.pyramid if st.level[n] == r.levels else card.amount * st.level[n]
    return total


def _carry_out(st: BiznesState, p: Player, card: Card) -> None:
    e = card.effect
    title = card.title.split(" - ")[0].lower()
    if e == "receive":
        st.receive(p, card.amount, title)
    elif e == "pay":
        st.charge(p, card.amount, title)
    elif e == "repairs":
        st.charge(p, repairs_bill(st, p, card), title)
    elif e == "collect":
        st.steps[0:0] = [("pay", q.seat, card.amount, p.seat, title) for q in _others(st, p)]
    elif e == "pay_each":
        st.steps[0:0] = [("pay", p.seat, card.amount, q.seat, title) for q in _others(st, p)]
    elif e == "advance":
        steps = (card.space - p.position) % board.SIZE or board.SIZE
        board.move(st, p, steps)
        st.steps.insert(0, ("land", 0, 0, 0, ""))
    elif e == "forward":
        board.move(st, p, card.steps)
        st.steps.insert(0, ("land", 0, 0, 0, ""))
    elif e == "back":
        board.place(st, p, board.ahead(p.position, -card.steps))
    elif e == "go":
        board.place(st, p, card.space)
    elif e == "wait":
        p.wait += card.turns
        st.say(f"Seat {p.seat} waits {turns(card.turns)}.")
    elif e == "dismissal":
        professions.dismiss(st, p)
    elif e == "car_stolen":
        if p.car == NO_CAR:
            st.say(f"Seat {p.seat} has no car to steal.")
        else:
            # A mortgaged car is stolen from the bank's keeping: the mortgage ends with it.
            if p.car == CAR_MORTGAGED:
                st.say("The bank's mortgage on the car ends with it.")
            p.car = NO_CAR
            st.bank_cars += 1
            st.say(f"Seat {p.seat}'s car is stolen; the pawn returns to the board.")
    elif e == "lose_mandate":
        politics.lose_mandate(st)
    else:  # pragma: no cover - data.py validates the effects
        raise ValueError(f"unknown card effect {e!r}")


def _others(st: BiznesState, p: Player) -> list[Player]:
    """The other players still in the game, in seat order from ``p``'s left."""
    n = len(st.players)
    return [st.players[(p.seat + k) % n] for k in range(1, n) if not st.players[(p.seat + k) % n].bankrupt]
