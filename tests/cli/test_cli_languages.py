"""The terminal in the reader's language: every text a renderer draws is a catalogue message,
and in German, Dutch and Polish the screens of all three games hold no key missing from the
language's catalogue and none of the common English words a leftover would bring."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.console import Console

import tycoon.words
from tycoon.agents import RandomAgent
from tycoon.cli import hooks
from tycoon.cli.naming import choose_language
from tycoon.cli.render import renderer_for
from tycoon.core.driver import sample_chance
from tycoon.core.game import CHANCE
from tycoon.core.messages import Message, Text
from tycoon.core.registry import load

ENGLISH = re.compile(
    r"\b(the|and|of|round|cash|seat|player|winner|bankrupt|profit|total|assets|liabilities|hidden|sale|"
    r"business|debt|space|firms|fortune|yes|none|seen|shares|raw|finished|warehouse|laps|credit|bid|"
    r"auction|tokens|board|market|result|score|amount|card|cards|million|steps)\b",
    re.IGNORECASE,
)
"""Common English words of the screens; none of them is a German, Dutch or Polish word."""

GAMES = {
    "playboss": {"players": 3, "years": 1},
    "die_bosse": {"players": 3},
    "biznes_po_polsku": {"players": 3, "rounds": 6},
}

GAME_TEXTS = ("pending", "last_card_text", "offer", "answer", "due", "auction", "expansion")
"""The parts of a view whose texts the games write (their phases, cards and offers), not the
terminal: left out here, they are the games' own catalogue work."""


def screens(game_id: str, language: str, steps: int) -> str:
    """Everything the terminal draws of a seeded game of random players after ``steps`` moves
    (or at its end): the table, the decision line, a position, the standings, the sheets and
    the result, at 100 columns."""
    choose_language(language)
    game = load(game_id, **GAMES[game_id])  # type: ignore[arg-type]
    state = game.new_state()
    agents = [RandomAgent(f"3:{s}") for s in range(game.num_seats)]
    rng = random.Random(3)
    moves = 0
    while not state.is_terminal() and moves < steps:
        seat = state.current_player()
        action = sample_chance(state, rng) if seat == CHANCE else agents[seat].act(state, seat)
        state.apply(action, seat)
        moves += 1
    names = ["you", "Ann", "Ewa"]
    view = {k: v for k, v in state.view(0).items() if k not in GAME_TEXTS}
    renderer = renderer_for(game_id)
    console = Console(width=100, record=True, color_system=None)
    console.print(renderer.view(view, names, 0))
    console.print(renderer.decision(view, names, 0))
    console.print(renderer.position(view, names, 0))
    console.print(renderer.standings(view, names))
    sheets = hooks.report(game_id, state)
    if sheets:
        console.print(renderer.balance_sheets(sheets, names))
    outcome = state.outcome() if state.is_terminal() else None
    console.print(renderer.outcome(outcome.scores if outcome else [1, 2, 3], [1], [2], names))
    return console.export_text()


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("language", ["de", "nl", "pl"])
def test_the_screens_speak_the_readers_language(game_id: str, language: str, rendered: list[tuple[Text, str]]) -> None:
    for steps in (60, 100_000):
        text = screens(game_id, language, steps)
        leftovers = sorted({m.group(0) for m in ENGLISH.finditer(text)})
        assert leftovers == [], (leftovers, text)
    messages = [(t, lang) for t, lang in rendered if isinstance(t, Message)]
    assert messages and all(lang == language for _, lang in messages)
    missing = sorted({p for t, lang in messages for p in tycoon.words.problems(t, lang)})
    assert missing == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_in_english_the_screens_read_as_before(game_id: str, rendered: list[tuple[Text, str]]) -> None:
    text = screens(game_id, "en", 60)
    assert "as seen by you" in text and "Result" in text and "(you)" not in text
    missing = sorted({p for t, lang in rendered if isinstance(t, Message) for p in tycoon.words.problems(t, lang)})
    assert missing == []


def test_numbers_are_written_as_the_language_writes_them() -> None:
    from tycoon.cli.render.base import money

    for language, written in (("en", "12,500"), ("de", "12.500"), ("nl", "12.500"), ("pl", "12\u00a0500")):
        choose_language(language)
        assert money(12_500) == written


def test_the_die_bosse_warning_and_legend_are_in_the_dutch_rulebooks_words() -> None:
    from tycoon.games.die_bosse.words import legend

    choose_language("nl")
    shown = renderer_for("die_bosse")  # the terminal renders what the hook gives
    assert shown is not None
    said = hooks.legend("die_bosse")
    assert isinstance(said, Message)
    dutch = tycoon.words.render(said, "nl")
    assert "Kapitaalkaarten" in dutch and "concern" in dutch and "winstaandelen" in dutch
    assert not ENGLISH.search(dutch), dutch
    assert said == legend()


@pytest.mark.parametrize(
    ("language", "yes", "words"),
    [
        (
            "pl",
            "tak",
            ("twój wybór:", "Wpisz liczbę lub akcję", "liczba od 1 do", "Opuścić grę (niezapisana)? (tak/nie)>"),
        ),
        ("de", "ja", ("deine Wahl:", "Tippe eine Zahl oder eine Aktion", "eine Zahl von 1 bis", "(ja/nein)>")),
    ],
)
def test_the_menu_its_help_and_the_questions_speak_the_readers_language(
    language: str, yes: str, words: tuple[str, ...], script: Any
) -> None:
    """A person asks for help, then leaves, answering the question in their own language."""
    from tycoon.cli.main import main

    console = Console(width=100, record=True, color_system=None)
    asked: list[str] = []
    answers = script(["help", "quit", yes])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return answers(prompt)

    argv = ["play", "die_bosse", "--seats", "you,bot,bot", "--seed", "2", "--lang", language]
    assert main(argv, console=console, ask=ask) == 0
    text = console.export_text() + "\n".join(asked)
    for said in words:
        assert said in text, (said, text[-3000:])
    assert "Type a number" not in text and "your choice" not in text and "(yes/no)" not in text
    assert asked[-1].rstrip().endswith(words[-1]) and len(asked) == 3  # the answer in the language is taken


def test_a_family_is_offered_by_its_label_in_the_readers_language(script: Any) -> None:
    """The menu offers each family by its label, a message of the game's, in the reader's
    language."""
    from tycoon.cli.main import main

    for language, offered, absent in (
        ("de", ("Computer kaufen", "Einen Privatkredit anbieten oder erbitten"), "Buy a computer"),
        ("en", ("Buy a computer", "Offer a loan, or ask for one"), "Computer kaufen"),
    ):
        console = Console(width=100, record=True, color_system=None)
        answers = script(["quit", "yes" if language == "en" else "ja"])
        argv = ["play", "playboss", "--seats", "you,bot", "--seed", "5", "--lang", language]
        assert main(argv, console=console, ask=answers) == 0
        text = console.export_text()
        assert all(words in text for words in offered), text[-2000:]
        assert absent not in text
    choose_language("en")


@pytest.mark.parametrize(
    ("language", "header"),
    [
        ("pl", "Gracz 1 (ty), Bot 2 (łatwy), Bot 3 (średni), Bot 4 (średni)"),
        ("de", "(leicht), Bot 3 (normal), Bot 4 (normal)"),
        ("en", "you (human), easy 2 (easy), normal 3 (normal), bot 4 (bot)"),
    ],
)
def test_the_header_names_the_bots_levels_as_the_page_does(language: str, header: str, script: Any) -> None:
    """Outside English the header names a bot's level by the catalogue's word, as the page's
    seat chips do (``bot``, the old name, is ``normal``); in English by the name ``--seats``
    took."""
    from tycoon.cli.main import main

    console = Console(width=200, record=True, color_system=None)
    answers = script(["quit", {"pl": "tak", "de": "ja", "en": "yes"}[language]])
    argv = ["play", "die_bosse", "--seats", "you,easy,normal,bot", "--seed", "2", "--lang", language]
    assert main(argv, console=console, ask=answers) == 0
    first = console.export_text().splitlines()[0]
    assert first.endswith(header), first
    choose_language("en")


def test_two_families_of_one_kind_are_told_apart_by_their_labels_in_every_language() -> None:
    """Repaying two lenders is one kind twice: each family's label names its lender, by the
    player's name, in the reader's language."""
    from tycoon.cli.menu import family_title
    from tycoon.cli.naming import SeatNames
    from tycoon.core.families import ActionFamily, Choice, IntRange
    from tycoon.core.messages import Seat, msg
    from tycoon.games.playboss.actions import RepayPrivate

    seats = SeatNames(["Ann", "Bob", "Cy"])
    twins = [
        ActionFamily(
            RepayPrivate, (Choice((s,)), IntRange(500, 1000, 500)), msg("pb.fam.repay_private", lender=Seat(s))
        )
        for s in (1, 2)
    ]
    expected = {
        "en": ["Repay Bob's loan", "Repay Cy's loan"],
        "de": ["Privatkredit von Bob tilgen", "Privatkredit von Cy tilgen"],
        "pl": ["Spłać pożyczkę (pożyczkodawca: Bob)", "Spłać pożyczkę (pożyczkodawca: Cy)"],
    }
    try:
        for language, titles in expected.items():
            choose_language(language)
            assert [family_title(f, seats, "playboss") for f in twins] == titles
    finally:
        choose_language("en")


@pytest.mark.parametrize("game_id", ["playboss", "biznes_po_polsku", "die_bosse"])
def test_help_on_every_kind_says_what_it_does_in_each_language(game_id: str) -> None:
    """``help KIND`` begins with what the kind does, from the catalogue (``cli.help.<game>.<kind>``)
    in the reader's language, for every kind of every game; in another language than English
    its fields are explained by the form's labels, not by English docstrings."""
    from tycoon.cli.menu import Menu, action_class, field_docs
    from tycoon.cli.naming import SeatNames
    from tycoon.words import has, render

    game = load(game_id)
    menu = Menu([], [], str, game.codec, SeatNames(["Ann", "Bob", "Cy"]), game_id)
    kinds = [k for k in game.codec.kinds if action_class(game.codec, k) is not None]
    assert kinds
    try:
        for language in ("en", "de", "nl", "pl"):
            choose_language(language)
            for kind in kinds:
                key = f"cli.help.{game_id}.{kind}"
                assert has(key, language), (language, key)
                lines = menu.help(kind)
                assert lines[0] == f"{kind}: {render(Message(key, {}), language)}"
                if language != "en":
                    cls = action_class(game.codec, kind)
                    assert cls is not None
                    docs = field_docs(cls)
                    assert not [d for d in docs.values() if d and d in "\n".join(lines)], (language, lines)
    finally:
        choose_language("en")
