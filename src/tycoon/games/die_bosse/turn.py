"""A player's decisions: what may be done now and why not, buying, transfers, laying a company,
giving up cards.

Rulebook "Spelverloop": on a turn a player plays as many action cards as they like, in any
order: buying companies, transfers, rationalising. Every action costs money (``paying.py``);
rationalising is in ``rationalising.py``. Then the player takes 2 new action cards; a player
who played no action card must still give up at least one.

Each decision's choices and checks are here (``*_choices``, ``check_*``); ``decisions.py``
registers them, one entry per decision, and both the legal list and ``apply`` go through it, so
what is listed is exactly what is accepted.
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.core.decisions import Refusal
from tycoon.core.messages import Seat, msg
from tycoon.games.die_bosse import words
from tycoon.games.die_bosse.actions import Buy, Discard, Done, End, Move, Pay, Place, Transfer
from tycoon.games.die_bosse.cards import representatives
from tycoon.games.die_bosse.concerns import can_join, locate, shared
from tycoon.games.die_bosse.data import CAPITAL, TRANSFER
from tycoon.games.die_bosse.paying import (
    OK,
    budget,
    can_rationalise,
    lowest_of_its_kind,
    short,
    spare,
)
from tycoon.games.die_bosse.phases import (
    PLACE,
    REFILL,
    RULE_BUY,
    RULE_CAPITAL,
    RULE_TRANSFER,
    RULE_TURN,
    TURN,
)
from tycoon.games.die_bosse.state import DieBosseData
from tycoon.games.die_bosse.words import concerns_are, millions


def turn_choices(st: DieBosseData, seat: int) -> list[Action]:
    """The ``turn`` decision's choices, the ones its checks allow, built directly (this is the
    hot path of simulation)."""
    r = st.rules
    hand = st.hands[seat]
    own = st.columns[seat]
    # The end of the turn first: the page lays the choices out in this order, and ending the
    # turn is then found (and has its key) above up to a dozen moves and transfers.
    out: list[Action] = [End()]
    left = budget(st, seat)
    out += [Buy(c) for c in st.row if r.companies[c].price <= left]
    transfers = [c for c in representatives(r, hand) if r.action(c).kind == TRANSFER]
    if transfers:
        for other, columns in enumerate(st.columns):
            if other == seat:
                continue
            for col in columns:
                price = r.companies[col[-1]].price
                out += [Transfer(t, col[-1]) for t in transfers if price * r.action(t).halves // 2 <= left]
    if can_rationalise(st, seat):
        commons = [shared(r, col) for col in own]
        new = len(own)
        for ci, col in enumerate(own):
            for pos, company in enumerate(col):
                letters = r.companies[company].letters
                for t in range(new + 1):
                    if t == ci:
                        ok = pos != len(col) - 1
                    elif t == new:
                        ok = len(col) > 1
                    else:
                        ok = len(own[t]) < r.max_concern and bool(commons[t] & letters)
                    if ok:
                        out.append(Move(company, t))
    return out


def place_choices(st: DieBosseData, seat: int) -> list[Action]:
    """The concerns the company being laid can join, and a new one."""
    r = st.rules
    own = st.columns[seat]
    letters = r.companies[st.placing].letters
    out: list[Action] = [Place(t) for t, col in enumerate(own) if len(col) < r.max_concern and shared(r, col) & letters]
    out.append(Place(len(own)))
    return out


def bill_choices(st: DieBosseData, seat: int) -> list[Action]:
    """The capital cards that can go towards the bill (one of each kind)."""
    r = st.rules
    return [Pay(c) for c in representatives(r, st.hands[seat]) if r.action(c).kind == CAPITAL]


def advance_choices(st: DieBosseData, seat: int) -> list[Action]:
    """The capital cards that can pay in advance for rationalising (``paying.spare``)."""
    return [Pay(c) for c in spare(st, seat)]


def discard_choices(st: DieBosseData, seat: int) -> list[Action]:
    """The action cards that can be given up (one of each kind), and stopping once one was."""
    out: list[Action] = [Discard(c) for c in representatives(st.rules, st.hands[seat])]
    if st.discarded:
        out.append(Done())
    return out


def check_buy(st: DieBosseData, seat: int, card: int) -> Refusal:
    """Why ``seat`` may not buy the company ``card`` now."""
    if card not in st.row:
        return msg("db.no.not_in_row"), RULE_BUY
    price = st.rules.companies[card].price
    left = budget(st, seat)
    if price > left:
        return short(price, left, "buy"), RULE_CAPITAL
    return OK


def check_transfer(st: DieBosseData, seat: int, action: Transfer) -> Refusal:
    """Why ``seat`` may not make the transfer ``action`` now."""
    hand = st.hands[seat]
    if action.card not in hand or st.rules.action(action.card).kind != TRANSFER:
        return msg("db.no.not_transfer", card=action.card), RULE_TRANSFER
    if not lowest_of_its_kind(st, hand, action.card):
        return msg("db.no.lowest_identical", card=action.card), RULE_TRANSFER
    owner, where = owner_of(st, action.company)
    if owner < 0 or owner == seat:
        return msg("db.no.transfer_others"), RULE_TRANSFER
    if where[1] != len(st.columns[owner][where[0]]) - 1:
        return msg("db.no.transfer_last"), RULE_TRANSFER
    cost = transfer_cost(st, action.card, action.company)
    left = budget(st, seat)
    if cost > left:
        return short(cost, left, "take"), RULE_CAPITAL
    return OK


def check_place(st: DieBosseData, seat: int, concern: int) -> Refusal:
    """Why ``seat`` may not lay the company being placed in ``concern``."""
    own = st.columns[seat]
    if not 0 <= concern <= len(own):
        return concerns_are(own), RULE_BUY
    if concern < len(own):
        why = can_join(st.rules, own[concern], st.placing)
        if why:
            return why, RULE_BUY
    return OK


def check_discard(st: DieBosseData, seat: int, card: int) -> Refusal:
    """Why ``seat`` may not give up ``card``."""
    hand = st.hands[seat]
    if card not in hand or not lowest_of_its_kind(st, hand, card):
        return msg("db.no.not_in_hand", card=card), RULE_TURN
    return OK


def check_done(st: DieBosseData) -> Refusal:
    """Why the player may not stop giving up cards yet."""
    if not st.discarded:
        return msg("db.no.give_up_one"), RULE_TURN
    return OK


def owner_of(st: DieBosseData, company: int) -> tuple[int, tuple[int, int]]:
    """Who holds ``company`` in a concern, and where: (seat, (concern, position)), or -1."""
    for seat, columns in enumerate(st.columns):
        where = locate(columns, company)
        if where[0] >= 0:
            return seat, where
    return -1, (-1, -1)


def transfer_cost(st: DieBosseData, card: int, company: int) -> int:
    """What transfer card ``card`` costs for ``company``: ½, 1 or 1½ times its price."""
    return st.rules.companies[company].price * st.rules.action(card).halves // 2


def buy(st: DieBosseData, seat: int, card: int) -> None:
    """Rulebook 1: buy a company from the row; its price goes on the bill; it is laid next."""
    r = st.rules
    st.row.remove(card)
    st.bill += r.companies[card].price
    st.placing, st.bought = card, True
    st.phase = PLACE
    if st.log is not None:  # narration only when somebody listens
        st.say(msg("db.say.buys", seat=Seat(seat), company=words.company(r, card)))


def transfer(st: DieBosseData, seat: int, action: Transfer) -> None:
    """Rulebook 2: take the last company of another player's concern for ½, 1 or 1½ times its
    price, on the bill; it is laid next."""
    r = st.rules
    owner, (ci, _) = owner_of(st, action.company)
    cost = transfer_cost(st, action.card, action.company)
    st.hands[seat].remove(action.card)
    st.played.append(action.card)
    st.columns[owner][ci].pop()
    if not st.columns[owner][ci]:
        del st.columns[owner][ci]
    st.bill += cost
    st.placing, st.bought = action.company, False
    st.phase = PLACE
    if st.log is not None:  # narration only when somebody listens
        st.say(
            msg(
                "db.say.transfers",
                seat=Seat(seat),
                card=words.card(r, action.card),
                company=words.company(r, action.company),
                owner=Seat(owner),
                cost=millions(cost),
            )
        )


def place(st: DieBosseData, seat: int, concern: int) -> None:
    """Rulebook 1: lay the company at the bottom of a concern or start a new one; after a
    purchase the row is refilled, and the last company sold makes this the last turn."""
    own = st.columns[seat]
    company = st.placing
    if concern == len(own):
        own.append([company])
        if st.log is not None:  # narration only when somebody listens
            st.say(msg("db.say.starts", seat=Seat(seat), n=concern + 1))
    else:
        own[concern].append(company)
        if st.log is not None:  # narration only when somebody listens
            st.say(msg("db.say.lays", seat=Seat(seat), n=concern + 1, size=len(own[concern])))
    st.placing = -1
    st.phase = TURN
    if st.bought:
        st.bought = False
        if st.industry_stack and len(st.row) < st.rules.row:
            st.phase = REFILL
        elif not st.row and not st.industry_stack:
            # Rulebook "Einde en afrekening": the game ends once the last company is sold.
            st.ending = True
            st.say(msg("db.say.last_sold", seat=Seat(seat)))


def discard(st: DieBosseData, seat: int, card: int) -> None:
    """Give up ``card`` (a turn without an action card played)."""
    st.hands[seat].remove(card)
    st.discard.append(card)
    st.given_up[seat].append(card)
    st.discarded += 1
    if st.log is not None:  # narration only when somebody listens
        st.say(msg("db.say.gives_up", seat=Seat(seat)))
