"""The README's shell commands, read as a new user follows them: from the Play install on, each
command runs in the environment an earlier line made, with the extras installed into it.

A command typed bare (``tycoon ...``) would be "command not found" after the Play install,
which never activates its environment; a command that needs an extra the reader has not been
told to install stops with "pip install 'tycoon[lab]'"."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tycoon.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

NEEDS = {"lab": {"lab"}, "serve": {"web"}}
"""The extras a ``tycoon`` subcommand cannot run without: the lab stores its results with
pyarrow and draws with matplotlib, the server runs on starlette and uvicorn. ``tycoon report``
needs none: without matplotlib it writes its page without the charts
(``test_tycoon_report_without_the_lab_extra_writes_the_tables_and_says_how_to_get_the_charts``)."""


@dataclass
class Command:
    section: str
    line: str
    env: str
    argv: list[str]
    installed: set[str] = field(default_factory=set)


def _extras() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]


def _commands() -> list[Command]:
    """Every ``tycoon`` command of the README's shell blocks, in order, with the environment
    it runs in and the extras installed there by then."""
    envs: dict[str, set[str]] = {}
    out: list[Command] = []
    section = ""
    in_block = False
    for raw in README.read_text(encoding="utf-8").splitlines():
        if raw.startswith("## "):
            section = raw[3:].strip()
        if raw.startswith("```"):
            in_block = raw.strip() == "```sh"
            continue
        if not in_block:
            continue
        line = re.sub(r"\s+#.*$", "", raw).strip()
        for part in (p.strip() for p in line.split("&&")):
            words = shlex.split(part)
            while words and "=" in words[0] and not words[0].startswith("-"):  # VAR=value before a command
                words = words[1:]
            if not words:
                continue
            if words[:3] == ["python3", "-m", "venv"]:
                envs[words[3]] = set()
            elif words[0].endswith("/bin/pip"):
                env = words[0].removesuffix("/bin/pip")
                assert env in envs, f"{raw!r}: {env} was never made"
                for target in (w for w in words[2:] if w.startswith(".")):
                    named = re.fullmatch(r"\.(?:\[([\w,-]+)\])?", target)
                    assert named, f"{raw!r}: cannot read the install target {target!r}"
                    envs[env] |= set(named.group(1).split(",")) if named.group(1) else set()
            elif words[0] == "tycoon" or words[0].endswith("/bin/tycoon"):
                env = words[0].removesuffix("/bin/tycoon") if "/" in words[0] else ""
                out.append(Command(section, raw, env, words[1:], set(envs.get(env, set()))))
    return out


def test_the_readme_installs_only_extras_that_exist() -> None:
    extras = _extras()
    for target in re.findall(r"pip install [^\n]*?'\.\[([\w,-]+)\]'", README.read_text(encoding="utf-8")):
        assert set(target.split(",")) <= set(extras), target


def test_every_more_command_runs_in_an_environment_made_before_it_with_the_extras_it_needs() -> None:
    commands = [c for c in _commands() if c.section == "More commands"]
    assert len(commands) >= 15
    for c in commands:
        # After the Play install `tycoon` is not on the PATH: the command names its environment.
        assert c.env, f"{c.line!r}: a bare 'tycoon' is 'command not found' after the README's install"
        needed = NEEDS.get(c.argv[0], set())
        assert needed <= c.installed, f"{c.line!r} needs {sorted(needed - c.installed)}, which no line installed"


def test_every_readme_command_parses_and_names_files_that_exist() -> None:
    parser = build_parser()
    for c in _commands():
        try:
            parser.parse_args(c.argv)
        except SystemExit:
            raise AssertionError(f"{c.line!r}: tycoon refuses its arguments") from None
        for word in c.argv:
            if word.startswith("examples/"):
                assert (ROOT / word).exists(), f"{c.line!r}: {word} is not in the repository"


def test_the_readme_says_how_to_serve_on_another_port_and_where_a_board_comes_from() -> None:
    text = README.read_text(encoding="utf-8")
    assert "serve --port" in text
    balance = [c for c in _commands() if c.argv[:2] == ["lab", "balance"]]
    assert balance
    for c in balance:
        assert c.argv[c.argv.index("--board") + 1].startswith("examples/experiments/boards/"), c.line


def test_what_the_readme_commands_write_in_the_repository_is_ignored_by_git() -> None:
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout")
    written: list[str] = []
    for c in _commands():
        if "--out" in c.argv:
            written.append(c.argv[c.argv.index("--out") + 1])
        if c.argv[0] == "report":  # FILE.html, or FILE-K.html for game K of many; its charts beside it
            stem = Path(c.argv[1]).stem
            written += [f"{stem}.html", f"{stem}-1.png", f"{stem}-0.html", f"{stem}-0-1.png"]
    assert "results/pb" in written and "games-0.html" in written
    for path in written:
        ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", path], cwd=ROOT, check=False)
        assert ignored.returncode == 0, f"{path}, which a README command writes, is not in .gitignore"
