"""The hint simulations for the site: a committed cache, and a small table under each tested hint.

The figures come from :func:`euchre_core.search.simulate.simulate_hint`, run with the seed, the batch
and the cap of ``euchre_core/data/hint_tests.json`` (``"build"``): sequential sampling, one stream of
layouts from the seed, checked after every batch, stopping when the verdict is settled or at the cap.
Running them all takes about a quarter of an hour of CPU, so their results are kept in ``content/cache/hint_sims.json``,
each under the content hash of its spec, cap, seed, batch and engine
(:func:`euchre_core.search.simulate.spec_hash`); the file depends on nothing else (no timings), so a
rerun on the same engine writes the same bytes. The build uses an entry
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
from euchre_core.app import hint_words
from euchre_core.search import simulate

REPO_ROOT = Path(__file__).resolve().parent.parent
CACHE = REPO_ROOT / "content" / "cache" / "hint_sims.json"
GAME_MODEL = REPO_ROOT / "euchre_core" / "data" / "game_model.json"


def key_of_paragraph(chapter_id: str, index: int) -> str:
    """The ``hint`` key of a paragraph of Hoyle's Hints for Play (0-based index in its chapter)."""
    return f"hoyle:{chapter_id}:{index}"


def build_settings() -> tuple[int, int, int]:
    """(cap, seed, batch) of the site's simulations: at most ``cap`` layouts, checked every ``batch``."""
    build = json.loads(simulate._specs_text())["build"]
    return int(build["cap"]), int(build["seed"]), int(build["batch"])


def _load_cache() -> dict[str, Any]:
    """The cache file; its record of the engine's fingerprint for the current sources spares the
    build the parsing of the engine (:func:`euchre_core.search.simulate.engine_fingerprint`)."""
    doc: dict[str, Any] = (
        json.loads(CACHE.read_text(encoding="utf-8")) if CACHE.is_file() else {"about": "", "results": {}}
    )
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
    return bool(
        m
        and m.get("engine") == simulate.engine_fingerprint()
        and m.get("deals") == simulate.GAME_MODEL_DEALS
        and m.get("seed") == simulate.GAME_MODEL_SEED
    )


def stale_specs() -> list[str]:
    """The ids of the specs whose cached result is missing or was computed from other inputs."""
    samples, seed, batch = build_settings()
    engine = simulate.engine_fingerprint()
    results = _load_cache().get("results", {})
    stale = []
    for spec in simulate.load_specs():
        entry = results.get(spec["id"])
        if not entry or entry.get("hash") != simulate.spec_hash(spec, samples, seed, engine, batch):
            stale.append(spec["id"])
    return stale


def _run(spec: dict[str, Any]) -> tuple[str, dict[str, Any], float]:
    samples, seed, batch = build_settings()
    t0 = time.perf_counter()
    result = simulate.simulate_hint(spec, samples=samples, seed=seed, batch=batch, work=simulate.BUILD_WORK)
    return spec["id"], result, time.perf_counter() - t0


def refresh(write: bool = True, processes: int = 1, log: Any = None) -> dict[str, dict[str, Any]]:
    """Every spec's result (``{spec id: result}``): from the cache when current, else computed
    (with ``processes`` worker processes); the cache and the game model are written back when
    something was recomputed and ``write`` is true."""
    samples, seed, batch = build_settings()
    doc = _load_cache()
    if not game_model_current():
        model = simulate.game_model(simulate.GAME_MODEL_DEALS, simulate.GAME_MODEL_SEED)
        if write:
            GAME_MODEL.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
        simulate._default_win_table.cache_clear()
    results = doc.setdefault("results", {})
    specs = simulate.load_specs()
    engine = simulate.engine_fingerprint()
    todo = [
        s
        for s in specs
        if (results.get(s["id"]) or {}).get("hash") != simulate.spec_hash(s, samples, seed, engine, batch)
    ]
    if todo:
        if processes > 1:
            import multiprocessing

            with multiprocessing.Pool(processes) as pool:  # one spec at a time: their costs differ
                done = list(pool.imap_unordered(_run, todo, chunksize=1))
        else:
            done = [_run(s) for s in todo]
        for spec_id, result, secs in done:
            spec = next(s for s in specs if s["id"] == spec_id)
            results[spec_id] = {"hash": simulate.spec_hash(spec, samples, seed, engine, batch), "result": result}
            if log:
                log(
                    f"hint simulation {spec_id}: {result['samples']} layouts, {result['summary']['verdict']}, "
                    f"{secs:.1f} s"
                )
    known = {s["id"] for s in specs}
    for k in [k for k in results if k not in known]:
        del results[k]
    doc["about"] = (
        "Cached results of euchre_core.search.simulate.simulate_hint for every spec of "
        "euchre_core/data/hint_tests.json, each under the hash of its inputs (spec, cap, seed, batch, "
        "engine). Written by `python -m build_scripts.hint_sims` (or by the site build when stale)."
    )
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


def verdict_html(result: dict[str, Any]) -> str:
    """The verdict in words a player can quote (:func:`euchre_core.app.hint_words.verdict_words`): the
    figure in points a deal with its scale, in the chance of winning the game where the test names a
    score, its "likely between" and the deals played."""
    w = hint_words.verdict_words(result)
    if not w["verdict"]:
        return ""
    label, rest = w["sentence"].split(": ", 1) if w["sentence"].startswith(w["label"] + ": ") else ("", w["sentence"])
    return (
        f"<p class='hint-sim-verdict' data-verdict='{escape(w['verdict'])}'><strong>{escape(label)}</strong>"
        f"{': ' if label else ''}{escape(rest)}</p>"
    )


def model_sentence() -> str:
    """The model of the players not being tested, in one sentence (under every table)."""
    r = simulate.RULE
    return (
        f"The other players bid by a rule of thumb (right {r['right']:g}, left {r['left']:g}, ace of trumps "
        f"{r['ace']:g}, king {r['king']:g}, queen {r['queen']:g}, other trumps {r['small']:g}, plain aces "
        f"{r['plain_ace']:g}, {r['void']:g} a void with two trumps; they make it at {r['threshold']:g}), never "
        "alone unless the test says so; a dealer who takes up discards by rule (the lowest card of his "
        "shortest plain suit, keeping aces); and both sides play double dummy."
    )


def model_markdown() -> str:
    """How the hints are put to the test: the model of the other players and the verdict rule
    (Markdown for the General Remarks; the figures are the engine's)."""
    r = simulate.RULE
    cap, seed, batch = build_settings()
    m = simulate.MARGIN
    looks = simulate.look_points(cap, batch)
    return (
        "Under a hint that names a concrete holding, a table puts it to the test: layouts of the unseen cards "
        "are dealt at random, consistent with what the player knows, and each is played out after the book's "
        "choice and after each alternative, with best play by both sides (*double dummy*: every hand seen, "
        "which flatters makers and defenders alike). The same model of the players who are not being tested "
        "is used in every test, bids, makes, discards, leads and plays alike:\n\n"
        f"- **Bids.** Each other player makes the trump if his hand is worth {r['threshold']:g} or more: "
        f"right bower {r['right']:g}, left bower {r['left']:g}, ace of trumps {r['ace']:g}, king "
        f"{r['king']:g}, queen {r['queen']:g}, any other trump {r['small']:g}, each plain ace "
        f"{r['plain_ace']:g}, and {r['void']:g} for each plain suit void when holding two trumps or more. In "
        "the first round the dealer counts the hand he would keep after taking up, and his partner counts "
        "the turn-up with his own hand; in the second round each makes his best suit. Nobody goes alone "
        "unless the test names a lone player. The layouts are drawn so that the players before the player "
        "passed, and the maker made the trump, by this rule.\n"
        "- **The dealer's discard.** A dealer who takes up (in the bid tests and in every lead and play after a "
        "first-round make) was dealt five cards and discards by rule: the lowest card of his shortest plain "
        "suit, keeping aces; a trump only if he holds nothing else.\n"
        "- **Defence and play.** Both sides play every card perfectly with all the hands seen.\n"
        "- **A pass** is valued two ways: as if the deal were thrown in (0), and with the bidding going on "
        "by the rule (if all pass, 0).\n\n"
        f"**The verdict.** Layouts are drawn at random, always in the same order (so anyone can draw them "
        f"again), and the test looks at its verdict after {batch:,}, {2 * batch:,}, {3 * batch:,}, "
        f"{4 * batch:,}, {6 * batch:,}, … deals ({len(looks)} looks at most, up to {cap:,} deals). The figure is "
        "the book's choice minus the best other choice, in points a deal (the other side's points counted "
        "against), or, when the hint names a score, in the chance of winning the game. The test stops at the "
        "first look where one of these holds: *the book's choice is better* (the whole range of the difference "
        f"lies above the margin that matters: more than ± {m['points']:g} points a deal, about "
        f"{hint_words.euchre_scale(m['points'])[6:]}, or more than ± {m['win']:g} in 100 of the chance of winning "
        "the game), "
        "*the book's choice is worse* (the whole range below minus the margin), or *no difference that matters* "
        "(the whole range within the margin). The three do not overlap, so no test can be settled one way by "
        "one draw of the layouts and another way by another: a book's choice that gains less than the margin "
        "is *no difference that matters*, however sure the gain. Only a difference within a few hundredths of "
        "the margin can be settled by one draw and left open by another. A test still open after "
        f"{cap:,} deals is *borderline*, and its range is shown. Two choices that score the same in every deal "
        "are reported as *cannot tell these apart*. "
        f"{hint_words.interval_convention()} (the chance of any wrong verdict on the page is at most "
        f"{100 * simulate.FAMILY_ERROR:.0f}%: a Bonferroni correction over the {len(simulate.load_specs())} tests "
        f"and the {len(looks)} looks of each, with the normal approximation). Points a deal are given with a "
        "scale: a euchre is two points, so 0.20 points a deal is about one euchre in 10 deals."
    )


_CODES = re.compile(r"\b(?:[789TJQKA][CDHS] ?)+\b")


def cards_in_text(text: str) -> str:
    """Plain text (escaped) with its card codes drawn as cards (issue 12: no raw "JC TC 9C" for a reader).

    >>> cards_in_text("9H turned")
    '<span class="holding"><span class="card red" role="img" aria-label="9 of hearts">9♥</span></span> turned'
    """
    out, pos = [], 0
    for m in _CODES.finditer(text):
        out.append(escape(text[pos : m.start()]))
        cards = m.group(0).split()
        out.append(
            '<span class="holding">'
            + " ".join(card_html(c) for c in cards)
            + "</span>"
            + (" " if m.group(0).endswith(" ") else "")
        )
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


def token_legend() -> dict[str, str]:
    """Every hand token of the simulations in words (:func:`euchre_core.search.simulate.token_words`), for
    the reader's own run: the box reads the holding typed back in words (hint-rerun.mjs).

    >>> token_legend()["n1"], token_legend()["At"]
    ('a card of suit 1 below the ace', 'the ace of trumps')
    """
    tokens = ["R", "L", *[f"{r}t" for r in "AKQT987"], "s", "st", "m", "mt", "t", "x", "a", "n"]
    tokens += [f"{r}{g}" for g in "123N" for r in "AKQJT987xn"]
    out = {}
    for tok in tokens:
        try:
            out[tok] = simulate.token_words(tok)
        except Exception:  # noqa: BLE001 (a form the engine does not take is simply left out)
            continue
    return out


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
            z = simulate.interval_z()
            cls = "sim-better" if d - z * se > 0 else "sim-worse" if d + z * se < 0 else ""
            vs = (
                f"<span class='{cls}'>{cmp['better']:.0f}% / {cmp['same']:.0f}% / {cmp['worse']:.0f}%</span>"
                f" <span class='visually-hidden'>of the layouts</span>"
            )
        else:
            vs = "—"
        tricks = "—" if o["tricks"] is None else f"{o['tricks']:.2f}"
        made = "—" if o["made"] is None else f"{o['made']:.0f}%"
        values = [_signed(o["points"]), tricks, made, vs] + [f"{w:.0f}%" for w in o["win"]]
        # each cell names its column (data-label): on a phone the rows are set one under the other
        cells = [f"<th scope='row'>{label}</th>"]
        cells += [f'<td data-label="{escape(h)}">{v}</td>' for h, v in zip(head[1:], values, strict=True)]
        tr = "<tr class='advised'>" if advised else "<tr>"
        rows.append(f"{tr}{''.join(cells)}</tr>")
    s = result["summary"]
    cap = result.get("cap")
    if not cap:
        until = ""
    elif s.get("settled"):
        until = f", drawn until the verdict was settled, at most {cap:,}"
    else:  # borderline: the run went to the cap without settling
        until = f", the most a test draws: the verdict did not settle within {cap:,}"
    drawn = f"{result['samples']:,} deals (random draw no. {result['seed']}{until})"
    note = (
        f"Double dummy (every hand seen), {drawn}. "
        f"The book's choice averages {_signed(s['advised_points'])} points a deal for the player's side "
        f"(the other side's points counted against it)"
    )
    if s.get("best_other") and s.get("basis", "points") == "points":
        best = next(o for o in result["options"] if o["option"] == s["best_other"])
        note += f"; the best other choice, {escape(best['label'])}, {_signed(s['best_other_points'])}"
    elif s.get("best_other"):
        best = next(o for o in result["options"] if o["option"] == s["best_other"])
        adv = result["options"][0]
        note += (
            f". At the score the hint names ({_score_words(scores[0])}) what counts is the game: the book's "
            f"choice wins it {adv['win'][0]:.1f} times in 100, the best other choice, {escape(best['label'])}, "
            f"{best['win'][0]:.1f}"
        )
    note += (
        f". The book's choice scores at least as much as every other one compared in "
        f"{s['advised_at_least_as_good_pct']:.0f}% of the layouts. " + model_sentence()
    )
    if scores:
        note += (
            " The chance of winning the game assumes the later deals go as in random deals bid by the same "
            "rule of thumb and played double dummy."
        )
    caption = cards_in_text(str(result.get("label") or result.get("id") or ""))
    tips = {
        "Points": "average points a deal for the player's side, the other side's counted against it",
        "Tricks": "average tricks of the player's side",
        "Made": "how often the makers make their point",
        "Book's choice better / same / worse": "in how many layouts the book's choice scores more, the same, "
        "or less than this option",
    }
    thead = "".join(
        f"<th scope='col' title=\"{escape(tips[h])}\">{h}</th>" if h in tips else f"<th scope='col'>{h}</th>"
        for h in head
    )
    return (
        f"<div class='hint-sim' data-search-exclude data-spec='{escape(str(result.get('id')))}'>"
        "<p class='ed hint-sim-label'>[This edition’s test of the hint, by the engine: not the book’s text.]</p>"
        f"<table tabindex='0'><caption>{caption}</caption><thead><tr>{thead}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>{verdict_html(result)}<p class='hint-sim-note'>{note}</p></div>"
    )


def tables_by_hint(results: dict[str, dict[str, Any]]) -> dict[str, str]:
    """The HTML of every tested hint (its specs' tables, in the file's order), by hint key."""
    out: dict[str, list[str]] = {}
    for spec in simulate.load_specs():
        r = results.get(spec["id"])
        if r is not None:
            out.setdefault(spec["hint"], []).append(table_html(r))
    return {k: "\n".join(v) for k, v in out.items()}


def rekey(verify: int, log: Any = print) -> bool:
    """Re-key the cache and the game model to the current engine without re-running every simulation, for a
    change of the engine's code that changes no figure (code moved between modules, an input check): the
    ``verify`` specs that draw the fewest layouts are run again under the current engine and must give the
    same result, to the last digit, as the cache holds; only then is every entry written under its new hash.
    Returns False (and writes nothing) when an entry was not current for the recorded engine or a figure
    differs: then the simulations must be run (``python -m build_scripts.hint_sims``)."""
    samples, seed, batch = build_settings()
    doc = _load_cache()
    model = simulate.stored_game_model()
    old = (model or {}).get("engine")  # the engine the figures were computed by (the model records it)
    results = doc.get("results", {})
    specs = simulate.load_specs()
    if not old or any(
        (results.get(s["id"]) or {}).get("hash") != simulate.spec_hash(s, samples, seed, old, batch) for s in specs
    ):
        log("the cache and the game model were not computed by one engine: run the simulations")
        return False
    for spec in sorted(specs, key=lambda s: results[s["id"]]["result"]["samples"])[:verify]:
        spec_id, result, secs = _run(spec)
        same = json.loads(json.dumps(result)) == results[spec_id]["result"]
        log(f"verified {spec_id} ({result['samples']} layouts, {secs:.1f} s): {'same' if same else 'DIFFERENT'}")
        if not same:
            return False
    engine = simulate.engine_fingerprint()
    for spec in specs:
        results[spec["id"]]["hash"] = simulate.spec_hash(spec, samples, seed, engine, batch)
    doc["engine"] = {"sources": simulate.engine_sources_hash(), "fingerprint": engine}
    CACHE.write_text(_dump(doc), encoding="utf-8")
    text = GAME_MODEL.read_text(encoding="utf-8")
    GAME_MODEL.write_text(text.replace(f'"engine": "{old}"', f'"engine": "{engine}"', 1), encoding="utf-8")
    log(f"re-keyed {len(specs)} simulations and the game model: engine {old} -> {engine}")
    return True


def main(argv: list[str] | None = None) -> int:
    """``python -m build_scripts.hint_sims [--check] [--processes N] [--rekey N]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "--rekey" in args:
        return 0 if rekey(int(args[args.index("--rekey") + 1])) else 1
    if "--check" in args:
        stale = stale_specs()
        current = game_model_current()
        print(
            f"{len(stale)} stale hint simulations{': ' + ', '.join(stale) if stale else ''}; "
            f"game model {'current' if current else 'stale'}"
        )
        return 1 if stale or not current else 0
    processes = int(args[args.index("--processes") + 1]) if "--processes" in args else 1
    t0 = time.perf_counter()
    results = refresh(write=True, processes=processes, log=print)
    print(f"{len(results)} hint simulations current ({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
