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
