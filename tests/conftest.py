"""Shared test setup: make the helper modules in ``tests/`` (the toy game) importable, and the
fixtures more than one folder's tests use."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tycoon.core.messages import Text

TESTS = str(Path(__file__).parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[Text, str]]]:
    """Every text rendered while a test runs (``tycoon.words.render``), with the language it was
    rendered in; the terminal's language left English afterwards."""
    import tycoon.words
    from tycoon.cli.naming import choose_language

    seen: list[tuple[Text, str]] = []
    real = tycoon.words.render

    def render(text: Text, language: str = "en", names: Any = None) -> str:
        seen.append((text, language))
        return real(text, language, names)

    monkeypatch.setattr(tycoon.words, "render", render)
    yield seen
    choose_language("en")
