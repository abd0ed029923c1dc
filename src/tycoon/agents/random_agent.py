"""A seeded random agent.

It first picks uniformly among the *options* a seat has now: each kind of concrete action in
``legal_actions`` is one option, and each family from ``action_families`` is another. A kind
gives one of its actions uniformly; a family gives a member drawn with ``family.sample`` — so
offers, bids and loans are still explored — and, unless the family is ``whole`` (every member
legal), the member is first checked with ``state.refusal`` (which tries it on a clone unless
the game answers directly) and drawn again if the game would refuse it.

Drawing over kinds keeps a random player from spending its turns on whichever kind happens to
have the most actions. Without families the draws are exactly those of the earlier agent (a
kind, then an action of it), so seeded games without families play as before.
"""

from __future__ import annotations

import random

from tycoon.core.actions import Action
from tycoon.core.families import ActionFamily, CountedFamilies, below
from tycoon.core.game import State

TRIES = 20
"""Members drawn from a family that is not ``whole`` before the agent gives it up for this
decision and picks among the other options; ten times as many when it is the last option
left. Its corners are tried last."""


class RandomAgent:
    """Picks uniformly among the kinds of legal actions and the families, then within one."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        by_kind: dict[str, list[Action]] = {}
        # A loop rather than comprehensions: a seat has a few actions, and setting up a
        # comprehension costs the interpreter more than a few of them (docs/performance.md).
        for a in state.legal_actions(seat):
            by_kind.setdefault(a.kind, []).append(a)
        # The families are counted first and built only when one of them is drawn (a game may
        # count them for less than it builds them: State.counted_families): the draw is the one
        # a list of every kind and every family would give. An object that plays the protocol
        # without deriving from State may lack counted_families: its families are counted built.
        count = getattr(state, "counted_families", None)
        counted: CountedFamilies = (
            count(seat) if count is not None else CountedFamilies.listed(state.action_families(seat))
        )
        kinds = len(by_kind)
        total = kinds + counted.count
        if not total:
            raise ValueError(f"seat {seat} has no legal action")
        rng = self.rng
        drawn = below(rng, total)  # rng.choice(options), drawn as it draws
        if drawn < kinds:
            same = by_kind[list(by_kind)[drawn]]
            return same[below(rng, len(same))]
        # The family drawn is built alone: most of its first draws are accepted. The whole list
        # is built only when it gives no member, to draw again among the other options.
        option: str | ActionFamily = counted.family(drawn - kinds)
        options: list[str | ActionFamily] | None = None
        while True:
            if isinstance(option, str):
                same = by_kind[option]
                return same[below(rng, len(same))]
            left = total if options is None else len(options)
            member = self._member(state, seat, option, TRIES if left > 1 else 10 * TRIES)
            if member is not None:
                return member
            if options is None:
                options = [*by_kind, *counted.families()]
            options.remove(option)
            if not options:
                raise ValueError(f"seat {seat} has no legal action")
            option = options[below(rng, len(options))]

    def _member(self, state: State, seat: int, family: ActionFamily, tries: int) -> Action | None:
        """A legal member of ``family``, or ``None`` when ``tries`` draws and the corners found
        none."""
        if family.whole:
            return family.sample(self.rng)
        for _ in range(tries):
            member = family.sample(self.rng)
            if state.refusal(member, seat) is None:
                return member
        for member in family.corners():
            if state.refusal(member, seat) is None:
                return member
        return None
