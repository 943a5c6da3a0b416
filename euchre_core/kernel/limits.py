"""Every bound on what a reader can send, in one table: the value each enforcing site reads.

The decoders (:mod:`euchre_core.kernel.decode`), the command line, the browser's entry point
(:func:`euchre_core.app.web.call`), the console, the Replay page's Python and its JavaScript
(``docs/javascripts/egn-replay.mjs``, checked by ``tests/test_boundary.py``) take their limits from
:data:`LIMITS`, and the table of docs/engine.md ("Bad input and the bounds") is
:func:`markdown_table`, word for word (``tests/test_boundary.py`` compares them, and prints the
table to paste when they differ). Standard library only (it runs under Pyodide).

>>> LIMITS["snippet"].value
20000
>>> limit("text")
1000000
>>> LIMITS["text"].shown
'1,000,000 bytes'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["Limit", "LIMITS", "limit", "markdown_table"]


@dataclass(frozen=True)
class Limit:
    """One bound: its value, the unit it is counted in, and what it bounds (Markdown, for the docs)."""

    value: int
    unit: str
    bounds: str

    @property
    def shown(self) -> str:
        """The value as the docs write it: ``1,000,000 bytes``."""
        return f"{self.value:,} {self.unit}".strip()


#: The bounds, by name, in the order of the docs' table.
LIMITS: Mapping[str, Limit] = MappingProxyType(
    {
        "text": Limit(
            1_000_000,
            "bytes",
            "a file (`replay`, `rule`, `solve`; reading stops there: `/dev/zero` is refused at once), an EGN "
            "record (the Replay page: a file, a paste, the record a link carries once inflated), a JSON "
            "argument (counted in characters)",
        ),
        "link": Limit(
            200_000,
            "characters",
            "the record a Replay link carries (`#egn=`, deflated, base64url): a longer link is refused before "
            "it is decoded, and the page makes none longer",
        ),
        "depth": Limit(32, "levels", "JSON nesting (checked before parsing: no recursion)"),
        "string": Limit(
            10_000,
            "characters",
            "one string of a JSON document (a console snippet and an EGN record have their own: `snippet`, `text`)",
        ),
        "items": Limit(10_000, "items", "one list or object of a JSON document"),
        "nodes": Limit(200_000, "values", "all values of one JSON document"),
        "excerpt": Limit(40, "characters", "of a bad value echoed in an error"),
        "seed": Limit(
            2**63 - 1,
            "(2⁶³ − 1)",
            'the largest seed (`--seed`, `"seed"`): whole numbers from 0 (negative seeds and `true` refused)',
        ),
        "log": Limit(5_000, "entries", "a deal's log, a scenario's or a sandbox's events"),
        "log_entry": Limit(80, "characters", "one entry of a deal's log"),
        "event": Limit(200, "characters", "one event of a scenario or a sandbox"),
        "rules_name": Limit(40, "characters", 'a rule set\'s name (`--rules`, `"rules"`)'),
        "case_id": Limit(
            12, "characters", "a case id (only the shipped cases, `I`–`IX` or their numbers: never a path)"
        ),
        "replay_deals": Limit(1_000, "deals", "`replay`: the deals of one file (from 1)"),
        "bench_games": Limit(200_000, "deals", "`bench --games` (from 1)"),
        "name": Limit(40, "characters", "a player's name (`table`, the table sandbox), from 1"),
        "candidates": Limit(32, "names", "the table sandbox: candidates or consenting players of one op"),
        "sandbox_ops": Limit(200, "ops", "the table sandbox: its ops"),
        "sandbox_tables": Limit(6, "tables", "the table sandbox: tables of its club"),
        "table_actions": Limit(5_000, "actions", "the play table (Learn): a record's actions"),
        "answer": Limit(40, "characters", "an exercise's answer (each value)"),
        "reader_cards": Limit(20, "cards", "a case's what-if line: the reader's cards"),
        "strength": Limit(1_000, "samples", "the engine player's strength, as a number of samples"),
        "samples": Limit(
            51_200, "layouts", "`simulate_hint`: `samples` (from 1); what a call costs is bounded by `work`"
        ),
        "samples_page": Limit(
            400,
            "layouts",
            "`simulate_hint` through the page (`web.call`): the site's tests do at most about 1.6 million units of "
            "`work` in 400 layouts (about 5 s of CPU); a spec whose layouts are rare spends the 100,000 draws "
            "400 layouts may make: measured, at most about 10 s of CPU",
        ),
        "draws": Limit(
            6_000_000,
            "draws",
            "`simulate_hint`: layouts drawn in one call, kept or thrown back (at most 250 a layout asked); a "
            "spec whose first 2,000 draws show its layouts too rare for that is refused at once",
        ),
        "work": Limit(
            16_000_000,
            "units",
            "`simulate_hint`: one call's work unless it asks for more (`work`, up to 200,000,000, what the site's "
            "build asks: its heaviest test does about 136 million): the solver's nodes, 40 a deal solved, 40 a "
            "layout drawn, 150 a layout kept, counted as it goes; past it the call is refused (`samples`). "
            "Measured at the bound (`benchmarks/bench_simulate.py --worst`, CPython 3.11, a shared machine): at most "
            "about 45 s of CPU",
        ),
        "digits": Limit(30, "digits", "a whole number written as text (a seed, a count): counted before conversion"),
        "egn_branches": Limit(200, "branches", "the Replay page's export: the reader's branches"),
        "snippet": Limit(
            20_000, "characters", "the console (`run_snippet`): one snippet, directly or through the page"
        ),
        "output": Limit(20_000, "characters", "the console: a snippet's output kept (the rest is counted, not shown)"),
    }
)


def limit(name: str) -> int:
    """The value of one bound of :data:`LIMITS` (a ``KeyError`` names a bound that does not exist)."""
    return LIMITS[name].value


def markdown_table() -> str:
    """The docs' table of the bounds (docs/engine.md, "Bad input and the bounds"), one row a bound."""
    rows = ["| Bound | Limit | What it bounds |", "|---|---|---|"]
    rows += [f"| `{name}` | {lim.shown} | {lim.bounds} |" for name, lim in LIMITS.items()]
    return "\n".join(rows) + "\n"
