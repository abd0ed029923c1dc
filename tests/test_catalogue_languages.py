"""Every catalogue of texts (each game's ``faces.messages`` folder, and the page's own folder once
it has other languages than English) is complete in German, Dutch and Polish: each language file
holds exactly the keys of ``en.json``, each text the same {placeholders} as the English one, in
the message syntax agreed for the catalogues (a subset of ICU MessageFormat: ``{name}``,
``{name, plural, …}`` with the CLDR categories of the language, ``{name, select, …}``, and
``{name, case, gen}``, a parameter in a grammatical case)."""

from __future__ import annotations

import json
import re
from importlib.resources.abc import Traversable

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.core.registry import specs
from tycoon.core.spec import resource

LANGUAGES = ("de", "nl", "pl")
"""The languages besides English that every catalogue is written in."""

CATEGORIES = {
    "en": {"one", "other"},
    "de": {"one", "other"},
    "nl": {"one", "other"},
    "pl": {"one", "few", "many", "other"},
}
"""The CLDR plural categories of each language's whole numbers and decimals: a plural form may
name only these (besides exact matches ``=N``); Polish needs one, few, many and other."""

PAGE = "tycoon.server:client/messages"


class Malformed(ValueError):
    """A text that is not in the catalogues' message syntax."""


def folders() -> list[str]:
    """Each shipped game's catalogue folder (one inside tycoon; a game registered by a test brings
    its own English only), and the page's own once it holds any language but English."""
    named = sorted({g.faces.messages for g in specs() if g.faces.messages and g.faces.messages.startswith("tycoon.")})
    page = resource(PAGE)
    if any(page.joinpath(f"{lang}.json").is_file() for lang in LANGUAGES):
        named.append(PAGE)
    return named


def read(folder: str, lang: str) -> dict[str, str]:
    texts = json.loads(resource(folder).joinpath(f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(texts, dict), f"{folder}/{lang}.json is not an object"
    assert all(isinstance(v, str) for v in texts.values()), f"{folder}/{lang}.json holds a text that is no string"
    return texts


def parse(text: str, lang: str) -> set[str]:
    """The names of the parameters ``text`` uses, its plural and select forms looked into; raises
    ``Malformed`` for a brace that does not close, a form without ``other`` or a plural category
    the language does not have."""
    names, end = _parse(text, 0, lang, nested=False)
    assert end == len(text)
    return names


def _parse(text: str, i: int, lang: str, nested: bool) -> tuple[set[str], int]:
    """Plain text and arguments from ``i`` up to the ``}`` closing a branch (``nested``) or the end."""
    names: set[str] = set()
    while i < len(text):
        c = text[i]
        if c == "}":
            if nested:
                return names, i
            raise Malformed(f"a '}}' closes nothing at {i}")
        if c == "{":
            found, i = _argument(text, i + 1, lang)
            names |= found
            continue
        i += 1
    if nested:
        raise Malformed("a branch is not closed")
    return names, i


def _argument(text: str, i: int, lang: str) -> tuple[set[str], int]:
    """``name}``, ``name, case, gen}`` or ``name, plural|select, key {…} … }`` after an opening
    brace at ``i - 1``."""
    close = text.find("}", i)
    comma = text.find(",", i)
    if close < 0:
        raise Malformed(f"the argument at {i} is not closed")
    if comma < 0 or close < comma:
        name = text[i:close].strip()
        if not name.replace("_", "").isalnum():
            raise Malformed(f"{{{name}}} is no parameter name")
        return {name}, close + 1
    name = text[i:comma].strip()
    kind_end = text.find(",", comma + 1)
    if not name.replace("_", "").isalnum() or kind_end < 0:
        raise Malformed(f"the argument {name!r} at {i} is neither a name nor a plural or select form")
    kind = text[comma + 1 : (kind_end if 0 <= kind_end < close else close)].strip()
    if kind == "case":
        case = text[kind_end + 1 : close].strip()
        if not 0 <= kind_end < close or not case.isalpha():
            raise Malformed(f"the case form of {name!r} names no case: {{{name}, case, gen}}")
        return {name}, close + 1
    if kind not in ("plural", "select"):
        raise Malformed(f"{name!r} has the form {kind!r}, neither plural nor select")
    names, keys, j = {name}, [], kind_end + 1
    while True:
        while j < len(text) and text[j].isspace():
            j += 1
        if j >= len(text):
            raise Malformed(f"the {kind} form of {name!r} is not closed")
        if text[j] == "}":
            break
        opening = text.find("{", j)
        if opening < 0:
            raise Malformed(f"a key of the {kind} form of {name!r} has no branch")
        key = text[j:opening].strip()
        if not key or " " in key:
            raise Malformed(f"the {kind} form of {name!r} has a bad key {key!r}")
        keys.append(key)
        inner, j = _parse(text, opening + 1, lang, nested=True)
        names |= inner
        j += 1
    if "other" not in keys:
        raise Malformed(f"the {kind} form of {name!r} has no 'other' branch")
    if kind == "plural":
        wrong = [k for k in keys if not k.startswith("=") and k not in CATEGORIES[lang]]
        if wrong:
            raise Malformed(f"the plural form of {name!r} names {wrong}, not a category of {lang!r}")
    return names, j + 1


def balanced(text: str) -> bool:
    depth = 0
    for c in text:
        depth += {"{": 1, "}": -1}.get(c, 0)
        if depth < 0:
            return False
    return depth == 0


CASES = [(folder, lang) for folder in folders() for lang in LANGUAGES]


def test_the_games_and_their_languages_are_all_there() -> None:
    games = [f for f in folders() if f != PAGE]
    assert len(games) >= 3
    for folder in games:
        for lang in ("en", *LANGUAGES):
            assert resource(folder).joinpath(f"{lang}.json").is_file(), f"{folder} has no {lang}.json"


@pytest.mark.parametrize(("folder", "lang"), CASES)
def test_a_language_has_exactly_the_english_keys(folder: str, lang: str) -> None:
    english, other = read(folder, "en"), read(folder, lang)
    missing = sorted(english.keys() - other.keys())
    extra = sorted(other.keys() - english.keys())
    assert not missing and not extra, f"{folder}/{lang}.json: missing {missing}, not in English {extra}"


@pytest.mark.parametrize(("folder", "lang"), CASES)
def test_every_text_has_the_english_placeholders_in_well_formed_syntax(folder: str, lang: str) -> None:
    english, other = read(folder, "en"), read(folder, lang)
    wrong = []
    for key, text in sorted(other.items()):
        if key not in english:
            continue
        if not balanced(text):
            wrong.append(f"{key}: braces do not balance")
            continue
        try:
            names, expected = parse(text, lang), parse(english[key], "en")
        except Malformed as e:
            wrong.append(f"{key}: {e}")
            continue
        if names != expected:
            wrong.append(f"{key}: {sorted(names)} where English has {sorted(expected)}")
    assert not wrong, f"{folder}/{lang}.json:\n" + "\n".join(wrong)


@pytest.mark.parametrize(("folder", "lang"), CASES)
def test_a_language_file_is_sorted_flat_json_written_as_read(folder: str, lang: str) -> None:
    source: Traversable = resource(folder).joinpath(f"{lang}.json")
    raw = source.read_text(encoding="utf-8")
    texts = json.loads(raw)
    assert raw == json.dumps(dict(sorted(texts.items())), ensure_ascii=False, indent=1) + "\n"


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("{n} zł", {"n"}),
        ("{n, plural, one {# karta} few {# karty} many {# kart} other {# karty}} · {who}", {"n", "who"}),
        ("{kind, select, a {{x} and #} other {{y}}}", {"kind", "x", "y"}),
        ("no parameter at all", set()),
    ],
)
def test_the_syntax_check_reads_names_through_plural_and_select_forms(text: str, names: set[str]) -> None:
    assert parse(text, "pl") == names


@pytest.mark.parametrize(
    "text",
    [
        "{n zł",
        "{n} zł}",
        "{n, plural, one {# Karte}}",
        "{n, plural, one {# karta} few {# karty}",
        "{n, plural, one {# Karte} few {# Karten} other {# Karten}}",
        "{n, ordinal, other {#.}}",
        "{two words}",
    ],
)
def test_the_syntax_check_refuses_what_is_not_the_agreed_syntax(text: str) -> None:
    with pytest.raises(Malformed):
        parse(text, "de")


UNCOUNTED_IN_ENGLISH = {
    "db.screen.bill": {"n"},  # "{n} million": a million is written so whatever the number
    "db.screen.penalty": {"cost"},
    "db.screen.penalty_all": {"cost"},
    "db.unit.million": {"n"},
    "pb.board_label": {"n"},  # the board's fields, never one
    "pb.products_line": {"raw", "finished"},  # "2 raw, 1 finished": no noun to agree
    "pb.zone_label": {"places"},  # a zone's places, never one
    "narration.earlier": {"n"},  # "({n} more)"
}
"""The counts another language declines by their number that English writes without a plural
form, since no English word agrees with them there."""


@pytest.mark.parametrize("folder", folders())
def test_a_count_another_language_declines_is_declined_in_english_too(folder: str) -> None:
    """A count that German, Dutch or Polish put in a plural form has one in English as well,
    unless English has no word there that agrees with it: "1 cards in hand" is the fault this
    finds."""
    english = read(folder, "en")
    others = [read(folder, lang) for lang in LANGUAGES]
    wrong = []
    for key, text in sorted(english.items()):
        declined = {name for other in others for name in re.findall(r"\{(\w+), plural", other.get(key, ""))}
        for name in sorted(declined - UNCOUNTED_IN_ENGLISH.get(key, set())):
            if f"{{{name}}}" in text and f"{{{name}, plural" not in text:
                wrong.append(f"{key}: {{{name}}} in {text!r}")
    assert not wrong, f"{folder}/en.json:\n" + "\n".join(wrong)
