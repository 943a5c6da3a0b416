"""The event machine the laws layer's procedures share: read an event, refuse it cleanly or pass
it to its verb's handler, fold a numbered list of events, record the rulings.

The table director (:mod:`euchre_core.laws.director`), the dealing procedure
(:mod:`euchre_core.laws.dealing`) and the club's tables (:mod:`euchre_core.laws.club_procedure`)
are immutable states folded from their event logs. Each derives from :class:`Procedure` and fills a :class:`VerbTable` (``verb -> handler``) with
the :meth:`VerbTable.verb` decorator, next to the handler and its law:

>>> from dataclasses import dataclass
>>> from euchre_core.laws.events import Event
>>> COUNTER = VerbTable()
>>> @dataclass(frozen=True)
... class Counter(Procedure):
...     n: int = 0
...     handlers = COUNTER
...     def _parse(self, event: object) -> Event:
...         return Event.parse(str(event), verbs={"cut": ("table", "count one")})
...     def _admit(self, ev: Event) -> "Counter":
...         return self
...     @COUNTER.verb("cut")
...     def _ev_cut(self, ev: Event) -> "Counter":
...         return Counter(self.n + 1)
>>> Counter().replay(["cut", "cut"]).n
2
>>> try:
...     Counter().replay(["cut", "deal"])
... except InputError as e:
...     print(e.index, e)
1 event: event 2 (deal): event: unknown verb 'deal' in 'deal'; known: cut

A refusal leaves the state unchanged; the error of a :meth:`Procedure.replay` names the event
at fault by its number in the message and by its index (``err.index``, from 0) as a field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..kernel import decode
from ..kernel.errors import EuchreError, IllegalAction, InputError

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11; the engine supports 3.10

__all__ = ["Handler", "Procedure", "VerbTable", "numbered"]

Handler = Callable[[Any, Any], Any]  # (the state, the event) -> the next state
F = TypeVar("F", bound=Callable[..., Any])
E = TypeVar("E", bound=EuchreError)


class VerbTable(dict[str, Handler]):
    """``verb -> handler``: the one place a procedure looks a verb up. A verb is registered once.

    >>> t = VerbTable()
    >>> @t.verb("pass", "order")
    ... def regular(state, ev): return state
    >>> sorted(t), t["order"] is regular
    (['order', 'pass'], True)
    """

    def verb(self, *names: str) -> Callable[[F], F]:
        """Register the decorated handler for each verb of ``names``."""

        def register(handler: F) -> F:
            for name in names:
                if name in self:
                    raise ValueError(f"the verb {name!r} has two handlers")
                self[name] = handler
            return handler

        return register

    def check(self, verbs: Sequence[str] | dict[str, Any]) -> VerbTable:
        """The table itself, once it holds a handler for every verb of ``verbs`` and no other."""
        missing = sorted(set(verbs) - set(self))
        extra = sorted(set(self) - set(verbs))
        if missing or extra:
            raise ValueError(f"verbs without a handler: {missing}; handlers without a verb: {extra}")
        return self


def numbered(err: E, index: int) -> E:
    """The error ``err`` marked with the index (from 0) of the event at fault."""
    err.index = index
    return err


class Procedure:
    """The shared fold. A subclass (a frozen dataclass) sets :attr:`handlers` and implements
    :meth:`_parse` (read an event, any value with a ``verb``: :class:`InputError` naming the field) and :meth:`_admit`
    (refuse an event the state cannot take now, else the state with the event logged)."""

    handlers: ClassVar[VerbTable]
    #: Law 85's elections: when True a new ruling that needs an election supersedes the one awaiting (the
    #: director's, one at a time); when False it waits beside it (the dealing's, each side's in turn)
    ONE_ELECTION: ClassVar[bool] = False
    awaiting: tuple[int, ...]  # the indices of the rulings awaiting an election (a field of the subclass)
    rulings: Sequence[Any]  # every ruling, in order (a field of the subclass)

    def _parse(self, event: Any) -> Any:
        raise NotImplementedError

    def _admit(self, ev: Any) -> Self:
        raise NotImplementedError

    @staticmethod
    def _shown(event: object) -> str:
        """An event as a replay's error message quotes it."""
        return f"{event}"

    @staticmethod
    def _input_text(err: InputError) -> str:
        """The text of an input error as a replay's error message quotes it."""
        return str(err)

    def act(self, event: Any) -> Self:
        """Apply one physical event: the next state. Unreadable input raises
        :class:`~euchre_core.kernel.errors.InputError` naming the field, an act the laws forbid
        outright :class:`~euchre_core.kernel.errors.IllegalAction`; either leaves the state unchanged."""
        ev = self._parse(event)
        st = self._admit(ev)
        handler: Callable[[Self, Any], Self] = self.handlers[ev.verb]
        return handler(st, ev)

    # ------------------------------------------------------------------ elections (Law 85), shared
    @property
    def pending(self) -> int | None:
        """The index of the first ruling awaiting an election (Law 85), or ``None``."""
        return self.awaiting[0] if self.awaiting else None

    def open_rulings(self) -> list[Any]:
        """The rulings awaiting an election, first the one to be made first."""
        return [self.rulings[i] for i in self.awaiting]

    def _awaiting_after(self, index: int, needs_choice: bool) -> tuple[int, ...]:
        """The rulings awaiting an election once ruling ``index`` is recorded (:attr:`ONE_ELECTION`)."""
        if not needs_choice:
            return self.awaiting
        return (index,) if self.ONE_ELECTION else self.awaiting + (index,)

    def _awaiting_without(self, index: int | None) -> tuple[int, ...]:
        """The rulings awaiting an election once ruling ``index`` is elected (or set aside)."""
        return tuple(i for i in self.awaiting if i != index)

    def replay(self, events: Sequence[Any], first: int = 1) -> Self:
        """Fold the events in order. An error names the event by its number (``first`` for the
        first of them) in its message, and carries its index (``number - 1``) as ``err.index``.

        >>> from euchre_core.laws.dealing import DealingProcedure
        >>> DealingProcedure.start("A").replay(None)
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.InputError: events: a list of events, not None
        """
        if not isinstance(events, (list, tuple)):
            raise InputError(f"a list of events, not {decode.excerpt(events)}", "events")
        st = self
        for i, e in enumerate(events, first - 1):
            try:
                st = st.act(e)
            except IllegalAction as err:
                raise numbered(IllegalAction(f"event {i + 1} ({self._shown(e)}): {err.reason}", err.laws), i) from None
            except InputError as err:
                text = self._input_text(err)
                raise numbered(InputError(f"event {i + 1} ({self._shown(e)}): {text}", err.field), i) from None
        return st
