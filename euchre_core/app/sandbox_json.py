"""What the three sandboxes (the penalty sandbox, :mod:`euchre_core.app.sandbox`; the dealing sandbox,
:mod:`euchre_core.app.dealing_sandbox`; the table sandbox, :mod:`euchre_core.app.table_sandbox`) read from
the browser and send back alike: a law's number, the list of events, a card for drawing, an error.

>>> law_number(52), card_json("7D")
(52, ['7♦', '7 of diamonds', 'red'])
>>> room_for_one(["B: pass"] * 3, "events", 3)
Traceback (most recent call last):
...
euchre_core.kernel.errors.InputError: events: the sandbox keeps at most 3 events: this one is refused (start again to go on)
"""

from __future__ import annotations

from typing import Any

from ..formats.scenario import MAX_EVENT
from ..kernel import decode
from ..kernel.cards import Card
from ..kernel.errors import EuchreError, InputError

__all__ = ["law_number", "event_list", "room_for_one", "card_json", "error_json"]


def law_number(law: Any, optional: bool = False) -> int | None:
    """A law's number (1 to 116), as a whole number."""
    if law is None and optional:
        return None
    return decode.integer(law, "law", 1, 116)


def event_list(events: Any, path: str = "events") -> list[str]:
    """The browser's list of events: strings of at most MAX_EVENT characters, at most MAX_LOG of them."""
    out = decode.array(events, path, max_len=decode.MAX_LOG)
    for i, e in enumerate(out):
        decode.text(e, decode.field(path, i), max_len=MAX_EVENT)
    return out


def room_for_one(items: list[Any], path: str, most: int, what: str = "events") -> None:
    """Refuse the item offered after ``most`` (``log``: 5,000 events; ``sandbox_ops``: 200 ops) when it
    is offered, as an :class:`InputError` naming ``path``: the sandbox answers with its view as it was
    (the refused item is not kept), so a list at the bound is never sent back longer than the next call
    accepts."""
    if len(items) >= most:
        raise InputError(f"the sandbox keeps at most {most:,} {what}: this one is refused (start again to go on)", path)


def card_json(code: Any) -> list[str]:
    c = Card.parse(code) if not isinstance(code, Card) else code
    return [c.pretty(), c.long_name(), "red" if c.suit is not None and c.suit.is_red else "black"]


def error_json(e: EuchreError) -> dict[str, Any]:
    return {"message": str(e), "laws": list(getattr(e, "laws", ())), "field": getattr(e, "field", None)}
