"""The hint simulations for the site: a committed cache, and a small table under each tested hint.

The figures come from :func:`euchre_core.search.simulate.simulate_hint`, run with the samples and seed
of ``euchre_core/data/hint_tests.json`` (``"build"``). Running them all takes a minute or two, so
their results are kept in ``content/cache/hint_sims.json``, each under the content hash of its
spec, samples, seed and engine (:func:`euchre_core.search.simulate.spec_hash`). The build uses an entry
whose hash is current and recomputes (and writes back) only the stale ones; ``tests/test_simulate.py``
requires the committed cache to be current. The game model the chances of winning rest on is
shipped with the engine (``euchre_core/data/game_model.json``) so that the browser need not
compute it.

``python -m build_scripts.hint_sims`` brings both files up to date (``--check``: only report).

>>> key_of_paragraph("hints-leading", 3)
'hoyle:hints-leading:3'
"""

from __future__ import annotations

import json
import re
import sys
import time
from html import escape
from pathlib import Path
from typing import Any

from build_scripts.cards_html import card_html
from euchre_core.search import simulate

REPO_ROOT = Path(__file__).resolve().parent.parent
CACHE = REPO_ROOT / "content" / "cache" / "hint_sims.json"
GAME_MODEL = REPO_ROOT / "euchre_core" / "data" / "game_model.json"


def key_of_paragraph(chapter_id: str, index: int) -> str:
    """The ``hint`` key of a paragraph of Hoyle's Hints for Play (0-based index in its chapter)."""
    return f"hoyle:{chapter_id}:{index}"


def build_settings() -> tuple[int, int]:
    """(samples, seed) of the site's simulations."""
    build = json.loads(simulate._specs_text())["build"]
    return int(build["samples"]), int(build["seed"])


def _load_cache() -> dict[str, Any]:
    """The cache file; its record of the engine's fingerprint for the current sources spares the
    build the parsing of the engine (:func:`euchre_core.search.simulate.engine_fingerprint`)."""
    doc = json.loads(CACHE.read_text(encoding="utf-8")) if CACHE.is_file() else {"about": "", "results": {}}
    engine = doc.get("engine") or {}
    if engine.get("sources") and engine.get("fingerprint"):
        simulate.FINGERPRINTS.setdefault(engine["sources"], engine["fingerprint"])
    return doc


def _dump(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def game_model_current() -> bool:
    """Is the shipped game model the one this engine computes?"""
    _load_cache()
    m = simulate.stored_game_model()
    return bool(m and m.get("engine") == simulate.engine_fingerprint()
                and m.get("deals") == simulate.GAME_MODEL_DEALS and m.get("seed") == simulate.GAME_MODEL_SEED)


def stale_specs() -> list[str]:
    """The ids of the specs whose cached result is missing or was computed from other inputs."""
    samples, seed = build_settings()
    engine = simulate.engine_fingerprint()
    results = _load_cache().get("results", {})
    stale = []
    for spec in simulate.load_specs():
        entry = results.get(spec["id"])
        if not entry or entry.get("hash") != simulate.spec_hash(spec, samples, seed, engine):
            stale.append(spec["id"])
    return stale


def _run(spec: dict[str, Any]) -> tuple[str, dict[str, Any], float]:
    samples, seed = build_settings()
    t0 = time.perf_counter()
    result = simulate.simulate_hint(spec, samples=samples, seed=seed)
    return spec["id"], result, time.perf_counter() - t0


def refresh(write: bool = True, processes: int = 1, log: Any = None) -> dict[str, dict[str, Any]]:
    """Every spec's result (``{spec id: result}``): from the cache when current, else computed
    (with ``processes`` worker processes); the cache and the game model are written back when
    something was recomputed and ``write`` is true."""
    samples, seed = build_settings()
    doc = _load_cache()
    if not game_model_current():
        model = simulate.game_model(simulate.GAME_MODEL_DEALS, simulate.GAME_MODEL_SEED)
        if write:
            GAME_MODEL.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
        simulate._default_win_table.cache_clear()
    results = doc.setdefault("results", {})
    specs = simulate.load_specs()
    engine = simulate.engine_fingerprint()
    todo = [s for s in specs
            if (results.get(s["id"]) or {}).get("hash") != simulate.spec_hash(s, samples, seed, engine)]
    if todo:
        if processes > 1:
            import multiprocessing

            with multiprocessing.Pool(processes) as pool:
                done = pool.map(_run, todo)
        else:
            done = [_run(s) for s in todo]
        for spec_id, result, secs in done:
            spec = next(s for s in specs if s["id"] == spec_id)
            results[spec_id] = {"hash": simulate.spec_hash(spec, samples, seed, engine), "seconds": round(secs, 2),
                                "result": result}
            if log:
                log(f"hint simulation {spec_id}: {secs:.1f} s")
    known = {s["id"] for s in specs}
    for k in [k for k in results if k not in known]:
        del results[k]
    doc["about"] = ("Cached results of euchre_core.search.simulate.simulate_hint for every spec of "
                    "euchre_core/data/hint_tests.json, each under the hash of its inputs (spec, samples, seed, "
                    "engine). Written by `python -m build_scripts.hint_sims` (or by the site build when stale).")
    doc["results"] = {s["id"]: results[s["id"]] for s in specs}
    fingerprint = {"sources": simulate.engine_sources_hash(), "fingerprint": engine}
    changed = bool(todo) or doc.get("engine") != fingerprint
    doc["engine"] = fingerprint
    if changed and write:
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        CACHE.write_text(_dump(doc), encoding="utf-8")
    return {k: v["result"] for k, v in doc["results"].items()}


# --------------------------------------------------------------------------- the tables


def _signed(x: float) -> str:
    return f"{x:+.2f}".replace("-", "−")


def _score_words(score: list[int]) -> str:
    a, b = score
    return f"{a}–{b}"


VERDICT_WORDS = {
    "supported": "the simulation supports the hint",
    "not supported": "the simulation does not support the hint",
    "unclear": "no clear difference",
}


def table_html(result: dict[str, Any]) -> str:
    """One simulation as a small HTML table (one line, so that it stands in Markdown as it is)."""
    scores = result.get("scores") or []
    head = ["Option", "Points", "Tricks", "Made"]
    head += ["Book's choice better / same / worse"]
    head += [f"Wins from {_score_words(s)}" for s in scores]
    rows = []
    for o in result["options"]:
        advised = o["option"] == result["advised"]
        label = escape(o["label"]) + (" <span class='badge'>the book</span>" if advised else "")
        cmp = o.get("vs_advised")
        if cmp:
            d, se = (cmp["win_diff"], cmp["win_se"]) if "win_diff" in cmp else (cmp["diff"], cmp["se"])
            cls = "sim-better" if d > 2 * se and d > 0 else "sim-worse" if d < -2 * se and d < 0 else ""
            vs = (f"<span class='{cls}'>{cmp['better']:.0f}% / {cmp['same']:.0f}% / {cmp['worse']:.0f}%</span>"
                  f" <span class='visually-hidden'>of the layouts</span>")
        else:
            vs = "—"
        tricks = "—" if o["tricks"] is None else f"{o['tricks']:.2f}"
        made = "—" if o["made"] is None else f"{o['made']:.0f}%"
        cells = [f"<th scope='row'>{label}</th>", f"<td>{_signed(o['points'])}</td>", f"<td>{tricks}</td>",
                 f"<td>{made}</td>", f"<td>{vs}</td>"]
        cells += [f"<td>{w:.0f}%</td>" for w in o["win"]]
        tr = "<tr class='advised'>" if advised else "<tr>"
        rows.append(f"{tr}{''.join(cells)}</tr>")
    s = result["summary"]
    words = VERDICT_WORDS.get(str(s.get("verdict")), "")
    note = (f"Double dummy (every hand seen), {result['samples']} layouts (seed {result['seed']}). "
            f"The book's choice averages {_signed(s['advised_points'])} points a deal for the player's side "
            f"(the other side's points counted against it)")
    if s.get("best_other") and s.get("basis", "points") == "points":
        best = next(o for o in result["options"] if o["option"] == s["best_other"])
        cmp = best["vs_advised"]
        note += (f"; the best other choice, {escape(best['label'])}, {_signed(s['best_other_points'])}: a difference "
                 f"of {_signed(cmp['diff'])} ± {cmp['se']:.2f}, so {words}")
    elif s.get("best_other"):
        best = next(o for o in result["options"] if o["option"] == s["best_other"])
        adv = result["options"][0]
        cmp = best["vs_advised"]
        note += (f". At the score the hint names ({_score_words(scores[0])}) what counts is the game: the book's "
                 f"choice wins it {adv['win'][0]:.0f}% of the time, the best other choice, {escape(best['label'])}, "
                 f"{best['win'][0]:.0f}% (a difference of {cmp['win_diff']:+.1f} ± {cmp['win_se']:.1f} points of "
                 f"percentage), so {words}")
    note += (f". The book's choice scores at least as much as every other one compared in "
             f"{s['advised_at_least_as_good_pct']:.0f}% of the layouts.")
    if scores:
        note += (" The chance of winning the game assumes the later deals go as in random deals bid by the same "
                 "rule of thumb and played double dummy.")
    caption = _cards_drawn(escape(result.get("label") or result.get("id") or ""))
    tips = {"Points": "average points a deal for the player's side, the other side's counted against it",
            "Tricks": "average tricks of the player's side", "Made": "how often the makers make their point",
            "Book's choice better / same / worse": "in how many layouts the book's choice scores more, the same, "
                                                   "or less than this option"}
    thead = "".join(f"<th scope='col' title=\"{escape(tips[h])}\">{h}</th>" if h in tips
                    else f"<th scope='col'>{h}</th>" for h in head)
    return (f"<div class='hint-sim' data-search-exclude data-spec='{escape(str(result.get('id')))}'>"
            f"<table><caption>{caption}</caption><thead><tr>{thead}</tr></thead><tbody>{''.join(rows)}</tbody>"
            f"</table><p class='hint-sim-note'>{note}</p></div>")


def _cards_drawn(text: str) -> str:
    """Card codes in a caption drawn as the site's cards ("QC turned, holding JC TC …" → Q♣ J♣ 10♣).

    >>> _cards_drawn("QC turned, holding JC TC") .count('class="card')
    3
    """
    return re.sub(r"\b([789TJQKA][CDHS])\b", lambda m: card_html(m.group(1)), text)


def tables_by_hint(results: dict[str, dict[str, Any]]) -> dict[str, str]:
    """The HTML of every tested hint (its specs' tables, in the file's order), by hint key."""
    out: dict[str, list[str]] = {}
    for spec in simulate.load_specs():
        r = results.get(spec["id"])
        if r is not None:
            out.setdefault(spec["hint"], []).append(table_html(r))
    return {k: "\n".join(v) for k, v in out.items()}


def main(argv: list[str] | None = None) -> int:
    """``python -m build_scripts.hint_sims [--check] [--processes N]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "--check" in args:
        stale = stale_specs()
        current = game_model_current()
        print(f"{len(stale)} stale hint simulations{': ' + ', '.join(stale) if stale else ''}; "
              f"game model {'current' if current else 'stale'}")
        return 1 if stale or not current else 0
    processes = int(args[args.index("--processes") + 1]) if "--processes" in args else 1
    t0 = time.perf_counter()
    results = refresh(write=True, processes=processes, log=print)
    print(f"{len(results)} hint simulations current ({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
