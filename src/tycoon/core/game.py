"""The game protocol: an immutable :class:`Game` configuration and a mutable :class:`State`.

The shape follows OpenSpiel: chance is a player (``CHANCE``) whose outcomes the state lists
with exact probabilities, and whoever drives the game picks one. The rules never draw random
numbers themselves.
"""

from __future__ import annotations

import copy
import math
import random
from abc import ABC, abstractmethod
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from tycoon.core.actions import Action, ActionCodec, JSONValue
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, CountedFamilies, Domain, narrow_by_search
from tycoon.core.messages import Text

CHANCE = -1
"""The seat number of chance: dice, card draws and shuffles."""

TERMINAL = -2
"""The seat number returned by ``current_player`` once the game is over."""

JSON = dict[str, Any]


def who(seat: int) -> str:
    """How a message names the one to move: ``"chance"``, ``"nobody (the game is over)"`` or
    ``"seat N"`` (counted from 0, as the rules narrate)."""
    if seat == CHANCE:
        return "chance"
    if seat == TERMINAL:
        return "nobody (the game is over)"
    return f"seat {seat}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended."""

    scores: tuple[int, ...]
    """Each seat's final score in the game's own unit (Playboss: profit in Marks)."""
    winners: tuple[int, ...]
    """The seats that won (more than one on a tie)."""
    eliminated: tuple[int, ...] = ()
    """Seats knocked out before the end (bankrupt), in the order they went out."""

    def returns(self) -> tuple[float, ...]:
        """Reward per seat for learning agents: 1 shared among the winners, 0 otherwise."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if s in self.winners else 0.0 for s in range(len(self.scores)))


@dataclass(frozen=True, slots=True)
class Segment:
    """One named stretch of an observation vector (see :meth:`Game.observation_layout`)."""

    name: str
    """What the numbers say, in a few words ("cash of each seat, from the viewer on")."""
    size: int
    """How many numbers the stretch holds."""
    scale: float = 1.0
    """A typical size of the numbers (a seat's cash: 10,000 Marks), for a learner that wants
    them near 1; the vector itself holds the game's own figures."""


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know of a state: a vector of fixed length and a short text.

    The vector's layout is the game's :meth:`Game.observation_layout` (the same for every state
    of one configuration); what the seat may not know (another seat's hand, the order of a
    deck) never shows in it. ``text`` says the same in a few lines, for a person or a search
    bot's table of information states.
    """

    vector: tuple[float, ...]
    """The numbers, laid out as the game's ``observation_layout`` says."""
    text: str
    """The same knowledge as a short text."""


class Game(ABC):
    """An immutable description of one configuration of a game."""

    id: ClassVar[str]
    """The registry name, e.g. ``"playboss"``."""
    rules_version: ClassVar[str]
    """Changes whenever the rules' behaviour changes, so old records are not misread."""
    codec: ClassVar[ActionCodec]
    """Reads this game's actions from JSON and text."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.num_seats = players
        self.options: Mapping[str, Any] = dict(options)

    @abstractmethod
    def new_state(self) -> State:
        """A fresh game, before any chance event or decision."""

    def observation_layout(self) -> tuple[Segment, ...]:
        """The stretches of ``State.observation(seat).vector``, in order; their sizes sum to
        the vector's length, which is fixed for this configuration. Documented per game."""
        raise NotImplementedError(f"{self.id} describes no observation layout")

    def config(self) -> JSON:
        """The keyword arguments that rebuild this game with ``tycoon.games.load``."""
        return {"players": self.num_seats, **self.options}

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.config().items())
        return f"load({self.id!r}, {opts})"


def _shared(self: object, *args: Any, **kwargs: Any) -> Any:
    raise TypeError(
        f"this {type(self).__name__} is a part of a view shared by every view, so it cannot be changed; "
        "change a copy (dict(part) or list(part))"
    )


class SharedDict(dict[str, Any]):
    """A dict that views share between calls (a card's picture in every view that shows the
    card): JSON like any dict, equal to a dict of the same items, but it refuses to be changed,
    since a change would show in every view. Its values are numbers, strings or shared parts.
    A copy (``copy.copy``, ``copy.deepcopy``, a pickle) is a plain dict."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _shared

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return {key: copy.deepcopy(value, memo) for key, value in self.items()}

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))


class SharedList(list[Any]):
    """A list that views share between calls, as :class:`SharedDict` is a dict."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _shared
    append = clear = extend = insert = pop = remove = reverse = sort = _shared

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return [copy.deepcopy(value, memo) for value in self]

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))


class State(ABC):
    """A game in progress. Mutable; ``clone`` gives an independent copy cheaply."""

    game: Game
    log: list[Text] | None
    """Narration of what happened, or ``None`` when nobody listens (the default, for speed).
    Set it to ``[]`` to have every event told."""

    @property
    def unwrapped(self) -> State:
        """The state itself. A wrapper that presents part of a state (one partner's share of a
        decision, ``tycoon.agents.partners.Share``) answers with the state it wraps, so an agent
        that reads a game's own fields, or keeps notes per game, reads them there."""
        return self

    @abstractmethod
    def current_player(self) -> int:
        """The seat whose decision is pending, ``CHANCE``, or ``TERMINAL`` when over."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` may take now (default: the current player).

        For the pending seat this is the pending decision's options plus anything the rules
        allow "at any time"; for another seat only the latter; for ``CHANCE`` the outcomes.
        """

    def action_families(self, seat: int | None = None) -> list[ActionFamily]:
        """The parametric actions ``seat`` may take now (default: the current player).

        Offers, bids, loans, sales in quantity: each family is an action kind with a domain per
        field (see :mod:`tycoon.core.families`). A family is listed only when at least one of
        its members is legal. Games without parametric actions list none.
        """
        return []

    def counted_families(self, seat: int | None = None) -> CountedFamilies:
        """``action_families(seat)``, counted before they are built. Here they are built at once;
        a game whose families cost much to build counts them first, for a random agent that
        draws among its options by their number and needs a family only when it draws one."""
        return CountedFamilies.listed(self.action_families(seat))

    def narrow(self, family: ActionFamily, prefix: Sequence[JSONValue], seat: int | None = None) -> Domain:
        """The domain of ``family``'s next field once its first fields hold ``prefix``.

        ``family`` is one of ``action_families(seat)``; ``prefix`` gives values for its first
        ``len(prefix)`` fields, in order (fewer than the family has). The answer holds exactly
        the values of the next field that have at least one completion ``apply`` accepts: no
        dead ends, so a form that asks field by field, a learner that decides field by field
        and a random agent that draws field by field always reach a legal member. A prefix
        that no legal member starts with raises ``IllegalAction`` saying which value is wrong.

        The default answers a ``whole`` family with its own domains and any other family by
        trying completions (exactly, while there are few); a game overrides it for families
        whose fields constrain each other over wide ranges (a count times a price within the
        buyer's cash). The conformance suite walks random prefixes of every family to a member
        that ``apply`` accepts.
        """
        return narrow_by_search(self, family, prefix, seat)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now, as numbers laid out as ``game.observation_layout()``
        says and as a short text. A state and every ``resample(seat, rng)`` of it give the
        same observation for ``seat``; changing what ``seat`` cannot see never changes it."""
        raise NotImplementedError(f"{self.game.id} gives no observation")

    def observation_vector(self, seat: int) -> array[float]:
        """The numbers of ``observation(seat)`` alone, as doubles (``array("d")``, which numpy
        reads without a copy): what learning environments take at every step. A game builds
        them without the text where that is cheaper; the numbers are the same."""
        return array("d", self.observation(seat).vector)

    def resample(self, seat: int, rng: random.Random) -> State:
        """A full state that agrees with everything ``seat`` has seen: what ``seat`` cannot
        see (other seats' hands and goals, the order of unseen cards) drawn anew with ``rng``
        from what is unseen, sizes kept. It plays on like any state; ``self`` is unchanged.
        For determinising search (information-set Monte Carlo tree search)."""
        raise NotImplementedError(f"{self.game.id} cannot resample what a seat cannot see")

    def refusal(self, action: Action, seat: int | None = None) -> Text | None:
        """Why ``apply(action, seat)`` would refuse ``action`` now (the refusal's message, its rule
        cited), or ``None`` when it would
        accept it; the state is left as it is.

        The default tries the action on a clone. A game may answer directly where its rules
        can say cheaply whether an action is legal (a member of an offer family, a bid), so an
        agent can check a sampled member without a clone; the answer must be exactly what
        ``apply`` decides (the conformance suite compares them).
        """
        try:
            self.clone().apply(action, seat)
        except IllegalAction as e:
            return e.text or type(e).__name__
        return None

    def describe(self, action: Action, viewer: int | None = None) -> Text:
        """``action`` in the game's own words with its figures, as ``viewer`` may read it.

        Called before ``action`` is applied. ``viewer`` is the seat reading (``None``: a
        spectator, or everybody); what ``viewer`` may not know (a card drawn into another
        seat's hand, another seat's personal goal) is left out. Seats are named ``seat N``
        (from 0); a front end puts the players' names in their place. An action ``apply`` would
        refuse as ill-formed (a field of the wrong type) raises ``IllegalAction`` with the same
        reason, as does one that names nothing of the game (``tycoon.core.guard.tell``): never
        another exception.
        """
        return str(action)

    def describe_all(self, action: Action) -> tuple[Text, ...]:
        """``describe(action, viewer)`` for every seat in order and then for a spectator
        (``None``), as a server narrates a move to everyone at once. A game whose words depend
        on the viewer for only some actions may answer with fewer calls; the texts are exactly
        those ``describe`` gives (the conformance suite compares them)."""
        return tuple(self.describe(action, viewer) for viewer in [*range(self.game.num_seats), None])

    def labels(self, actions: Sequence[Action], seat: int) -> list[Text]:
        """``describe(action, seat)`` for each of ``actions`` in order, as a front end labels the
        menu of ``seat``'s legal actions. A game whose actions share most of their words (the
        same company moved to one concern or another) may make what they share once; the texts
        are exactly those ``describe`` gives (the conformance suite compares them), and an
        action ``describe`` refuses is refused the same way."""
        return [self.describe(action, seat) for action in actions]

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""

    def chance_weights(self) -> tuple[Sequence[Action], Sequence[int]]:
        """At a chance node: the outcomes of ``chance_outcomes``, in the same order, with whole
        positive weights proportional to their probabilities (``[1] * 6`` for a die).

        :func:`tycoon.core.driver.sample_chance` draws with them, and draws exactly what it
        would draw with the probabilities. The default derives them from ``chance_outcomes``;
        a game overrides it to spare its hot path the ``Fraction`` arithmetic.
        """
        outcomes = self.chance_outcomes()
        # Fraction(p) also takes a game's mistake (a float) exactly, for the suite to report it.
        probabilities = [Fraction(p) for _, p in outcomes]
        scale = math.lcm(*(p.denominator for p in probabilities)) if outcomes else 1
        return [a for a, _ in outcomes], [p.numerator * (scale // p.denominator) for p in probabilities]

    @abstractmethod
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` for ``seat`` (default: the current player, or chance).

        Raises :class:`~tycoon.core.errors.IllegalAction` naming the broken rule, leaving
        the state exactly as it was.
        """

    @abstractmethod
    def outcome(self) -> Outcome:
        """How the game ended. Only valid once ``is_terminal()``."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see, as a JSON-ready dict; ``None`` is a spectator.

        A view is the caller's to change: it shares no list or dict with the state. Parts
        that never change (a card's picture) may be made once and shared by every view as a
        :class:`SharedDict` or :class:`SharedList`, which refuse to be changed."""

    def common_view(self) -> JSON | None:
        """The part of the view that every seat and a spectator see alike, or ``None`` (the
        default) for a game that builds each seat's view whole.

        A game that answers splits its view in two: for every seat and ``None``,
        ``view(seat) == common_view() | own_view(seat, common_view())``, key for key and in
        the same order. A server builds the common part once for all its clients and only
        the own parts seat by seat (``tycoon.server.publisher``, docs/decisions/0037-views-
        built-once.md), so nothing in it may be hidden from any seat. Like a view, it is the
        caller's to change."""
        return None

    def own_view(self, seat: int | None, common: JSON) -> JSON:
        """The keys of ``view(seat)`` that are ``seat``'s own, given ``common``, this state's
        ``common_view()``, which it leaves as it is: a key the common part shows as a
        spectator sees it (``"you": null``, a hand face down) comes again as ``seat`` sees
        it. Only the keys that differ need be given; nothing, for a spectator."""
        return {}

    @abstractmethod
    def clone(self) -> State:
        """An independent copy: applying actions to one never changes the other."""

    @abstractmethod
    def fingerprint(self) -> JSON:
        """The whole state as plain data, for equality checks (replay, clone tests)."""

    def say(self, text: Text) -> None:
        """Narrate an event, if anybody listens."""
        if self.log is not None:
            self.log.append(text)
