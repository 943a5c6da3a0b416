"""Every case to its result: the book's cards, then the engine's best play, each card marked; the book's
stated result checked; and where best play cannot reach it, the page says what the book assumes."""

from __future__ import annotations

import pytest

from euchre_core.formats.cases import list_cases, replay_case
from euchre_core.search import completion
from euchre_core.search.completion import complete_case
from euchre_core.search.solver import solve


@pytest.mark.parametrize("case_id", list_cases())
def test_every_case_is_played_to_five_tricks_book_first(case_id: str) -> None:
    c = complete_case(case_id)
    book = replay_case(case_id)
    assert c.deal.is_over and len(c.deal.tricks) == 5 and c.deal.result is not None
    assert c.deal.log[: len(book.deal.log)] == book.deal.log
    assert len(c.sources) == len(c.replay.states) == sum(len(t.cards) for t in c.deal.tricks)
    assert set(c.sources[: len(book.states)]) <= {"book"}
    assert c.assumption is None  # every stated result is reached (see the test below for the message)


@pytest.mark.parametrize("case_id", ["II", "IV", "V", "VII", "IX"])
def test_the_engines_cards_are_best_play(case_id: str) -> None:
    """Each engine card keeps the solver's value of the position: no engine card gives anything away."""
    c = complete_case(case_id)
    for state, source, (_seat, action) in zip(c.replay.states, c.sources, c.deal.log[-len(c.sources) :], strict=True):
        if source != "engine":
            continue
        res = solve(state)
        assert res.moves[str(action.card)] == res.maker_tricks


def test_the_books_named_winners_are_kept() -> None:
    assert [t.winner for t in complete_case("IV").deal.tricks[2:]] == [1, 1, 1]  # "B wins the last three"
    assert [t.winner for t in complete_case("V").deal.tricks[3:]] == [1, 1]  # B's right and king
    assert complete_case("II").deal.tricks[1].cards[0][1].__str__() == "AC"  # B leads the ace of clubs


def test_a_result_best_play_cannot_reach_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = dict(completion._completions())
    entries["IV"] = {**entries["IV"], "winners": {}, "result": {"makers_make_point": True}}
    monkeypatch.setattr(completion, "_completions", lambda: entries)
    complete_case.cache_clear()
    try:
        c = complete_case("IV")
        assert c.assumption is not None and c.assumption.startswith("The book's result (AC make their point) assumes")
        assert "the makers take 2 tricks" in c.assumption
    finally:
        complete_case.cache_clear()


def test_winners_best_play_cannot_keep_are_said(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = dict(completion._completions())
    entries["IV"] = {**entries["IV"], "winners": {"3": "A", "4": "A", "5": "A"}}
    monkeypatch.setattr(completion, "_completions", lambda: entries)
    complete_case.cache_clear()
    try:
        assert "best play does not keep them all" in (complete_case("IV").assumption or "")
    finally:
        complete_case.cache_clear()


def test_the_case_page_shows_the_engines_tricks_marked(built_site) -> None:  # noqa: ANN001 (conftest fixture)
    """The no-JS view of a case the book does not finish: the rest of the deal, each card marked as the
    engine's, and the result of the whole deal."""
    html = (built_site.dir / "cases" / "iv" / "index.html").read_text(encoding="utf-8")
    c = complete_case("IV")
    engine_cards = [
        str(a.card) for (_, a), s in zip(c.deal.log[-len(c.sources) :], c.sources, strict=True) if s == "engine"
    ]
    assert html.count('data-source="engine"') == len(engine_cards) == 12
    for code in engine_cards:
        assert f'data-card="{code}" data-source="engine"' in html
    assert "A–C take 2, B–D take 3; the makers are euchred: A–C score 0, B–D score 2." in html
    i = (built_site.dir / "cases" / "i" / "index.html").read_text(encoding="utf-8")
    assert 'data-source="engine"' not in i
