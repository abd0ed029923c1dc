"""``tycoon games``, ``tycoon simulate`` and ``tycoon replay`` in the reader's language: with
``--lang`` (or ``LANG``) they print German, Dutch and Polish with no key missing and none of the
common English words of their English output; in English they print what they always did."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

import tycoon.words
from tycoon.agents.catalogue import game_levels
from tycoon.cli import main
from tycoon.cli.options import option_help
from tycoon.core.messages import Message, Text
from tycoon.core.registry import specs

ENGLISH = re.compile(
    r"\b(the|and|of|with|seats|default|agents|whole|number|from|yes or no|file|game|games|seed|record|"
    r"holds|mean|rounds|actions|wins|rate|eliminated|agent|this is|counting|choose|another|stops|after|"
    r"moves|before|over|plays|picks|thinks|ahead|options|flags|command)\b",
    re.IGNORECASE,
)
"""Common English words of these commands' output."""

KEPT = re.compile(
    r"--[a-z-]+|-o NAME=VALUE|\bFILE\b|\b(random|easy|normal|hard|bot|yes|no|profit)\b|data/\S+|[a-z_]+=\S+"
)
"""What stays the same in every language: flags, agent kinds, the values one types, file names."""

ALSO = {"de": set(), "nl": {"of", "over"}, "pl": set()}
"""The words of that list that the language has too (Dutch "of": or, "over": about)."""

SHIPPED = ("biznes_po_polsku", "die_bosse", "playboss")


def printed(argv: list[str], width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    assert main(argv, console=console) == 0
    return console.export_text()


def english_left(text: str, language: str) -> list[str]:
    """The common English words of ``text`` that ``language`` does not have, what stays the same
    in every language left out."""
    return sorted({m.group(0).lower() for m in ENGLISH.finditer(KEPT.sub(" ", text))} - ALSO[language])


def missing(rendered: list[tuple[Text, str]]) -> list[str]:
    return sorted({p for t, lang in rendered if isinstance(t, Message) for p in tycoon.words.problems(t, lang)})


@pytest.mark.parametrize("language", ["de", "nl", "pl"])
def test_the_list_of_games_speaks_the_readers_language(language: str, rendered: list[tuple[Text, str]]) -> None:
    text = printed(["games", "--lang", language])
    # The shipped games' entries and the closing line (the coin flip of the tests speaks English).
    entries = [e for e in text.split("\n\n") if e.startswith(SHIPPED) or "--years 2" in e]
    assert len(entries) == len(SHIPPED) + 1
    assert english_left("\n".join(entries), language) == [], text
    assert missing(rendered) == []


def test_in_english_the_list_of_games_gives_each_games_own_words(rendered: list[tuple[Text, str]]) -> None:
    """The English catalogue's words of a shipped game are its spec's, so that neither drifts
    from the other; a game the catalogue has no words of (the coin flip) keeps its spec's."""
    from tycoon.words import render

    text = printed(["games"], width=400)
    for s in specs():
        assert s.summary in text
        for name, line in game_levels(s.id).items():
            assert line in text, (s.id, name)
            if s.id in SHIPPED:
                assert render(Message(f"cli.cmd.games.level.{s.id}.{name}", {})) == line
        for option in s.options:
            if s.id in SHIPPED:
                assert render(Message(f"cli.cmd.games.option.{s.id}.{option.name}", {})) == option_help(option)
        if s.id in SHIPPED:
            assert render(Message(f"cli.cmd.games.summary.{s.id}", {})) == s.summary
    assert "--rounds N  a whole number from 0 to 10000; default 60" in text
    assert missing(rendered) == []


def test_the_language_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    assert "miejsca: 2–5 (domyślnie 4)" in printed(["games"])


@pytest.mark.parametrize("language", ["de", "nl", "pl"])
def test_a_simulation_and_its_replay_speak_the_readers_language(
    language: str, tmp_path: Path, rendered: list[tuple[Text, str]]
) -> None:
    out = tmp_path / "x.jsonl"
    argv = ["simulate", "biznes_po_polsku", "-n", "3", "--seats", "bot,random", "--rounds", "3"]
    text = printed([*argv, "--out", str(out), "--lang", language], width=400)
    written = {"de": "3 Aufzeichnungen", "nl": "3 verslagen", "pl": "Zapisano 3 zapisy"}[language]
    assert written in text
    retold = printed(["replay", str(out), "--game-index", "1", "--lang", language], width=400)
    seed = {"de": "Startwert 0:1", "nl": "startwaarde 0:1", "pl": "ziarno 0:1"}[language]
    assert seed in retold
    for said in (text, retold.splitlines()[0], retold.splitlines()[-1]):
        assert english_left(said.replace(str(tmp_path), ""), language) == [], said
    assert missing(rendered) == []


def test_simulate_writes_its_figures_as_the_language_writes_numbers(tmp_path: Path) -> None:
    argv = ["simulate", "playboss", "-n", "2", "--seats", "bot,bot", "--years", "1"]
    german = printed([*argv, "--lang", "de"])
    assert re.search(r"\d,\d %", german) and "Spieldauer: Mittel " in german
    polish = printed([*argv, "--lang", "pl"])
    assert re.search(r"\d,\d%", polish) and "Długość gry: średnio " in polish


def test_a_record_of_no_game_says_so_in_the_readers_language(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    errors = Console(file=io.StringIO(), width=200, record=True, color_system=None)
    assert main(["replay", str(empty), "--lang", "de"], console=errors) == 1
    assert "enthält keine Spielaufzeichnung" in errors.export_text()
