"""Two partners running one business: an agent made of two agents.

Playboss II, "6. Step": "you may allow two players to run one business operation. One manages
the marketing and financial aspects and the other manages the purchase, production and labor
aspects of the business. The players must agree about their competency division and business
decisions." The rules engine knows seats, not people: the seat still owns the business, and
:class:`Partners` is the seat's agent, asking for each decision the partner whose competency it
is. A game gives the division as two functions (Playboss: ``tycoon.games.playboss.partners``):

- ``competency(action)``: ``"production"`` (purchase, production and labour), ``"finance"``
  (marketing and financial aspects) or ``"either"`` (actions that only move the game on, such
  as rolling the die or doing nothing, and answers whose owner the decision says);
- ``decision(state, seat)``, optional: the competency of the pending decision as a whole (the
  answer to an offer belongs to whoever the offered deal concerns), or ``None`` when the
  partners share it.

How the partners agree on one action for the seat:

1. When the decision as a whole belongs to one partner, that partner decides alone, among its
   own actions and the neutral ones ("either").
2. Otherwise the production partner decides first, among its own actions and the neutral ones.
   An action of its own is taken: within one's competency one's word is the last.
3. If it chooses a neutral action (it would roll the die, do nothing, pass), the finance partner
   decides among its own actions and the neutral ones, and has the last word: it agrees with a
   neutral action or does business of its own first. When the finance partner has nothing of
   its own to do, the production partner's choice stands without asking it.

Actions of an "at any time" kind leave the decision pending, so after one of them both partners
are asked again: the game moves on only when both are content. Either partner's actions are
always legal for the seat, so the seat's record, its replay and the game are exactly those of a
single player's.

A partner decides on a :class:`Share` of the state, a wrapper as PettingZoo's are: its
``legal_actions(seat)``, ``action_families(seat)`` and ``refusal`` present only the partner's
share (a family whose members belong to both, such as trades in several goods, is divided by
them), and everything else is the state's; its ``unwrapped`` is the very state the seat is asked
about (bots keep notes per game object). A choice the share does not list is taken if it is
of the partner's competency and the rules accept it (a person may type an offer at a price of
their own); otherwise a partner that can be told why (a method ``refused(action, reason)``, as
a person at the terminal has) is told and asked again, and for any other agent ``act`` raises
``ValueError``: the seat never plays an action that is not legal, or that is the other
partner's to choose.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction

from tycoon.core.actions import Action, JSONValue
from tycoon.core.driver import Agent
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Choice, Domain, IntRange
from tycoon.core.game import JSON, Observation, Outcome, State
from tycoon.core.messages import Term, Text, msg, plain

PRODUCTION = "production"
"""The partner who manages purchase, production and labour; the first of ``KIND+KIND``."""
FINANCE = "finance"
"""The partner who manages marketing and finance; the second of ``KIND+KIND``."""
EITHER = "either"
"""Actions that are neither partner's own: moving on, and answers whose owner the decision says."""
ROLES = (PRODUCTION, FINANCE)
"""The two partners, in the order they are named and asked."""

Competency = Callable[[Action], str]
"""A game's competency division: the role an action belongs to, or ``EITHER``."""
DecisionCompetency = Callable[[State, int], str | None]
"""The role the pending decision of a seat belongs to as a whole, or ``None`` when shared."""


class Partners:
    """One seat played by two agents, a production and a finance partner (module docstring)."""

    def __init__(
        self,
        production: Agent,
        finance: Agent,
        competency: Competency,
        decision: DecisionCompetency | None = None,
    ) -> None:
        self.partners: dict[str, Agent] = {PRODUCTION: production, FINANCE: finance}
        """The agent of each role."""
        self.competency = competency
        self.decision = decision
        self.name = f"{production.name}+{finance.name}"

    def seed(self, seed: int | str) -> None:
        # Each partner draws from its own generator, so two random partners do not mirror.
        for role, agent in self.partners.items():
            agent.seed(f"{seed}:{role}")

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        families = state.action_families(seat)
        if not legal and not families:
            raise ValueError(f"seat {seat} has no legal action")
        owner = self.decision(state, seat) if self.decision is not None else None
        if owner is not None and owner not in ROLES:
            raise ValueError(f"the decision belongs to {owner!r}; roles are {', '.join(ROLES)}")

        def share(action: Action) -> str:
            role = self.competency(action)
            if role not in (*ROLES, EITHER):
                raise ValueError(f"{action} belongs to {role!r}; expected one of {', '.join((*ROLES, EITHER))}")
            return owner if role == EITHER and owner is not None else role

        shares: dict[str, list[Action]] = {PRODUCTION: [], FINANCE: [], EITHER: []}
        for action in legal:
            shares[share(action)].append(action)
        kinds: dict[str, list[ActionFamily]] = {PRODUCTION: [], FINANCE: [], EITHER: []}
        for family in families:
            for role, part in _split(family, share).items():
                kinds[role].append(part)
        neutral, neutral_kinds = shares[EITHER], kinds[EITHER]
        first, second = ROLES if owner is None else (owner, _other(owner))
        mine = shares[first] + neutral
        if mine or kinds[first] or neutral_kinds:
            choice = self._ask(first, state, seat, mine, kinds[first] + neutral_kinds, share)
            if share(choice) != EITHER or not (shares[second] or kinds[second]):
                return choice
        return self._ask(second, state, seat, shares[second] + neutral, kinds[second] + neutral_kinds, share)

    def _ask(
        self,
        role: str,
        state: State,
        seat: int,
        actions: list[Action],
        families: list[ActionFamily],
        share: Competency,
    ) -> Action:
        """The action the partner ``role`` chooses among ``actions`` and ``families``, its share
        of the decision."""
        agent = self.partners[role]
        while True:
            choice = agent.act(Share(state, seat, actions, families), seat)
            problem = _problem(state, seat, choice, actions, {role, EITHER}, share)
            if problem is None:
                return choice
            tell = getattr(agent, "refused", None)
            if not callable(tell):
                raise ValueError(f"the {role} partner ({agent.name}) chose {choice}: {plain(problem)}")
            tell(choice, problem)


def _split(family: ActionFamily, share: Competency) -> dict[str, ActionFamily]:
    """``family`` divided by competency: where the role of a member depends on the value of one
    of its choices (the goods of a trade), one family per role with the values of that role."""
    lows = [d.lo if isinstance(d, IntRange) else d.values[0] for d in family.domains]
    for i, domain in enumerate(family.domains):
        if not isinstance(domain, Choice) or len(domain) < 2:
            continue
        groups: dict[str, list[int]] = {}
        for k, value in enumerate(domain.values):
            groups.setdefault(share(family.cls(*[*lows[:i], value, *lows[i + 1 :]])), []).append(k)
        if len(groups) > 1:
            out: dict[str, ActionFamily] = {}
            for role, ks in groups.items():
                values = tuple(domain.values[k] for k in ks)
                labels = tuple(domain.labels[k] for k in ks) if domain.labels else ()
                domains = (*family.domains[:i], Choice(values, labels), *family.domains[i + 1 :])
                out[role] = replace(family, domains=domains)
            return out
    return {share(family.cls(*lows)): family}


def _other(role: str) -> str:
    return FINANCE if role == PRODUCTION else PRODUCTION


def _problem(
    state: State, seat: int, choice: Action, actions: Sequence[Action], roles: set[str], share: Competency
) -> Text | None:
    """Why ``choice`` cannot be the partner's answer (``None`` when it can)."""
    if choice in actions:
        return None
    role = share(choice)
    if role not in roles:
        return msg("refuse.partner.theirs", action=str(choice), role=Term(f"refuse.partner.{role}"))
    try:
        state.clone().apply(choice, seat)
    except IllegalAction as e:
        return e.text
    except ValueError as e:  # a malformed action's kin
        return str(e)
    return None


class Share(State):
    """``state`` as one partner sees it while it decides for ``seat``: ``legal_actions``,
    ``action_families`` and ``refusal`` of that seat present only ``actions`` and ``families``,
    the partner's share; every other question, and every other seat's, is the state's.

    A wrapper, as PettingZoo's are: the state is neither changed nor copied, ``unwrapped`` is
    the state itself (an agent that reads a game's own fields reads them there), and a move
    applied here is applied to it.
    """

    def __init__(self, state: State, seat: int, actions: list[Action], families: list[ActionFamily]) -> None:
        self.state = state
        """The state wrapped."""
        self.game = state.game
        self.log = state.log
        self.seat = seat
        """The seat whose decision is shared."""
        self.actions = actions
        """The partner's share of ``state.legal_actions(seat)``."""
        self.families = families
        """The partner's share of ``state.action_families(seat)``."""

    @property
    def unwrapped(self) -> State:
        return self.state.unwrapped

    def _narrowed(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: the current player) is the seat whose share this is."""
        return (self.state.current_player() if seat is None else seat) == self.seat

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return list(self.actions) if self._narrowed(seat) else self.state.legal_actions(seat)

    def action_families(self, seat: int | None = None) -> list[ActionFamily]:
        return list(self.families) if self._narrowed(seat) else self.state.action_families(seat)

    def refusal(self, action: Action, seat: int | None = None) -> Text | None:
        """The state's refusal; for the shared seat, also of an action outside the share."""
        if self._narrowed(seat) and action not in self.actions and not any(action in f for f in self.families):
            return msg("refuse.partner.not_in_share", action=str(action))
        return self.state.refusal(action, seat)

    def narrow(self, family: ActionFamily, prefix: Sequence[JSONValue], seat: int | None = None) -> Domain:
        return self.state.narrow(family, prefix, seat)

    def current_player(self) -> int:
        return self.state.current_player()

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def observation(self, seat: int) -> Observation:
        return self.state.observation(seat)

    def resample(self, seat: int, rng: random.Random) -> State:
        return self.state.resample(seat, rng)

    def describe(self, action: Action, viewer: int | None = None) -> Text:
        return self.state.describe(action, viewer)

    def describe_all(self, action: Action) -> tuple[Text, ...]:
        return self.state.describe_all(action)

    def labels(self, actions: Sequence[Action], seat: int) -> list[Text]:
        return self.state.labels(actions, seat)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return self.state.chance_outcomes()

    def chance_weights(self) -> tuple[Sequence[Action], Sequence[int]]:
        return self.state.chance_weights()

    def apply(self, action: Action, seat: int | None = None) -> None:
        self.state.apply(action, seat)

    def outcome(self) -> Outcome:
        return self.state.outcome()

    def view(self, seat: int | None) -> JSON:
        return self.state.view(seat)

    def clone(self) -> State:
        """A copy of the state itself: what is played on it is no partner's share."""
        return self.state.clone()

    def fingerprint(self) -> JSON:
        return self.state.fingerprint()

    def say(self, text: Text) -> None:
        self.state.say(text)


__all__ = ["EITHER", "FINANCE", "PRODUCTION", "ROLES", "Competency", "DecisionCompetency", "Partners", "Share"]
