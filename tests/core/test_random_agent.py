"""The random agent: legal, reproducible from its seed, and fair between kinds of action."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import partial

import pytest

from toy_game import FACES, Hold, Roll
from tycoon.agents import RandomAgent
from tycoon.core.actions import Action, action
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Choice, CountedFamilies, IntRange, below
from tycoon.core.game import State
from tycoon.core.messages import Message
from tycoon.core.registry import load


class Menu:
    """A stand-in state that offers a fixed list of actions and families; ``refuse`` lists the
    members ``apply`` refuses."""

    def __init__(
        self, actions: list[Action], families: list[ActionFamily] | None = None, refuse: Callable[[Action], bool] = bool
    ) -> None:
        self.actions = actions
        self.families = families or []
        self.refuse = refuse
        self.tried = 0

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return list(self.actions)

    def action_families(self, seat: int | None = None) -> list[ActionFamily]:
        return list(self.families)

    def clone(self) -> Menu:
        return self

    refusal = State.refusal  # tries the member on a clone, as every game does by default

    def apply(self, action: Action, seat: int | None = None) -> None:
        self.tried += 1
        if self.refuse(action):
            raise IllegalAction(f"{action} is refused")


def menu(
    actions: list[Action],
    families: list[ActionFamily] | None = None,
    refuse: Callable[[Action], bool] = lambda a: False,
) -> State:
    return Menu(actions, families, refuse)  # type: ignore[return-value]


@action("offer")
class Offer(Action):
    to: int
    price: int


OFFERS = ActionFamily(Offer, (Choice((1, 2)), IntRange(10, 50, 10)), "Offer", whole=True)
SOME_OFFERS = ActionFamily(Offer, (Choice((1, 2)), IntRange(10, 50, 10)), "Offer")


def test_chooses_only_legal_actions_through_a_whole_game() -> None:
    state = load("dice-race", players=3, concede=True).new_state()
    agent = RandomAgent(1)
    while not state.is_terminal():
        seat = state.current_player()
        chosen = FACES[0] if seat < 0 else agent.act(state, seat)
        assert chosen in state.legal_actions(seat)
        state.apply(chosen, seat)


def test_same_seed_same_choices() -> None:
    state = menu([Roll(), Hold(), *FACES])
    a, b = RandomAgent(7), RandomAgent(7)

    assert [a.act(state, 0) for _ in range(50)] == [b.act(state, 0) for _ in range(50)]


def test_seed_resets_the_generator() -> None:
    state = menu([Roll(), Hold(), *FACES])
    agent = RandomAgent(1)
    [agent.act(state, 0) for _ in range(10)]

    agent.seed("3:0")

    fresh = RandomAgent("3:0")
    assert [agent.act(state, 0) for _ in range(20)] == [fresh.act(state, 0) for _ in range(20)]


def test_different_seeds_choose_differently() -> None:
    state = menu([Roll(), Hold(), *FACES])
    runs = set()
    for seed in range(5):
        agent = RandomAgent(seed)
        runs.add(tuple(agent.act(state, 0) for _ in range(20)))

    assert len(runs) == 5


def test_draws_a_kind_first_then_an_action_of_that_kind() -> None:
    # One hold against six faces: uniform over kinds gives hold half the time, not 1/7.
    state = menu([Hold(), *FACES])
    agent = RandomAgent(0)
    counts = Counter(agent.act(state, 0).kind for _ in range(4000))

    assert 1800 < counts["hold"] < 2200, counts
    # Within the kind, each face equally: about 12000 / 2 / 6 = 1000 each.
    faces = Counter(agent.act(state, 0) for _ in range(12000))
    assert all(850 < faces[f] < 1150 for f in FACES), faces


def test_no_legal_action_is_an_error_naming_the_seat() -> None:
    with pytest.raises(ValueError, match="seat 2 has no legal action"):
        RandomAgent().act(menu([]), 2)


def test_a_family_is_one_option_beside_each_kind() -> None:
    # Options: the kind "hold", the kind "face", the family of offers: a third each.
    state = menu([Hold(), *FACES], [OFFERS])
    agent = RandomAgent(0)
    counts = Counter(agent.act(state, 0).kind for _ in range(6000))

    assert all(1800 < counts[k] < 2200 for k in ("hold", "face", "offer")), counts


def test_a_family_member_is_drawn_over_the_whole_family() -> None:
    state = menu([], [OFFERS])
    agent = RandomAgent(3)
    drawn = Counter(agent.act(state, 0) for _ in range(5000))

    assert set(drawn) == {Offer(to, price) for to in (1, 2) for price in (10, 20, 30, 40, 50)}
    assert all(400 < n < 600 for n in drawn.values()), drawn


def test_a_whole_family_is_not_tried_first() -> None:
    state = menu([], [OFFERS])
    RandomAgent(3).act(state, 0)

    assert state.tried == 0  # type: ignore[attr-defined]


def test_members_the_game_refuses_are_drawn_again() -> None:
    # Only offers to seat 2 above 30 are accepted: the agent never returns another.
    state = menu([], [SOME_OFFERS], refuse=lambda a: not (isinstance(a, Offer) and a.to == 2 and a.price > 30))
    agent = RandomAgent(5)
    chosen = {agent.act(state, 0) for _ in range(200)}

    assert chosen == {Offer(2, 40), Offer(2, 50)}


def test_a_family_with_no_member_found_gives_way_to_the_other_options() -> None:
    state = menu([Hold()], [SOME_OFFERS], refuse=lambda a: isinstance(a, Offer))
    agent = RandomAgent(1)

    assert {agent.act(state, 0) for _ in range(50)} == {Hold()}
    with pytest.raises(ValueError, match="seat 1 has no legal action"):
        agent.act(menu([], [SOME_OFFERS], refuse=lambda a: True), 1)


def test_without_families_the_draws_are_those_of_kind_then_action() -> None:
    """Seeded games of games without families must play exactly as before families came."""
    actions: list[Action] = [Roll(), Hold(), *FACES]
    agent, rng = RandomAgent(9), random.Random(9)
    for _ in range(100):
        kinds = list(dict.fromkeys(a.kind for a in actions))
        kind = rng.choice(kinds)
        expected = rng.choice([a for a in actions if a.kind == kind])
        assert agent.act(menu(actions), 0) == expected


class Direct(Menu):
    """A stand-in state that answers ``refusal`` itself and cannot be cloned."""

    def clone(self) -> Menu:
        raise AssertionError("the agent cloned a state that answers refusal itself")

    def refusal(self, action: Action, seat: int | None = None) -> str | None:
        return f"{action} is refused" if self.refuse(action) else None


def test_a_member_is_checked_with_the_games_own_refusal_without_a_clone() -> None:
    refuse: Callable[[Action], bool] = lambda a: not (isinstance(a, Offer) and a.to == 2 and a.price > 30)  # noqa: E731
    state = Direct([], [SOME_OFFERS], refuse=refuse)
    agent = RandomAgent(5)
    direct = [agent.act(state, 0) for _ in range(200)]  # type: ignore[arg-type]

    assert set(direct) == {Offer(2, 40), Offer(2, 50)}
    # The same draws as with the default, which tries each member on a clone.
    agent.seed(5)
    assert [agent.act(menu([], [SOME_OFFERS], refuse), 0) for _ in range(200)] == direct


def test_the_default_refusal_tries_the_action_on_a_clone_and_changes_nothing() -> None:
    state = load("dice-race", players=2).new_state()
    seat = state.current_player()
    before = state.fingerprint()

    assert state.refusal(Roll(), seat) is None
    refused = state.refusal(Roll(), 1 - seat)
    assert isinstance(refused, str | Message) and refused
    assert state.fingerprint() == before


class OwnDraws(random.Random):
    """A generator with its own ``random()`` and no ``getrandbits``: the standard library then
    draws ``randrange`` from ``random()``."""

    def random(self) -> float:
        return super().random() ** 2


@pytest.mark.parametrize("make", [random.Random, OwnDraws])
def test_below_draws_what_randrange_draws(make: Callable[[int], random.Random]) -> None:
    """The agent and the families draw with ``families.below``: the numbers ``randrange`` gives,
    from the same generator state, so seeded games play as they did with ``rng.choice``."""
    ours, theirs = make(5), make(5)
    for n in [1, 2, 3, 7, 8, 9, 100, 2**31] * 50:
        assert below(ours, n) == theirs.randrange(n)
    assert ours.getstate() == theirs.getstate()


class Counting(Menu):
    """A stand-in state that counts its families without building them and notes each build."""

    def __init__(self, actions: list[Action], families: list[ActionFamily]) -> None:
        super().__init__(actions, families, refuse=lambda a: False)
        self.built = 0

    def counted_families(self, seat: int | None = None) -> CountedFamilies:
        def build() -> list[ActionFamily]:
            self.built += 1
            return list(self.families)

        return CountedFamilies(len(self.families), build)


def test_families_counted_first_are_built_only_when_one_is_drawn_and_the_draws_are_the_same() -> None:
    # The same seeded agent before a state that lists its families and one that counts them
    # first chooses the same actions; the families are built only at the draws of a family.
    actions: list[Action] = [Hold(), *FACES]
    listing, counting = RandomAgent(4), RandomAgent(4)
    state = Counting(actions, [OFFERS, SOME_OFFERS])
    chosen = [counting.act(state, 0) for _ in range(400)]  # type: ignore[arg-type]

    assert chosen == [listing.act(menu(actions, [OFFERS, SOME_OFFERS]), 0) for _ in range(400)]
    offers = sum(isinstance(a, Offer) for a in chosen)
    assert 0 < state.built == offers < 400


class BuildingOne(Counting):
    """``Counting`` that also builds one family alone, and notes each family so built."""

    def __init__(self, actions: list[Action], families: list[ActionFamily]) -> None:
        super().__init__(actions, families)
        self.alone: list[int] = []

    def counted_families(self, seat: int | None = None) -> CountedFamilies:
        counted = super().counted_families(seat)

        def one(index: int) -> ActionFamily:
            self.alone.append(index)
            return self.families[index]

        return CountedFamilies(counted.count, counted.families, [partial(one, i) for i in range(counted.count)])


def test_a_family_drawn_is_built_alone_and_the_others_only_when_it_gives_no_member() -> None:
    # The same seeded agent, the same choices: a family drawn is built alone; the whole list is
    # built only when the drawn family gives no member and the agent draws again.
    actions: list[Action] = [Hold(), *FACES]
    none = ActionFamily(Offer, (Choice((9,)), IntRange(10, 50, 10)), "Offer nobody takes")

    def refuse(a: Action) -> bool:
        return isinstance(a, Offer) and a.to == 9

    listing, building = RandomAgent(7), RandomAgent(7)
    state = BuildingOne(actions, [OFFERS, none])
    state.refuse = refuse
    chosen = [building.act(state, 0) for _ in range(400)]  # type: ignore[arg-type]

    assert chosen == [listing.act(menu(actions, [OFFERS, none], refuse), 0) for _ in range(400)]
    # Every draw of the family with no member, and only those, built the whole list.
    assert 0 < state.built == state.alone.count(1) < 400
    assert 0 < state.alone.count(0) <= sum(isinstance(a, Offer) for a in chosen)
