"""The book's Cases I–IX, shipped as JSON inside the package and replayed by the engine.

Every case is checked when it is replayed: five cards a hand, no card twice, every
narrated card held and legal, every trick won by the player the narration says, and the
narrated outcome equal to what the engine scores. A case that breaks a rule raises
:class:`CaseError` naming the case, the trick and the law.

>>> ids = list_cases()
>>> ids[0], ids[-1], len(ids)
('I', 'IX', 9)
>>> rep = replay_case("I")
>>> [t.winner for t in rep.deal.tricks][:2] == [3, 0]
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, cast

from ..kernel import decode
from ..kernel.actions import Action
from ..kernel.cards import Card, CardError, Suit
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, IllegalAction, InputError
from ..kernel.limits import limit
from ..kernel.rules import SOMERSET_1888, RuleSet

__all__ = ["CaseError", "CaseReplay", "list_cases", "load_case", "replay_case", "replay_case_data", "ROMAN"]

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]


class CaseError(EuchreError):
    """A case's data breaks the rules: the message names the case, the trick and the law."""


@dataclass
class CaseReplay:
    """A replayed case: its data, the final deal state and the states before each card."""

    data: dict[str, Any]
    deal: Deal
    states: list[Deal] = field(default_factory=list)  # states[i] = before the i-th card played

    @property
    def complete(self) -> bool:
        return self.deal.is_over


def _data_dir() -> Any:
    return resources.files("euchre_core") / "data" / "cases"


def list_cases() -> list[str]:
    """The ids of the cases that ship with the package, in the book's order."""
    names = {p.name[:-5] for p in _data_dir().iterdir() if p.name.endswith(".json")}
    ordered = [r for r in ROMAN if r in names]
    return ordered + sorted(names - set(ordered))


def load_case(case_id: str) -> dict[str, Any]:
    """The raw data of one case (``"I"`` … ``"IX"``, also ``"5"`` or ``"v"``)."""
    if isinstance(case_id, int) and not isinstance(case_id, bool):
        if not 1 <= case_id <= len(ROMAN):  # its digits are not converted: a huge number is refused as it is
            raise InputError(f"no case {decode.excerpt(case_id)}; the cases are {', '.join(list_cases())}", "case")
        case_id = str(case_id)
    key = decode.text(case_id, "case", max_len=limit("case_id")).strip().upper()
    if key.isascii() and key.isdigit():  # a case number: ASCII digits only ("²" and "٣" are not numbers)
        try:
            key = ROMAN[decode.integer_text(key, "case", 1, len(ROMAN), signed=False) - 1]
        except InputError:
            raise InputError(
                f"no case {decode.excerpt(case_id)}; the cases are {', '.join(list_cases())}", "case"
            ) from None
    if key not in list_cases():  # never a path: only the ids of the shipped cases
        raise InputError(f"no case {decode.excerpt(case_id)}; the cases are {', '.join(list_cases())}", "case")
    path = _data_dir() / f"{key}.json"
    try:
        return cast(dict[str, Any], json.loads(path.read_text(encoding="utf-8")))  # a shipped case file: an object
    except json.JSONDecodeError as e:
        raise CaseError(f"Case {key}: the data file is not valid JSON: {e}") from None


def _seat(name: str, where: str) -> int:
    if not isinstance(name, str) or name not in tuple(SEAT_NAMES):
        raise CaseError(f"{where}: no seat {name!r} (A, B, C or D)")
    return SEAT_NAMES.index(name)


def replay_case_data(data: dict[str, Any], rules: RuleSet = SOMERSET_1888) -> CaseReplay:
    """Check and replay a case's data (the form of the JSON files)."""
    cid = data.get("id", "?")
    where = f"Case {cid}"
    try:
        hands = [data["hands"].get(s, []) for s in SEAT_NAMES]
        alone = data.get("alone")
        alone_seat = _seat(alone, where + ", alone") if alone is not None else None
        maker = _seat(data["declaration"]["seat"], where + ", declaration")
        for s, h in zip(SEAT_NAMES, hands, strict=True):
            if alone_seat is not None and SEAT_NAMES.index(s) == (alone_seat + 2) % 4 and not h:
                continue
            if len(h) != 5:
                raise CaseError(f"{where}: {s} holds {len(h)} cards, not five (Law 42)")
        deal = Deal.position(
            hands,
            Suit.parse(data["trump"]),
            maker=maker,
            dealer=_seat(data.get("dealer", "A"), where),
            how=data["declaration"].get("how", "order"),
            alone=alone_seat,
            turn_up=data.get("turn_up"),
            rules=rules,
        )
    except (InputError, CardError) as e:
        raise CaseError(f"{where}: {e}") from None
    except KeyError as e:
        raise CaseError(f"{where}: missing field {e}") from None
    states: list[Deal] = []
    for trick in data.get("tricks", []):
        num = trick.get("number", len(deal.tricks) + 1)
        tw = f"{where}, trick {num}"
        leader = _seat(trick.get("leader", ""), tw)
        if leader != deal.actor:
            raise CaseError(
                f"{tw}: {SEAT_NAMES[leader]} leads, but the lead is "
                f"{SEAT_NAMES[deal.actor]}'s (the winner of a trick leads to the next; Law 52)"
            )
        for seat_name, code in trick.get("cards", []):
            seat = _seat(seat_name, tw)
            if seat != deal.actor:
                raise CaseError(
                    f"{tw}: {seat_name} plays out of turn; it is {SEAT_NAMES[deal.actor]}'s turn (Laws 53, 58)"
                )
            try:
                card = Card.parse(code)
            except CardError as e:
                raise CaseError(f"{tw}: {e}") from None
            states.append(deal)
            try:
                deal = deal.apply(Action.play(card))
            except IllegalAction as e:
                raise CaseError(f"{tw}: {seat_name} cannot play the {card.long_name()}: {e}") from None
        if len(deal.tricks) < num:
            raise CaseError(f"{tw}: the trick is incomplete")
        got = deal.tricks[num - 1].winner
        if SEAT_NAMES[got] != trick.get("winner"):
            raise CaseError(
                f"{tw}: the narration gives the trick to {trick.get('winner')}, "
                f"but {SEAT_NAMES[got]} wins it by the rules (highest trump, else highest of the "
                "suit led)"
            )
    outcome = data.get("outcome")
    if outcome and data.get("play_complete"):
        makers = deal.makers
        assert makers is not None
        taken = deal.tricks_won_by_side()[makers]
        if taken != outcome.get("makers_tricks") or (taken < 3) != bool(outcome.get("euchred")):
            raise CaseError(
                f"{where}: the book says the makers take {outcome.get('makers_tricks')} tricks, "
                f"the engine scores {taken} (Laws 2, 3)"
            )
    return CaseReplay(data, deal, states)


def replay_case(case_id: str) -> CaseReplay:
    """Load and replay one case; raises CaseError if its data breaks the rules."""
    return replay_case_data(load_case(case_id))
