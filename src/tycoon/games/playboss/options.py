"""What a game of Playboss is set up with: its seats, its expansion steps and goals, and the
options it takes, declared apart from the rules so that the registry knows them without
importing them (``Playboss`` documents the options)."""

from __future__ import annotations

from tycoon.core.spec import GameOption

MAX_BUSINESSES = 8
"""Playboss, "Game Materials": 8 game pieces and 8 game cards, one of each per business."""
MIN_SEATS, MAX_SEATS = 1, MAX_BUSINESSES + 1
"""Seats at the table: the businesses, and with step 6 the worker representative, who "does not
get a business to start" and so needs no piece: 8 businesses and him make the rulebook's 9
players. The bank director is the software, which never runs a business of its own."""
DEFAULT_YEARS = 3

STEP_NAMES = {
    1: "free market for sales",
    2: "competition during purchasing",
    3: "marketing organisations",
    4: "taxation",
    5: "various game goals",
    6: "labour market",
}
"""The six expansion steps of Playboss II."""
GOALS = ("profit", "first-to-sales", "sales-end-profit", "sales-yield", "asset-yield")
"""Playboss II, "5. Step": the base model's goal (most profit at the agreed time) and the four
that may replace it: the first to the sales target wins; a sales target ends the game and the
most profit wins; ... the highest sales yield wins; ... the highest asset yield wins."""
SALES_GOALS = GOALS[1:]
"""The goals in which a sales target counts."""

MOST_YEARS = 100
"""The longest agreed game in years: the rulebook leaves the length to the players; a hundred
business years is far beyond any evening and keeps every figure a game can reach well inside
what a number on the wire holds."""
MOST_ROUNDS = 10_000
"""The longest agreed game in rounds, for the same reason."""

OPTIONS = (
    GameOption(
        "years",
        "int",
        None,
        f"the game ends after this many business years (default {DEFAULT_YEARS}, at most {MOST_YEARS})",
        lo=1,
        hi=MOST_YEARS,
    ),
    GameOption(
        "rounds",
        "int",
        None,
        f"or: the game ends after this many rounds (instead of years; at most {MOST_ROUNDS})",
        lo=1,
        hi=MOST_ROUNDS,
    ),
    GameOption(
        "steps", "ints", [], "the expansion steps played, e.g. 1,2,4 (default none: the base model)", lo=1, hi=6
    ),
    GameOption("goal", "str", None, "with step 5: the goal of the game (default profit)", choices=GOALS),
    GameOption(
        "sales_target",
        "int",
        None,
        "with a sales goal: the sales in Marks that count (default 60,000, at most 10,000,000)",
        lo=1,
        hi=10_000_000,
    ),
    GameOption(
        "representative",
        "int",
        None,
        "with step 6: the worker representative's seat (default the last)",
        lo=0,
        seat=True,
    ),
    GameOption(
        "board",
        "text",
        None,
        "a board of your own: a file like data/board.toml (default the designed board)",
    ),
    GameOption(
        "risk_cards",
        "text",
        None,
        "a risk deck of your own: a file like data/risk_cards.toml (default ours)",
    ),
)
"""The options a game of Playboss takes besides ``players``; ``Playboss`` documents them."""
