"""The observation for learning agents and the resample for search (``observe.py``).

Everything in Biznes po polsku is public but the order of the cards not yet drawn, so an
observation shows the whole table turned to face its viewer, and a resample draws that order
anew and keeps the rest; docs/biznes-po-polsku.md, "Observation for learning agents", lays the
vector out.
"""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, TERMINAL, load
from tycoon.core.driver import play, sample_chance
from tycoon.core.game import Observation, State
from tycoon.games.biznes_po_polsku.actions import OfferPurchase
from tycoon.games.biznes_po_polsku.observe import PHASES
from tycoon.games.biznes_po_polsku.phases import ANSWER, TURN
from tycoon.games.biznes_po_polsku.state import BiznesState
from tycoon.testing.information import check_information

from .helpers import KIOSK, LOS, card, draw, give_firm, land_on, new_game, set_cash, snapshot

DOC = Path(__file__).resolve().parents[2] / "docs" / "biznes-po-polsku.md"


def part(state: State, seat: int, name: str) -> tuple[float, ...]:
    """The stretch ``name`` of ``seat``'s observation of ``state``."""
    vector = state.observation(seat).vector
    start = 0
    for segment in state.game.observation_layout():
        if segment.name == name:
            return vector[start : start + segment.size]
        start += segment.size
    raise KeyError(f"no segment {name!r} in the layout")


def states_of(players: int, seed: str, every: int = 1) -> list[BiznesState]:
    """Copies of the states of a seeded game of random players, every ``every``-th move and the
    last."""
    game = load("biznes_po_polsku", players=players)
    record = play(game, [RandomAgent() for _ in range(players)], seed).record
    state = game.new_state()
    assert isinstance(state, BiznesState)
    out = [state.clone()]
    for number, move in enumerate(record.moves, 1):
        state.apply(game.codec.from_json(move.action), move.seat)
        if number % every == 0 or number == len(record.moves):
            out.append(state.clone())
    assert out[-1].is_terminal()
    return out


def play_out(state: State, seed: int) -> None:
    """Random legal moves to the end."""
    agents = [RandomAgent() for _ in range(state.game.num_seats)]
    for s, agent in enumerate(agents):
        agent.seed(f"{seed}:{s}")
    chance = random.Random(seed)
    for _ in range(200_000):
        current = state.current_player()
        if current == TERMINAL:
            return
        action = sample_chance(state, chance) if current == CHANCE else agents[current].act(state, current)
        state.apply(action, current)
    raise AssertionError("the game did not end")


# --- the layout -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_layout_is_fixed_and_every_observation_fits_it(players: int) -> None:
    states = states_of(players, f"layout:{players}")
    layout = states[0].game.observation_layout()
    length = sum(s.size for s in layout)
    assert len({s.name for s in layout}) == len(layout), "a segment name is used twice"
    assert all(s.size > 0 and s.scale > 0 for s in layout)
    for state in states:
        assert state.game.observation_layout() == layout
        for seat in range(players):
            obs = state.observation(seat)
            assert isinstance(obs, Observation)
            assert len(obs.vector) == length
            assert all(type(x) is float and math.isfinite(x) for x in obs.vector)
            assert obs.text.startswith(f"seat {seat} sees")
    # The seats' stretches grow with the table.
    assert length == 588 + 99 * (players - 2)


def test_the_seats_are_turned_to_face_the_viewer() -> None:
    state = new_game(3, start=1)
    for seat, cash in enumerate((1000, 2000, 3000)):
        set_cash(state, seat, cash)
    assert part(state, 0, "cash of each seat") == (1000.0, 2000.0, 3000.0)
    assert part(state, 2, "cash of each seat") == (3000.0, 1000.0, 2000.0)
    assert part(state, 2, "seat whose turn it is, one-hot") == (0.0, 0.0, 1.0)
    assert part(state, 1, "seat whose decision is pending, one-hot") == (1.0, 0.0, 0.0)
    decision = part(state, 1, "pending decision, one-hot")
    assert decision[PHASES.index(TURN)] == 1.0 and sum(decision) == 1.0


def test_a_public_change_shows_in_every_seats_observation() -> None:
    state = new_game(2)
    before = [state.observation(seat) for seat in range(2)]
    set_cash(state, 1, 1234)
    assert part(state, 0, "cash of each seat")[1] == 1234.0
    assert part(state, 1, "cash of each seat")[0] == 1234.0
    assert "seat 1: 1234 zł" in state.observation(0).text
    assert all(state.observation(seat) != before[seat] for seat in range(2))

    give_firm(state, 1, KIOSK, 2, mortgaged=True)
    i = state.rules.firms.index(KIOSK)
    assert part(state, 0, "owner of each firm, one-hot")[2 * i : 2 * i + 2] == (0.0, 1.0)
    assert part(state, 1, "owner of each firm, one-hot")[2 * i : 2 * i + 2] == (1.0, 0.0)
    assert part(state, 0, "investment level of each firm")[i] == 2.0
    assert part(state, 0, "mortgaged firms")[i] == 1.0
    kiosk = state.rules.space(KIOSK)
    fortune = 1234 + kiosk.cost + 2 * kiosk.investment - state.rules.redemption(KIOSK)
    assert part(state, 0, "fortune of each seat (0: bankrupt)")[1] == float(fortune)


def test_a_card_drawn_goes_to_the_bottom_and_a_kept_insurance_leaves_the_stack() -> None:
    state = new_game(2)
    unseen = part(state, 1, "LOS cards not yet drawn")
    assert unseen == (1.0,) * 30
    refund = card(state, "los", "receive", title="Tax refund for last year")
    land_on(state, 0, LOS, 2)
    draw(state, "los", refund.number)
    assert part(state, 1, "LOS cards not yet drawn")[refund.number] == 0.0
    assert sum(part(state, 1, "LOS cards not yet drawn")) == 29.0
    assert part(state, 1, "LOS cards at the bottom, their places")[refund.number] == 1.0
    assert part(state, 1, "last card drawn, if a LOS card, one-hot")[refund.number] == 1.0
    assert part(state, 1, "seat that drew the last card, one-hot") == (0.0, 1.0)

    insurance = card(state, "los", "insurance")
    state.unseen["los"].remove(insurance.number)
    state.players[1].insurance = ("los", insurance.number)
    assert part(state, 0, "LOS cards kept as INSURANCE")[insurance.number] == 1.0
    assert part(state, 0, "LOS cards not yet drawn")[insurance.number] == 0.0
    assert part(state, 0, "seats holding an INSURANCE card of the LOS stack") == (0.0, 1.0)
    assert part(state, 0, "seats holding an INSURANCE card of the NIESPODZIANKA stack") == (0.0, 0.0)


def test_an_open_offer_shows_to_the_seat_it_is_made_to() -> None:
    state = new_game(2)
    give_firm(state, 1, KIOSK)
    state.apply(OfferPurchase(KIOSK, 1600), 0)
    assert state.phase == ANSWER
    i = state.rules.firms.index(KIOSK)
    assert part(state, 1, "open offer: sale, purchase or exchange, one-hot") == (0.0, 1.0, 0.0)
    assert part(state, 1, "seat the open offer is made to, one-hot") == (1.0, 0.0)
    assert part(state, 1, "seat that made the open offer, one-hot") == (0.0, 1.0)
    assert part(state, 1, "firm the offer's maker would take, one-hot")[i] == 1.0
    assert part(state, 1, "złoty the offer's maker would pay") == (1600.0,)
    assert part(state, 0, "seat the open offer is made to, one-hot") == (0.0, 1.0)


def test_an_observation_or_a_resample_for_no_seat_is_refused() -> None:
    state = new_game(2)
    with pytest.raises(ValueError, match="one of the seats 0 to 1, not 2"):
        state.observation(2)
    with pytest.raises(ValueError, match="one of the seats 0 to 1, not -1"):
        state.resample(-1, random.Random(0))


# --- the resample ---------------------------------------------------------------------------


def test_a_resample_looks_the_same_to_every_seat() -> None:
    """Nothing is private in this game, so a resample for one seat is one that no seat can tell
    from the true state: every seat's observation, text included, and view stay the same."""
    changed = 0
    for players in (2, 4):
        for number, state in enumerate(states_of(players, f"resample:{players}", every=40)):
            for seat in range(players):
                twin = state.resample(seat, random.Random(number))
                changed += twin.fingerprint() != state.fingerprint()
                for viewer in range(players):
                    assert twin.observation(viewer) == state.observation(viewer)
                    assert twin.view(viewer) == state.view(viewer)
                assert twin.legal_actions(seat) == state.legal_actions(seat)
    assert changed, "no resample drew anything anew"


def test_a_resample_draws_the_order_of_the_cards_not_yet_drawn_anew() -> None:
    state = new_game(2)
    land_on(state, 0, LOS, 2)
    draw(state, "los", card(state, "los", "receive", title="Tax refund for last year").number)
    before = snapshot(state)
    orders = set()
    for seed in range(10):
        twin = state.resample(0, random.Random(seed))
        again = state.resample(0, random.Random(seed))
        assert twin.fingerprint() == again.fingerprint(), "the same seed gave two resamples"
        for deck in ("los", "niespodzianka"):
            assert sorted(twin.unseen[deck]) == sorted(state.unseen[deck])
        orders.add(tuple(twin.unseen["los"]))
        # Everything else, the cards at the bottom included, is as it was.
        rest = {k: v for k, v in twin.fingerprint().items() if k != "unseen"}
        assert rest == {k: v for k, v in before.items() if k != "unseen"}
    assert len(orders) == 10
    assert snapshot(state) == before


def test_the_order_of_the_cards_not_yet_drawn_never_shows() -> None:
    for state in states_of(3, "order", every=60):
        seen = [state.observation(seat) for seat in range(3)]
        for deck in ("los", "niespodzianka"):
            state.unseen[deck].reverse()
        assert [state.observation(seat) for seat in range(3)] == seen


def test_a_resample_plays_to_the_end_and_leaves_the_original_as_it_was() -> None:
    for number, state in enumerate(states_of(4, "playout", every=150)[:-1]):
        before = snapshot(state)
        twin = state.resample(number % 4, random.Random(number))
        play_out(twin, number)
        outcome = twin.outcome()
        assert len(outcome.scores) == 4 and set(outcome.winners) <= set(range(4))
        assert snapshot(state) == before


@pytest.mark.parametrize("players", [2, 5])
def test_the_information_checks_pass(players: int) -> None:
    """The generic checks of every game's information states (``tycoon.testing.information``):
    the layout, the observation kept by every resample, determinism, playouts to the end, and
    some resample drawing the stacks' order anew."""
    report = check_information(load("biznes_po_polsku", players=players), seeds=range(2), require_hidden=True)
    assert report.resamples_changed > 0 and report.playouts > 0


# --- the documentation -------------------------------------------------------------------------


def documented_rows() -> list[tuple[str, str, str]]:
    """(segment, size, scale) of each row of the table in "Observation for learning agents"."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Observation for learning agents", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| Segment | Size | Meaning | Scale |")
    out = []
    for row in rows[1:]:
        cells = [c.strip() for c in row.strip().strip("|").split(" | ")]
        out.append((cells[0], cells[1], cells[-1]))
    return out


def size_of(formula: str, seats: int) -> int:
    """A size as the table writes it: ``n``, ``23·n`` or a number."""
    match = re.fullmatch(r"(?:(\d+)·)?n|(\d+)", formula)
    assert match, f"a size in the table must be n, k·n or a number, not {formula!r}"
    if match.group(2):
        return int(match.group(2))
    return int(match.group(1) or 1) * seats


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_documented_table_is_the_layout(players: int) -> None:
    layout = load("biznes_po_polsku", players=players).observation_layout()
    rows = documented_rows()
    assert [name for name, _, _ in rows] == [s.name for s in layout]
    for (name, size, scale), segment in zip(rows, layout, strict=True):
        assert size_of(size, players) == segment.size, name
        assert float(scale.replace(",", "")) == segment.scale, name
