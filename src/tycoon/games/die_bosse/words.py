"""Die Bosse in the game's own words, as each seat may read them: actions described with their
figures, warnings before costly moves, and the legend of the capital cards' symbols.

The front ends call these (``State.describe``; the terminal's optional ``warning`` and
``legend`` hooks). A description is asked before its action is applied, and tells a viewer
nothing that seat may not know: a card drawn or given up is named only to its holder.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tycoon.core.actions import Action
from tycoon.core.messages import Items, Message, Money, Seat, Term, Text, msg
from tycoon.games.die_bosse.actions import Buy, Discard, Done, Draw, End, Move, Pay, Place, Remove, Reveal, Transfer
from tycoon.games.die_bosse.cards import SYMBOL_VALUES, worth
from tycoon.games.die_bosse.concerns import duplicates, shared
from tycoon.games.die_bosse.data import CAPITAL, FACTORS, PROFIT, SYMBOLS, TRANSFER, Rules, rules
from tycoon.games.die_bosse.phases import ADVANCE, PLACE, SETUP
from tycoon.games.die_bosse.state import DieBosseData

SYMBOL_MARKS = {"triangle": "▲", "half-circle": "◗", "rectangle": "■"}
"""How a screen draws each capital-card symbol (``data.SYMBOLS``)."""

MILLION = "db.unit.million"
"""The catalogue key that writes an amount of Die Bosse's money (``16 million``)."""


def plural(count: int, word: str, many: str = "") -> str:
    """``1 card``, ``2 cards``, ``0 cards`` (``many``: the plural where it is not ``word + s``)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def millions(amount: int) -> Money:
    """An amount in millions, as the catalogue writes it."""
    return Money(amount, MILLION)


def card(r: Rules, number: int) -> Text:
    """An action card as a player names it: ``10M``, ``3M triangle``, ``transfer ½×``,
    ``profit card``."""
    if not r.is_action(number):
        return f"card {number}"
    c = r.action(number)
    if c.kind == CAPITAL:
        if c.symbol:
            return msg("db.card.capital_symbol", value=c.value, symbol=Term(f"db.symbol.{c.symbol}"))
        return msg("db.card.capital", value=c.value)
    if c.kind == TRANSFER:
        return msg("db.card.transfer", factor=FACTORS[c.halves])
    return msg("db.card.profit")


def cards(r: Rules, numbers: Sequence[int]) -> Items:
    """Several action cards, as a list."""
    return Items(tuple(card(r, n) for n in numbers))


def company(r: Rules, number: int) -> Text:
    """A company as ``aviation CDE (16M)``."""
    if not r.is_company(number):
        return f"company {number}"
    c = r.companies[number]
    return msg("db.company", industry=industry(c.industry), letters="".join(sorted(c.letters)), price=c.price)


def industry(name: str) -> Term:
    """An industry by its name in the data (``"aviation"``)."""
    return Term(f"db.industry.{name}")


def concern(r: Rules, column: Sequence[int]) -> Text:
    """A concern by its size and common letters, ``3 companies sharing DE``; a concern of one
    company by that company."""
    if len(column) == 1:
        return company(r, column[0])
    letters = "".join(sorted(shared(r, column)))
    if not letters:
        return msg("db.concern_none", n=len(column))
    return msg("db.concern_sharing", n=len(column), letters=letters)


def concerns_are(own: Sequence[Sequence[int]]) -> Message:
    """Which concern indices an action may name, said in the numbers a person reads:
    ``you have concerns 1 to 3 (indices 0 to 2 in the action), or index 3 for a new one``."""
    if not own:
        return msg("db.no.concerns_none")
    if len(own) == 1:
        return msg("db.no.concerns_one")
    return msg("db.no.concerns", n=len(own), last=len(own) - 1)


# --- describe ---------------------------------------------------------------------------------


def describe(st: DieBosseData, action: Action, viewer: int | None = None) -> Text:
    """``action`` in the game's words with its figures, as ``viewer`` (``None``: everybody) may
    read it before it is applied. An action naming no card or concern of the game is told by
    its kind and values."""
    r = st.rules
    seat = st.turn_seat
    if not _known(st, action):
        return str(action)
    if isinstance(action, Draw):
        to = receiver(st)
        if st.phase == SETUP:
            # Every card of the deal reads alike to everyone, its holder too (who sees the hand
            # once it is dealt), so that a front end tells the deal in one line, not 21.
            return msg("db.do.dealt")
        if r.is_action(action.card) and r.action(action.card).kind == PROFIT:
            return msg("db.do.draw_profit", seat=Seat(to))
        if viewer == to:
            return msg("db.do.draw_seen", seat=Seat(to), card=card(r, action.card))
        return msg("db.do.draw", seat=Seat(to))
    if isinstance(action, Remove):
        return msg("db.do.remove")
    if isinstance(action, Reveal):
        return msg("db.do.reveal", company=company(r, action.card))
    if isinstance(action, Discard):
        if viewer == seat:
            return msg("db.do.discard", card=card(r, action.card))
        return msg("db.do.discard_hidden")
    if isinstance(action, Done):
        return msg("db.do.done")
    if isinstance(action, Buy):
        return msg("db.do.buy", company=company(r, action.card))
    if isinstance(action, Transfer):
        owner = next((s for s, cols in enumerate(st.columns) for col in cols if action.company in col), -1)
        cost = millions(r.companies[action.company].price * r.action(action.card).halves // 2)
        taken = company(r, action.company)
        if owner >= 0:
            return msg("db.do.transfer", card=card(r, action.card), company=taken, owner=Seat(owner), cost=cost)
        return msg("db.do.transfer_unowned", card=card(r, action.card), company=taken, cost=cost)
    if isinstance(action, Place):
        return _place(st, seat, action.concern)
    if isinstance(action, Move):
        return _move(st, seat, action)
    if isinstance(action, Pay):
        if st.phase == ADVANCE:
            return msg("db.do.pay_advance", card=card(r, action.card))
        bill = millions(st.bill)
        if st.paying:
            due = millions(st.bill - worth(r, st.paying))
            return msg("db.do.pay_due", card=card(r, action.card), bill=bill, due=due)
        return msg("db.do.pay", card=card(r, action.card), bill=bill)
    if isinstance(action, End):
        if st.bill:
            return msg("db.do.end_pay", bill=millions(st.bill))
        if not st.played:
            return msg("db.do.end_unplayed")
        return msg("db.do.end")
    return str(action)


def labels(
    st: DieBosseData, actions: Sequence[Action], seat: int, describe: Callable[[Action, int | None], Text]
) -> list[Text]:
    """``describe(action, seat)`` for each of ``actions``. While a player rationalises, most of
    the menu moves one of their companies to another concern: what the moves share (the
    company's name, the cost, where each company now is) is made once (``Moves``). Any other
    action, and a move ``describe`` would look at more closely (a concern or company that is
    not there), is described alone."""
    turn = st.turn_seat
    if not 0 <= turn < len(st.columns):
        return [describe(action, seat) for action in actions]
    moves = Moves(st, turn)
    r, last = st.rules, len(moves.own)
    out: list[Text] = []
    for action in actions:
        if (
            type(action) is Move
            and type(action.company) is int
            and type(action.concern) is int
            and 0 <= action.concern <= last
            and r.is_company(action.company)
        ):
            out.append(moves.say(action.company, action.concern))
        else:
            out.append(describe(action, seat))
    return out


def describe_all(st: DieBosseData, action: Action) -> tuple[Text, ...]:
    """``describe(st, action, viewer)`` for every seat and then for everybody (``None``): only a
    card drawn or given up reads differently to its holder, every other action alike to all."""
    viewers = len(st.hands) + 1
    if isinstance(action, Draw | Discard):
        return tuple(describe(st, action, viewer) for viewer in [*range(viewers - 1), None])
    return (describe(st, action, None),) * viewers


def _known(st: DieBosseData, action: Action) -> bool:
    """Whether the cards and concerns ``action`` names exist (any action, legal or not, may be
    described)."""
    r = st.rules
    if isinstance(action, Draw | Discard | Pay):
        return r.is_action(action.card)
    if isinstance(action, Remove | Reveal | Buy):
        return r.is_company(action.card)
    if isinstance(action, Transfer):
        return r.is_action(action.card) and r.is_company(action.company) and r.action(action.card).kind == TRANSFER
    own = st.columns[st.turn_seat] if 0 <= st.turn_seat < len(st.columns) else []
    if isinstance(action, Place):
        return 0 <= action.concern <= len(own)
    if isinstance(action, Move):
        return r.is_company(action.company) and 0 <= action.concern <= len(own)
    return True


def receiver(st: DieBosseData) -> int:
    """The seat the next action card drawn goes to: in the first deal the one with the fewest
    cards, later the player whose turn it is."""
    if st.phase == SETUP:
        return min(range(len(st.hands)), key=lambda s: len(st.hands[s]))
    return st.turn_seat


def _place(st: DieBosseData, seat: int, index: int) -> Text:
    r = st.rules
    own = st.columns[seat]
    placed = company(r, st.placing) if st.phase == PLACE else msg("db.the_company")
    if index == len(own):
        return msg("db.do.start", n=index + 1, company=placed)
    target = own[index]
    after = [*target, st.placing] if st.phase == PLACE else target
    if st.phase == PLACE and duplicates(r, after):
        return msg(
            "db.do.lay_beside",
            company=placed,
            n=index + 1,
            before=concern(r, target),
            after=concern(r, after),
            industry=industry(r.companies[st.placing].industry),
        )
    return msg("db.do.lay", company=placed, n=index + 1, before=concern(r, target), after=concern(r, after))


class Moves:
    """The words of a seat's moves of its companies (rationalising), with what they share made
    once: the concern each company is in, each company's name, the cost."""

    def __init__(self, st: DieBosseData, seat: int) -> None:
        r = self.rules = st.rules
        self.own = st.columns[seat]
        self.homes: dict[int, int] = {}
        for i, column in enumerate(self.own):
            for c in column:
                self.homes.setdefault(c, i)
        self.named: dict[int, Text] = {}
        self.key = "db.do.move_prepaid" if st.prepaid >= r.rationalise else "db.do.move"
        self.cost = millions(r.rationalise)

    def say(self, moved: int, to: int) -> Text:
        """Company ``moved`` to concern ``to`` (its own: to its bottom; one past the last: a new
        concern)."""
        r, own = self.rules, self.own
        name = self.named.get(moved)
        if name is None:
            name = self.named[moved] = company(r, moved)
        home = self.homes.get(moved, -1)
        where: Text
        if to == len(own):
            where = msg("db.where.new")
        elif to == home:
            where = msg("db.where.bottom_of_its", n=home + 1)
        else:
            where = msg("db.where.under", n=to + 1, after=concern(r, [*own[to], moved]))
        return msg(self.key, company=name, where=where, cost=self.cost)


def _move(st: DieBosseData, seat: int, action: Move) -> Text:
    return Moves(st, seat).say(action.company, action.concern)


# --- warnings ------------------------------------------------------------------------------------


def warning(st: DieBosseData, action: Action) -> Message | None:
    """What ``action`` will cost that a player may not see coming, or ``None``: a company laid
    or moved beside another of its industry must be rationalised at the end of the turn, paid
    in advance, and who cannot pay gives up all their action cards (rulebook "Rationaliseren")."""
    r = st.rules
    seat = st.turn_seat
    if not 0 <= seat < len(st.columns):
        return None
    own = st.columns[seat]
    if isinstance(action, Place) and st.phase == PLACE and 0 <= action.concern < len(own):
        joining, target = st.placing, own[action.concern]
    elif isinstance(action, Move) and 0 <= action.concern < len(own) and action.company not in own[action.concern]:
        joining, target = action.company, own[action.concern]
    elif isinstance(action, End):
        found = [d for col in own for d in duplicates(r, col)]
        if not found:
            return None
        moved = Items(tuple(company(r, d) for d in found))
        return msg("db.screen.warn_end", companies=moved, penalty=_penalty(st, seat, len(found)))
    else:
        return None
    if not r.is_company(joining):
        return None
    same = [c for c in target if r.companies[c].industry == r.companies[joining].industry]
    if not same:
        return None
    already = sum(len(duplicates(r, col)) for col in own)
    return msg(
        "db.screen.warn_join",
        company=company(r, joining),
        concern=action.concern + 1,
        beside=company(r, same[0]),
        industry=industry(r.companies[joining].industry),
        penalty=_penalty(st, seat, already + 1),
    )


def _penalty(st: DieBosseData, seat: int, moves: int) -> Message:
    """What the forced rationalising of ``moves`` companies costs, and whether it can be paid."""
    r = st.rules
    cost = moves * r.rationalise
    hand = st.hands[seat]
    left = worth(r, hand) - st.bill + st.prepaid
    if left < cost:
        return msg("db.screen.penalty_all", cost=cost, worth=worth(r, hand), bill=st.bill, n=len(hand))
    return msg("db.screen.penalty", cost=cost)


# --- the legend ------------------------------------------------------------------------------------


def legend() -> Message:
    """The capital cards' symbols and what a set of them is worth, from the game's data."""
    r = rules()
    marks = Items(
        tuple(msg("db.screen.symbol_mark", mark=SYMBOL_MARKS[s], symbol=Term(f"db.symbol.{s}")) for s in SYMBOLS)
    )
    sets = Items(tuple(msg("db.screen.set_worth", n=n, value=v) for n, v in sorted(r.set_values.items())))
    kinds = sorted({(c.halves) for c in r.actions if c.kind == TRANSFER})
    factors = Items(tuple(card(r, next(a.number for a in r.actions if a.halves == h)) for h in kinds))
    capital = sorted({c.value for c in r.actions if c.kind == CAPITAL and not c.symbol})
    return msg(
        "db.screen.legend",
        values=Items(tuple(SYMBOL_VALUES)),
        marks=marks,
        sets=sets,
        plain=Items(tuple(msg("db.millions", n=v) for v in capital)),
        factors=factors,
        companies=r.min_paying,
    )
