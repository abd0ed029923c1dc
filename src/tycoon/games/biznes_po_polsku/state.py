"""The flow of a game of Biznes po polsku: setup, turns, movement, the books, the end.

What each space, card and "at any time" option does lives in its own module (``board``,
``firms``, ``professions``, ``politics``, ``cards``, ``car``, ``anytime``, ``trade``,
``bankruptcy``); this module runs the turn through a queue of steps and keeps the books. Money
only moves through ``pay``, ``receive`` and ``transfer``, so the bank's ledger always balances:
the players' cash is what the bank paid out less what it took in.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action, action_problem, seat_problem
from tycoon.core.errors import GameOver, IllegalAction, NotYourTurn
from tycoon.core.game import CHANCE, TERMINAL, Outcome, State, who
from tycoon.games.biznes_po_polsku import anytime, bankruptcy, board, cards, firms, fortune, trade, words
from tycoon.games.biznes_po_polsku.actions import ANYTIME, CODEC, OFFERS, Die, Draw, EndTurn, Roll
from tycoon.games.biznes_po_polsku.data import DECKS, POSTS, Rules
from tycoon.games.biznes_po_polsku.players import OFFICE, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.game import BiznesPoPolsku

# Phases: what the pending decision is.
SETUP = "setup"  # chance: the die decides who begins
TURN = "turn"  # the player may deal (trade, mortgage, invest, buy a car), then rolls
MOVE = "move"  # chance: the die is rolled
CAR = "car"  # with a car: stop on the rolled space or five further
BUY = "buy"  # an unowned firm: found it or not
JOB = "job"  # a free profession: take it or wait for a better one
PARTY = "party"  # the political party: join or not
OFFICE_CHOICE = "office"  # an unbought office: run for it or not
DRAW = "draw"  # chance: a LOS or NIESPODZIANKA card is drawn
RAISE = "raise"  # a payment is due and cash is short: mortgage or sell investments
AUCTION = "auction"  # the bank auctions a bankrupt player's firms
ANSWER = "answer"  # a trade offer waits for the other player's answer
END = "end"  # table-faithful play: claim what was passed before ending the turn
OVER = "over"

CHANCE_PHASES = (SETUP, MOVE, DRAW)
OWN_TURN = (TURN, CAR, BUY, JOB, PARTY, OFFICE_CHOICE, END)
"""Decisions of the player whose turn it is, during which their "at any time" options are open."""
DIE = [(Die(p), Fraction(1, 6)) for p in range(1, 7)]
BANK = -1
"""The payee of money due to the bank."""

Step = tuple[str, int, int, int, str]
"""A step of the turn still to do: (kind, a, b, c, text). Kinds: ``land`` (resolve the turn
player's space), ``pay`` (seat a pays b zł to seat c or the bank, for text), ``end``."""


class BiznesState(State):
    """A game of Biznes po polsku in progress."""

    game: BiznesPoPolsku

    def __init__(self, game: BiznesPoPolsku, *, blank: bool = False) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self.log = None
        if blank:
            return
        r = self.rules
        n = game.num_seats
        self.players = [Player(s, r.start_cash) for s in range(n)]
        self.owner = [BANK] * 41
        """Firm space → owning seat, or ``BANK`` while unowned."""
        self.level = [0] * 41
        """Firm space → investment level, 0 to 5 (5 is the pyramid)."""
        self.mortgaged = [False] * 41
        self.job_holder = [BANK] * 41
        """Profession space → the seat holding that profession, or ``BANK``."""
        self.office_holder = dict.fromkeys(POSTS, BANK)
        """Office → the seat holding it, or ``BANK``."""
        self.bank_bricks = r.bricks
        self.bank_pyramids = r.pyramids
        self.bank_cars = r.cars
        self.bank_welfare = r.welfare_cards
        self.bank_party = r.party_cards
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
        self.start_seat = 0
        self.turn_seat = 0
        self.rounds_done = 0
        self.steps: list[Step] = []
        self.phase = SETUP
        self.pending = 0
        self.rolled = 0
        self.drawing = ""
        """The deck a pending chance draw is from."""
        self.card = ""
        """The last card drawn, as ``deck:number``."""
        self.due = 0
        self.due_to = BANK
        self.due_reason = ""
        self.offers_made = 0
        self.offer: Action | None = None
        """The trade offer waiting for an answer."""
        self.proposer = BANK
        self.setup_rolls = [0] * n
        self.contenders = list(range(n))
        self.roller = 0
        self.auction: bankruptcy.Auction | None = None

    # --- the protocol ---------------------------------------------------------------

    def clone(self) -> BiznesState:
        s = BiznesState(self.game, blank=True)
        s.players = [p.clone() for p in self.players]
        s.owner = self.owner.copy()
        s.level = self.level.copy()
        s.mortgaged = self.mortgaged.copy()
        s.job_holder = self.job_holder.copy()
        s.office_holder = self.office_holder.copy()
        s.bank_bricks = self.bank_bricks
        s.bank_pyramids = self.bank_pyramids
        s.bank_cars = self.bank_cars
        s.bank_welfare = self.bank_welfare
        s.bank_party = self.bank_party
        s.unseen = {d: v.copy() for d, v in self.unseen.items()}
        s.known = {d: v.copy() for d, v in self.known.items()}
        s.ledger_in = self.ledger_in
        s.ledger_out = self.ledger_out
        s.written_off = self.written_off
        s.eliminated = self.eliminated.copy()
        s.start_seat = self.start_seat
        s.turn_seat = self.turn_seat
        s.rounds_done = self.rounds_done
        s.steps = self.steps.copy()
        s.phase = self.phase
        s.pending = self.pending
        s.rolled = self.rolled
        s.drawing = self.drawing
        s.card = self.card
        s.due = self.due
        s.due_to = self.due_to
        s.due_reason = self.due_reason
        s.offers_made = self.offers_made
        s.offer = self.offer
        s.proposer = self.proposer
        s.setup_rolls = self.setup_rolls.copy()
        s.contenders = self.contenders.copy()
        s.roller = self.roller
        s.auction = self.auction.clone() if self.auction else None
        s.log = None if self.log is None else self.log.copy()
        return s

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.pending

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase in (SETUP, MOVE):
            return list(DIE)
        if self.phase == DRAW:
            # docs/decisions/0003-risk-deck-chance.md: the unseen cards lie on top, in an order
            # nobody knows, so each is equally likely to be the next.
            left = self.unseen[self.drawing]
            p = Fraction(1, len(left))
            return [(Draw(self.drawing, c), p) for c in left]
        return []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current_player()
        if self.phase == OVER:
            return []
        if seat == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if not 0 <= seat < len(self.players) or self.players[seat].bankrupt or self.phase == SETUP:
            return []
        p = self.players[seat]
        if self.phase == RAISE and seat == self.pending:
            return anytime.fund_raising(self, p)
        free = anytime.legal(self, p)
        if seat != self.pending or self.phase in CHANCE_PHASES:
            return free
        if self.phase == TURN:
            return [Roll(), *trade.legal_offers(self, p), *free]
        if self.phase == ANSWER:
            return trade.legal_answers()
        if self.phase == AUCTION:
            return bankruptcy.legal_bids(self, p)
        if self.phase == END:
            return [EndTurn(), *free]
        return [*board.legal_choices(self, p), *free]

    def apply(self, action: Action, seat: int | None = None) -> None:
        # Wrong types built by hand in Python (``Invest(1.5)``, ``apply(a, "0")``) are refused
        # before any rule looks at them, so the state stays exactly as it was.
        problem = action_problem(action, CODEC) or seat_problem(seat)
        if problem:
            raise IllegalAction(problem)
        if self.phase == OVER:
            raise GameOver(f"the game is over; {action} can no longer be played")
        current = self.current_player()
        if seat is None:
            seat = current
        if seat == CHANCE:
            if current != CHANCE:
                raise NotYourTurn(f"{action} is a chance outcome, but {who(current)} must decide: {self.phase_text()}")
            if action not in self.legal_actions(CHANCE):
                raise IllegalAction(f"{action} is not a possible chance outcome now")
            self._apply_chance(action)
            return
        if self.phase == SETUP:
            raise IllegalAction("nothing can be done before the die has decided who begins")
        if not 0 <= seat < len(self.players):
            raise IllegalAction(f"there is no seat {seat}; seats are 0 to {len(self.players) - 1}")
        p = self.players[seat]
        if p.bankrupt:
            raise IllegalAction(f"seat {seat} is bankrupt and out of the game")
        if isinstance(action, ANYTIME):
            anytime.apply(self, p, action)
            if self.phase == RAISE and seat == self.pending:
                self._try_pay_due()
            elif self.phase == END and seat == self.pending and not p.claims:
                self.phase = ""
                self.run()
            return
        if seat != current:
            pending = "chance's turn" if current == CHANCE else f"{who(current)}'s decision"
            raise NotYourTurn(f"it is {pending}, not {who(seat)}'s: {self.phase_text()}")
        if self.phase == TURN:
            if isinstance(action, OFFERS):
                trade.offer(self, p, action)
                return
            if not isinstance(action, Roll):
                raise IllegalAction(f"{action} is not possible now: deal, then roll the die")
            self._roll(p)
            return
        if self.phase == ANSWER:
            trade.answer(self, p, action)
            return
        if self.phase == AUCTION:
            bankruptcy.apply_bid(self, p, action)
        elif self.phase == RAISE:
            raise IllegalAction(f"{self.due:,} zł are due; mortgage firms or sell investments first", RAISE_RULE)
        elif self.phase == END:
            if not isinstance(action, EndTurn):
                raise IllegalAction(f"{action} is not possible now: claim what you passed, or end the turn")
            self.phase = ""
        else:
            board.apply_choice(self, p, action)
        self.run()

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction("the game is not over yet")
        scores = tuple(0 if p.bankrupt else fortune.fortune(self, p) for p in self.players)
        alive = [p.seat for p in self.players if not p.bankrupt]
        best = max((scores[s] for s in alive), default=None)
        winners = tuple(s for s in alive if scores[s] == best)
        return Outcome(scores, winners, tuple(self.eliminated))

    # --- chance -----------------------------------------------------------------------

    def _apply_chance(self, action: Action) -> None:
        if self.phase == SETUP:
            assert isinstance(action, Die)
            self._setup_roll(action.pips)
        elif self.phase == MOVE:
            assert isinstance(action, Die)
            self.phase = ""
            board.rolled(self, self.players[self.turn_seat], action.pips)
            self.run()
        else:
            assert isinstance(action, Draw)
            self.unseen[action.deck].remove(action.card)
            self.phase = ""
            cards.resolve(self, self.players[self.turn_seat], action.deck, action.card)
            self.run()

    def _setup_roll(self, pips: int) -> None:
        # Rulebook, "Setup": whoever rolls the highest number begins; ties roll again.
        seat = self.contenders[self.roller]
        self.setup_rolls[seat] = pips
        self.say(f"Seat {seat} rolls {pips} for the start.")
        self.roller += 1
        if self.roller < len(self.contenders):
            return
        best = max(self.setup_rolls[s] for s in self.contenders)
        tied = [s for s in self.contenders if self.setup_rolls[s] == best]
        if len(tied) == 1:
            self.start_seat = self.turn_seat = tied[0]
            self.decide(TURN, tied[0])
            self.say(f"Seat {tied[0]} begins from START.")
        else:
            self.say(f"Seats {', '.join(map(str, tied))} tie with {best} and roll again.")
            self.contenders = tied
            self.roller = 0

    # --- the turn ---------------------------------------------------------------------

    def _roll(self, p: Player) -> None:
        if self.game.forfeit_forgotten_salary:
            # Rulebook, "Profession": a salary not reported before the next player moves is lost.
            for other in self.players:
                if other is not p and other.claims:
                    total = sum(a for a, _ in other.claims)
                    self.say(f"Seat {other.seat} forgot to report {total:,} zł: forfeited.")
                    other.claims.clear()
        self.phase = MOVE
        self.pending = p.seat

    def run(self) -> None:
        """Work through the turn's remaining steps until a decision is pending."""
        while self.phase == "" and self.steps:
            kind, a, b, c, text = self.steps.pop(0)
            if kind == "land":
                board.land(self, self.players[self.turn_seat])
            elif kind == "pay":
                if not self.players[a].bankrupt and (c == BANK or not self.players[c].bankrupt):
                    self.charge(self.players[a], b, text, c)
            elif kind == "end":
                self._end_turn(offered=a == 1)

    def decide(self, phase: str, seat: int) -> None:
        """Make ``seat``'s decision of kind ``phase`` the pending one."""
        self.phase = phase
        self.pending = seat

    def _end_turn(self, offered: bool = False) -> None:
        p = self.players[self.turn_seat]
        if self.game.forfeit_forgotten_salary and p.claims and not p.bankrupt and not offered:
            # Give the player a last moment to claim before the next player moves.
            self.steps.insert(0, ("end", 1, 0, 0, ""))
            self.decide(END, p.seat)
            return
        n = len(self.players)
        while True:
            if self.game_decided():
                self._finish()
                return
            offset = (self.turn_seat - self.start_seat) % n
            nxt, k = self.turn_seat, 0
            for k in range(1, n + 1):
                nxt = (self.turn_seat + k) % n
                if not self.players[nxt].bankrupt:
                    break
            if offset + k >= n:
                # The turn passes the start player again: a round is complete.
                self.rounds_done += 1
                if self.game.rounds and self.rounds_done >= self.game.rounds:
                    self.say(f"Round {self.rounds_done} is over: the agreed end of the game.")
                    self._finish()
                    return
            self.turn_seat = nxt
            q = self.players[nxt]
            if q.wait <= 0:
                break
            q.wait -= 1
            self.say(f"Seat {nxt} waits a turn.")
            if q.wait == 0 and q.position == OFFICE:
                # Rulebook, "Dismissal": after waiting, the WELFARE BENEFIT card and START.
                q.position = 1
                if not q.welfare and self.bank_welfare:
                    self.bank_welfare -= 1
                    q.welfare = True
                self.say(f"Seat {nxt} receives the WELFARE BENEFIT card and rejoins the game at START.")
        self.steps = []
        self.offers_made = 0
        self.decide(TURN, self.turn_seat)

    def game_decided(self) -> bool:
        return sum(not p.bankrupt for p in self.players) <= 1

    def _finish(self) -> None:
        self.phase = OVER
        self.steps = []
        self.say("The game is over.")

    # --- money ------------------------------------------------------------------------

    def pay(self, p: Player, amount: int, why: str) -> None:
        """``p`` pays ``amount`` to the bank (the caller has checked that it can)."""
        p.cash -= amount
        self.ledger_in += amount
        self.say(f"Seat {p.seat} pays {amount:,} zł to the bank for {why}.")

    def receive(self, p: Player, amount: int, why: str) -> None:
        """The bank pays ``amount`` to ``p``."""
        p.cash += amount
        self.ledger_out += amount
        self.say(f"Seat {p.seat} receives {amount:,} zł from the bank: {why}.")

    def transfer(self, payer: Player, payee: Player, amount: int, why: str) -> None:
        payer.cash -= amount
        payee.cash += amount
        self.say(f"Seat {payer.seat} pays {amount:,} zł to seat {payee.seat} for {why}.")

    def income(self, p: Player, amount: int, why: str) -> None:
        """Money the bank owes ``p`` for passing a space: paid at once, or, in table-faithful
        play (``forfeit_forgotten_salary``), only once the player reports it."""
        if self.game.forfeit_forgotten_salary:
            p.claims.append((amount, why))
            self.say(f"Seat {p.seat} may claim {amount:,} zł: {why}.")
        else:
            self.receive(p, amount, why)

    def charge(self, p: Player, amount: int, why: str, payee: int = BANK) -> None:
        """A payment ``p`` must make to ``payee`` (a seat or ``BANK``). When cash is short the
        player must mortgage or sell investments; when even that cannot cover it, the player is
        bankrupt (rulebook, "Mortgage" and "Bankruptcy")."""
        if amount <= 0:
            return
        if p.cash >= amount:
            self._settle(p, amount, why, payee)
            return
        if anytime.raisable(self, p) >= amount:
            self.due, self.due_to, self.due_reason = amount, payee, why
            self.say(f"Seat {p.seat} owes {amount:,} zł for {why} but holds {p.cash:,}: it must raise the money.")
            self.decide(RAISE, p.seat)
            return
        self.say(f"Seat {p.seat} cannot pay {amount:,} zł for {why}: bankrupt.")
        bankruptcy.declare(self, p, amount, payee)

    def _settle(self, p: Player, amount: int, why: str, payee: int) -> None:
        if payee == BANK:
            self.pay(p, amount, why)
        else:
            self.transfer(p, self.players[payee], amount, why)

    def _try_pay_due(self) -> None:
        p = self.players[self.pending]
        if p.cash >= self.due:
            self._settle(p, self.due, self.due_reason, self.due_to)
            self.due, self.due_to, self.due_reason = 0, BANK, ""
            self.phase = ""
            self.run()

    # --- what players see -------------------------------------------------------------

    def phase_text(self) -> str:
        texts = {
            SETUP: "the die decides who begins",
            TURN: "trade, mortgage, invest or buy a car, then roll the die",
            MOVE: "the die is rolled",
            CAR: f"rolled {self.rolled}: stop there or drive {self.rules.car_reach} spaces further",
            BUY: "an unowned firm: found it, or pass",
            JOB: "a free profession: take it, or wait for a better one",
            PARTY: "the political party: join it, or pass",
            OFFICE_CHOICE: "an unbought office: run for it, or pass",
            DRAW: f"a {self.drawing.upper()} card is drawn",
            RAISE: f"{self.due:,} zł are due for {self.due_reason}: mortgage firms or sell investments",
            AUCTION: "the bank auctions a bankrupt player's firm: bid or pass",
            ANSWER: f"seat {self.proposer} offers: {self.offer}; accept or reject",
            END: "claim what you passed, or end the turn",
            OVER: "the game is over",
        }
        return texts.get(self.phase, self.phase)

    def describe(self, action: Action, viewer: int | None = None) -> str:
        return words.describe(action, viewer, self.rules)

    def view(self, seat: int | None) -> dict[str, Any]:
        r = self.rules
        current = self.current_player()
        firm_rows = [
            {
                "space": n,
                "owner": self.owner[n] if self.owner[n] != BANK else None,
                "level": self.level[n],
                "mortgaged": self.mortgaged[n],
                "fee": firms.fee(self, n) if self.owner[n] != BANK else 0,
            }
            for n in r.firms
        ]
        return {
            "game": "biznes_po_polsku",
            "round": self.rounds_done,
            "round_target": self.game.rounds or None,
            "forfeit_forgotten_salary": self.game.forfeit_forgotten_salary,
            "pending": {"seat": current if current >= 0 else None, "decision": self.phase, "text": self.phase_text()},
            "you": seat,
            "start_seat": self.start_seat,
            "turn": self.turn_seat,
            "rolled": self.rolled,
            "board": [
                {"number": s.number, "kind": s.kind, "name": s.name, "group": s.group, "post": s.post} for s in r.board
            ],
            "firms": firm_rows,
            "professions": {str(n): _seat(self.job_holder[n]) for n in r.professions},
            "offices": {k: _seat(v) for k, v in self.office_holder.items()},
            "bank": {
                "bricks": self.bank_bricks,
                "pyramids": self.bank_pyramids,
                "cars": self.bank_cars,
                "welfare_cards": self.bank_welfare,
                "party_cards": self.bank_party,
            },
            "decks": {d: len(self.unseen[d]) + len(self.known[d]) for d in DECKS},
            "last_card": self.card,
            "players": [self._player_json(p) for p in self.players],
            "due": {"amount": self.due, "to": _seat(self.due_to), "for": self.due_reason}
            if self.phase == RAISE
            else None,
            "offer": {"from": self.proposer, **self.offer.to_json()} if self.offer is not None else None,
            "offers_left": max(0, r.offers_per_turn - self.offers_made),
            "auction": self.auction.to_json() if self.auction else None,
        }

    def _player_json(self, p: Player) -> dict[str, Any]:
        return {
            "seat": p.seat,
            "cash": p.cash,
            "position": p.position,
            "in_employment_office": p.position == OFFICE,
            "profession": p.profession or None,
            "welfare": p.welfare,
            "party_member": p.member,
            "offices": [k for k, v in self.office_holder.items() if v == p.seat],
            "insurance": p.insurance is not None,
            "car": ("none", "car", "mortgaged")[p.car],
            "wait": p.wait,
            "claims": sum(a for a, _ in p.claims),
            "firms": [n for n in self.rules.firms if self.owner[n] == p.seat],
            "fortune": 0 if p.bankrupt else fortune.fortune(self, p),
            "bankrupt": p.bankrupt,
        }

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
            "steps": [list(s) for s in self.steps],
            "phase": self.phase,
            "turn": [self.rolled, self.drawing, self.card, self.offers_made],
            "due": [self.due, self.due_to, self.due_reason],
            "offer": [self.proposer, self.offer.to_json() if self.offer is not None else None],
            "setup": [self.setup_rolls.copy(), self.contenders.copy(), self.roller],
            "auction": self.auction.to_json() if self.auction else None,
        }


RAISE_RULE = 'rulebook, "Mortgage"'


def _seat(seat: int) -> int | None:
    return None if seat == BANK else seat
