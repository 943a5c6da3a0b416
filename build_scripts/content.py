"""Load and validate the book transcribed as data in ``content/``.

The four files are described in ``content/README.md``:

* ``laws.yaml``   -- the 116 numbered laws in the book's 20 sections,
* ``terms.yaml``  -- the Technical Terms,
* ``hints.yaml``  -- the General Remarks (introduction and hints by position),
* ``errata.yaml`` -- every reading decided between the transcriptions.

``load_laws()``, ``load_terms()``, ``load_hints()`` and ``load_errata()`` return the
documents as plain dicts/lists (``yaml.safe_load``). ``validate_all()`` checks each file
against its JSON Schema (``schemas/``, :mod:`build_scripts.schemas`: the file, the path and
the rule broken), then the cross references a schema cannot express, and returns the
problems; an empty list means the content is valid. Paths are resolved from the repository root (the parent of
``build_scripts/``), so the module works from any working directory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, cast

import yaml

from build_scripts import load_yaml, schemas

REPO_ROOT = Path(__file__).resolve().parent.parent
CONTENT_DIR = REPO_ROOT / "content"

LAW_COUNT = 116
ETIQUETTE_LAWS = tuple(range(106, 117))
CASE_REFS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
TEXT_REFS_FIXED = ("all", "laws", "terms", "hints", "intro", "preface")
CODE_REFS = ("hoyle", "washington1877")


def _load(name: str) -> dict[str, Any]:
    with (CONTENT_DIR / name).open(encoding="utf-8") as handle:
        return cast(dict[str, Any], load_yaml(handle))  # YAML, untyped: each content file is a mapping


def load_laws() -> dict[str, Any]:
    """Return ``content/laws.yaml``: ``{"sections": [{id, heading, part, laws}, ...]}``."""
    return _load("laws.yaml")


def load_terms() -> dict[str, Any]:
    """Return ``content/terms.yaml``: ``{"terms": [{id, names, definition}, ...]}``."""
    return _load("terms.yaml")


def load_hints() -> dict[str, Any]:
    """Return ``content/hints.yaml``: ``{"intro": [...], "positions": [...]}``."""
    return _load("hints.yaml")


def load_preface() -> dict[str, Any]:
    """Return ``content/preface.yaml``: ``{"heading", "paragraphs", "italics"}`` (the book's Preface)."""
    return _load("preface.yaml")


def load_errata() -> dict[str, Any]:
    """Return ``content/errata.yaml``: ``{"errata": [{id, where, sources, chosen, why}, ...]}``."""
    return _load("errata.yaml")


def iter_laws(laws: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Yield the laws of a loaded ``laws.yaml`` in book order."""
    for section in laws.get("sections") or []:
        if isinstance(section, dict):
            for law in section.get("laws") or []:
                if isinstance(law, dict):
                    yield law


def iter_hints(hints: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Yield the hints of a loaded ``hints.yaml`` in book order."""
    for position in hints.get("positions") or []:
        if isinstance(position, dict):
            for hint in position.get("hints") or []:
                if isinstance(hint, dict):
                    yield hint


# --------------------------------------------------------------------------- checks a schema cannot express
# The structure of each file (keys, types, text form, slugs, cards, law numbers 1-116) is in its JSON
# Schema (schemas/*.schema.json, build_scripts.schemas); what follows are the few rules that span
# several items or files.


def _duplicates(values: Iterable[Any]) -> list[Any]:
    seen: set[Any] = set()
    dups: list[Any] = []
    for value in values:
        if value in seen and value not in dups:
            dups.append(value)
        seen.add(value)
    return dups


def _unique(values: Iterable[Any], what: str, where: str) -> list[str]:
    return [f"{where}: {what} {dup!r} is not unique" for dup in _duplicates(values)]


def law_numbering_problems(laws: dict[str, Any]) -> list[str]:
    """Laws 1-116, each once, in order; 106-116 (and only they) in the etiquette part; refs point elsewhere."""
    problems: list[str] = []
    numbers: list[int] = []
    for section in laws["sections"]:
        for law in section["laws"]:
            number = law["number"]
            numbers.append(number)
            if (section["part"] == "etiquette") != (number in ETIQUETTE_LAWS):
                problems.append(f"law {number}: laws 106-116, and only they, belong to the etiquette part")
            for key in ("refs", "refs_implicit"):
                for ref in law.get(key) or []:
                    if ref == number:
                        problems.append(f"law {number}: {key} cites the law itself")
    problems += _unique([s["id"] for s in laws["sections"]], "section id", "laws.yaml")
    problems += [f"laws.yaml: law {dup} appears more than once" for dup in _duplicates(numbers)]
    expected = list(range(1, LAW_COUNT + 1))
    missing = sorted(set(expected) - set(numbers))
    if missing:
        problems.append(f"laws.yaml: missing law number(s) {missing}")
    elif numbers != expected and not _duplicates(numbers):
        problems.append("laws.yaml: laws are not in numerical order")
    return problems


def term_name_problems(terms: dict[str, Any]) -> list[str]:
    """Term ids unique; no name given to two terms; a term's ``head`` (the words before the dash as
    printed) prints every name as “Name,”."""
    names = [n.lower() for t in terms["terms"] for n in t["names"]]
    problems = _unique([t["id"] for t in terms["terms"]], "term id", "terms.yaml") + [
        f"terms.yaml: name {dup!r} is given to more than one term" for dup in _duplicates(names)
    ]
    for term in terms["terms"]:
        head = term.get("head")
        missing = [n for n in term["names"] if head is not None and f"“{n},”" not in head]
        if missing:
            problems.append(f"term {term['id']}: head {head!r} does not print the name(s) {missing} as “Name,”")
    return problems


def preface_problems(preface: dict[str, Any]) -> list[str]:
    """Every word set in italics is in a paragraph of the Preface."""
    text = " ".join(preface["paragraphs"])
    return [
        f"preface.yaml: italics {word!r} is not in any paragraph"
        for word in preface.get("italics") or []
        if word not in text
    ]


def hint_list_problems(hints: dict[str, Any]) -> list[str]:
    """Hint ids and positions unique; a list item's text is its lead-in and the item."""
    problems = _unique([p["id"] for p in hints["positions"]], "position", "hints.yaml")
    problems += _unique([h["id"] for h in iter_hints(hints)], "hint id", "hints.yaml")
    for hint in iter_hints(hints):
        if "lead" in hint and hint["text"] != f"{hint['lead']} {hint['item']}":
            problems.append(f"hint {hint['id']}: text must be lead + ' ' + item")
        if hint.get("list_start") is not None and "lead" not in hint:
            problems.append(f"hint {hint['id']}: list_start (the lead-in printed again) must be on a list item")
    return problems


def _text_refs(laws: Any, hints: Any) -> set[str]:
    refs = set(TEXT_REFS_FIXED)
    if isinstance(laws, dict):
        refs.update(s["id"] for s in laws.get("sections") or [] if isinstance(s, dict) and isinstance(s.get("id"), str))
    if isinstance(hints, dict):
        refs.update(
            p["id"] for p in hints.get("positions") or [] if isinstance(p, dict) and isinstance(p.get("id"), str)
        )
        refs.update(f"intro-{i + 1}" for i in range(len(hints.get("intro") or [])))
    return refs


def errata_reference_problems(
    errata: dict[str, Any], laws: Any = None, terms: Any = None, hints: Any = None
) -> list[str]:
    """Every erratum's ``where.ref`` names a law, term, hint, case or text that exists; ids unique."""
    problems = _unique([e["id"] for e in errata["errata"]], "id", "errata.yaml")
    law_numbers = {law.get("number") for law in iter_laws(laws)} if isinstance(laws, dict) else set()
    term_ids = {t.get("id") for t in (terms or {}).get("terms") or [] if isinstance(t, dict)}
    hint_ids = {h.get("id") for h in iter_hints(hints)} if isinstance(hints, dict) else set()
    text_refs = _text_refs(laws, hints)
    for entry in errata["errata"]:
        kind, ref = entry["where"]["kind"], entry["where"]["ref"]
        where = f"erratum {entry['id']}"
        if kind == "law" and ref not in law_numbers:
            problems.append(f"{where}: where.ref {ref!r} is not a law number")
        elif kind == "term" and ref not in term_ids:
            problems.append(f"{where}: where.ref {ref!r} is not a term id")
        elif kind == "hint" and ref not in hint_ids:
            problems.append(f"{where}: where.ref {ref!r} is not a hint id")
        elif kind == "case" and str(ref) not in CASE_REFS and not (isinstance(ref, int) and 1 <= ref <= len(CASE_REFS)):
            problems.append(f"{where}: where.ref {ref!r} is not a case (I-IX)")
        elif kind == "code" and ref not in CODE_REFS:
            problems.append(f"{where}: where.ref {ref!r} is not one of the other codes {CODE_REFS}")
        elif kind == "text" and ref not in text_refs:
            problems.append(f"{where}: where.ref {ref!r} is not a section, position, intro-N or {TEXT_REFS_FIXED}")
    return problems


# --------------------------------------------------------------------------- validators: schema, then the checks


def _schema_then(found: list[str], check: Callable[..., list[str]], *args: Any) -> list[str]:
    """The schema's problems, then the cross checks; where the structure is too broken for a cross
    check to read (a missing key, a wrong type), the schema has already said why."""
    try:
        return found + check(*args)
    except (KeyError, TypeError, AttributeError):
        if not found:
            raise
        return found


def validate_laws(laws: Any) -> list[str]:
    """``laws.yaml``: its schema, then :func:`law_numbering_problems`."""
    return _schema_then(schemas.problems("laws", laws, "laws.yaml"), law_numbering_problems, laws)


def validate_terms(terms: Any) -> list[str]:
    """``terms.yaml``: its schema, then :func:`term_name_problems`."""
    return _schema_then(schemas.problems("terms", terms, "terms.yaml"), term_name_problems, terms)


def validate_hints(hints: Any) -> list[str]:
    """``hints.yaml``: its schema, then :func:`hint_list_problems`."""
    return _schema_then(schemas.problems("hints", hints, "hints.yaml"), hint_list_problems, hints)


def validate_preface(preface: Any) -> list[str]:
    """``preface.yaml``: its schema, then :func:`preface_problems`.

    >>> validate_preface({"heading": "Preface", "paragraphs": []})
    ['preface.yaml: paragraphs: [] should be non-empty']
    """
    return _schema_then(schemas.problems("preface", preface, "preface.yaml"), preface_problems, preface)


def validate_errata(errata: Any, laws: Any = None, terms: Any = None, hints: Any = None) -> list[str]:
    """``errata.yaml``: its schema, then :func:`errata_reference_problems` against the other files."""
    return _schema_then(
        schemas.problems("errata", errata, "errata.yaml"), errata_reference_problems, errata, laws, terms, hints
    )


_VALIDATED = (
    ("laws", load_laws),
    ("terms", load_terms),
    ("hints", load_hints),
    ("errata", load_errata),
    ("preface", load_preface),
)
VALIDATED_FILES = tuple(f"{name}.yaml" for name, _ in _VALIDATED)
"""The files :func:`validate_all` reads (in ``content/``)."""


def validate_all() -> list[str]:
    """Load and validate every content file; return the problems found (empty = valid)."""
    problems: list[str] = []
    loaded: dict[str, Any] = {}
    for name, loader in _VALIDATED:
        try:
            loaded[name] = loader()
        except (OSError, yaml.YAMLError) as error:
            problems.append(f"{name}.yaml: cannot be read: {error}")
            loaded[name] = None
    if loaded["laws"] is not None:
        problems += validate_laws(loaded["laws"])
    if loaded["terms"] is not None:
        problems += validate_terms(loaded["terms"])
    if loaded["hints"] is not None:
        problems += validate_hints(loaded["hints"])
    if loaded["errata"] is not None:
        problems += validate_errata(loaded["errata"], loaded["laws"], loaded["terms"], loaded["hints"])
    if loaded["preface"] is not None:
        problems += validate_preface(loaded["preface"])
    # the other codes, the concordance, the lessons, the cases and the engine's data files
    return problems + schemas.validate_all(names=tuple(n for n in schemas.FILES if n not in CHECKED_HERE))


CHECKED_HERE = ("laws", "terms", "hints", "errata", "preface")


if __name__ == "__main__":  # pragma: no cover - convenience for the command line
    found = validate_all()
    print("\n".join(found) if found else "content: valid")
    raise SystemExit(1 if found else 0)
