"""The reader's table's answers (euchre_core.app.table_view): variations off a case's line, checked
against the engine's own replay and solver; and the play table's card actions (app.lessons)."""

from __future__ import annotations

import pytest

from euchre_core.app.lessons import table_act, table_engine, table_new
from euchre_core.app.table_view import case_line, case_values
from euchre_core.formats.cases import list_cases, replay_case
from euchre_core.kernel.errors import IllegalAction, InputError
from euchre_core.search.solver import solve


def test_a_line_without_reader_cards_is_best_play_and_keeps_the_value() -> None:
    for case_id in list_cases():
        v = case_line(case_id, 0, [])
        dd = v["states"][0]["dd"]
        assert all(who == "engine" for _, _, who in v["line"])
        assert v["result"]["makers_tricks"] == dd  # best play from the start keeps the solver's value
        # each engine card is one of the best cards of its position, and the value never moves
        for k, (_, code, _) in enumerate(v["line"]):
            assert code in v["states"][k]["best"]
            assert v["states"][k + 1]["dd"] == dd


def test_case_values_match_the_solver() -> None:
    rep = replay_case("I")
    for step in range(len(rep.states)):
        res = solve(rep.states[step])
        v = case_values("I", step)
        assert v["values"] == dict(res.moves)
        assert set(v["best"]) == {c for c, x in res.moves.items() if x == res.maker_tricks}


def test_law_62_a_card_that_does_not_follow_suit_is_refused_with_the_law() -> None:
    with pytest.raises(IllegalAction) as e:
        case_line("I", 1, ["QS"])  # C holds diamonds, led by B
    assert 62 in e.value.laws


@pytest.mark.parametrize(
    "step, cards, field",
    [
        (-1, [], "step"),
        (99, [], "step"),
        (True, [], "step"),
        ("3", [], "step"),
        (3, "JC", "cards"),
        (3, ["ZZ"], "cards"),
        (3, ["JD"], "cards"),
        (3, [3], "cards"),
        (3, ["JC"] * 21, "cards"),
    ],
)
def test_bad_input_names_the_field(step: object, cards: object, field: str) -> None:
    with pytest.raises(InputError) as e:
        case_line("I", step, cards)  # type: ignore[arg-type]
    assert e.value.field == field


def test_a_branch_continues_a_variation() -> None:
    first = case_line("I", 3, ["JC"])
    cards = [c for _, c, _ in first.get("line")[:3]]
    again = case_line("I", 3, cards)
    assert [c for _, c, _ in again["line"]][:3] == cards
    assert again["states"][:4] == first["states"][:4]


def test_the_seven_of_clubs_is_playable_at_the_play_table() -> None:
    """Card("7C") is Card 0: a truthiness test dropped it from the reader's card actions."""
    v = table_new(seed=1, strength="easy")
    for _ in range(80):
        if v["over"]:
            break
        if v["actor"] == "C":
            seven = [a for a in v["legal"] if a["action"] == "play 7C"]
            if seven:
                assert seven[0]["card"] == "7C"
                return
            v = table_act(v["record"], v["legal"][0]["action"])
        else:
            v = table_engine(v["record"])
    pytest.fail("the deal of seed 1 no longer gives C the 7 of clubs to play: choose another seed")


def test_law_44_the_examples_rulings_are_one_list_item_each() -> None:
    """Two rulings of a law's example ran together ("…deal again.- *misdeal…*"): the template's
    list lines lost their newline after a block tag."""
    from build_scripts.site import Builder

    builder = Builder(None)
    pages = builder.law_pages()
    page = next(text for path, text in pages.items() if "{ #law-44 " in text)
    block = page[page.index("{ #law-44 ") :]
    block = block[: block.index("</div>", block.index('data-law="44"'))]
    items = [line for line in block.splitlines() if line.startswith("- *")]
    assert len(items) == 2, items
    assert not any(".- *" in line for line in block.splitlines())
