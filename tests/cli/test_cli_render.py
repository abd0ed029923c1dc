"""The renderers: the Playboss view, balance sheets and the generic fallback."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from rich.console import Console, RenderableType

from tycoon.cli.render import Renderer, renderer_for
from tycoon.cli.render.playboss import PlaybossRenderer

NAMES = ["Ann", "Bob", "Cy"]

SAMPLE_VIEW: dict[str, Any] = {
    "game": "playboss",
    "round": 7,
    "year_target": 3,
    "round_target": None,
    "pending": {"seat": 1, "decision": "red", "text": "purchase, invest, produce, sell, or do nothing"},
    "board": ["start", "red", "green", "red", "blue", "red", "yellow", "red", "green", "red", "white"],
    "market": [
        {"price": 1500, "products": 5, "dimples": 5},
        {"price": 2000, "products": 3, "dimples": 5},
        {"price": 2500, "products": 0, "dimples": 5},
    ],
    "outside_play": 12,
    "risk_cards": 17,
    "bank": {"machines": 9, "computers": 2, "webs": 21},
    "businesses": [
        {
            "seat": 0,
            "position": 3,
            "cash": 12500,
            "raw": 2,
            "finished": 4,
            "machines": [{"double": True, "ready": True}, {"double": False, "ready": False}],
            "computer": "owned",
            "webs": 3,
            "bank_debt": 10000,
            "credit_room": 5000,
            "advertising": True,
            "insured": False,
            "laps": 2,
            "capital_received": 20000,
            "bankrupt": False,
        },
        {
            "seat": 1,
            "position": 3,
            "cash": 7250,
            "raw": 0,
            "finished": 1,
            "machines": [{"double": False, "ready": True}],
            "computer": "leased",
            "webs": 0,
            "bank_debt": 0,
            "credit_room": 10000,
            "advertising": False,
            "insured": True,
            "laps": 1,
            "capital_received": 10000,
            "bankrupt": False,
        },
        {
            "seat": 2,
            "position": 9,
            "cash": -300,
            "raw": 0,
            "finished": 0,
            "machines": [],
            "computer": "none",
            "webs": 0,
            "bank_debt": 15000,
            "credit_room": 0,
            "advertising": False,
            "insured": False,
            "laps": 1,
            "capital_received": 10000,
            "bankrupt": True,
        },
    ],
    "auction": {"lot": "double machine", "high_bid": 4500, "high_bidder": 1, "debtor": 2},
}


def show(renderable: RenderableType, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_playboss_view_shows_round_goal_decision_and_bank() -> None:
    text = show(PlaybossRenderer().view(SAMPLE_VIEW, NAMES, 0))
    assert "Playboss — round 7 — as seen by Ann" in text
    assert "Game ends after 3 years · round 7" in text
    assert "Bob's decision: purchase, invest, produce, sell, or do nothing" in text
    assert "Bank: 9 machines, 2 computers, 21 WEBs · outside play: 12 · risk cards: 17" in text


def test_the_playboss_view_shows_each_business() -> None:
    lines = show(PlaybossRenderer().view(SAMPLE_VIEW, NAMES, 0)).splitlines()

    def row(label: str) -> list[str]:
        (line,) = [ln for ln in lines if ln.strip(" │").startswith(label)]
        return line.strip(" │")[len(label) :].split()

    header = next(ln for ln in lines if "1 Ann" in ln and "2 Bob" in ln and "Tokens" not in ln)
    assert "(you)" in header and "◀" in header  # the viewer and the seat to decide
    assert row("cash") == ["12,500", "7,250", "-300"]
    assert row("raw warehouse") == ["2", "0", "0"]
    assert row("finished warehouse") == ["4", "1", "0"]
    # A space by what it is for, in the catalogue's word (red: the decision field).
    assert row("space") == ["3", "Decide", "3", "Decide", "9", "Decide"]
    assert row("machines") == ["double", "single", "–"]
    # Ann's second machine is still being set up: it shows on the line below her first.
    machines = next(i for i, ln in enumerate(lines) if ln.strip(" │").startswith("machines"))
    assert lines[machines + 1].split() == ["│", "single", "(being", "set", "up)", "│"]
    assert row("computer") == ["owned", "leased", "–"]
    assert row("WEBs") == ["3", "0", "0"]
    assert row("bank debt") == ["10,000", "0", "15,000"]
    assert row("credit room") == ["5,000", "10,000", "0"]
    assert row("advertising") == ["yes", "–", "–"]
    assert row("insured") == ["–", "yes", "–"]
    assert row("laps") == ["2", "1", "1"]
    assert row("capital received") == ["20,000", "10,000", "10,000"]
    assert row("status") == ["BANKRUPT"]


def test_the_market_shows_prices_and_filled_dimples() -> None:
    text = show(PlaybossRenderer().market(SAMPLE_VIEW))
    assert "1,500" in text and "2,000" in text and "2,500" in text
    assert "●●●●●" in text and "●●●○○" in text and "○○○○○" in text


def test_the_board_puts_each_token_under_its_space() -> None:
    lines = show(PlaybossRenderer().board(SAMPLE_VIEW, NAMES)).splitlines()
    strip = next(ln for ln in lines if ln.startswith("S r g"))
    tokens = lines[lines.index(strip) + 1]
    # Ann and Bob share space 3 (+); Cy is bankrupt, so has no token on the board.
    assert tokens[2 * 3] == "+"
    assert tokens.strip() == "+"
    assert lines[lines.index(strip) - 1].startswith("0         5         10")
    assert "r Decide" in text_of(lines) and "w Write-off" in text_of(lines)


def test_a_narrow_board_is_cut_into_aligned_rows() -> None:
    view = copy.deepcopy(SAMPLE_VIEW)
    view["board"] = ["start"] + ["red", "green"] * 21
    view["businesses"][2]["bankrupt"] = False
    view["businesses"][2]["position"] = 33
    lines = show(PlaybossRenderer().board(view, NAMES), width=40).splitlines()
    assert all(len(ln.rstrip()) <= 40 for ln in lines)
    ruler = next(ln for ln in lines if ln.startswith("30"))
    tokens = lines[lines.index(ruler) + 2]
    assert tokens[2 * 3] == "3"  # space 33 is the fourth of the row that starts at 30


def test_the_auction_panel() -> None:
    text = show(PlaybossRenderer().view(SAMPLE_VIEW, NAMES, 1))
    assert "Lot: double machine from Cy's business" in text
    assert "Highest bid: 4,500 by Bob" in text
    view = copy.deepcopy(SAMPLE_VIEW)
    view["auction"] = {"lot": "raw material", "high_bid": 0, "high_bidder": None, "debtor": 2}
    assert "No bid yet" in show(PlaybossRenderer().view(view, NAMES, None))


def test_a_view_without_an_auction_or_goal() -> None:
    view = copy.deepcopy(SAMPLE_VIEW)
    view["auction"] = None
    view["year_target"] = None
    view["round_target"] = 12
    text = show(PlaybossRenderer().view(view, NAMES, None))
    assert "Game ends after round 12" in text
    assert "Auction" not in text and "(you)" not in text


def test_the_rulebook_balance_sheet() -> None:
    # Playboss I, "Explanations: Financial Statement and Profit": 34,150 against 32,000.
    sheet = {
        "seat": 0,
        "assets": [
            ["Machines", 30000],
            ["Raw material", 150],
            ["Finished product", 3000],
            ["Loans given", 0],
            ["Cash", 1000],
        ],
        "liabilities": [["Bank debt", 10000], ["Other debt", 2000], ["Starting capital", 20000]],
        "total_assets": 34150,
        "total_liabilities": 32000,
        "profit": 2150,
    }
    lines = [ln.split() for ln in show(Renderer().balance_sheets([sheet], NAMES)).splitlines()]
    assert ["Balance", "sheet", "—", "Ann"] in lines
    assert ["Machines", "30,000", "Bank", "debt", "10,000"] in lines
    assert ["Raw", "material", "150", "Other", "debt", "2,000"] in lines
    assert ["Finished", "product", "3,000", "Starting", "capital", "20,000"] in lines
    assert ["Loans", "given", "0", "Profit", "2,150"] in lines
    assert ["Cash", "1,000"] in lines
    assert ["Total", "34,150", "Total", "34,150"] in lines


def test_a_loss_already_listed_is_not_listed_twice() -> None:
    sheet = {
        "seat": 2,
        "assets": [["Cash", 34150]],
        "liabilities": [["Bank debt", 15000], ["Other debt", 2000], ["Starting capital", 20000], ["Loss", -2850]],
        "total_assets": 34150,
        "total_liabilities": 34150,
        "profit": -2850,
        "bankrupt": True,
    }
    text = show(Renderer().balance_sheets([sheet], NAMES))
    assert text.count("Loss") == 1
    assert "Balance sheet — Cy (bankrupt)" in text
    assert [ln.split() for ln in text.splitlines()].count(["Total", "34,150", "Total", "34,150"]) == 1


def test_the_generic_renderer_prints_the_view() -> None:
    text = show(Renderer().view({"game": "toy", "round": 2, "chips": [1, 2]}, NAMES, 1))
    assert "toy — as seen by Bob" in text
    assert "'chips': [1, 2]" in text


def test_renderers_are_found_by_game_id() -> None:
    assert isinstance(renderer_for("playboss"), PlaybossRenderer)
    assert type(renderer_for("no-such-game")) is Renderer


def test_the_real_playboss_view_renders() -> None:
    pytest.importorskip("tycoon.games.playboss")
    import tycoon.games  # noqa: F401
    from tycoon.core import load

    state = load("playboss", players=3).new_state()
    text = show(renderer_for("playboss").view(state.view(0), NAMES, 0))
    assert "Playboss" in text and "Market" in text and "Businesses" in text


def test_the_expansion_steps_panel() -> None:
    pytest.importorskip("tycoon.games.playboss")
    import tycoon.games  # noqa: F401
    from tycoon.core import load
    from tycoon.games.playboss.actions import DeclareGoal, FoundMarketing

    state = load("playboss", players=3, steps=[2, 3, 4, 5], goal="first-to-sales").new_state()
    for seat in range(3):
        state.apply(state.game.codec.from_json({"kind": "die", "pips": 6 if seat == 0 else 1}), -1)
    state.apply(FoundMarketing(), 1)
    state.apply(DeclareGoal("profit"), 0)
    text = show(renderer_for("playboss").view(state.view(0), NAMES, 0))
    assert "Steps 2, 3, 4, 5 · goal: first-to-sales · sales target 60,000" in text
    assert "Marketing troughs: Bob, free, free" in text
    assert "Ann: sales 0, tax last year 0, losses carried 0, personal goal: maximum profit" in text
    assert "Expansion steps" not in show(renderer_for("playboss").view(load("playboss").new_state().view(0), NAMES))


def text_of(lines: list[str]) -> str:
    return "\n".join(lines)


def test_a_sheet_is_titled_as_the_game_titles_it_and_counts_nothing_twice() -> None:
    from rich.console import Console

    from tycoon.cli.render import renderer_for

    sheet = {
        "seat": 0,
        "title": "Profit sheet",
        "assets": [["Distribution 1", 12], ["Distribution 2", 20]],
        "liabilities": [],
        "total_assets": 32,
        "total_liabilities": 0,
        "profit": 32,
    }
    for game in ("die_bosse", "coinflip"):
        console = Console(width=100, record=True, color_system=None)
        console.print(renderer_for(game).balance_sheets([sheet], ["you"]))
        text = console.export_text()
        assert "Profit sheet — you" in text and "Balance sheet" not in text
        assert "64" not in text
