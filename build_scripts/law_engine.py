"""What the engine does with each law, for the law pages: the registry's status and summary,
and the ready scenario (if any) ruled by the director at build time, so that the page shows the
ruling without JavaScript (the penalty sandbox replays the same scenario live)."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from euchre_core.lawbook import LAWBOOK
from euchre_core.scenario import load_scenario


@functools.lru_cache(maxsize=1)
def scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios by law number (euchre_core/data/scenarios.json)."""
    data = json.loads((resources.files("euchre_core") / "data" / "scenarios.json").read_text(encoding="utf-8"))
    return {s["law"]: s for s in data["scenarios"]}


def engine_view(number: int) -> dict[str, Any]:
    """The registry entry and the ruled scenario of one law, for the template."""
    entry = LAWBOOK[number]
    view: dict[str, Any] = {
        "status": entry.status,
        "summary": entry.summary,
        "where": [w.replace("euchre_core.", "") for w in entry.where],
        "reason": entry.reason,
        "scenario": None,
    }
    sc = scenarios().get(number)
    if sc is not None:
        state = load_scenario(sc)
        rulings = [r for r in state.rulings if number in r.laws] or list(state.rulings[-1:])
        view["scenario"] = {
            "title": sc["title"],
            "events": sc["events"],
            "rulings": [r.to_json() for r in rulings],
            "json": json.dumps(sc, ensure_ascii=False),
        }
    return view
