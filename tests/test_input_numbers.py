"""Numbers and fields read from user text: scenario files, events, case ids, seeds, EGN annotations.

Only ASCII digits are numbers (``str.isdigit`` and ``int`` accept superscripts and other scripts'
digits); every digit counts against the 30-digit limit, leading zeros too; an unknown member of a
scenario file is refused, naming it. Each refusal is the engine's :class:`InputError` naming the
field, never a plain ``ValueError``. The ``holds`` event is Law 90's count (and Law 103's)."""

from __future__ import annotations

from typing import Any

import pytest

from euchre_core.formats.cases import load_case
from euchre_core.formats.scenario import load_scenario
from euchre_core.kernel import decode
from euchre_core.kernel.deal import Deal
from euchre_core.kernel.errors import InputError
from euchre_core.laws.dealing import DealingProcedure
from euchre_core.laws.director import Director
from euchre_core.laws.rulings import Irregularity as K

HANDS = {
    "A": "JC AH KH 8S QD".split(),
    "B": "AC QH 8H JD TS".split(),
    "C": "7D 8D TD QS TH".split(),
    "D": "KC TC AS 9S 9H".split(),
}
START = ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S"]


def _refused(fn: Any, *args: Any, field: str) -> InputError:
    with pytest.raises(InputError) as e:
        fn(*args)
    assert e.value.field == field, (e.value.field, str(e.value))
    assert len(str(e.value)) < 400
    return e.value


def test_a_misspelt_top_level_member_of_a_scenario_is_refused_naming_it() -> None:
    """Law 90's count needs the hands: a scenario with "hand" for "hands" is not read as a seeded deal."""
    e = _refused(load_scenario, {"hand": HANDS, "turn_up": "9C", "events": []}, field="hand")
    assert "hands" in str(e)
    _refused(load_scenario, {"seed": 5, "evnets": ["B: pass"]}, field="evnets")


def test_the_members_of_a_scenario_and_of_a_ready_scenario_are_read() -> None:
    """Law 52's ready scenario carries its own members (law, note, then): they are known."""
    sc = {"title": "t", "rules": "somerset1888", "dealer": "A", "hands": HANDS, "turn_up": "9C", "events": START}
    assert load_scenario(sc).phase.value == "play"
    assert load_scenario({**sc, "law": 52, "note": "n", "then": [], "refused": None}).phase.value == "play"
    assert load_scenario({"seed": 5, "stock": [], "events": []}) is not None


@pytest.mark.parametrize("n", ["\u00b2", "\u0663", "\u0968", "\uff13", "\u2463", "3\u0663", "\U0001d7d1"])
def test_holds_takes_ascii_digits_only(n: str) -> None:
    """Law 90: 'holds N': N in ASCII digits; a superscript two or an Arabic-Indic three is not a number."""
    sc = {"hands": HANDS, "turn_up": "9C", "events": START + [f"C: holds {n}"]}
    e = _refused(load_scenario, sc, field="holds")
    assert "event 6" in str(e)


def test_holds_with_thousands_of_leading_zeros_is_refused_cheaply() -> None:
    """Law 90: a count of 5,000 characters is refused by its length, leading zeros counted (a scenario
    file refuses so long an event first; the director's own reader refuses it too)."""
    t = Director.start(Deal.start([HANDS[s] for s in "ABCD"], "9C")).replay(START)
    _refused(t.act, "C: holds " + "0" * 5000 + "5", field="holds")
    assert t.act("C: holds 05").rulings[-1].kind is K.CARDS_COUNTED  # ASCII digits: five


def test_a_cut_with_thousands_of_leading_zeros_is_refused_by_its_digits() -> None:
    """Law 29: 'cut N' with 5,000 leading zeros: 5,001 digits, over the limit of 30, refused naming the cut."""
    p = DealingProcedure.start("A", seed=1)
    p = p.replay(["C: shuffle", "A: shuffle"])
    e = _refused(p.act, "D: cut " + "0" * 5000 + "10", field="cut")
    assert "digits" in str(e)
    _refused(p.act, "D: cut \u0661\u0660", field="cut")  # Arabic-Indic ten


@pytest.mark.parametrize("case_id", ["\u00b2", "\u0663", "\u0968", "\uff13", "0" * 5000 + "3", "10", "0"])
def test_a_case_id_is_ascii_digits_or_a_roman_numeral(case_id: str) -> None:
    """The book's Cases (Law 3's scoring in Case I): '²' and '٣' are no case numbers."""
    _refused(load_case, case_id, field="case")


def test_case_ids_in_ascii_digits_still_read() -> None:
    """Case III (the Cases illustrate Laws 2-4): "3", "03" and "iii" name it."""
    assert load_case("3")["id"] == load_case("03")["id"] == load_case("iii")["id"] == "III"


@pytest.mark.parametrize("text", ["\u00b2", "\u0663", "1\u0663", "\uff11"])
def test_number_text_takes_ascii_digits_only(text: str) -> None:
    """The one reader of numbers written as text (Law 29's cut, seeds, counts)."""
    _refused(decode.integer_text, text, "cut", 0, 32, field="cut")


def test_leading_zeros_count_as_digits() -> None:
    """Law 29's cut as text: 5,000 zeros before a digit are 5,001 digits, over the limit, refused cheaply."""
    e = _refused(decode.integer_text, "0" * 5000 + "7", "cut", 0, 32, field="cut")
    assert "5001 digits" in str(e)
    assert decode.integer_text("007", "cut", 0, 32) == 7


def test_egn_annotation_indexes_are_ascii_digits() -> None:
    """An EGN annotation keyed by an Arabic-Indic three is not the note of call 3."""
    try:  # formats/egn.py split by job: the annotations merged where the file types are
        from euchre_core.formats.egn_types import _merge_annotations  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        from euchre_core.formats.egn import _merge_annotations
    merged = _merge_annotations(
        {"callAnnotations": {"\u0663": ["x"], "\u00b2": ["y"], "2": ["z"]}}, ["callAnnotations"]
    )
    assert merged == {2: ["z"]}
