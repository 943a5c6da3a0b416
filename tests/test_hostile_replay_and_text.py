"""Hostile input at the Replay page, the console and the parsers (the hardening of the browser's boundary):
a lawful record passed out by all eight players opens and steps (Law 77), a share link's branch that is
not a card is exported as EGN records it or refused by field, an engine error whose ``__str__`` raises
``GeneratorExit`` stays inside the answer, errors echo at most 40 characters of the input, and look-alike
letters are not read as cards, verbs or seats."""

from __future__ import annotations

import dataclasses
import json
import time

import pytest

from euchre_core.app import egn_view, web
from euchre_core.formats.egn import export_egn
from euchre_core.kernel.actions import Action
from euchre_core.kernel.cards import Card, CardError, Suit
from euchre_core.kernel.deal import Deal
from euchre_core.kernel.errors import EuchreError, InputError
from euchre_core.kernel.rules import MODERN_24
from euchre_core.laws.events import Event


def _passed_out_record() -> str:
    """A four-handed record whose one deal every player passes twice (rules without stick-the-dealer)."""
    rules = dataclasses.replace(MODERN_24, stick_the_dealer=False)
    deal = Deal.shuffled(seed=5, rules=rules, dealer=0)
    while not deal.is_over:
        deal = deal.apply(next(a for a in deal.legal_actions() if a.kind == "pass"))
    return json.dumps(export_egn([deal], {"players": ["a", "b", "c", "d"]}))


def test_a_deal_passed_out_by_all_eight_opens_and_steps_to_its_end() -> None:
    """Law 77: all pass twice, the deal passes on with no score; Replay opens it as the CLI's replay does."""
    text = _passed_out_record()
    game = egn_view.egn_open(text)
    (deal,) = game["deals"]
    assert deal["result"]["passed_out"] is True and deal["result"]["makers"] is None
    assert "Law 77" in deal["result"]["text"] and deal["result"]["points_text"] == "no score"
    for step in range(deal["steps"] + 1):
        egn_view.egn_step(text, 0, step)
    assert json.loads(egn_view.egn_export(text))["deals"][0]["phases"][0]["calls"] == ["Pass"] * 8


def test_a_bidding_branch_from_a_share_link_is_exported_as_calls_and_reopens() -> None:
    """``&s=0&m=pass``: the branch is a call, written as EGN's bidding phase, never as a card."""
    text = egn_view.example_egn()
    out = egn_view.egn_export(text, [{"deal": 0, "step": 0, "moves": ["pass"]}])
    (line,) = json.loads(out)["deals"][0]["alternativeLines"]
    assert line["phases"] == [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"], "isAlone": False}]
    assert egn_view.egn_step(out, 0, 0)["alternatives"][0]["moves"] == ["Pass"]


def test_an_exported_branch_never_holds_a_trick_of_more_than_four_cards() -> None:
    """``&s=1&m=discard QD`` wrote the discard into the first trick (five cards); now each trick is a trick."""
    text = egn_view.example_egn()
    for step in range(egn_view.egn_open(text)["deals"][0]["steps"]):
        s = egn_view.egn_step(text, 0, step)
        for move in [f"discard {c}" for c in s["hands"].get(s["to_move"], [])][:1] + (s.get("legal") or [])[:1]:
            try:
                out = egn_view.egn_export(text, [{"deal": 0, "step": step, "moves": [move]}])
            except EuchreError:
                continue  # refused by the laws, naming them: fine
            for line in json.loads(out)["deals"][0]["alternativeLines"]:
                for phase in line["phases"]:
                    assert all(len(t) <= 4 for t in phase.get("tricks", []))
            egn_view.egn_open(out)


def test_too_many_branches_are_refused_before_any_work() -> None:
    text = egn_view.example_egn()
    branches = [{"deal": 0, "step": 2, "moves": ["QD"]}] * (egn_view.MAX_BRANCHES + 1)
    start = time.process_time()
    with pytest.raises(InputError) as e:
        egn_view.egn_export(text, branches)
    assert e.value.field == "branches"
    assert time.process_time() - start < 5  # generous: the limit is checked before any branch is played


SNIPPET = """
from euchre_core.kernel.errors import InputError
class Rude(InputError):
    def __str__(self):
        raise GeneratorExit
raise Rude("x", "y")
"""


def test_an_engine_error_whose_str_raises_generator_exit_stays_in_the_answer() -> None:
    answer = web.run_snippet(SNIPPET)
    assert answer["ok"] is False and answer["error"] == "(its message cannot be shown)"


def test_web_call_answers_for_an_error_whose_str_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    class Rude(InputError):
        def __str__(self) -> str:
            raise GeneratorExit

    def boom(**_: object) -> None:
        raise Rude("x", "y")

    monkeypatch.setattr(web, "_resolve", lambda name: boom)
    answer = json.loads(web.call("euchre_core.app.web.case_step", {}))
    assert answer["ok"] is False and answer["error"]["message"] == "(its message cannot be shown)"


@pytest.mark.parametrize(
    "parse, text",
    [
        (Event.parse, "A: " + "x" * 844),
        (Event.parse, "x" * 844),
        (Action.parse, "zz" * 422),
        (Card.parse, "Q" * 844),
        (Suit.parse, "h" * 844),
    ],
)
def test_an_error_echoes_at_most_40_characters_of_the_input(parse: object, text: str) -> None:
    with pytest.raises((InputError, CardError)) as e:
        parse(text)  # type: ignore[operator]
    echoed = text[-1] * 40  # each input is one letter repeated: at most 40 characters of it come back
    assert echoed not in str(e.value), str(e.value)


@pytest.mark.parametrize(
    "parse, text",
    [
        (Card.parse, "T\u017f"),  # the long s, which str.upper() reads as S
        (Card.parse, "\u212aS"),  # the Kelvin sign, which str.lower() reads as k
        (Action.parse, "ta\u212ae"),
        (Action.parse, "play T\u017f"),
        (Event.parse, "A: ta\u212ae"),
        (Event.parse, "\u212a: play QS"),
        (Suit.parse, "\u017f"),
    ],
)
def test_look_alike_letters_are_not_read_as_cards_verbs_or_seats(parse: object, text: str) -> None:
    with pytest.raises((InputError, CardError)):
        parse(text)  # type: ignore[operator]
