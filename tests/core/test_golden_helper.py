"""The golden-playthrough helper shared by every game's golden test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tycoon.testing.golden import GoldenMismatch, check_golden


def test_an_equal_text_passes(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("1 roll\n", encoding="utf-8")
    check_golden(path, "1 roll\n")


def test_a_changed_text_fails_with_a_diff(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("1 roll\n2 pass\n", encoding="utf-8")
    with pytest.raises(GoldenMismatch, match=r"(?s)changed.*-2 pass.*\+2 bid 500"):
        check_golden(path, "1 roll\n2 bid 500\n")


def test_a_missing_file_says_how_to_create_it(tmp_path: Path) -> None:
    with pytest.raises(GoldenMismatch, match="TYCOON_UPDATE_GOLDEN=1"):
        check_golden(tmp_path / "missing.txt", "text\n")


def test_the_update_switch_rewrites_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "golden" / "game.txt"
    monkeypatch.setenv("TYCOON_UPDATE_GOLDEN", "1")
    check_golden(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"
