"""A game from outside tycoon that brings its own faces: the dice race of ``toy_game`` under the
id ``dice-faces``, with a terminal renderer, a table page and its texts, a lab probe, a report
watcher and a unit, all in this package and named by its spec, as a game installed from another
package would name them (docs/decisions/0028-games-bring-their-faces.md).

Importing it registers the game, as an entry point of the ``tycoon.games`` group would.
"""

from __future__ import annotations

from dataclasses import replace

from toy_game import DiceRace, spec_for
from tycoon.core.registry import register
from tycoon.core.spec import Faces

ID = "dice-faces"
"""The registry id of the game."""


class FacedDiceRace(DiceRace):
    """The dice race, under an id of its own so that its records and its faces are its own."""

    id = ID


FACES = Faces(
    terminal="dice_faces.render:DiceRenderer",
    page="dice_faces:page/dice_faces.js",
    messages="dice_faces:messages",
    probe="dice_faces.lab:DiceProbe",
    watcher="dice_faces.lab:DiceWatcher",
    unit="points",
)
"""Every face of the game, in this package."""

SPEC = replace(spec_for(FacedDiceRace, ID), title="Dice race with faces", faces=FACES)
register(SPEC)
