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

from tycoon.core.agenda import Task
from tycoon.core.messages import Seat, msg
from tycoon.games.biznes_po_polsku import naming, politics, professions, track
from tycoon.games.biznes_po_polsku.data import Card
from tycoon.games.biznes_po_polsku.phases import BANK, DRAW
from tycoon.games.biznes_po_polsku.players import CAR_MORTGAGED, NO_CAR, Player
from tycoon.games.biznes_po_polsku.tasks import LAND, Pay, Wait

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState


def draw(st: BiznesState, p: Player, deck: str) -> None:
    """``p`` stops on a LOS or NIESPODZIANKA space: the top card of ``deck`` is drawn."""
    if st.unseen[deck]:
        st.drawing = deck
        st.decide(DRAW, p.seat)
        return
    # Every card has been seen: the top card is the first of those put back at the bottom.
    resolve(st, p, deck, st.known[deck].pop(0))


def resolve(st: BiznesState, p: Player, deck: str, number: int) -> None:
    """Carry out card ``number`` of ``deck``, just taken from the top of the stack, for ``p``."""
    card = st.rules.deck(deck)[number]
    st.card = f"{deck}:{number}"
    st.card_drawer = p.seat
    if st.log is not None:
        # Told of the drawer in the third person: everybody reads the narration.
        st.say(msg("bp.say.draws", seat=Seat(p.seat), deck=naming.deck(deck), card=naming.card(card, p.seat)))
    if card.effect == "insurance":
        if p.insurance is None:
            p.insurance = (deck, number)
            st.say(msg("bp.say.keeps_insurance", seat=Seat(p.seat)))
        else:
            # "one player may not hold two INSURANCE cards."
            st.known[deck].append(number)
            st.say(msg("bp.say.insurance_twice", seat=Seat(p.seat)))
        return
    # "After reading the content of the card aloud, the player places it at the bottom."
    st.known[deck].append(number)
    if card.police and track.immune(st, p):
        st.say(msg("bp.say.mp_not_punished", seat=Seat(p.seat)))
        return
    if card.insurable and p.insurance is not None and _harms(st, p, card):
        # "A player who draws an INSURANCE card may keep it until the end of the game. He must,
        # however, return it (to the deck) if he is dismissed": covering a damage does not use
        # it up; only dismissal (professions.dismiss) or bankruptcy gives it back.
        st.say(msg("bp.say.insured", seat=Seat(p.seat)))
        return
    # What the card does comes first ("a 200 zł fine and you wait one turn"), then the wait.
    st.agenda.push(*_carry_out(st, p, card), *([Wait(p.seat, card.wait)] if card.wait else []))


def _harms(st: BiznesState, p: Player, card: Card) -> bool:
    if card.effect == "car_stolen":
        return p.car != NO_CAR
    if card.effect == "repairs":
        return repairs_bill(st, p, card) > 0
    return True


def repairs_bill(st: BiznesState, p: Player, card: Card) -> int:
    """What a repairs card costs ``p``: so much per brick and per pyramid."""
    r = st.rules
    total = 0
    for n in st.owned[p.seat]:
        if st.level[n]:
            total += card.pyramid if st.level[n] == r.levels else card.amount * st.level[n]
    return total


def _carry_out(st: BiznesState, p: Player, card: Card) -> list[Task]:
    """Do what ``card`` says for ``p``; the tasks it leaves to do next, in order."""
    e = card.effect
    title = f"card {card.deck} {card.number}"
    if e == "receive":
        st.receive(p, card.amount, title)
    elif e == "pay":
        return [Pay(p.seat, card.amount, BANK, title)]
    elif e == "repairs":
        bill = repairs_bill(st, p, card)
        return [Pay(p.seat, bill, BANK, title)] if bill else []
    elif e == "collect":
        return [Pay(q.seat, card.amount, p.seat, title) for q in _others(st, p)]
    elif e == "pay_each":
        return [Pay(p.seat, card.amount, q.seat, title) for q in _others(st, p)]
    elif e == "advance":
        track.move(st, p, (card.space - p.position) % track.SIZE or track.SIZE)
        return [LAND]
    elif e == "forward":
        track.move(st, p, card.steps)
        return [LAND]
    elif e == "back":
        return _go(st, p, track.ahead(p.position, -card.steps))
    elif e == "go":
        return _go(st, p, card.space)
    elif e == "wait":
        p.wait += card.turns
        st.say(msg("bp.say.waits", seat=Seat(p.seat), turns=card.turns))
    elif e == "dismissal":
        professions.dismiss(st, p)
    elif e == "car_stolen":
        if p.car == NO_CAR:
            st.say(msg("bp.say.no_car", seat=Seat(p.seat)))
        else:
            # A mortgaged car is stolen from the bank's keeping: the mortgage ends with it.
            if p.car == CAR_MORTGAGED:
                st.say(msg("bp.say.car_mortgage_ends"))
            p.car = NO_CAR
            st.bank_cars += 1
            st.say(msg("bp.say.car_stolen", seat=Seat(p.seat)))
    elif e == "lose_mandate":
        politics.lose_mandate(st)
    else:  # pragma: no cover - data.py validates the effects
        raise ValueError(f"unknown card effect {e!r}")
    return []


def _go(st: BiznesState, p: Player, n: int) -> list[Task]:
    """Put ``p`` straight on space ``n``, passing nothing; the landing comes next."""
    p.position = n
    if st.log is not None:
        st.say(msg("bp.say.goes", seat=Seat(p.seat), n=n, space=naming.space(st.rules, n)))
    return [LAND]


def _others(st: BiznesState, p: Player) -> list[Player]:
    """The other players still in the game, in seat order from ``p``'s left."""
    n = len(st.players)
    return [st.players[(p.seat + k) % n] for k in range(1, n) if not st.players[(p.seat + k) % n].bankrupt]
