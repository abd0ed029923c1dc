"""Every text of the pages comes from the message catalogue: each key the client's modules ask
for is in the English one the server serves (``messages/en.json`` with each game's texts merged
in); the vendored libraries carry their licences and versions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import tycoon.server
from tycoon.server.faces import catalogue

CLIENT = Path(tycoon.server.__file__).parent / "client"


def modules() -> list[Path]:
    return [p for p in CLIENT.rglob("*.js") if "vendor" not in p.parts]


def test_every_key_asked_for_is_in_the_english_catalogue() -> None:
    english = catalogue("en")
    assert english is not None
    asked: set[str] = set()
    for module in modules():
        asked |= set(re.findall(r"\bt\(\"([a-z_.0-9-]+)\"", module.read_text(encoding="utf-8")))
    assert len(asked) > 200
    missing = sorted(asked - english.keys())
    assert not missing, f"not in the English catalogue: {missing}"
    assert all(isinstance(v, str) for v in english.values())


def test_the_dynamic_keys_have_an_entry_for_every_value_the_server_sends() -> None:
    own = json.loads((CLIENT / "messages" / "en.json").read_text(encoding="utf-8"))
    for status in ("connecting", "open", "reconnecting", "closed", "refused"):
        assert f"connection.{status}" in own
    for status in ("waiting", "playing", "finished", "closed"):
        assert f"status.{status}" in own
    for by in ("person", "bot", "stand-in", "clock", "chance"):
        assert f"narration.by.{by}" in own


def test_every_effect_a_risk_card_may_have_is_worded() -> None:
    """The Playboss page says what the risk card drawn does from its ``effect`` in the view."""
    from tycoon.games.playboss.data import RISK_EFFECTS

    english = catalogue("en")
    assert english is not None
    assert {f"pb.risk_effect.{effect}" for effect in RISK_EFFECTS} <= english.keys()


def test_the_vendored_libraries_carry_their_licence_and_version() -> None:
    vendor = CLIENT / "vendor"
    readme = (vendor / "README.md").read_text()
    for name in ("preact.mjs", "preact-hooks.mjs", "htm.mjs"):
        assert (vendor / name).is_file() and f"`{name}`" in readme
    assert "MIT License" in (vendor / "LICENSE-preact").read_text()
    assert "Apache License" in (vendor / "LICENSE-htm").read_text()
    page = (CLIENT / "index.html").read_text()
    assert "http://" not in page and "https://" not in page  # nothing from a CDN


def test_the_readme_s_first_command_installs_the_web_extra_and_serves() -> None:
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, flags=re.S)
    first = blocks[0].strip()
    assert "pip install -e '.[web]'" in first and first.endswith("tycoon serve"), first
    # Terminal play comes later, under "More commands".
    assert readme.index("## More commands") < readme.index("tycoon play ")
    # Every screenshot it links is there, and each game has a desktop and a phone one.
    linked = set(re.findall(r"docs/screenshots/([a-z-]+\.png)", readme))
    games = ("die-bosse", "playboss", "biznes-po-polsku")
    assert {f"{g}-{s}.png" for g in games for s in ("desktop", "phone")} <= linked
    for name in linked:
        assert (root / "docs" / "screenshots" / name).is_file(), name
    assert "docs/screenshots/regenerate.py" in readme


# --- the page's own texts in every language ------------------------------------------------

LANGUAGES = ("en", "de", "nl", "pl")
PLURAL_FORMS = {
    "en": {"one", "other"},
    "de": {"one", "other"},
    "nl": {"one", "other"},
    "pl": {"one", "few", "many", "other"},
}
"""The CLDR cardinal categories of each language (CLDR's plurals.xml), every one of which a plural
form in its catalogue names; Polish needs four, where gettext's three-form rule loses "other"."""


def arguments(text: str) -> list[tuple[str, str, dict[str, str]]]:
    """The arguments of a catalogue text in the page's MessageFormat subset, nested ones too:
    (name, kind, forms) with kind "", "plural" or "select" (a case form, ``{seat, case, gen}``, is
    kind ""); raises ValueError on a malformed one."""
    found: list[tuple[str, str, dict[str, str]]] = []

    def parts(at: int, top: bool) -> int:
        while at < len(text):
            if text[at] == "{":
                at = argument(at + 1)
            elif text[at] == "}":
                if top:
                    raise ValueError(f"an unmatched }} at {at} in {text!r}")
                return at
            else:
                at += 1
        if not top:
            raise ValueError(f"a form not closed in {text!r}")
        return at

    def argument(at: int) -> int:
        head = re.match(r"\s*([\w.-]+)\s*(?:,\s*(plural|select)\s*,|,\s*case\s*,\s*[a-z]+)?\s*", text[at:])
        if not head:
            raise ValueError(f"a malformed argument at {at} in {text!r}")
        name, kind = head.group(1), head.group(2) or ""
        at += head.end()
        if not kind:
            if text[at : at + 1] != "}":
                raise ValueError(f"{name} is not closed in {text!r}")
            found.append((name, "", {}))
            return at + 1
        forms: dict[str, str] = {}
        while True:
            selector = re.match(r"\s*(=?[\w-]+)\s*\{|\s*\}", text[at:])
            if not selector:
                raise ValueError(f"a malformed form at {at} in {text!r}")
            if selector.group(1) is None:
                at += selector.end()
                break
            start = at + selector.end()
            at = parts(start, False)
            forms[selector.group(1)] = text[start:at]
            at += 1
        if "other" not in forms:
            raise ValueError(f"the {kind} of {name} has no other form in {text!r}")
        found.append((name, kind, forms))
        return at

    parts(0, True)
    return found


def own_catalogue(language: str) -> dict[str, str]:
    texts: dict[str, str] = json.loads((CLIENT / "messages" / f"{language}.json").read_text(encoding="utf-8"))
    return texts


def test_the_page_speaks_four_languages_each_with_every_key_and_the_same_placeholders() -> None:
    english = own_catalogue("en")
    for language in LANGUAGES:
        texts = own_catalogue(language)
        assert texts.keys() == english.keys(), (language, sorted(texts.keys() ^ english.keys()))
        for key, text in texts.items():
            assert isinstance(text, str), (language, key)
            given = arguments(text)
            assert {name for name, _, _ in given} == {name for name, _, _ in arguments(english[key])}, (
                language,
                key,
                text,
            )
            for name, kind, forms in given:
                if kind != "plural":
                    continue
                categories = {f for f in forms if not f.startswith("=")}
                # Every category the language has, and none it lacks: a form that can never be
                # chosen is a mistake as much as a missing one.
                assert categories == PLURAL_FORMS[language], (language, key, name, sorted(categories))
    # A translation, not a copy: most of the texts that hold words (not only placeholders and
    # punctuation) differ from the English ones.
    for language in LANGUAGES[1:]:
        texts = own_catalogue(language)
        same = [k for k, v in texts.items() if v == english[k] and re.search(r"[a-z]{4}", re.sub(r"\{\w+\}", "", v))]
        assert len(same) < 10, (language, same)


def test_the_catalogue_syntax_check_finds_what_is_wrong() -> None:
    assert arguments("{n, plural, one {# punkt} few {# punkty} many {# punktów} other {# punktu}}")[0][2].keys() == {
        "one",
        "few",
        "many",
        "other",
    }
    assert [a[0] for a in arguments("{who} pays {n, plural, =0 {nothing} other {{amount}}}")] == ["who", "amount", "n"]
    for wrong in ("{n, plural, one {# point}}", "{name", "text }", "{n, plural, other {x}", "{n, choice, other {x}}"):
        try:
            arguments(wrong)
        except ValueError:
            continue
        raise AssertionError(f"{wrong!r} passed")
