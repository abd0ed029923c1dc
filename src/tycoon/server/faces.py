"""What the pages get of each game's faces (``GameSpec.faces``): the script that draws its
board, served as ``/client/games/<id>.js``, and its texts, merged into the client's catalogue
of each language (``/client/messages/<lang>.json``). A game from another installed package
brings both in its own package; the server serves what the spec names
(docs/decisions/0028-games-bring-their-faces.md)."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from tycoon.core.errors import InvalidConfig
from tycoon.core.messages import to_wire
from tycoon.core.registry import spec
from tycoon.core.spec import GameSpec, resource
from tycoon.words import catalogue as words_catalogue
from tycoon.words import games as game_words

log = logging.getLogger("tycoon.server")

CLIENT = Path(__file__).parent / "client"
"""The browser client's own files; its catalogues are ``messages/<lang>.json``."""

LANGUAGE = re.compile(r"[a-z]{2,3}")
"""A language of a catalogue, as the page asks for it (``en``, ``pl``)."""


def game_entry(game: GameSpec) -> dict[str, Any]:
    """``game`` as ``GET /api/games`` lists it: its spec's data and its page, with its summary,
    its levels' lines and its options' help (but a seat's) as the catalogue's messages where
    the catalogue has them (``tycoon.words.games``, whose words ``tycoon games`` says too), so
    that the page says them in the reader's language; a game installed without them is told
    in its spec's words."""
    entry = {**game.to_json(), "page": page_url(game)}
    if entry["summary"]:
        entry["summary"] = to_wire(game_words.summary(game.id, entry["summary"]))
    for level in entry["levels"]:
        level["description"] = to_wire(game_words.level(game.id, level["name"], level["description"]))
    for option in entry["options"]:
        # A seat option's help at the terminal says how to type a seat; the page offers the
        # seats by name, so it keeps the spec's words.
        if not option.get("seat"):
            option["help"] = to_wire(game_words.option_help(game.id, option["name"], option["help"]))
    return entry


def page_url(game: GameSpec) -> str | None:
    """Where the page loads ``game``'s script from, or ``None`` when its spec names none (the
    page then shows no board, only the decisions and the narration)."""
    return f"/client/games/{game.id}.js" if game.faces.page else None


async def page_script(request: Request) -> Response:
    """``GET /client/games/<id>.js``: the script ``<id>``'s spec names as its page."""
    game_id, _, extension = str(request.path_params["script"]).rpartition(".")
    try:
        named = spec(game_id).faces.page if extension == "js" else ""
    except InvalidConfig:
        named = ""
    if not named:
        raise HTTPException(404)
    try:
        script = resource(named)
        there = script.is_file()
    except (ImportError, InvalidConfig) as e:
        log.error("%s's page %r cannot be found: %s", game_id, named, e)
        raise HTTPException(404) from None
    if not there:
        log.error("%s's page %r names no file", game_id, named)
        raise HTTPException(404)
    if isinstance(script, Path):
        return FileResponse(script, media_type="text/javascript")
    return Response(script.read_bytes(), media_type="text/javascript")


def catalogue(language: str) -> dict[str, Any] | None:
    """The client's texts in ``language`` with every game's merged in, or ``None`` when neither
    the client nor any game has that language: the one catalogue Python renders from too
    (``tycoon.words.catalogue``; a key is the first one's, so that no game changes another's
    texts or the page's)."""
    texts = words_catalogue(language)
    return dict(texts) if texts is not None else None


async def messages(request: Request) -> Response:
    """``GET /client/messages/<lang>.json``: the catalogue of that language, games included."""
    language, _, extension = str(request.path_params["catalogue"]).partition(".")
    texts = catalogue(language) if extension == "json" and LANGUAGE.fullmatch(language) else None
    if texts is None:
        raise HTTPException(404)
    return JSONResponse(texts)
