"""The state of a game of Biznes po polsku as data: its fields, ``clone``, ``fingerprint`` and the
bank's ledger.

Money only moves through ``pay``, ``receive`` and ``transfer``, so the bank's ledger always
balances: the players' cash is what the bank paid out less what it took in. A payment that may
find the payer short (a fee, a fine, a card) is queued with ``charge`` as a ``Pay`` task, which
the flow settles next. The rule modules read and write these fields; the turn engine and the
protocol's moves are in ``flow.py``, on top (docs/decisions/0017-biznes-po-polsku-layers-and-families.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from tycoon.core import ledger
from tycoon.core.actions import Action, JSONValue
from tycoon.core.agenda import Agenda
from tycoon.core.auction import AscendingAuction
from tycoon.core.game import State
from tycoon.core.messages import Message, Seat, Text, msg, to_wire
from tycoon.games.biznes_po_polsku import naming
from tycoon.games.biznes_po_polsku.data import DECKS, POSTS, Rules
from tycoon.games.biznes_po_polsku.firms import owns_group, tradeable
from tycoon.games.biznes_po_polsku.phases import BANK, SETUP, Phase
from tycoon.games.biznes_po_polsku.players import Player
from tycoon.games.biznes_po_polsku.tasks import Pay

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.game import BiznesPoPolsku


Filed = tuple[int, int, int]
"""A firm that may change hands (``BiznesState.for_trade``): what taking it over costs (its
redemption when mortgaged, else nothing), its space, and its label's code (``firm_code``)."""


SPACE_SHIFT = 8
"""Where a firm's space lies in its ``firm_code``: ``code >> SPACE_SHIFT`` is the space."""


def firm_code(number: int, owner: int, mortgaged: bool) -> int:
    """All that a firm's label in an offer says, as one whole number: its space, its owner (a
    seat) and whether it is mortgaged. A choice of firms is kept by its firms' codes
    (``trade._firm_choice``)."""
    return number << SPACE_SHIFT | owner << 1 | mortgaged


def firm_of(code: int) -> tuple[int, int, bool]:
    """The firm's space, its owner and whether it is mortgaged, read back from its ``firm_code``."""
    return code >> SPACE_SHIFT, code >> 1 & 127, bool(code & 1)


class Sale:
    """The bank's auction of a bankrupt player's firms, one after the other in track order."""

    __slots__ = ("bidding", "debtor", "lots")

    def __init__(self, debtor: int, lots: list[int]) -> None:
        self.debtor = debtor
        """The bankrupt seat whose firms are sold."""
        self.lots = lots
        """Firms still to sell; the first is under the hammer."""
        self.bidding: AscendingAuction | None = None
        """The bidding for the first lot, or ``None`` between lots."""

    def clone(self) -> Sale:
        twin = Sale(self.debtor, self.lots.copy())
        twin.bidding = self.bidding.clone() if self.bidding is not None else None
        return twin

    def to_json(self) -> dict[str, Any]:
        """The sale as everyone sees it (nothing in it is secret); also its fingerprint."""
        bidding = self.bidding.to_json() if self.bidding is not None else {}
        return {
            "debtor": self.debtor,
            "firm": self.lots[0] if self.lots else None,
            "firms_left": len(self.lots),
            "high_bid": bidding.get("high_bid", 0),
            "high_bidder": bidding.get("high_bidder"),
            "bidders": bidding.get("bidders", []),
            "to_bid": bidding.get("to_bid"),
            "lowest": bidding.get("lowest"),
            "bidding": bidding or None,
        }


class Said:
    """The last answer to a trade offer this turn, as the table heard it."""

    __slots__ = ("_message", "_words", "facts", "kind", "reason", "seat", "to")

    def __init__(
        self,
        seat: int,
        to: int,
        kind: str,
        reason: str,
        facts: tuple[tuple[str, JSONValue], ...],
        words: Callable[[], Message],
    ) -> None:
        self.seat = seat
        """The seat that answered."""
        self.to = to
        """The seat it answered: the proposer, or the player who countered."""
        self.kind = kind
        """What it did: ``accept``, ``reject``, ``reject-because`` or ``counter``."""
        self.reason = reason
        """The reason's key (``trade.REASONS``), or ``""`` when none was given."""
        self.facts = facts
        """The reason's figures by name (``reasons.figures``), as the answer found them."""
        self._words = words
        """What puts the answer into words (``words.said_message``), asked once."""
        self._message: Message | None = None

    @property
    def message(self) -> Message:
        """The answer as the narration tells it and the view carries it (``bp.say.…``), worded
        when first read: an answer is told at every offer, and few are read."""
        message = self._message
        if message is None:
            message = self._message = self._words()
        return message

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "to": self.to,
            "kind": self.kind,
            "reason": self.reason or None,
            "facts": dict(self.facts),
            "text": to_wire(self.message),
        }


class BiznesState(State):
    """A game of Biznes po polsku as data. The protocol's moves (``apply``, ``legal_actions``,
    ``action_families``, ...) are those of its subclass ``flow.BiznesPlay``, which
    ``BiznesPoPolsku.new_state`` returns."""

    game: BiznesPoPolsku

    def __init__(self, game: BiznesPoPolsku, *, blank: bool = False) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self.log = None
        self.allowed: tuple[tuple[Action, ...], int] | None = None
        """The actions ``legal_actions`` last listed for a seat, or the one ``refusal`` last
        allowed, with that seat: ``apply`` takes any of those very objects for that seat without
        asking again, the state being as it was
        (docs/decisions/0059-a-decision-allowed-is-not-asked-twice.md). Never cloned; every
        ``apply`` forgets it."""
        if blank:
            return  # the compiled build's clone fills in the rest (_clone_fields)
        r = self.rules
        n = game.num_seats
        self.players = [Player(s, r.start_cash) for s in range(n)]
        """Each seat's player, in seat order."""
        self.owner = [BANK] * 41
        """Firm space → owning seat, or ``BANK`` while unowned (written by ``set_owner``, which
        keeps ``owned``)."""
        self.level = [0] * 41
        """Firm space → investment level, 0 to 5 (5 is the pyramid; written by ``set_level``)."""
        self.mortgaged = [False] * 41
        """Firm space → whether it is mortgaged at the bank (written by ``set_mortgaged``)."""
        self.owned: tuple[tuple[int, ...], ...] = ((),) * n
        """Seat → the firms it owns, in track order: kept by ``set_owner``; replaced, never
        changed in place, so that a clone shares it."""
        self.whole_groups: tuple[tuple[int, ...], ...] = ((),) * n
        """Seat → its firms whose whole colour group it owns, in track order: the only ones it
        may invest in (``firms.can_invest``). Kept by ``set_owner``; replaced, never changed in
        place, so that a clone shares it."""
        self.for_trade: tuple[tuple[Filed, ...], ...] = ((),) * n
        """Seat → its firms that may change hands between players (their colour group has no
        investments), cheapest to take over first, then in track order: what the offers a player
        may make are built from (``trade.families``). Kept by ``set_owner``, ``set_mortgaged``
        and ``set_level``, through which alone ``owner``, ``mortgaged`` and ``level`` change;
        replaced, never changed in place, so that a clone shares it."""
        self.job_holder = [BANK] * 41
        """Profession space → the seat holding that profession, or ``BANK``."""
        self.office_holder = dict.fromkeys(POSTS, BANK)
        """Office → the seat holding it, or ``BANK``."""
        self.bank_bricks = r.bricks
        """One-fold investment elements in the bank."""
        self.bank_pyramids = r.pyramids
        """Five-fold investment elements (pyramids) in the bank."""
        self.bank_cars = r.cars
        """Cars in the bank."""
        self.bank_welfare = r.welfare_cards
        """WELFARE BENEFIT cards in the bank."""
        self.bank_party = r.party_cards
        """PARTY MEMBERSHIP cards in the bank."""
        self.unseen = {d: list(range(len(r.deck(d)))) for d in DECKS}
        """Cards of each deck not drawn yet: they lie on top, in an order nobody knows."""
        self.known: dict[str, list[int]] = {d: [] for d in DECKS}
        """Cards drawn and put back at the bottom, in order: the rest of each stack."""
        self.ledger_in = 0
        """Złoty paid to the bank over the game."""
        self.ledger_out = r.start_cash * n
        """Złoty paid out by the bank over the game, starting money included."""
        self.written_off = 0
        """Debts to the bank lost in bankruptcies."""
        self.eliminated: list[int] = []
        """Bankrupt seats, in the order they went out."""
        self.start_seat = 0
        """The seat that began: a round is complete when the turn passes it again."""
        self.turn_seat = 0
        """The seat whose turn it is."""
        self.rounds_done = 0
        """Rounds completed."""
        self.agenda = Agenda()
        """What is still to happen this turn (``tasks.py``), first to last."""
        self.phase = SETUP
        """What the pending decision is (``READY``: none, the agenda runs)."""
        self.pending = 0
        """The seat whose decision is pending (during chance, the turn's player)."""
        self.rolled = 0
        """The last number rolled for a move."""
        self.drawing = ""
        """The deck a pending chance draw is from."""
        self.card = ""
        """The last card drawn, as ``deck:number``."""
        self.card_drawer = BANK
        """The seat that drew the last card."""
        self.due = 0
        """Złoty the pending ``RAISE`` decision must raise and pay."""
        self.due_to = BANK
        """Who is owed ``due``: a seat, or ``BANK``."""
        self.due_for = ""
        """What ``due`` is for, as the payment's reason code (``naming.why``)."""
        self.offers_made = 0
        """Trade offers made this turn before the roll."""
        self.offer: Action | None = None
        """The trade offer waiting for an answer."""
        self.proposer = BANK
        """The seat that made ``offer``."""
        self.counter: Action | None = None
        """The counter-offer handed back to the proposer: ``offer`` at the other player's money
        terms, waiting for the proposer's answer (phase ``COUNTER``)."""
        self.said: Said | None = None
        """The last answer to an offer this turn, until the next offer or turn."""
        self.setup_rolls = [0] * n
        """Each seat's last start roll."""
        self.contenders = list(range(n))
        """The seats rolling for the start (after a tie, only those tied)."""
        self.roller = 0
        """Index into ``contenders`` of the seat to roll next for the start."""
        self.auction: Sale | None = None
        """The bank's auction of a bankrupt player's firms, while one is under way."""

    def clone(self) -> BiznesState:
        if COMPILED:
            return self._clone_fields()
        twin = object.__new__(type(self))
        fields = self.__dict__.copy()
        fields["players"] = [p.clone() for p in self.players]
        fields["owner"] = self.owner.copy()
        fields["level"] = self.level.copy()
        fields["mortgaged"] = self.mortgaged.copy()
        fields["job_holder"] = self.job_holder.copy()
        fields["office_holder"] = self.office_holder.copy()
        fields["unseen"] = {d: v.copy() for d, v in self.unseen.items()}
        fields["known"] = {d: v.copy() for d, v in self.known.items()}
        fields["eliminated"] = self.eliminated.copy()
        fields["agenda"] = self.agenda.copy()
        fields["setup_rolls"] = self.setup_rolls.copy()
        fields["contenders"] = self.contenders.copy()
        if self.auction is not None:
            fields["auction"] = self.auction.clone()
        fields["allowed"] = None
        if self.log is not None:
            fields["log"] = self.log.copy()
        twin.__dict__ = fields
        return twin

    def _clone_fields(self) -> BiznesState:
        """``clone`` where this module is compiled (``COMPILED``): a compiled state keeps its
        fields outside ``__dict__``, so each is copied by name, as ``clone`` copies it."""
        twin = type(self)(self.game, blank=True)
        twin.players = [p.clone() for p in self.players]
        twin.owner = self.owner.copy()
        twin.level = self.level.copy()
        twin.mortgaged = self.mortgaged.copy()
        twin.owned = self.owned
        twin.whole_groups = self.whole_groups
        twin.for_trade = self.for_trade
        twin.job_holder = self.job_holder.copy()
        twin.office_holder = self.office_holder.copy()
        twin.bank_bricks = self.bank_bricks
        twin.bank_pyramids = self.bank_pyramids
        twin.bank_cars = self.bank_cars
        twin.bank_welfare = self.bank_welfare
        twin.bank_party = self.bank_party
        twin.unseen = {d: v.copy() for d, v in self.unseen.items()}
        twin.known = {d: v.copy() for d, v in self.known.items()}
        twin.ledger_in = self.ledger_in
        twin.ledger_out = self.ledger_out
        twin.written_off = self.written_off
        twin.eliminated = self.eliminated.copy()
        twin.start_seat = self.start_seat
        twin.turn_seat = self.turn_seat
        twin.rounds_done = self.rounds_done
        twin.agenda = self.agenda.copy()
        twin.phase = self.phase
        twin.pending = self.pending
        twin.rolled = self.rolled
        twin.drawing = self.drawing
        twin.card = self.card
        twin.card_drawer = self.card_drawer
        twin.due = self.due
        twin.due_to = self.due_to
        twin.due_for = self.due_for
        twin.offers_made = self.offers_made
        twin.offer = self.offer
        twin.proposer = self.proposer
        twin.counter = self.counter
        twin.said = self.said
        twin.setup_rolls = self.setup_rolls.copy()
        twin.contenders = self.contenders.copy()
        twin.roller = self.roller
        twin.auction = self.auction.clone() if self.auction is not None else None
        if self.log is not None:
            twin.log = self.log.copy()
        return twin

    def fingerprint(self) -> dict[str, Any]:
        return {
            "players": [p.fingerprint() for p in self.players],
            "owner": self.owner.copy(),
            "level": self.level.copy(),
            "mortgaged": self.mortgaged.copy(),
            "jobs": self.job_holder.copy(),
            "offices": self.office_holder.copy(),
            "bank": [self.bank_bricks, self.bank_pyramids, self.bank_cars, self.bank_welfare, self.bank_party],
            "unseen": {d: v.copy() for d, v in self.unseen.items()},
            "known": {d: v.copy() for d, v in self.known.items()},
            "ledger": [self.ledger_in, self.ledger_out, self.written_off],
            "eliminated": self.eliminated.copy(),
            "seats": [self.start_seat, self.turn_seat, self.pending, self.rounds_done],
            "agenda": self.agenda.to_json(),
            "phase": str(self.phase),
            "turn": [self.rolled, self.drawing, self.card, self.card_drawer, self.offers_made],
            "due": [self.due, self.due_to, self.due_for],
            "offer": [self.proposer, self.offer.to_json() if self.offer is not None else None],
            "counter": self.counter.to_json() if self.counter is not None else None,
            "said": self.said.to_json() if self.said is not None else None,
            "setup": [self.setup_rolls.copy(), self.contenders.copy(), self.roller],
            "auction": self.auction.to_json() if self.auction else None,
        }

    # --- where the turn stands --------------------------------------------------------

    def decide(self, phase: Phase, seat: int) -> None:
        """Make ``seat``'s decision of kind ``phase`` the pending one."""
        self.phase = phase
        self.pending = seat

    # --- the firms: who owns them, mortgages, investments ---------------------------------

    def set_owner(self, n: int, seat: int) -> None:
        """Firm ``n`` is now ``seat``'s (or the bank's, ``BANK``)."""
        was = self.owner[n]
        if was != seat:
            self.owner[n] = seat
            owned = list(self.owned)
            if was != BANK:
                owned[was] = tuple([m for m in owned[was] if m != n])
            if seat != BANK:
                owned[seat] = tuple(sorted([*owned[seat], n]))
            self.owned = tuple(owned)
            # Only firm n's colour group may have become whole, or stopped being, for either.
            group = self.rules.group_of[n]
            whole = list(self.whole_groups)
            for holder in (was, seat):
                if holder != BANK:
                    complete: list[int] = []
                    for m in whole[holder]:  # (a loop: a comprehension is a call of its own here)
                        if m not in group:
                            complete.append(m)
                    if owns_group(self, holder, n):
                        complete += group
                        complete.sort()
                    whole[holder] = tuple(complete)
            self.whole_groups = tuple(whole)
            self._file_for_trade(n, (was, seat))

    def set_mortgaged(self, n: int, mortgaged: bool) -> None:
        """Firm ``n`` is now mortgaged at the bank, or redeemed."""
        if self.mortgaged[n] != mortgaged:
            self.mortgaged[n] = mortgaged
            self._file_for_trade(n, (self.owner[n],))

    def set_level(self, n: int, level: int) -> None:
        """Firm ``n`` now has ``level`` investment levels."""
        was = self.level[n]
        if was != level:
            self.level[n] = level
            if not was or not level:
                # Its group may have had no investments before, or have none now: its owners'
                # firms in it may change hands now, or not any more.
                owner = self.owner
                self._file_for_trade(n, {owner[m] for m in self.rules.group_of[n]})

    def _file_for_trade(self, n: int, seats: Iterable[int]) -> None:
        """``for_trade`` made again for ``seats``, the owners whose firms in firm ``n``'s colour
        group changed (their owner, mortgage or investments): the group's firms taken out of each
        seat's list and, while they may change hands (``firms.tradeable``: the group has no
        investments), those the seat owns put back in order."""
        group = self.rules.group_of[n]
        owner, mortgaged, redemptions = self.owner, self.mortgaged, self.rules.redemptions
        may_change_hands = tradeable(self, n)
        kept = list(self.for_trade)
        for seat in seats:
            if seat == BANK:
                continue
            entries: list[Filed] = []
            for e in kept[seat]:  # (a loop: a comprehension is a call of its own here)
                if e[1] not in group:
                    entries.append(e)
            if may_change_hands:
                for m in group:
                    if owner[m] == seat:
                        pledged = mortgaged[m]
                        entries.append((redemptions[m] if pledged else 0, m, firm_code(m, seat, pledged)))
                entries.sort()
            kept[seat] = tuple(entries)
        self.for_trade = tuple(kept)

    def firms_of(self, seat: int) -> list[int]:
        """The firms ``seat`` owns, in track order."""
        return list(self.owned[seat])

    # --- the bank's ledger --------------------------------------------------------------

    def pay(self, p: Player, amount: int, why: str) -> None:
        """``p`` pays ``amount`` to the bank (the caller has checked that it can); ``why`` is the
        payment's reason code (``naming.why``)."""
        ledger.pay(self, p, amount, self._why(why), WORDING)

    def receive(self, p: Player, amount: int, why: str) -> None:
        """The bank pays ``amount`` to ``p``."""
        ledger.receive(self, p, amount, self._why(why), WORDING)

    def transfer(self, payer: Player, payee: Player, amount: int, why: str) -> None:
        """``payer`` pays ``amount`` to ``payee`` (the caller has checked that it can)."""
        ledger.transfer(self, payer, payee, amount, self._why(why), WORDING)

    def _why(self, code: str) -> Text:
        # The words only when somebody listens: the bots' games keep the code.
        return naming.why(self.rules, code) if self.log is not None else code

    def income(self, p: Player, amount: int, why: str) -> None:
        """Money the bank owes ``p`` for passing a space: paid at once, or, in table-faithful
        play (``forfeit_forgotten_salary``), only once the player reports it."""
        if self.game.forfeit_forgotten_salary:
            p.claims.append((amount, why))
            if self.log is not None:
                self.say(
                    msg(
                        "bp.say.may_claim", seat=Seat(p.seat), amount=naming.zl(amount), why=naming.why(self.rules, why)
                    )
                )
        else:
            self.receive(p, amount, why)

    def charge(self, p: Player, amount: int, why: str, payee: int = BANK) -> None:
        """A payment ``p`` must make to ``payee`` (a seat or ``BANK``), done next: the flow
        settles it from cash, or makes ``p`` raise the money, or declares ``p`` bankrupt
        (rulebook, "Mortgage" and "Bankruptcy")."""
        if amount > 0:
            self.agenda.push(Pay(p.seat, amount, payee, why))

    # --- components -----------------------------------------------------------------

    def return_insurance(self, p: Player) -> None:
        """``p`` gives the INSURANCE card back: it goes to the bottom of its stack."""
        if p.insurance is not None:
            deck, number = p.insurance
            self.known[deck].append(number)
            p.insurance = None
            self.say(msg("bp.say.returns_insurance", seat=Seat(p.seat), deck=naming.deck(deck)))


WORDING = ledger.Wording(pays="bp.say.pays", receives="bp.say.receives", transfers="bp.say.transfers", unit=naming.ZL)
"""How the narration tells a payment."""

COMPILED = hasattr(BiznesState, "__mypyc_attrs__")
"""Whether this module runs compiled by mypyc (``TYCOON_COMPILE=1 pip install .``,
docs/decisions/0019-compiled-build.md). A compiled state has no ``__dict__`` to copy and its
class's ``__new__`` runs ``__init__``, so ``clone`` copies field by field there
(``_clone_fields``); pure Python keeps copying the ``__dict__``, which is a third faster."""
