"""Open cards: a tiny game with hidden hands, for testing the information checks
(``tycoon.testing.information``) apart from any real game.

The rules. A deck holds the cards 1 to ``cards``. Chance deals ``hand`` cards to each of the two
or three players, one at a time (always to the player with the fewest). Then in turn each player
lays one card of their hand face up, and chance deals them a new one from the deck while it
lasts. When every hand is empty the game ends; the highest total of cards laid wins.

Hidden: the cards in the other hands, and which cards are still in the deck (its order is
chance's, never stored). Public: every card laid, each hand's size, the deck's size.
"""

from __future__ import annotations

import random
from fractions import Fraction

from tycoon.core.actions import Action, ActionCodec, action
from tycoon.core.errors import IllegalAction, InvalidConfig
from tycoon.core.game import CHANCE, JSON, TERMINAL, Game, Observation, Outcome, Segment, State

RULES = "Open cards"


@action("deal")
class Deal(Action):
    """Chance: the card ``card`` comes off the deck."""

    card: int


@action("lay")
class Lay(Action):
    """Lay the card ``card`` of one's hand face up."""

    card: int


CODEC = ActionCodec([Deal, Lay])


class OpenCards(Game):
    """One configuration of open cards: the players, the deck and the hand."""

    id = "open-cards"
    rules_version = "1"
    codec = CODEC

    def __init__(self, players: int = 2, cards: int = 8, hand: int = 2) -> None:
        if not 2 <= players <= 3 or cards < players * hand or hand < 1:
            raise InvalidConfig(f"open cards needs 2 or 3 players and {players * hand} cards or more")
        super().__init__(players, {"cards": cards, "hand": hand})
        self.cards = cards
        self.hand = hand

    def new_state(self) -> OpenCardsState:
        return OpenCardsState(self)

    def observation_layout(self) -> tuple[Segment, ...]:
        n, c = self.num_seats, self.cards
        return (
            Segment("the viewer's hand: 1 per card held", c),
            Segment("cards laid by each seat, from the viewer on", n * c),
            Segment("hand sizes, from the viewer on", n, self.hand),
            Segment("the seat to move, from the viewer on (one-hot; none at chance or over)", n),
            Segment("cards left in the deck", 1, c),
        )


class OpenCardsState(State):
    """A game of open cards in progress."""

    game: OpenCards

    def __init__(self, game: OpenCards) -> None:
        self.game = game
        self.log = None
        self.deck = list(range(1, game.cards + 1))
        """The cards not dealt yet, sorted (their order is chance's)."""
        self.hands: list[list[int]] = [[] for _ in range(game.num_seats)]
        """Each seat's cards, sorted."""
        self.laid: list[list[int]] = [[] for _ in range(game.num_seats)]
        """The cards each seat has laid, in order."""
        self.seat = 0
        """The seat to lay next."""
        self.dealing = True
        """Chance deals a card to the seat with the fewest (at the start) or to ``seat``."""

    def current_player(self) -> int:
        if not self.dealing and not any(self.hands):
            return TERMINAL
        return CHANCE if self.dealing else self.seat

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current_player()
        current = self.current_player()
        if current == TERMINAL or seat != current:
            return []
        if seat == CHANCE:
            return [Deal(c) for c in self.deck]
        return [Lay(c) for c in self.hands[seat]]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if not self.dealing:
            return []
        return [(Deal(c), Fraction(1, len(self.deck))) for c in self.deck]

    def apply(self, action: Action, seat: int | None = None) -> None:
        current = self.current_player()
        if seat is None:
            seat = current
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action} is not legal for seat {seat} now", RULES)
        if isinstance(action, Deal):
            self.deck.remove(action.card)
            # The opening deal goes round; later each player is dealt after laying a card.
            to = min(range(self.game.num_seats), key=lambda s: len(self.hands[s])) if not any(self.laid) else self.seat
            self.hands[to].append(action.card)
            self.hands[to].sort()
            opening = not any(self.laid)
            if opening and any(len(h) < self.game.hand for h in self.hands):
                return
            self.dealing = False
            if not opening:
                self.seat = (self.seat + 1) % self.game.num_seats
        else:
            assert isinstance(action, Lay)
            self.hands[seat].remove(action.card)
            self.laid[seat].append(action.card)
            if self.deck:
                self.dealing = True
            else:
                self.seat = (self.seat + 1) % self.game.num_seats

    def outcome(self) -> Outcome:
        scores = tuple(sum(laid) for laid in self.laid)
        return Outcome(scores, tuple(s for s, v in enumerate(scores) if v == max(scores)))

    def view(self, seat: int | None) -> JSON:
        return {
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "laid": [list(laid) for laid in self.laid],
            "deck": len(self.deck),
            "to_play": self.current_player(),
        }

    def observation(self, seat: int) -> Observation:
        game = self.game
        n, c = game.num_seats, game.cards
        vector = [0.0] * (c + n * c + n + n + 1)
        for card in self.hands[seat]:
            vector[card - 1] = 1.0
        for i in range(n):
            for card in self.laid[(seat + i) % n]:
                vector[c + i * c + card - 1] = 1.0
            vector[c + n * c + i] = float(len(self.hands[(seat + i) % n]))
        current = self.current_player()
        if current >= 0:
            vector[c + n * c + n + (current - seat) % n] = 1.0
        vector[-1] = float(len(self.deck))
        text = f"seat {seat} holds {self.hands[seat]}; laid {self.laid}; deck {len(self.deck)}"
        return Observation(tuple(vector), text)

    def resample(self, seat: int, rng: random.Random) -> OpenCardsState:
        twin = self.clone()
        unseen = [card for s, hand in enumerate(self.hands) if s != seat for card in hand] + self.deck
        rng.shuffle(unseen)
        for s, hand in enumerate(self.hands):
            if s != seat:
                twin.hands[s] = sorted(unseen[: len(hand)])
                del unseen[: len(hand)]
        twin.deck = sorted(unseen)
        return twin

    def clone(self) -> OpenCardsState:
        twin = OpenCardsState.__new__(type(self))
        twin.game = self.game
        twin.log = None if self.log is None else list(self.log)
        twin.deck = list(self.deck)
        twin.hands = [list(h) for h in self.hands]
        twin.laid = [list(laid) for laid in self.laid]
        twin.seat = self.seat
        twin.dealing = self.dealing
        return twin

    def fingerprint(self) -> JSON:
        return {
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "laid": [list(laid) for laid in self.laid],
            "seat": self.seat,
            "dealing": self.dealing,
        }
