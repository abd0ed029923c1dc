"""The action encoding: exact masks, every legal action reachable, and back again."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from tycoon.core.errors import IllegalAction  # noqa: E402
from tycoon.core.families import (  # noqa: E402
    Choice,
    IntRange,
    draw_member,
)
from tycoon.core.registry import load  # noqa: E402
from tycoon.rl.encoding import VALUES, Encoding, Run, field_choice  # noqa: E402

from .helpers import GAMES, decision_states  # noqa: E402

MASKED_PICKS = 10_000


@pytest.mark.parametrize("game_id", GAMES)
def test_every_allowed_index_leads_to_an_action_the_game_accepts(game_id: str) -> None:
    # decision_states applies every completed action: an IllegalAction there fails the test.
    game = load(game_id)
    encoding = Encoding(game)
    rng = random.Random(7)
    for n, (state, seat, chosen) in enumerate(decision_states(game, 1, MASKED_PICKS)):
        if n % 25:
            continue
        # Every index allowed at every step of this decision, not just the one drawn, walks on
        # to an action the state accepts.
        for depth in range(len(chosen)):
            pending = encoding.pending(state, seat)
            for index in chosen[:depth]:
                assert pending.push(index) is None
            for index in pending.allowed():
                walk = encoding.pending(state, seat)
                for earlier in chosen[:depth]:
                    walk.push(earlier)
                action = walk.push(index)
                while action is None:
                    allowed = walk.allowed()
                    action = walk.push(allowed[rng.randrange(len(allowed))])
                assert state.refusal(action, seat) is None, f"{action} was reached but is refused"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_action_and_family_member_encodes_and_decodes(game_id: str) -> None:
    game = load(game_id)
    encoding = Encoding(game)
    rng = random.Random(3)
    checked = 0
    for n, (state, seat, _) in enumerate(decision_states(game, 2, 3000)):
        if n % 40:
            continue
        members = list(state.legal_actions(seat))
        for family in state.action_families(seat):
            members.extend(draw_member(state, family, rng, seat) for _ in range(3))
        for action in members:
            indices = encoding.encode(state, seat, action)
            pending = encoding.pending(state, seat)
            for i, index in enumerate(indices):
                mask = pending.mask()
                assert mask.dtype == np.int8 and mask.shape == (encoding.size,)
                assert mask[index] == 1
                done = pending.push(index)
                assert (done is None) == (i < len(indices) - 1)
            assert encoding.decode(state, seat, indices) == action
            checked += 1
    assert checked > 50


def test_a_disallowed_index_is_refused_and_changes_nothing() -> None:
    game = load("die_bosse", players=3)
    state, seat, _ = next(decision_states(game, 0, 1))
    encoding = Encoding(game)
    pending = encoding.pending(state, seat)
    refused = next(i for i in range(encoding.size) if i not in pending.allowed())
    before = pending.allowed()
    with pytest.raises(IllegalAction, match="not allowed"):
        pending.push(refused)
    assert pending.allowed() == before and pending.kind is None


def test_the_size_is_the_kinds_and_the_value_slots() -> None:
    game = load("die_bosse", players=3)
    encoding = Encoding(game)
    assert encoding.kinds == tuple(game.codec.kinds)
    assert encoding.size == len(game.codec.kinds) + VALUES


def test_small_whole_numbers_are_their_own_index() -> None:
    field = field_choice([3, 5], [], [])
    assert field.mode == "absolute"
    assert field.position(5) == 5 and field.position(4) is None


def test_a_wide_range_is_chosen_coarse_to_fine() -> None:
    # 0..10,000 in steps of 5 and the single value 12,345: 2,470 positions of step 5.
    field = field_choice([12_345], [IntRange(0, 10_000, 5)], [IntRange(0, 10_000, 5)])
    assert field.mode == "span" and field.lo == 0 and field.step == 5
    assert field.size == 12_345 // 5 + 1
    assert field.position(12_345) == 2469 and field.position(10_005) is None
    assert field.runs == (Run(2469, 1, 1), Run(0, 1, 2001))


def test_texts_are_offered_in_a_sorted_base() -> None:
    field = field_choice(["raw"], [Choice(("finished",))], [Choice(("finished", "raw", "machine"))])
    assert field.mode == "choice"
    assert field.base == ("finished", "machine", "raw")
    assert field.position("machine") is None and field.position("raw") == 2
