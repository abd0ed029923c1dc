"""The parts of views that every view shares (``SharedDict``, ``SharedList``): JSON and equal
like any dict or list, refusing every change, and plain again once copied."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from tycoon.core import SharedDict, SharedList


def card() -> SharedDict:
    return SharedDict(card=7, industry="aviation", marks=SharedList([1, 2]))


CHANGES: list[Callable[[Any], object]] = [
    lambda d: d.__setitem__("card", 8),
    lambda d: d.__delitem__("card"),
    lambda d: d.update(card=8),
    lambda d: d.setdefault("new", 1),
    lambda d: d.pop("card"),
    lambda d: d.popitem(),
    lambda d: d.clear(),
    lambda d: d.__ior__({"card": 8}),
    lambda d: d["marks"].append(3),
    lambda d: d["marks"].extend([3]),
    lambda d: d["marks"].insert(0, 3),
    lambda d: d["marks"].__setitem__(0, 3),
    lambda d: d["marks"].__delitem__(0),
    lambda d: d["marks"].pop(),
    lambda d: d["marks"].remove(1),
    lambda d: d["marks"].sort(),
    lambda d: d["marks"].reverse(),
    lambda d: d["marks"].clear(),
    lambda d: d["marks"].__iadd__([3]),
    lambda d: d["marks"].__imul__(2),
]


@pytest.mark.parametrize("change", CHANGES)
def test_a_shared_part_refuses_every_change(change: Callable[[Any], object]) -> None:
    part = card()
    with pytest.raises(TypeError, match="shared by every view, so it cannot be changed; change a copy"):
        change(part)
    assert part == {"card": 7, "industry": "aviation", "marks": [1, 2]}


def test_a_shared_part_reads_as_json_and_compares_like_a_plain_one() -> None:
    part = card()
    assert json.loads(json.dumps(part)) == {"card": 7, "industry": "aviation", "marks": [1, 2]}
    assert part == {"card": 7, "industry": "aviation", "marks": [1, 2]} and part["marks"] == [1, 2]


def test_a_copy_of_a_shared_part_is_plain_and_may_be_changed() -> None:
    part = card()
    for twin in (copy.copy(part), copy.deepcopy(part), pickle.loads(pickle.dumps(part)), dict(part), part.copy()):
        assert type(twin) is dict and twin == part
        twin["card"] = 8
    deep = copy.deepcopy(part)
    assert type(deep["marks"]) is list
    deep["marks"].append(3)
    assert part["marks"] == [1, 2]
