"""The shared types (Answer, Kind), the registry KINDS, and the laws a text cites."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

_LAW_RE = re.compile(r"\b[Ll]aws?\s+(\d+(?:(?:,\s*|\s+and\s+|\s*[–-]\s*)\d+)*)")


@dataclass
class Answer:
    """What the engine says: the accepted values (any one of them when ``mode`` is ``one``; the
    whole set when it is ``many``), the answer in words, why (citing laws and hints), and what
    it cites."""

    answers: list[str]
    text: str
    why: str
    mode: str = "one"
    hints: list[str] = field(default_factory=list)
    cases: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    detail: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (``laws`` are read from the text)."""
        return {
            "answers": list(self.answers),
            "mode": self.mode,
            "text": self.text,
            "why": self.why,
            "detail": list(self.detail),
            "laws": laws_cited(" ".join([self.text, self.why, *self.detail])),
            "hints": list(self.hints),
            "cases": list(self.cases),
            "terms": list(self.terms),
        }


@dataclass(frozen=True)
class Kind:
    """One kind of exercise: how a lesson entry becomes a spec, how it is asked, how it is answered,
    and (optionally) what to say about a wrong answer."""

    name: str
    make: Callable[[dict[str, Any]], dict[str, Any]]
    ask: Callable[[dict[str, Any]], dict[str, Any]]
    solve: Callable[[dict[str, Any]], Answer]
    wrong: Callable[[dict[str, Any], Any, Answer], str] | None = None


#: Every kind of exercise, lesson by lesson in the site's order: the package's ``__init__`` gathers
#: each lesson module's own table (its ``KINDS``) here.
KINDS: dict[str, Kind] = {}


def kind_registrar(table: dict[str, Kind]) -> Callable[..., Callable[[Any], Any]]:
    """A lesson module's decorator ``_kind(name, make=None, wrong=None)``, which adds a kind to the
    module's ``table``."""

    def _kind(
        name: str,
        make: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
        wrong: Callable[[dict[str, Any], Any, Answer], str] | None = None,
    ) -> Callable[[Any], Any]:
        """Register a kind: the decorated function answers it; ``ask`` is the function named ``_ask_<name>``
        of the same module."""

        def deco(fn: Callable[[dict[str, Any]], Answer]) -> Callable[[dict[str, Any]], Answer]:
            ask = fn.__globals__[f"_ask_{name}"]
            table[name] = Kind(name, make or (lambda e: e), ask, fn, wrong)
            return fn

        return deco

    return _kind


def laws_cited(text: str) -> list[int]:
    """The law numbers a text cites, in order.

    >>> laws_cited("Laws 74, 75 and 94; Law 62; Laws 2-3")
    [74, 75, 94, 62, 2, 3]
    """
    found: list[int] = []
    for m in _LAW_RE.finditer(text):
        nums = [int(x) for x in re.findall(r"\d+", m.group(1))]
        if len(nums) == 2 and re.search(r"\d\s*[–-]\s*\d", m.group(1)):
            nums = list(range(nums[0], nums[1] + 1))
        for n in nums:
            if 1 <= n <= 116 and n not in found:
                found.append(n)
    return found
