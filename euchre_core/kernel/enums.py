"""The base of the engine's typed states: a ``str`` enum whose value is the plain name.

Each state machine (a :class:`~euchre_core.kernel.deal.Deal`, the dealing procedure, ...) has
its own enum of phases derived from :class:`TextEnum`; the code branches on the members, and
the JSON forms keep the plain names, since a member *is* its string.

>>> class Colour(TextEnum):
...     RED = "red"
>>> Colour.RED, str(Colour.RED), f"{Colour.RED}", Colour.RED == "red", Colour("red") is Colour.RED
(Colour.RED, 'red', 'red', True, True)
>>> import json; json.dumps({"c": Colour.RED})
'{"c": "red"}'
"""

from __future__ import annotations

from enum import Enum

__all__ = ["TextEnum"]


class TextEnum(str, Enum):
    """A ``str`` enum: ``str()`` and ``format()`` give the value, ``repr()`` the member's name
    as it is written in Python (so ``eval(repr(x)) == x`` where the enum is in scope)."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"
