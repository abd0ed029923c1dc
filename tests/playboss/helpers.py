"""Helpers for the Playboss scenario tests, all in one place.

- Setting a game up and forcing chance: ``new_game``, ``land_on``, ``draw_risk``, ``pass_turn``,
  ``end_first_lap``, ``apply_all``.
- Step 6: ``labour_of`` (the game's labour market).
- Finding things: ``space_of`` (a board space), ``card_with`` (a risk card).
- Equipping a business with components taken from the bank and the market, so that every
  conservation law still holds: ``set_cash``, ``give_machines``, ``give_computer``,
  ``give_webs``, ``give_products``, ``owe``.
- Counting and checking: ``cash_total``, ``products_everywhere``, ``webs_everywhere``,
  ``check_books``.
- Illegal actions: ``snapshot`` and ``assert_rejected``.
- The narration as a reader of English reads it: ``told``.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.core import CHANCE, load
from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.playboss.actions import Die, DoNothing, DrawRisk, Roll
from tycoon.games.playboss.business import LEASED, OWNED, Machine
from tycoon.games.playboss.data import RiskCard
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.labour import Labour
from tycoon.games.playboss.market import take
from tycoon.words import render

# --- setting up and forcing chance -----------------------------------------------------------


def new_game(players: int = 2, start: int = 0, **options: Any) -> PlaybossState:
    """A game whose start player is ``start``: the start rolls are forced (``start`` rolls 6,
    everybody else 1)."""
    state = load("playboss", players=players, **options).new_state()
    assert isinstance(state, PlaybossState)
    if len(state.contenders) > 1:
        # The worker representative (step 6) rolls no die: he owns no business.
        for seat in list(state.contenders):
            state.apply(Die(6 if seat == start else 1), CHANCE)
    assert state.current_player() == start
    return state


def land_on(state: PlaybossState, seat: int, space: int, pips: int = 1) -> None:
    """Put ``seat``'s piece ``pips`` spaces before ``space``, roll, and force the die to ``pips``.

    ``seat`` must be the player whose turn it is and who has not rolled yet.
    """
    assert state.current_player() == seat, f"it is seat {state.current_player()}'s turn"
    b = state.businesses[seat]
    b.position = (space - pips) % len(state.rules.board)
    state.apply(Roll(), seat)
    state.apply(Die(pips), CHANCE)


def draw_risk(state: PlaybossState, card: int) -> None:
    """Force the risk card drawn to be card number ``card``."""
    state.apply(DrawRisk(card), CHANCE)


def pass_turn(state: PlaybossState, seat: int) -> None:
    """``seat`` lands on a green field and buys no WEB: a turn in which nothing happens."""
    land_on(state, seat, space_of(state, "green", after=6), 2)
    state.apply(DoNothing(), seat)


def end_first_lap(state: PlaybossState) -> None:
    """Seat 0, whose turn it is, crosses start for the first time and lands on a green field,
    buying nothing: with step 6 the first lap is over."""
    b = state.businesses[0]
    b.position = len(state.rules.board) - 1
    green = space_of(state, "green")
    state.apply(Roll(), 0)
    state.apply(Die(green + 1), CHANCE)
    state.apply(DoNothing(), 0)


def apply_all(state: PlaybossState, *actions: tuple[int, Action]) -> None:
    """Apply each ``(seat, action)`` pair in turn."""
    for seat, action in actions:
        state.apply(action, seat)


def labour_of(state: PlaybossState) -> Labour:
    """The labour market of a game with expansion step 6."""
    lab = state.expansion.labour
    assert lab is not None, "the game does not play step 6"
    return lab


# --- finding things --------------------------------------------------------------------------


def space_of(state: PlaybossState, kind: str, after: int = 0) -> int:
    """The first board space of ``kind`` after space ``after``.

    With ``after=6`` the space is far enough from start that landing on it with any roll
    (``land_on`` with 1 to 6 pips) from the spaces in front of it never crosses start.
    """
    board = state.rules.board
    for k in range(1, len(board) + 1):
        i = (after + k) % len(board)
        if board[i] == kind:
            return i
    raise ValueError(f"no {kind} space on the board")


def card_with(
    state: PlaybossState, effect: str | None = None, *, title: str | None = None, **flags: bool | str
) -> RiskCard:
    """The first risk card with ``effect`` (any effect when None), whose title begins with
    ``title`` (any title when None), and with the given flags (``insurable``,
    ``computer_protects``, ``needs``). Draw it with ``draw_risk(state, card.number)``."""
    for card in state.rules.risk_cards:
        if effect is not None and card.effect != effect:
            continue
        if title is not None and not card.title.startswith(title):
            continue
        if all(getattr(card, k) == v for k, v in flags.items()):
            return card
    raise LookupError(f"no risk card {effect} titled {title!r}… {flags}")


# --- equipping a business --------------------------------------------------------------------


def set_cash(state: PlaybossState, seat: int, cash: int) -> None:
    """Give ``seat`` exactly ``cash`` Marks, booked as if the bank had paid or taken the difference."""
    b = state.businesses[seat]
    state.ledger_out += cash - b.cash
    b.cash = cash


def give_machines(state: PlaybossState, seat: int, count: int = 1, *, double: bool = False, ready: int = 0) -> None:
    """Move ``count`` machines from the bank onto the end of ``seat``'s production floor:
    double ones (both rollers up) when ``double``, able to produce from the owner's turn
    ``ready``. For a mix of single and double machines call it once per kind, in order."""
    assert not isinstance(count, bool), "count is a number of machines; use double=True for double machines"
    assert state.bank_machines >= count, "the bank holds too few machines for this scenario"
    state.bank_machines -= count
    state.businesses[seat].machines += [Machine(double, ready)] * count


def give_computer(state: PlaybossState, seat: int, *, leased: bool = False) -> None:
    """Give ``seat`` a purchased computer, or a leased one whose 2 WEB markers lie on its space."""
    b = state.businesses[seat]
    state.bank_computers -= 1
    b.computer = LEASED if leased else OWNED
    if leased:
        state.bank_webs -= state.rules.lease_webs
        b.lease_mark = b.position


def give_webs(state: PlaybossState, seat: int, count: int) -> None:
    """Move ``count`` WEB chips from the bank onto ``seat``'s WEB area."""
    state.bank_webs -= count
    state.businesses[seat].webs += count


def give_products(state: PlaybossState, seat: int, *, raw: int = 0, finished: int = 0) -> None:
    """Move products from the market to ``seat``'s warehouses, cheapest zone first, as if bought
    (and, for finished ones, produced) earlier."""
    assert sum(state.market) >= raw + finished, "the market holds too few products for this scenario"
    take(state.market, raw + finished)
    b = state.businesses[seat]
    b.raw += raw
    b.finished += finished


def owe(state: PlaybossState, seat: int, debt: int) -> None:
    """Book ``debt`` Marks of bank credit that ``seat`` took and spent earlier."""
    b = state.businesses[seat]
    b.debt = debt


# --- counting and checking -------------------------------------------------------------------

KINDS = ("machine", "computer", "raw", "finished")


def _on_table(state: PlaybossState) -> dict[str, int]:
    """Components under the hammer at a bankruptcy auction, by kind (products by the piece)."""
    lots = state.auction.lots if state.auction else []
    return {what: sum(n if what in ("raw", "finished") else 1 for w, n in lots if w == what) for what in KINDS}


def cash_total(state: PlaybossState) -> int:
    """The Marks held by all businesses together."""
    return sum(b.cash for b in state.businesses)


def products_everywhere(state: PlaybossState) -> int:
    """Every product: on the market, outside play, in every warehouse, and on the auctioneer's
    table during a bankruptcy auction."""
    held = sum(b.raw + b.finished for b in state.businesses)
    table = _on_table(state)
    return sum(state.market) + state.outside_play + held + table["raw"] + table["finished"]


def webs_everywhere(state: PlaybossState) -> int:
    """Every WEB chip: in the bank, on the WEB areas, as lease markers on the board, and in
    the marketing troughs (expansion step 3)."""
    leased = sum(state.rules.lease_webs for b in state.businesses if b.computer == LEASED)
    troughs = sum(state.rules.marketing_webs for owner in state.expansion.troughs if owner >= 0)
    return state.bank_webs + sum(b.webs for b in state.businesses) + leased + troughs


def check_books(state: PlaybossState) -> None:
    """Every conservation law of the base model holds. Lots under the hammer at a bankruptcy
    auction are counted where they lie: on the auctioneer's table."""
    r = state.rules
    bs = state.businesses
    on_table = _on_table(state)
    assert products_everywhere(state) == r.products
    assert state.bank_machines + sum(len(b.machines) for b in bs) + on_table["machine"] == r.machines
    assert state.bank_computers + sum(b.computer != 0 for b in bs) + on_table["computer"] == r.computers
    assert webs_everywhere(state) == r.webs
    lab = state.expansion.labour
    fund = lab.fund if lab else 0
    assert sum(b.cash for b in bs) + fund == state.ledger_out - state.ledger_in
    assert all(b.cash >= 0 for b in bs)
    if lab:
        # Playboss II, "6. Step": 20 worker units, with the representative, in the businesses,
        # or out of play.
        assert lab.free + lab.removed + sum(lab.workers) == r.workers
        assert all(0 <= lab.notice[s] + lab.leaving[s] <= lab.workers[s] for s in range(len(bs)))
        assert lab.fund >= 0


# --- illegal actions -------------------------------------------------------------------------


def snapshot(state: PlaybossState) -> dict[str, Any]:
    """The fingerprint as an independent deep copy (the live one shares the state's lists, the
    market for one)."""
    return copy.deepcopy(state.fingerprint())


def assert_rejected(state: PlaybossState, seat: int | None, action: Action, *words: str) -> IllegalAction:
    """Apply ``action`` for ``seat`` expecting IllegalAction; the message must contain every one
    of ``words``, and the state (its deep-copied fingerprint) must be exactly as it was.
    Returns the exception."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, seat)
    message = str(caught.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert snapshot(state) == before, f"{action} was refused but changed the state"
    return caught.value


class Options(list[Action]):
    """What a seat may do now: the listed actions, then every member of each family small
    enough to list (the counts, credits and bids of one decision) that the game accepts; ``in``
    also answers for members of the large families (offers), as the game decides them."""

    def __init__(self, state: PlaybossState, seat: int | None) -> None:
        self.state, self.seat = state, seat
        super().__init__(state.legal_actions(seat))
        self.families = state.action_families(seat)
        for family in self.families:
            if family.size() <= 2000:
                members = _members(family)
            else:  # an offer's terms: a few members drawn
                rng = random.Random(len(self))
                members = [family.sample(rng) for _ in range(3)]
            self.extend(m for m in members if family.whole or state.refusal(m, seat) is None)

    def __contains__(self, action: object) -> bool:
        if list.__contains__(self, action):
            return True
        return any(action in f for f in self.families) and self.state.refusal(action, self.seat) is None  # type: ignore[arg-type]


def _members(family: Any) -> list[Action]:
    import itertools

    return [family.cls(*values) for values in itertools.product(*family.domains)]


def options(state: PlaybossState, seat: int | None = None) -> Options:
    """``legal_actions(seat)`` and the members of ``action_families(seat)`` (``Options``)."""
    return Options(state, seat)


# --- the narration ----------------------------------------------------------------------------


def told(state: PlaybossState) -> list[str]:
    """Every line the narration told, rendered in English (seats as ``seat N``)."""
    assert state.log is not None, "set state.log = [] to have the game narrated"
    return [render(text) for text in state.log]
