"""EGN's records: the file types and phase names, :class:`EgnError` (where a record is wrong, and the
law it breaks), and a replayed game (:class:`EgnGame`) and deal (:class:`EgnDeal`), as
:func:`euchre_core.formats.egn.load_egn` returns them and :func:`euchre_core.formats.egn_export.export_egn`
writes them back.

>>> str(EgnError("not a card", "deals[0].initialState.upCard"))
'deals[0].initialState.upCard: not a card'
>>> str(EgnError("You must follow suit", deal=1, trick=2, laws=[62]))
'deal 1, trick 2: You must follow suit (law 62)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..kernel import decode
from ..kernel.cards import Card, Suit
from ..kernel.deal import Deal, DealResult
from ..kernel.errors import EuchreError, InputError
from ..kernel.rules import RuleSet

__all__ = [
    "EGN_FILE_TYPE",
    "EMN_FILE_TYPE",
    "EGN_VERSION",
    "SEATS",
    "BIDDING",
    "PLAY",
    "CALL_ANNOTATION_KEYS",
    "PLAY_ANNOTATION_KEYS",
    "ANNOTATION_LABELS",
    "EgnError",
    "EgnDeal",
    "EgnGame",
]

EGN_FILE_TYPE = "Euchre Game Notation"
EMN_FILE_TYPE = "Euchre Match Notation"
EGN_VERSION = "1.4"
SEATS = "0123"  # EGN's seat names, in replay_json

BIDDING = "EUCHRE_BIDDING"
PLAY = "TRICK_PLAY"
CALL_ANNOTATION_KEYS = ("callAnnotations", "calls_annotations")  # v1.4, v1.0
PLAY_ANNOTATION_KEYS = ("playAnnotations", "tricks_annotations")
ANNOTATION_LABELS = ("[??]", "[?!]", "[!?]", "[!!]", "[?]", "[!]")  # longer tags first


# ---------------------------------------------------------------------------------------------- errors
class EgnError(InputError):
    """An EGN file that is malformed or records something the laws do not allow.

    The message names where: ``deal N`` (counted from 1 in the file), ``trick T`` (from 1) or
    ``call C`` when the fault is in the play or the bidding, and otherwise the JSON field
    (``deals[2].initialState.upCard``); for a breach of the laws it ends with the engine's
    reason and the law (``laws`` holds their numbers).
    """

    def __init__(
        self,
        message: str,
        field: str | None = None,
        *,
        deal: int | None = None,
        trick: int | None = None,
        call: int | None = None,
        laws: Iterable[int] = (),
    ) -> None:
        laws = tuple(laws)
        if laws and "(law" not in message:
            message += f" (law {laws[0]})" if len(laws) == 1 else " (laws " + ", ".join(map(str, laws)) + ")"
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if call is not None:
            where.append(f"call {call}")
        if trick is not None:
            where.append(f"trick {trick}")
        text = f"{field}: {message}" if field and not where else message
        if where:
            text = ", ".join(where) + ": " + text
        EuchreError.__init__(self, text)
        self.field = field
        self.reason = message
        self.deal = deal
        self.trick = trick
        self.call = call
        self.laws: tuple[int, ...] = laws


# ---------------------------------------------------------------------------------------------- results
@dataclass
class EgnDeal:
    """One deal of an EGN file, replayed.

    ``state`` is the engine's state after the last recorded action (``state.result`` once the
    deal is over; an unfinished record stops where the file stops). ``index`` is the deal's
    place in the file (0-based; messages count from 1), ``number`` EGN's ``dealNumber``.
    What the file recorded is kept as recorded (``recorded_hands``, ``kitty``, ``discard``,
    ``initial_lead``); ``inferred`` lists the cards the replay had to supply, by seat
    (``"discard"`` for an unrecorded discard). Annotations are kept under their EGN keys
    (``callAnnotations``, ``playAnnotations``; ``calls_annotations``, ``tricks_annotations``
    in v1.0), ``alternative_lines`` as recorded (not replayed), and any other field in
    ``extra`` so that :func:`export_egn` writes it back.
    """

    index: int
    number: int
    dealer: int
    up_card: Card
    state: Deal
    calls: tuple[str, ...]
    is_alone: bool
    discard: Card | None = None
    kitty: tuple[Card | None, ...] | None = None
    recorded_hands: tuple[tuple[Card, ...] | None, ...] | None = None
    hands_key: str = "playerCards"
    initial_lead: int | None = None
    has_play_phase: bool = False
    inferred: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    annotations: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    alternative_lines: list[Any] | None = None
    extra: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def result(self) -> DealResult | None:
        return self.state.result

    @property
    def trump(self) -> Suit | None:
        return self.state.trump

    @property
    def maker(self) -> int | None:
        return self.state.maker

    @property
    def alone(self) -> int | None:
        return self.state.alone

    @property
    def is_complete(self) -> bool:
        return self.state.is_over

    @property
    def call_annotations(self) -> dict[int, list[str]]:
        """Bidding annotations by index into ``calls`` (whichever EGN key they came under)."""
        return _merge_annotations(self.annotations, CALL_ANNOTATION_KEYS)

    @property
    def play_annotations(self) -> dict[int, list[str]]:
        """Play annotations by index of the card across all tricks."""
        return _merge_annotations(self.annotations, PLAY_ANNOTATION_KEYS)


@dataclass
class EgnGame:
    """An EGN game: its metadata (as recorded), the rules it was replayed under and its deals.

    ``scores`` gives the game score after each deal, from ``metadata.initialScore``.
    """

    metadata: dict[str, Any]
    rules: RuleSet
    deals: list[EgnDeal]
    version: str = EGN_VERSION
    file_type: str | None = EGN_FILE_TYPE
    extra: dict[str, Any] = field(default_factory=dict)
    winning_score: int = 10  # 0: the game is a fixed number of deals
    num_deals: int = 0  # 0: no limit

    @property
    def initial_score(self) -> tuple[int, int]:
        s = self.metadata.get("initialScore") or [0, 0]
        return int(s[0]), int(s[1])

    @property
    def scores(self) -> list[tuple[int, int]]:
        a, b = self.initial_score
        out = []
        for d in self.deals:
            if d.result is not None:
                a, b = a + d.result.points[0], b + d.result.points[1]
            out.append((a, b))
        return out

    @property
    def states(self) -> list[Deal]:
        return [d.state for d in self.deals]


def _merge_annotations(annotations: Mapping[str, Mapping[str, list[str]]], keys: Sequence[str]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for key in keys:
        for idx, notes in annotations.get(key, {}).items():
            try:  # an index in ASCII digits ("٣" is not call 3)
                out.setdefault(decode.integer_text(idx, key, 0, decode.MAX_SEED, signed=False), []).extend(notes)
            except InputError:
                continue
    return out
