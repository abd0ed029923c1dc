"""What the registry knows of a game: its :class:`GameSpec` and the :class:`GameOption` s it takes.

A game package builds one ``GameSpec`` and registers it. Everything that sets up, lists, plays
or reports games (the command line, the simulator, the lab, the server) reads the spec instead
of looking for module attributes; the spec's :class:`Faces` say where the game's terminal
renderer, page and lab figures are, by name, so that registering a game imports none of them.
See docs/decisions/0012-game-spec.md and 0028-games-bring-their-faces.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tycoon.core.errors import InvalidConfig
from tycoon.core.wire import in_64_bits, is_text, shown

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from tycoon.core.actions import Action
    from tycoon.core.driver import Agent
    from tycoon.core.game import Game, State

OPTION_TYPES = ("int", "bool", "str", "ints", "text")
"""The types an option may have: a whole number, yes/no, a word, a list of whole numbers, or the
text of a file (a board or a deck of one's own; a command line names the file, the game gets
its text, so that the record holds it and replays anywhere)."""


class Lazy:
    """A function or class of a game named by where it lives, ``"package.module:name"``, and
    imported the first time it is called: a spec names its game, agents and reports this way,
    so that registering a game (and so ``tycoon --help`` and ``tycoon games``) imports none of
    its rules. Called, it is the thing it names; :meth:`resolve` gives the thing itself."""

    __slots__ = ("_target", "path")

    def __init__(self, path: str) -> None:
        module, colon, name = path.partition(":")
        if not colon or not module or not name:
            raise ValueError(f"a lazy name is 'package.module:name', not {path!r}")
        self.path = path
        """Where the thing lives: ``"tycoon.games.die_bosse.bot:DieBosseBot"``."""
        self._target: Any = None

    def resolve(self) -> Any:
        """The function or class named, imported now if it was not yet."""
        if self._target is None:
            self._target = find(self.path)
        return self._target

    @property
    def module(self) -> str:
        """The module the thing lives in, without importing it."""
        return self.path.partition(":")[0]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return (self._target or self.resolve())(*args, **kwargs)

    def __repr__(self) -> str:
        return f"lazy({self.path!r})"


def lazy(path: str) -> Any:
    """The function or class at ``"package.module:name"``, imported when first called
    (:class:`Lazy`); typed as ``Any`` so that it stands wherever the spec wants a callable."""
    return Lazy(path)


def resolved(thing: Any) -> Any:
    """``thing`` itself, or what it names when it is :class:`Lazy` (for a caller that calls it
    often, or reads its attributes)."""
    return thing.resolve() if isinstance(thing, Lazy) else thing


@dataclass(frozen=True)
class GameOption:
    """One option a game takes (besides ``players``)."""

    name: str
    """The keyword (``years``), also the command-line flag (``--years``) and the JSON key."""
    type: str
    """One of ``OPTION_TYPES``."""
    default: Any
    """The value when the option is not given; ``None`` means "the game decides" (documented in
    ``help``)."""
    help: str
    """One line a player understands: what it sets, and its default."""
    choices: tuple[Any, ...] = ()
    """The allowed values, or empty for any value of the type (the game checks ranges)."""
    lo: int | None = None
    """The smallest allowed whole number (for ``int`` and ``ints``), or no bound."""
    hi: int | None = None
    """The largest allowed whole number, or no bound."""
    seat: bool = False
    """The value is a seat (an ``int``): counted from 0 by the game and its record, shown and
    chosen as the table numbers seats, from 1 (the lobby offers the seats by number)."""

    def __post_init__(self) -> None:
        if self.type not in OPTION_TYPES:
            raise ValueError(f"option {self.name!r}: type must be one of {OPTION_TYPES}, not {self.type!r}")

    def check(self, value: Any) -> Any:
        """``value`` if it has this option's type (and is allowed), else :class:`InvalidConfig`
        naming the option, what was given and what would be right."""
        if self.type == "ints":
            items = [value] if _is_int(value) else value
            if isinstance(items, (list, tuple)) and all(_is_int(v) for v in items):
                for v in items:
                    self._check_bounds(v)
                return list(items)
            raise InvalidConfig(f"option {self.name!r} takes whole numbers, e.g. {self.example()}; not {value!r}")
        ok = {
            "int": _is_int(value),
            "bool": isinstance(value, bool),
            "str": isinstance(value, str),
            "text": isinstance(value, str),
        }[self.type]
        if value is None and self.default is None:
            return value
        if not ok:
            raise InvalidConfig(
                f"option {self.name!r} takes {self.describe_type()}, e.g. {self.example()}; not {value!r}"
            )
        if self.type == "int":
            self._check_bounds(value)
        if isinstance(value, str) and not is_text(value):
            # What cannot be stored and sent (a server keeps a table's options as JSON).
            raise InvalidConfig(f"option {self.name!r} holds a lone surrogate, which is no UTF-8 text")
        if self.choices and value not in self.choices:
            raise InvalidConfig(f"option {self.name!r} is one of {', '.join(map(str, self.choices))}; not {value!r}")
        return value

    def _check_bounds(self, value: int) -> None:
        what = "takes whole numbers" if self.type == "ints" else "is a whole number"
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise InvalidConfig(f"option {self.name!r} {what} {self.bounds()}; not {shown(value)}")
        if not in_64_bits(value):
            # Every option is stored and sent as JSON of 64-bit integers.
            lo = "-2^63" if self.lo is None else str(self.lo)
            hi = "2^63-1" if self.hi is None else str(self.hi)
            raise InvalidConfig(f"option {self.name!r} {what} from {lo} to {hi}; not {shown(value)}")

    def parse(self, text: str) -> Any:
        """Read the option from the command line (``3``, ``yes``, ``1,2,4``) and check it."""
        words = text.strip()
        value: Any = words
        if self.type == "int":
            value = _read_int(self.name, words, self.example())
        elif self.type == "ints":
            value = [_read_int(self.name, w.strip(), self.example()) for w in words.split(",") if w.strip()]
        elif self.type == "bool":
            lowered = words.lower()
            if lowered in ("yes", "true", "on", "1"):
                value = True
            elif lowered in ("no", "false", "off", "0"):
                value = False
            else:
                raise InvalidConfig(f"option {self.name!r} takes yes or no; not {text!r}")
        return self.check(value)

    def describe_type(self) -> str:
        return {
            "int": "a whole number",
            "bool": "yes or no",
            "str": "a word",
            "ints": "whole numbers",
            "text": "a data file",
        }[self.type]

    def bounds(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"from {self.lo} to {self.hi}"
        if self.lo is not None:
            return f"of at least {self.lo}"
        if self.hi is not None:
            return f"of at most {self.hi}"
        return ""

    def example(self) -> str:
        if self.choices:
            return str(self.choices[0])
        if self.type == "ints":
            return "1,2,4" if self.lo is None else ",".join(str(self.lo + i) for i in range(2))
        if self.type == "bool":
            return "yes"
        if self.type == "int":
            return str(self.default if _is_int(self.default) else (self.lo if self.lo is not None else 3))
        return str(self.default or "name")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default, "help": self.help}
        if self.choices:
            data["choices"] = list(self.choices)
        if self.lo is not None:
            data["lo"] = self.lo
        if self.hi is not None:
            data["hi"] = self.hi
        if self.seat:
            data["seat"] = True
        return data


LEVELS = ("random", "easy", "normal", "hard")
"""The levels of computer opponent every game offers, weakest first: ``random`` (from the agent
catalogue, for every game), then the game's own ``easy``, ``normal`` and ``hard``."""

RANDOM_DESCRIPTION = "picks any legal move at random, a yardstick rather than an opponent"
"""The line on the ``random`` level, which every game offers."""

LEVEL_ALIASES = {"bot": "normal"}
"""Older names of levels, still accepted wherever a kind of agent is: ``bot`` is ``normal``."""


@dataclass(frozen=True)
class Level:
    """One level of computer opponent a game offers (``GameSpec.levels``)."""

    factory: Callable[[], Agent]
    """Builds the agent; it takes no arguments (the driver seeds it before each game)."""
    description: str
    """One line a player understands: how it plays (``"plays like a beginner: ..."``)."""


@dataclass(frozen=True)
class Search:
    """How a game's ``hard`` level searches (``GameSpec.search``): the agents layer builds it, a
    search from the choice of the game's ``normal`` level (or of its own ``bot``) over worlds
    drawn with ``State.resample`` in which the ``normal`` level (or a cheaper ``rollout`` bot)
    plays on and whose positions the game's ``evaluate`` scores (``tycoon.agents.ismcts``)."""

    iterations: int
    """Iterations of the search a decision: the budget that keeps it near 50 ms a decision on
    one core (docs/agents.md, "The searching bot")."""
    description: str
    """One line a player understands: how it plays."""
    horizon: int = 20
    """Decisions played past the one searched before a position is scored with ``evaluate``."""
    candidates: Callable[[State, int], list[Action]] | None = None
    """The moves worth trying for a seat besides its ``normal`` bot's choice, best first (the
    bot's other candidates), or none: the search draws the rest from the legal actions."""
    rollout: Callable[[], Agent] | None = None
    """Builds the bot that plays on in the worlds searched, or none for the ``normal`` level: a
    cheaper one, which plays like it where it matters."""
    bot: Callable[[], Agent] | None = None
    """Builds the bot whose choice the search starts from and keeps unless beaten (its
    proposal), or none for the ``normal`` level; the other seats and the play on in the worlds
    searched stay ``normal``'s (or ``rollout``'s). Playboss: a bot that corners the market."""
    explore: bool = True
    """Whether the search also tries legal actions beyond the bot's choice and ``candidates``
    (drawn at random, families' members among them); ``False`` keeps it to the candidates, for
    a game whose random moves are rarely worth a look and would only add noise to so short a
    search (Playboss: docs/agents.md, "Strength")."""
    keep: float | None = None
    """``None``: the search plays the option it found best. Else it keeps the bot's choice
    unless the option found best led it, world by world in the worlds both were played in, by
    more than ``keep`` standard errors of that lead (``IsmctsAgent.keep``)."""


@dataclass(frozen=True)
class Faces:
    """Where a game's faces are: the terminal's renderer, the table page, its texts, the lab's
    probe, report and board study. Each is a name to find it by, never the thing itself, so that
    registering a game imports no renderer, no page and no lab (``tycoon --help`` stays quick),
    and a face is imported only by the layer that shows it (:func:`find`, :func:`resource`).

    A name is ``"module:attribute"`` (``"tycoon.cli.render.playboss:PlaybossRenderer"``) for
    code, or ``"package:path"`` (``"tycoon.server:client/games/playboss.js"``) for a file inside
    an installed package; a game from another package names its own. Empty: the face every game
    gets (the generic renderer, no board on the page, the lab's plain figures). Every face reads
    the game through the protocol (``State.view`` and the state it is handed), so it does not
    matter in which of the game's modules the view is written.
    """

    terminal: str = ""
    """The terminal's renderer, ``"module:Class"``: a ``tycoon.cli.render.Renderer`` subclass,
    built with no arguments."""
    page: str = ""
    """The table page's script, ``"package:path.js"``: an ES module exporting ``Board`` (and, if it
    has them, ``Sheets``, ``describeOffer``, ``familyNote``, ``yearOf`` and ``yearsIn``), served as
    ``/client/games/<id>.js``, so it imports the page's modules as ``../ui.js``, ``../i18n.js``."""
    messages: str = ""
    """The game's texts for the pages, ``"package:folder"``: a ``<lang>.json`` per language
    (``en.json`` at least), each a flat object of keys (``"kind.<id>.roll"``, ``"option.<id>.years"``
    and the game's own), served merged into the client's catalogue of that language."""
    probe: str = ""
    """What the lab notes while a game is played, ``"module:Class"``: a
    ``tycoon.sim.lab.probes.Probe`` subclass, built with no arguments, one a game."""
    watcher: str = ""
    """What one game's report gathers as its record is replayed, ``"module:Class"``: a
    ``tycoon.sim.lab.gamereport.Watcher`` subclass, built with the fresh state and the names."""
    board_study: str = ""
    """How the lab's board study reads the game's board, ``"module:Class"``: a
    ``tycoon.sim.lab.balance.BoardStudy`` subclass, built with no arguments; empty: the game has
    no board to study."""
    unit: str = ""
    """The game's unit of money, for the lab's tables and axes (``"Marks"``)."""


def find(name: str) -> Any:
    """The attribute a face names (``"module:attribute"``), its module imported now.

    A name that names nothing is :class:`InvalidConfig` saying which part is missing. (A spec's
    game, bots and sheets are named the same way, through :func:`lazy`, which finds them here.)"""
    module_name, _, attribute = name.partition(":")
    if not module_name or not attribute:
        raise InvalidConfig(f"a face is named 'module:attribute', not {name!r}")
    module = importlib.import_module(module_name)
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise InvalidConfig(f"module {module_name!r} has no {attribute!r} (the face {name!r})") from None


def resource(name: str) -> Traversable:
    """The file or folder a face names inside an installed package (``"package:path"``)."""
    from importlib.resources import files

    package, _, path = name.partition(":")
    if not package or not path:
        raise InvalidConfig(f"a file of a face is named 'package:path', not {name!r}")
    return files(package).joinpath(*path.split("/"))


@dataclass(frozen=True)
class GameSpec:
    """A registered game: how to set it up, who may sit at it, who plays it, what it reports."""

    id: str
    """The registry id (``"playboss"``)."""
    title: str
    """The game's name as printed on the box (``"Playboss"``)."""
    factory: Callable[..., Game]
    """Builds the game: ``factory(players=N, **options)``."""
    min_seats: int
    """The fewest seats the game takes."""
    max_seats: int
    """The most seats the game takes."""
    default_seats: int
    """Seats when none are asked for."""
    options: tuple[GameOption, ...] = ()
    """The options the game takes besides ``players``."""
    bots: Mapping[str, Callable[[], Agent]] = field(default_factory=dict)
    """The game's own computer opponents by kind (``"bot"``); each factory takes no arguments.
    A game with ``levels`` keeps here the older names (``"bot"``, its ``normal``)."""
    levels: Mapping[str, Level] = field(default_factory=dict)
    """The game's levels of computer opponent by name, of ``LEVELS`` (``easy``, ``normal``,
    ``hard``; ``random`` comes from the agent catalogue), each with a line on how it plays."""
    report: Callable[[State], list[dict[str, Any]]] | None = None
    """End-of-game sheets, one per seat (balance sheets in Playboss), or none."""
    evaluate: Callable[[State], list[float]] | None = None
    """The game's own estimate of each seat's standing in a position not yet over (its standing,
    capital or profit so far), one figure per seat, higher is better; a search that stops short
    of the end scores a position with it (``tycoon.agents.ismcts``). It may read every secret of
    the state it is given: a search gives it worlds of its own dealing (``State.resample``)."""
    search: Search | None = None
    """The game's ``hard`` level, a search over its ``normal`` level and ``evaluate``, or none.
    Declared as data: a game imports no agent (the agents layer builds it)."""
    hooks: Mapping[str, Any] = field(default_factory=dict)
    """Game-specific extras by name (Playboss: ``competency``, ``decision_competency`` for two
    partners running one business)."""
    summary: str = ""
    """One line on what the game is."""
    faces: Faces = field(default_factory=Faces)
    """Where the game's renderer, page and lab figures are (by name; none imported here)."""

    def option(self, name: str) -> GameOption | None:
        for o in self.options:
            if o.name == name:
                return o
        return None

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options, each checked against its declaration; an unknown one is refused with
        the options the game does take."""
        checked: dict[str, Any] = {}
        for name, value in options.items():
            declared = self.option(name)
            if declared is None:
                raise InvalidConfig(f"{self.title} has no option {name!r}; {self.option_list()}")
            checked[name] = declared.check(value)
        return checked

    def option_list(self) -> str:
        """``"its options: years, rounds, steps"`` or ``"it takes no options"``."""
        if not self.options:
            return "it takes no options"
        return "its options: " + ", ".join(o.name for o in self.options)

    def level_lines(self) -> dict[str, str]:
        """The game's own levels (``easy``, ``normal``, ``hard``), each with its line, in the
        order of ``LEVELS``; ``hard`` where a ``search`` is declared (the agents layer builds it)."""
        lines = {name: level.description for name, level in self.levels.items()}
        if "hard" not in lines and self.search is not None and self.evaluate is not None:
            lines["hard"] = self.search.description
        return {
            name: lines[name] for name in [*(n for n in LEVELS if n in lines), *(n for n in lines if n not in LEVELS)]
        }

    def to_json(self) -> dict[str, Any]:
        levels = self.level_lines()
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "seats": {"min": self.min_seats, "max": self.max_seats, "default": self.default_seats},
            "options": [o.to_json() for o in self.options],
            "bots": ["random", *(k for k in {**levels, **self.bots} if k != "random")],
            "aliases": {old: new for old, new in LEVEL_ALIASES.items() if new in levels and old in self.bots},
            "levels": [
                {"name": "random", "description": RANDOM_DESCRIPTION},
                *({"name": name, "description": line} for name, line in levels.items()),
            ],
        }


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_int(name: str, word: str, example: str) -> int:
    try:
        return int(word.replace("_", "").replace(",", ""))
    except ValueError:
        raise InvalidConfig(f"option {name!r} takes a whole number, e.g. {example}; not {word!r}") from None
