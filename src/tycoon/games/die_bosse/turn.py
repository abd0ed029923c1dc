"""A player's turn: buying, transfers, rationalising, placing, paying, giving up cards.

Rulebook "Spelverloop": on a turn a player plays as many action cards as they like, in any
order: buying companies, transfers, rationalising. Every action costs money; the payment goes
to the bank at the end of the turn. Then the player takes 2 new action cards; a player who
played no action card must still give up at least one.

Purchases and transfers add their cost to the turn's bill, which the player pays at the end by
handing over capital cards one at a time (``pay``) until they cover it: no change is given, no
credit. So that the bill can always be paid, an action is allowed only while the capital cards
in the hand are worth at least the bill with its cost added ("de bank geeft geen krediet").
Rationalising is paid in advance instead ("Dit moet je vooraf betalen"): a move waits in the
``ADVANCE`` phase for a capital card that the bill can spare (``docs/die-bosse.md``).

Every check is in ``check``, which both ``legal`` (the list) and ``apply`` use, so what is
listed is exactly what is accepted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.die_bosse import profits
from tycoon.games.die_bosse.actions import Buy, Discard, Done, End, Move, Pay, Place, Transfer
from tycoon.games.die_bosse.cards import representatives, worth
from tycoon.games.die_bosse.concerns import NEW, can_join, duplicates, locate, shared
from tycoon.games.die_bosse.data import CAPITAL, TRANSFER
from tycoon.games.die_bosse.phases import ADVANCE, DISCARD, OVER, PAY, PLACE, REFILL, TURN
from tycoon.games.die_bosse.words import plural

if TYPE_CHECKING:
    from tycoon.games.die_bosse.state import DieBosseState

RULE_TURN = 'Die Bosse, "Spelverloop"'
RULE_BUY = 'Die Bosse, "1. Bedrijven kopen en concern uitbouwen"'
RULE_CAPITAL = 'Die Bosse, "kapitaalkaarten"'
RULE_TRANSFER = 'Die Bosse, "2. Transfers doorvoeren"'
RULE_RATIONALISE = 'Die Bosse, "3. Rationaliseren"'

Refusal = tuple[str, str]
"""Why an action is refused and the rule it breaks; ``("", "")`` when it is allowed."""
OK: Refusal = ("", "")


def budget(st: DieBosseState, seat: int) -> int:
    """How much more the turn may cost: the hand's capital worth less the bill so far."""
    return worth(st.rules, st.hands[seat]) - st.bill


def spare(st: DieBosseState, seat: int, first: bool = False) -> list[int]:
    """The capital cards (one of each kind) that can pay in advance for rationalising: those
    whose loss leaves the rest of the hand worth at least the turn's bill. With ``first``,
    only the first one found (enough to know whether a move can be paid)."""
    r = st.rules
    hand = st.hands[seat]
    out = []
    for c in representatives(r, hand):
        if r.action(c).kind != CAPITAL:
            continue
        if st.bill:
            rest = hand.copy()
            rest.remove(c)
            if worth(r, rest) < st.bill:
                continue
        out.append(c)
        if first:
            break
    return out


def can_rationalise(st: DieBosseState, seat: int) -> bool:
    """Whether a move can be paid for: already paid in advance, or a card to spare."""
    return st.prepaid >= st.rules.rationalise or bool(spare(st, seat, first=True))


def legal(st: DieBosseState, seat: int) -> list[Action]:
    """The actions ``check`` allows, built directly (this is the hot path of simulation)."""
    r = st.rules
    hand = st.hands[seat]
    own = st.columns[seat]
    out: list[Action] = []
    if st.phase == TURN:
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
        out.append(End())
    elif st.phase == PLACE:
        letters = r.companies[st.placing].letters
        out += [Place(t) for t, col in enumerate(own) if len(col) < r.max_concern and shared(r, col) & letters]
        out.append(Place(len(own)))
    elif st.phase == PAY:
        out += [Pay(c) for c in representatives(r, hand) if r.action(c).kind == CAPITAL]
    elif st.phase == ADVANCE:
        out += [Pay(c) for c in spare(st, seat)]
    elif st.phase == DISCARD:
        out += [Discard(c) for c in representatives(r, hand)]
        if st.discarded:
            out.append(Done())
    return out


def check(st: DieBosseState, seat: int, action: Action, left: int | None = None) -> Refusal:
    """Why ``seat`` may not take ``action`` now (see ``Refusal``)."""
    r = st.rules
    if left is None:
        left = budget(st, seat)
    hand = st.hands[seat]
    own = st.columns[seat]
    phase = st.phase
    if isinstance(action, Buy) and phase == TURN:
        if action.card not in st.row:
            return "only the companies face up in the row can be bought", RULE_BUY
        price = r.companies[action.card].price
        if price > left:
            return _short(price, left, "buy it"), RULE_CAPITAL
        return OK
    if isinstance(action, Transfer) and phase == TURN:
        if action.card not in hand or r.action(action.card).kind != TRANSFER:
            return f"card {action.card} is not a transfer card in your hand", RULE_TRANSFER
        if action.card not in representatives(r, hand):
            return f"name the lowest-numbered of your identical cards, not {action.card}", RULE_TRANSFER
        owner, where = _owner(st, action.company)
        if owner < 0 or owner == seat:
            return "a transfer takes a company from another player's concern", RULE_TRANSFER
        if where[1] != len(st.columns[owner][where[0]]) - 1:
            return "only the last company of a concern can be taken", RULE_TRANSFER
        cost = transfer_cost(st, action.card, action.company)
        if cost > left:
            return _short(cost, left, "take it"), RULE_CAPITAL
        return OK
    if isinstance(action, Move) and phase == TURN:
        ci, pos = locate(own, action.company)
        if ci < 0:
            return f"company {action.company} is not in one of your concerns", RULE_RATIONALISE
        if not 0 <= action.concern <= len(own):
            return _concerns_are(own), RULE_RATIONALISE
        if action.concern == ci and pos == len(own[ci]) - 1:
            return "the company is already at the bottom of its concern", RULE_RATIONALISE
        if action.concern == len(own) and len(own[ci]) == 1:
            return "the company is already a concern of its own", RULE_RATIONALISE
        if action.concern not in (ci, len(own)):
            why = can_join(r, own[action.concern], action.company)
            if why:
                return why, RULE_BUY
        if not can_rationalise(st, seat):
            return _no_advance(st, seat), RULE_RATIONALISE
        return OK
    if isinstance(action, End) and phase == TURN:
        return OK
    if isinstance(action, Place) and phase == PLACE:
        if not 0 <= action.concern <= len(own):
            return _concerns_are(own), RULE_BUY
        if action.concern < len(own):
            why = can_join(r, own[action.concern], st.placing)
            if why:
                return why, RULE_BUY
        return OK
    if isinstance(action, Pay) and phase == PAY:
        if action.card not in hand or r.action(action.card).kind != CAPITAL:
            return f"card {action.card} is not a capital card in your hand", RULE_CAPITAL
        if action.card not in representatives(r, hand):
            return f"name the lowest-numbered of your identical cards, not {action.card}", RULE_CAPITAL
        return OK
    if isinstance(action, Pay) and phase == ADVANCE:
        if action.card not in hand or r.action(action.card).kind != CAPITAL:
            return f"card {action.card} is not a capital card in your hand", RULE_RATIONALISE
        if action.card not in representatives(r, hand):
            return f"name the lowest-numbered of your identical cards, not {action.card}", RULE_CAPITAL
        if action.card not in spare(st, seat):
            return (
                f"your capital cards must still pay the bill of {st.bill} million at the end of the turn, "
                f"and without {r.action(action.card).text} they do not; pay in advance with another card"
            ), RULE_CAPITAL
        return OK
    if isinstance(action, Discard) and phase == DISCARD:
        if action.card not in representatives(r, hand):
            return f"card {action.card} is not in your hand (or name the lowest-numbered identical one)", RULE_TURN
        return OK
    if isinstance(action, Done) and phase == DISCARD:
        if not st.discarded:
            return "a player who played no action card must give up at least one", RULE_TURN
        return OK
    return f"{action} is not possible now: {st.phase_text()}", RULE_TURN


def _concerns_are(own: list[list[int]]) -> str:
    if not own:
        return "you have no concern yet: 0 starts your first one"
    if len(own) == 1:
        return "you have concern 0, or 1 for a new one"
    return f"you have concerns 0 to {len(own) - 1}, or {len(own)} for a new one"


def _short(cost: int, left: int, what: str) -> str:
    return (
        f"it costs {cost} million but your capital cards cover only {left} million more this turn; "
        f"the bank gives no credit, so you cannot {what}"
    )


def _no_advance(st: DieBosseState, seat: int) -> str:
    cost = st.rules.rationalise
    head = f"rationalising is paid in advance, {cost} million per company moved, and "
    if not any(st.rules.action(c).kind == CAPITAL for c in st.hands[seat]):
        return head + "you hold no capital card to pay with; the bank gives no credit"
    return (
        head + f"each of your capital cards is needed for the bill of {st.bill} million at the end of the turn; "
        "the bank gives no credit"
    )


def _owner(st: DieBosseState, company: int) -> tuple[int, tuple[int, int]]:
    for seat, columns in enumerate(st.columns):
        where = locate(columns, company)
        if where[0] >= 0:
            return seat, where
    return -1, (-1, -1)


def transfer_cost(st: DieBosseState, card: int, company: int) -> int:
    """What transfer card ``card`` costs for ``company``: ½, 1 or 1½ times its price."""
    return st.rules.companies[company].price * st.rules.action(card).halves // 2


def apply(st: DieBosseState, seat: int, action: Action) -> None:
    reason, rule = check(st, seat, action)
    if reason:
        raise IllegalAction(reason, rule)
    r = st.rules
    own = st.columns[seat]
    if isinstance(action, Buy):
        st.row.remove(action.card)
        price = r.companies[action.card].price
        st.bill += price
        st.placing, st.bought = action.card, True
        st.phase = PLACE
        st.say(f"Seat {seat} buys {r.companies[action.card].text}.")
    elif isinstance(action, Transfer):
        owner, (ci, _) = _owner(st, action.company)
        cost = transfer_cost(st, action.card, action.company)
        st.hands[seat].remove(action.card)
        st.played.append(action.card)
        st.columns[owner][ci].pop()
        if not st.columns[owner][ci]:
            del st.columns[owner][ci]
        st.bill += cost
        st.placing, st.bought = action.company, False
        st.phase = PLACE
        st.say(
            f"Seat {seat} plays {r.action(action.card).text} and takes {r.companies[action.company].text} "
            f"from seat {owner} for {cost} million."
        )
    elif isinstance(action, Move):
        target = NEW if action.concern == len(own) else action.concern
        st.moving = [(action.company, target)]
        if st.prepaid >= r.rationalise:
            _rationalise(st, seat)
        else:
            st.phase = ADVANCE
    elif isinstance(action, Place):
        _place(st, seat, action.concern)
    elif isinstance(action, End):
        _end(st, seat)
    elif isinstance(action, Pay) and st.phase == ADVANCE:
        st.hands[seat].remove(action.card)
        st.paying.append(action.card)
        if not st.advance_due():
            paid = worth(r, st.paying)
            texts = ", ".join(r.action(c).text for c in st.paying)
            st.say(f"Seat {seat} pays {paid} million ({texts}) in advance for rationalising.")
            st.prepaid += paid
            st.played += st.paying
            st.paying = []
            _rationalise(st, seat)
            if st.ended:
                _close(st, seat)
    elif isinstance(action, Pay):
        st.hands[seat].remove(action.card)
        st.paying.append(action.card)
        paid = worth(r, st.paying)
        if paid >= st.bill:
            texts = ", ".join(r.action(c).text for c in st.paying)
            st.say(f"Seat {seat} pays {paid} million ({texts}) for a bill of {st.bill} million.")
            st.played += st.paying
            st.paying = []
            st.bill = 0
            _cartel(st, seat)
    elif isinstance(action, Discard):
        st.hands[seat].remove(action.card)
        st.discard.append(action.card)
        st.discarded += 1
        st.say(f"Seat {seat} gives up an action card.")
    elif isinstance(action, Done):
        finish(st)


def _place(st: DieBosseState, seat: int, concern: int) -> None:
    own = st.columns[seat]
    company = st.placing
    if concern == len(own):
        own.append([company])
        st.say(f"Seat {seat} starts concern {concern} with it.")
    else:
        own[concern].append(company)
        st.say(f"Seat {seat} lays it under concern {concern} ({len(own[concern])} companies).")
    st.placing = -1
    st.phase = TURN
    if st.bought:
        st.bought = False
        if st.industry_stack and len(st.row) < st.rules.row:
            st.phase = REFILL
        elif not st.row and not st.industry_stack:
            # Rulebook "Einde en afrekening": the game ends once the last company is sold.
            st.ending = True
            st.say(f"The last company is sold: seat {seat} finishes the turn and draws no more.")


def _move(st: DieBosseState, own: list[list[int]], company: int, concern: int) -> None:
    ci, _ = locate(own, company)
    source = own[ci]
    target = own[concern] if concern != NEW and concern < len(own) else None
    source.remove(company)
    if target is None:
        own.append([company])
    else:
        target.append(company)
    if not source:
        own.remove(source)


def _rationalise(st: DieBosseState, seat: int) -> None:
    """Make the moves waiting in ``st.moving``, paid for in advance (``st.prepaid``)."""
    r = st.rules
    own = st.columns[seat]
    for company, concern in st.moving:
        st.prepaid -= r.rationalise
        ci, _ = locate(own, company)
        if concern == NEW:
            where = "into a concern of its own"
        elif concern == ci:
            where = f"to the bottom of its concern {concern}"
        else:
            where = f"to the bottom of concern {concern}"
        _move(st, own, company, concern)
        st.moved.append(company)
        st.say(f"Seat {seat} rationalises: {r.companies[company].text} moves {where} ({r.rationalise} million).")
    st.moving = []
    st.phase = TURN


def _end(st: DieBosseState, seat: int) -> None:
    """The player plays no more cards: the bill is paid, then the cartel office looks at the
    concerns, then a card is given up if none was played."""
    st.ended = True
    if st.bill:
        st.phase = PAY
    else:
        _cartel(st, seat)


def _cartel(st: DieBosseState, seat: int) -> None:
    """Rulebook "Rationaliseren": two companies of one industry discovered in one concern must
    be rationalised, paid in advance like any rationalising; whoever cannot pay for it gives up
    all their action cards. Here the other players always discover it, at the end of the turn
    it was made in, once the bill is paid."""
    r = st.rules
    own = st.columns[seat]
    found = [d for col in own for d in duplicates(r, col)]
    if not found:
        _close(st, seat)
        return
    cost = len(found) * r.rationalise
    names = ", ".join(r.companies[d].text for d in found)
    head = f"Two companies of one industry in a concern of seat {seat}: {names} must move ({cost} million"
    st.moving = [(d, NEW) for d in found]
    if st.prepaid >= cost:
        st.say(head + ", already paid in advance).")
        _rationalise(st, seat)
        _close(st, seat)
    elif st.prepaid + worth(r, st.hands[seat]) >= cost:
        st.say(head + ", paid in advance).")
        st.phase = ADVANCE
    else:
        cards = plural(len(st.hands[seat]), "action card")
        st.say(head + f"), but seat {seat} cannot pay for it and gives up all their action cards ({cards}).")
        st.discard += st.hands[seat]
        st.hands[seat] = []
        for d, _ in st.moving:
            _move(st, own, d, NEW)
        st.moving = []
        finish(st)


def _close(st: DieBosseState, seat: int) -> None:
    """The payments are made: a player who played no action card gives up at least one,
    then the turn is over."""
    if not st.played and st.hands[seat]:
        st.phase = DISCARD
    else:
        finish(st)


def finish(st: DieBosseState) -> None:
    """The turn's payments are made: the cards go to the discard pile, and what was paid in
    advance and not used is lost (no change is given); the player draws, or after the last
    company the final distribution ends the game."""
    st.discard += st.played + st.paying
    st.played, st.paying = [], []
    st.bill = 0
    st.prepaid = 0
    st.moving = []
    st.ended = False
    if st.ending:
        profits.distribute(st, "end of the game")
        st.phase = OVER
        st.say("The game is over.")
        return
    st.start_draws()
