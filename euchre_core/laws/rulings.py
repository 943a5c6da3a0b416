"""Rulings: what the laws say about an irregularity, as a value.

A :class:`Ruling` names the laws that apply, the offender, the side entitled to choose,
the options the laws give that side (each with its effect) and the effects applied without
a choice. The same value serves the CLI, the tests and the website.

>>> r = Ruling(irregularity="lead out of turn", laws=(52,), offender=1, chooser=0,
...            text="B led out of turn.",
...            options=(Option("call-card", "Call the card led (the ace of hearts)", (52, 56)),
...                     Option("call-suit", "Call a suit from B or D at their next lead", (52,))))
>>> [o.id for o in r.options], r.needs_choice
(['call-card', 'call-suit'], True)
>>> r.to_json()["laws"]
[52]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

__all__ = ["Option", "Ruling", "SEATS"]

SEATS = "ABCD"


@dataclass(frozen=True)
class Option:
    """One option the laws give the non-offending side: an id, what it does, its laws."""

    id: str
    text: str
    laws: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "laws": list(self.laws)}


@dataclass(frozen=True)
class Ruling:
    """The director's ruling on one irregularity."""

    irregularity: str                       # short name: "revoke", "lead out of turn", ...
    laws: tuple[int, ...]                   # the laws that apply
    text: str                               # the ruling in a sentence or two, citing the laws
    offender: int | None = None             # the offending seat (None: nobody, or the table)
    chooser: int | None = None              # the side entitled to choose (0 = A-C, 1 = B-D)
    options: tuple[Option, ...] = ()        # what the chooser may elect (Law 85: one election, final)
    effects: tuple[str, ...] = ()           # what happens without a choice
    chosen: str | None = None               # the option elected, once it is
    event: int | None = None                # index of the event in the log that caused it
    points: tuple[int, ...] = field(default=())   # score effect by side, when the ruling scores
    blocking: bool = True                   # play waits for the election (False: Law 53, the others may follow)

    @property
    def needs_choice(self) -> bool:
        return bool(self.options) and self.chosen is None

    def choose(self, option_id: str) -> Ruling:
        return replace(self, chosen=option_id)

    def to_json(self, names: str = SEATS) -> dict[str, Any]:
        side = None
        if self.chooser is not None:
            side = names[self.chooser] + names[self.chooser + 2] if len(names) == 4 else names[self.chooser]
        return {
            "irregularity": self.irregularity,
            "laws": list(self.laws),
            "text": self.text,
            "offender": names[self.offender] if self.offender is not None else None,
            "chooser": side,
            "options": [o.to_json() for o in self.options],
            "effects": list(self.effects),
            "chosen": self.chosen,
            "event": self.event,
            "points": list(self.points) if self.points else None,
            "blocking": self.blocking,
        }

    def __str__(self) -> str:
        laws = ", ".join(str(n) for n in self.laws)
        s = f"{self.irregularity} (law{'s' if len(self.laws) > 1 else ''} {laws}): {self.text}"
        if self.options:
            s += " Options: " + "; ".join(f"[{o.id}] {o.text}" for o in self.options)
            if self.chosen:
                s += f". Chosen: {self.chosen}"
        return s
