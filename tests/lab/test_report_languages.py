"""The reports in the reader's language: ``tycoon report --lang`` and ``tycoon lab report
--lang`` write their headings, tables and sentences in German, Dutch and Polish, with no key
missing from the language's catalogue and none of the common English words of the English page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from rich.console import Console

import tycoon.words
from tycoon.cli.main import main
from tycoon.core import load, play
from tycoon.core.messages import Message, Text
from tycoon.sim import make_agent

ENGLISH = re.compile(
    r"\b(the|and|of|with|round|player|players|winner|bankrupt|profit|loss|total|assets|liabilities|"
    r"balance|sheet|events|what|happened|result|score|seed|year|tax|buys|founds|takes|joins|goes|"
    r"distribution|win|rate|games|seat|place|interval|fair|mean|eliminations|length|plots|short|"
    r"cell|start|points|more|against|chance|report)\b",
    re.IGNORECASE,
)
"""Common English words of the reports."""

ALSO = {"de": {"fair"}, "nl": {"interval", "score"}, "pl": set()}
"""The words of that list that the language has too."""


def english(text: str, language: str) -> list[str]:
    """The English words of ``text`` that ``language`` does not have."""
    return sorted({m.group(0).lower() for m in ENGLISH.finditer(text)} - ALSO[language])


GAMES = {
    "playboss": {"players": 3, "years": 1, "steps": [4]},
    "die_bosse": {"players": 3},
    "biznes_po_polsku": {"players": 3, "rounds": 10},
}


class _Words(HTMLParser):
    """A page's words as a reader sees them: its text, and each image's description; the
    elements of the classes in ``skip`` left out."""

    def __init__(self, skip: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.words: list[str] = []
        self.skip = skip
        self._hidden: list[str] = []
        """The open elements whose text is left out (the first one decides)."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if self._hidden or tag in ("style", "title") or any(c in classes for c in self.skip):
            self._hidden.append(tag)
        elif found.get("alt"):
            self.words.append(str(found["alt"]))

    def handle_endtag(self, tag: str) -> None:
        if self._hidden and self._hidden[-1] == tag:
            self._hidden.pop()

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.words.append(data)


def words_of(page: Path, skip: tuple[str, ...] = ()) -> str:
    """The page's words, the game's options (``players=3``: machine names) left out."""
    parser = _Words(skip)
    parser.feed(page.read_text(encoding="utf-8"))
    return re.sub(r"\S+=\S+", "", " ".join(parser.words))


def missing(rendered: list[tuple[Text, str]]) -> list[str]:
    return sorted({p for t, lang in rendered if isinstance(t, Message) for p in tycoon.words.problems(t, lang)})


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A record of bots of each game, seed 4."""
    folder = tmp_path_factory.mktemp("records")
    out = {}
    for game_id, config in GAMES.items():
        game = load(game_id, **config)  # type: ignore[arg-type]
        path = folder / f"{game_id}.jsonl"
        play(game, [make_agent(game_id, "bot") for _ in range(game.num_seats)], 4).record.save(path)
        out[game_id] = path
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("language", ["de", "nl", "pl"])
def test_a_game_report_speaks_the_readers_language(
    game_id: str, language: str, records: dict[str, Path], tmp_path: Path, rendered: list[tuple[Text, str]]
) -> None:
    console = Console(record=True, width=120)
    page = tmp_path / "game.html"
    assert main(["report", str(records[game_id]), "--out", str(page), "--lang", language], console=console) == 0
    html = page.read_text(encoding="utf-8")
    assert f'<html lang="{language}">' in html
    # Playboss's risk cards have only their data's English titles so far: its events are left out.
    text = words_of(page, ("text",) if game_id == "playboss" else ())
    assert english(text, language) == [], text
    said = console.export_text()
    assert english(said.replace(str(page), ""), language) == [], said
    assert missing(rendered) == []


def test_a_game_report_in_english_reads_as_before(records: dict[str, Path], tmp_path: Path) -> None:
    console = Console(record=True, width=120)
    page = tmp_path / "game.html"
    assert main(["report", str(records["biznes_po_polsku"]), "--out", str(page), "--lang", "en"], console=console) == 0
    text = words_of(page)
    assert "The big events" in text and "Final sheets" in text and "founds the firm" in text
    assert "big events; report:" in console.export_text()


@pytest.mark.parametrize("language", ["de", "nl", "pl"])
def test_a_lab_report_speaks_the_readers_language(
    language: str, tiny: Path, tmp_path: Path, rendered: list[tuple[Text, str]]
) -> None:
    pytest.importorskip("pyarrow")
    pytest.importorskip("matplotlib")
    from tycoon.sim.lab.experiment import read_experiment
    from tycoon.sim.lab.run import run_experiment

    out = tmp_path / "run"
    run_experiment(read_experiment(tiny), out, workers=1)
    console = Console(record=True, width=200)
    assert main(["lab", "report", str(out), "--lang", language], console=console) == 0
    page = out / "report" / "report.html"
    # The facts table holds the experiment's own names (its line-up "mixed", the seed's pattern).
    text = words_of(page, ("facts",))
    assert english(text, language) == [], text
    said = console.export_text().replace(str(page), "")
    assert english(said, language) == [], said
    assert missing(rendered) == []
    # Figures as the language writes them: a percentage of the start player's wins.
    percent = {"de": r"\d+,\d %", "nl": r"\d+,\d%", "pl": r"\d+,\d%"}[language]
    assert re.search(percent, text)
