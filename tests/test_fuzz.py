"""Issue 11: the seeded mutation fuzzer (tests/fuzz_boundary.py) over every parser and every browser
entry point: no exception outside the engine's types, no input slower than 2 s, no input changed by a
failed call. ``EUCHRE_FUZZ=200000`` runs more inputs; ``EUCHRE_FUZZ_SEED`` another seed."""

from __future__ import annotations

import os
import time
from typing import Any

import fuzz_boundary as fz
import pytest

from euchre_core.kernel.errors import InputError

FUZZ_INPUTS = int(os.environ.get("EUCHRE_FUZZ", "20000"))
FUZZ_SEED = int(os.environ.get("EUCHRE_FUZZ_SEED", "11"))


@pytest.mark.slow
def test_the_fuzzer_finds_no_traceback_no_hang_no_changed_input() -> None:
    stats = fz.run(FUZZ_INPUTS, FUZZ_SEED)
    print(stats.summary())
    assert stats.total >= FUZZ_INPUTS
    assert set(stats.inputs) >= {
        "record",
        "egn",
        "scenario",
        "position",
        "text",
        "browser",
        "snippet",
        "egn-text",
        "egn-huge",
        "bounds",
    } - (set() if fz.EGN_DIR.is_dir() else {"egn"})
    assert not stats.crashes, "\n".join(f"{f}: {e}\n  {t}" for f, e, t in stats.crashes[:20])
    assert not stats.hangs, stats.hangs[:5]
    assert not stats.mutated, stats.mutated[:5]
    # most mutated inputs are refused: the fuzzer reaches the validation, not only the happy path
    assert sum(stats.refused.values()) > stats.total // 2


def test_the_directors_impossible_acts_are_refused_naming_the_field() -> None:
    """Issue 24: a card named twice, a card not held, a word after an act that takes none, more
    cards than are in play: each refused (InputError naming the field), the state unchanged."""
    assert not fz.director_shape_failures()


# --------------------------------------------------------------------------- the fuzzer itself can fail


def test_the_fuzzer_reports_a_python_error() -> None:
    stats = fz.Stats()
    fz._run_one(stats, "record", lambda: {}["x"], {"a": 1})
    fz._run_one(stats, "record", lambda: (_ for _ in ()).throw(InputError("bad", "x")), {"a": 1})
    assert [c[1].split(":")[0] for c in stats.crashes] == ["KeyError"]
    assert stats.refused["record"] == 1


def test_the_fuzzer_reports_an_input_changed_by_a_failed_call() -> None:
    stats = fz.Stats()
    arg: dict[str, Any] = {"hands": {"A": ["JC"]}}

    def changes_then_fails() -> None:
        arg["hands"]["A"].append("TD")
        raise InputError("bad", "hands")

    fz._run_one(stats, "record", changes_then_fails, arg)
    assert len(stats.mutated) == 1


def test_the_fuzzer_reports_a_slow_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fz, "SLOW", 0.02)
    stats = fz.Stats()

    def busy() -> None:
        t0 = time.process_time()
        while time.process_time() - t0 < 0.05:
            pass

    fz._run_one(stats, "record", busy, {})
    assert len(stats.hangs) == 1


def test_the_browser_errors_must_be_the_engines() -> None:
    stats = fz.Stats()
    fz._run_one(stats, "browser", lambda: '{"ok": false, "error": {"type": "TypeError", "message": "x"}}', {})
    fz._run_one(stats, "browser", lambda: '{"ok": false, "error": {"type": "InputError", "message": "x"}}', {})
    assert len(stats.crashes) == 1 and stats.refused["browser"] == 1


def test_the_mutations_are_seeded_and_reach_deep_and_hostile_values() -> None:
    import random

    seed = {"hands": {"A": ["JC", "TD"], "B": ["7C"]}, "dealer": "A", "log": ["B: pass"]}
    a = [fz.mutate(random.Random(3), seed) for _ in range(1)]
    b = [fz.mutate(random.Random(3), seed) for _ in range(1)]
    assert a == b
    rng = random.Random(1)
    seen = {fz._freeze(fz.mutate(rng, seed)) for _ in range(300)}
    assert len(seen) > 100
    assert seed == {"hands": {"A": ["JC", "TD"], "B": ["7C"]}, "dealer": "A", "log": ["B: pass"]}
    deep = fz._copy(fz._deep(600))
    assert fz._freeze(deep) == fz._freeze(fz._deep(600))


def test_the_fuzzer_reports_a_base_exception_instead_of_stopping() -> None:
    """GeneratorExit, SystemExit, an exception group escaping an entry point: a crash, recorded."""
    import builtins

    stats = fz.Stats()
    raised: list[BaseException] = [GeneratorExit(), SystemExit(3)]
    group = getattr(builtins, "BaseExceptionGroup", None)  # Python 3.11+
    if group is not None:
        raised.append(group("g", [GeneratorExit()]))
    for exc in raised:
        fz._run_one(stats, "snippet", lambda exc=exc: (_ for _ in ()).throw(exc), "x")
    assert [c[1].split(":")[0] for c in stats.crashes] == [type(e).__name__ for e in raised]


def test_the_snippet_family_finds_a_base_exception_that_escapes(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_core.app import web

    def escapes(code: str) -> dict[str, Any]:
        raise GeneratorExit

    monkeypatch.setattr(web, "run_snippet", escapes)
    stats = fz.run(20, 1, only=("snippet",))
    assert stats.inputs["snippet"] and len(stats.crashes) >= stats.inputs["snippet"]


def test_the_egn_texts_reach_the_bound_and_over_it() -> None:
    """The Replay page's text at 1,000,000 bytes opens; every other huge shape is refused by the engine."""
    from euchre_core.app import egn_view
    from euchre_core.kernel.limits import limit

    shapes = dict(fz.egn_huge(egn_view.example_egn(deals=1)))
    assert len(shapes["at the bound"].encode()) == limit("text")
    assert len(shapes["one byte over"].encode()) == limit("text") + 1
    assert len(shapes["4-byte characters over"]) < limit("text") < len(shapes["4-byte characters over"].encode())
    stats = fz.run(0, 1, only=("egn-text",))
    assert stats.inputs["egn-huge"] == len(shapes) and not stats.crashes and not stats.hangs
    # two open (at the bound, one byte order mark); the rest are refused with the engine's error
    assert stats.refused["egn-huge-direct"] == len(shapes) - 2
    # load_egn alike, from text and from bytes (issue 37: it counted characters, and took two byte order
    # marks from bytes): the same two open, each as text and as bytes
    texts = [v for v in shapes.values() if isinstance(v, str)]
    assert stats.inputs["egn-huge-load"] == len(shapes) + len(texts)
    assert stats.refused["egn-huge-load"] == len(shapes) + len(texts) - 4
    over = shapes["2-byte characters over, in many strings"]
    assert len(over) < limit("text") < len(over.encode())


def test_the_hostile_values_hold_rule_names_byte_order_marks_and_bad_escapes() -> None:
    assert {"somerset1888+", "+joker", "\ufeff", "%E0%A4%A"} <= {v for v in fz.HOSTILE if isinstance(v, str)}
    import random

    rng = random.Random(5)
    texts = [fz.mutate_text(rng, '{"a": 1}') for _ in range(400)]
    assert any(t.startswith("\ufeff\ufeff") for t in texts) and any(
        t.startswith("\ufeff") and not t.startswith("\ufeff\ufeff") for t in texts
    )


def test_the_sandboxes_lists_at_their_bound_refuse_one_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: the 5,001st event (the 201st op) is refused when offered, and the list sent back is
    accepted by the next call; the family finds the fault when the check is taken away."""
    stats = fz.run(0, 1, only=("bounds",))
    assert stats.inputs["bounds"] == 7 and not stats.crashes and not stats.hangs and not stats.mutated
    assert stats.refused["bounds"] == 1  # simulate_hint under a small bound of work (issue 37)
    from euchre_core.app import dealing_sandbox, sandbox, table_sandbox

    for module in (sandbox, dealing_sandbox, table_sandbox):
        monkeypatch.setattr(module, "room_for_one", lambda *a, **k: None)
    stats = fz.run(0, 1, only=("bounds",))
    assert len(stats.crashes) == 6, stats.crashes  # refused late, then by the next call
