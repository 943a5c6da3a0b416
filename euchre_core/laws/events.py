"""Physical events at the table: what a player did, lawful or not, with a notation.

The director (:mod:`euchre_core.laws.director`) folds these events; "what the laws allow" is
:class:`~euchre_core.kernel.deal.Deal`'s business, "what a player physically did" is this.

Notation: ``"SEAT: verb args"`` for a player's act, ``"SIDE: verb args"`` (``AC``/``BD``)
for a side's claim or election, or a bare ``verb`` for the table (``quit``, ``cut``).

>>> Event.parse("B: play AH")
Event('B: play AH')
>>> Event.parse("AC: choose call-suit H").args
('call-suit', 'H')
>>> Event.parse("quit").verb
'quit'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from ..kernel import decode
from ..kernel.errors import InputError

__all__ = ["Chain", "Event", "VERBS"]

T = TypeVar("T")

# verb -> (who acts: "seat" | "side" | "table", a short description)
VERBS: dict[str, tuple[str, str]] = {
    # the regular actions (Deal's actions), done physically
    "pass": ("seat", "pass (the maker's partner who did not hear the declaration: Law 81)"),
    "order": ("seat", "order up / assist / take up (add 'alone')"),
    "call": ("seat", "name a suit in the second round (add 'alone')"),
    "take": ("seat", "\u201cI take it from you\u201d (Law 94)"),
    "stay": ("seat", "let the partner's declaration stand"),
    "alone": ("seat", "announce a lone hand (after making, or late: Law 97)"),
    "discard": ("seat", "the dealer's discard (Law 86)"),
    "play": ("seat", "play a card (one, or two at once: Law 46 I)"),
    # irregular acts and claims
    "expose": ("seat", "expose a card: drop it face up, lift it, show it (Law 46)"),
    "mention": ("seat", "mention the suit he meant to make after passing (Law 79)"),
    "declare": ("seat", "an irregular double declaration, 'I order it up and play it alone' (Law 98)"),
    "attention": ("seat", "call attention to the trick before his partner plays (Law 83)"),
    "ask": ("seat", "ask the partner whether he has none of the suit renounced (Law 65)"),
    "correct": (
        "seat",
        "take back a revoking card and play another (Laws 65, 69); by a later player of that trick (not the "
        "revoker's partner): withdraw his card and substitute another (Law 69)",
    ),
    "throw": ("seat", "throw the hand face up on the table (Laws 48-50, 82)"),
    "callcard": (
        "seat",
        "call an exposed card of an adversary, or repeat the call (Laws 46, 56): 'callcard SEAT CARD'",
    ),
    "name": ("seat", "name an adversary's detached card (Law 51): 'name SEAT CARD'"),
    "holds": (
        "seat",
        "a player is found to hold N cards (Laws 90, 103): 'holds N'; short of a card mixed with a trick: the "
        "tricks are counted and searched, the card restored (Law 61)",
    ),
    "answer": ("seat", "answer the partner's question (Law 65): 'answer yes' (he has one) or 'answer no'"),
    "claim": ("side", "claim a revoke (Laws 63, 66)"),
    "choose": ("side", "elect one of the options a ruling offers (Law 85)"),
    "mix": ("side", "the accused side gathers (mixes) the cards before a revoke claim is examined (Law 67)"),
    "consult": ("side", "the partners consult on which penalty to exact (Law 85): they lose the right"),
    "quit": (
        "table",
        "turn and quit the trick (Law 64); 'quit SEAT CARD': SEAT's CARD mixed with it unnoticed (Law 61)",
    ),
    "imperfect": ("table", "the pack is found incorrect or imperfect during the hand (Law 33)"),
    "cut": ("table", "the cards are cut for the next deal: no revoke claim after (Law 68)"),
}


@dataclass(frozen=True)
class Event:
    """One physical event: who (a seat, a side, or the table), the verb and its arguments."""

    who: str  # "A".."D", "AC"/"BD", or "" for the table
    verb: str
    args: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str | Event, seats: str = "ABCD", verbs: dict[str, tuple[str, str]] | None = None) -> Event:
        """Read an event; ``verbs`` is the table of verbs allowed (the play's :data:`VERBS` by
        default; the dealing procedure has its own). The error names the field at fault."""
        verbs = VERBS if verbs is None else verbs
        if isinstance(text, Event):
            text = str(text)
        if not isinstance(text, str) or not text.strip():
            raise InputError(f"not an event: {decode.excerpt(text)}", "event")
        who, sep, rest = text.partition(":")
        if not sep:
            who, rest = "", text
        words = rest.split()
        if not who.isascii() or (words and not words[0].isascii()):
            # str.upper()/lower() would read look-alikes ('ſ', the Kelvin sign) as the seat or the verb
            raise InputError(f"not an event: {decode.excerpt(text)} (seats and verbs in plain letters)", "event")
        who = who.strip().upper()
        if not words:
            raise InputError(f"no verb in {decode.excerpt(text)}", "event")
        verb = words[0].lower()
        if verb not in verbs:
            raise InputError(
                f"unknown verb {decode.excerpt(verb)} in {decode.excerpt(text)}; known: {', '.join(verbs)}", "event"
            )
        kind = verbs[verb][0]
        sides = [seats[i] + seats[i + 2] for i in range(2)] if len(seats) == 4 else list(seats)
        if kind == "seat" and who not in list(seats):
            raise InputError(f"{verb!r} is done by a seat ({', '.join(seats)}), not {who or 'the table'!r}", "seat")
        if kind == "side" and who not in list(sides):
            raise InputError(f"{verb!r} is done by a side ({', '.join(sides)}), not {who or 'the table'!r}", "side")
        if kind == "table" and who:
            raise InputError(f"{verb!r} is an event of the table: write it without a seat", "event")
        return cls(who, verb, tuple(words[1:]))

    def __str__(self) -> str:
        body = " ".join((self.verb, *self.args))
        return f"{self.who}: {body}" if self.who else body

    def __repr__(self) -> str:
        return f"Event({str(self)!r})"


class Chain(Sequence[T]):
    """An immutable sequence that grows at the end in O(1): the director's log and rulings.

    A persistent list (each :meth:`push` shares the items before it), so folding *n* events
    costs O(*n*), not O(*n*²) as a tuple grown by concatenation does. Reading the last items
    costs O(distance from the end); a whole pass costs O(*n*). It compares equal to a tuple or
    list of the same items.

    >>> c = Chain().push("a").push("b")
    >>> len(c), c[-1], c[0], list(c), c == ("a", "b")
    (2, 'b', 'a', ['a', 'b'], True)
    >>> c.set(-1, "c") == ("a", "c") and c == ("a", "b")
    True
    """

    __slots__ = ("_head", "_len")

    def __init__(self, items: Iterable[T] = ()) -> None:
        head: tuple[Any, ...] | None = None
        n = 0
        for x in items:
            head = (x, head)
            n += 1
        self._head = head
        self._len = n

    @classmethod
    def _make(cls, head: tuple[Any, ...] | None, n: int) -> Chain[T]:
        c: Chain[T] = cls.__new__(cls)
        c._head = head
        c._len = n
        return c

    def push(self, item: T) -> Chain[T]:
        """A new chain with ``item`` at the end (this one is unchanged)."""
        return Chain._make((item, self._head), self._len + 1)

    def __add__(self, other: Iterable[T]) -> Chain[T]:
        c = self
        for x in other:
            c = c.push(x)
        return c

    def __len__(self) -> int:
        return self._len

    def _reversed_items(self) -> Iterator[T]:
        node = self._head
        while node is not None:
            yield node[0]
            node = node[1]

    def __reversed__(self) -> Iterator[T]:
        return self._reversed_items()

    def __iter__(self) -> Iterator[T]:
        items = list(self._reversed_items())
        items.reverse()
        return iter(items)

    def _from_end(self, index: int) -> int:
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("Chain index out of range")
        return self._len - 1 - index

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        k = self._from_end(index)
        node = self._head
        for _ in range(k):
            assert node is not None
            node = node[1]
        assert node is not None
        return node[0]  # type: ignore[no-any-return]

    def set(self, index: int, item: T) -> Chain[T]:
        """A new chain with the item at ``index`` replaced: O(distance from the end)."""
        k = self._from_end(index)
        later: list[T] = []
        node = self._head
        for _ in range(k):
            assert node is not None
            later.append(node[0])
            node = node[1]
        assert node is not None
        c: Chain[T] = self._make(node[1], self._len - 1 - k).push(item)
        for x in reversed(later):
            c = c.push(x)
        return c

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chain):
            if self._head is other._head:
                return True
            return self._len == other._len and tuple(self) == tuple(other)
        if isinstance(other, (tuple, list)):
            return self._len == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Chain, (tuple(self),))  # copy and pickle flat, whatever the length

    def __repr__(self) -> str:
        return f"Chain({tuple(self)!r})"
