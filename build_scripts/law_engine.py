"""What the engine does with each law, for the law pages: the registry's status and summary,
and the ready scenario (if any) ruled by the director at build time, so that the page shows the
ruling without JavaScript (the penalty sandbox replays the same scenario live). The laws of the
shuffle, the cut and the deal show their dealing scenario (euchre_core/data/dealing_scenarios.json),
ruled by the dealing procedure: a static example (``interactive`` false), no sandbox. The laws of
cutting out, entry and re-entry (10, 15–21) show their table scenario
(euchre_core/data/table_scenarios.json), folded over euchre_core.laws.entry.Club: a static example
(``kind`` "table", ``interactive`` false) whose rulings are the notes citing the law."""

from __future__ import annotations

import copy
import functools
import json
import re
from importlib import resources
from typing import Any

from euchre_core.app import sandbox, situations
from euchre_core.formats.scenario import load_scenario
from euchre_core.laws.lawbook import LAWBOOK


@functools.lru_cache(maxsize=1)
def scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios by law number (euchre_core/data/scenarios.json)."""
    data = json.loads((resources.files("euchre_core") / "data" / "scenarios.json").read_text(encoding="utf-8"))
    return {s["law"]: s for s in data["scenarios"]}


def engine_view(number: int) -> dict[str, Any]:
    """The registry entry and the ruled scenario of one law, for the template. Under
    ``generate --watch`` (:mod:`build_scripts.serve_cache`) it is computed once per process: the
    process restarts when the engine changes, and an edit to a law's text does not change it."""
    from build_scripts import serve_cache

    if serve_cache.enabled:
        return copy.deepcopy(serve_cache.memo(f"engine-view:{number}", "", lambda: _engine_view(number)))
    return _engine_view(number)


def _engine_view(number: int) -> dict[str, Any]:
    entry = LAWBOOK[number]
    view: dict[str, Any] = {
        "status": entry.status,
        "summary": entry.summary,
        "where": [w.replace("euchre_core.", "") for w in entry.where],
        "reason": entry.reason,
        "reading": entry.reading,
        "scenario": None,
    }
    sc = scenarios().get(number)
    if sc is not None:
        state = load_scenario(sc)
        rulings = [r for r in state.rulings if number in r.laws] or list(state.rulings[-1:])
        # the ruling at the moment the example stops: the director's guide's own call (ruling_words.moment)
        home = next((s for s in situations.situations().values() if s["law"] == number), None)
        moment = situations.situation(home["id"]) if home is not None else None
        view["scenario"] = {
            "title": sc["title"],
            "events": sc["events"],
            "rulings": [_for_reader(r.to_json()) for r in rulings],
            "moment": moment,
            "json": json.dumps(sc, ensure_ascii=False),
            "interactive": True,
        }
        return view
    dsc = sandbox.dealing_scenarios().get(number)
    if dsc is not None:
        view["scenario"] = dealing_example(number, dsc)
        return view
    tsc = sandbox.table_scenarios().get(number)
    if tsc is not None:
        view["scenario"] = table_example(number, tsc)
    return view


NAME_IT = re.compile(r"\s*\(name it: '[^']*'\)")  # the console's typing hint ("call-suit H"), not for a reader


def _for_reader(ruling: dict[str, Any]) -> dict[str, Any]:
    """A ruling for the page: its options' text without the console's typing hint.

    >>> _for_reader({"options": [{"id": "call-suit", "text": "Call a suit (name it: 'call-suit H') from him"}]})
    {'options': [{'id': 'call-suit', 'text': 'Call a suit from him'}]}
    """
    options = [{**o, "text": NAME_IT.sub("", str(o.get("text", "")))} for o in ruling.get("options") or []]
    return {**ruling, "options": options}


def table_example(number: int, sc: dict[str, Any]) -> dict[str, Any]:
    """The table scenario of a law as the template's example: the notes citing the law, then the
    refusal (if any), as pseudo-rulings of the same shape as the director's."""
    v = sandbox.table_start(number)

    def cited(text: str) -> str:
        return re.sub(r"\s*\(Laws? [\d, ]+\)", "", text)  # the laws are cited apart

    rulings = [
        {"irregularity": n["title"], "laws": n["laws"], "text": cited(n["text"]), "options": [], "chooser": None}
        for n in v["notes"]
        if number in n["laws"]
    ]
    err = v["error"]
    if err is not None:
        text = re.sub(r"\s*\(laws? [\d, ]+\)$", "", err["message"])  # the laws are cited apart
        rulings.append(
            {
                "irregularity": f"{sc['refused']['op'].replace('_', ' ')} refused",
                "laws": err["laws"] or [number],
                "text": text[:1].upper() + text[1:] + ".",
                "options": [],
                "chooser": None,
            }
        )
    if not rulings:
        rulings = [
            {"irregularity": n["title"], "laws": n["laws"], "text": n["text"], "options": [], "chooser": None}
            for n in v["notes"][-1:]
        ]
    return {
        "title": sc["title"],
        "events": [json.dumps(op, ensure_ascii=False) for op in sc["ops"]],
        "rulings": rulings,
        "json": json.dumps(sc, ensure_ascii=False),
        "interactive": False,
        "kind": "table",
    }


def dealing_example(number: int, sc: dict[str, Any]) -> dict[str, Any]:
    """The dealing scenario of a law as the template's example: the rulings citing the law, else
    the outcome or the refusal citing it, as a pseudo-ruling of the same shape."""
    v = sandbox.dealing_start(number)
    rulings = [r for r in v["rulings"] if number in r["laws"]]
    if not rulings:
        o, err = v["outcome"], v["error"]
        if o is not None and number in o["laws"]:
            rulings = [
                {"irregularity": o["kind"], "laws": o["laws"], "text": o["text"], "options": [], "chooser": None}
            ]
        elif err is not None:
            text = re.sub(r"\s*\(laws? [\d, ]+\)$", "", err["message"])  # the laws are cited apart
            rulings = [
                {
                    "irregularity": f"{sc['refused']} refused",
                    "laws": err["laws"] or [number],
                    "text": text[:1].upper() + text[1:] + ".",
                    "options": [],
                    "chooser": None,
                }
            ]
        else:
            rulings = v["rulings"][-1:]
    return {
        "title": sc["title"],
        "events": sc["events"] + ([sc["refused"]] if sc.get("refused") else []),
        "rulings": rulings,
        "json": json.dumps(sc, ensure_ascii=False),
        "interactive": False,
    }
