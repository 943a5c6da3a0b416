"""The boundary's one way in: typed decoders with limits for everything a reader can send.

Every value that comes from outside the engine (a file, a command-line argument, a JSON
argument of a function the browser calls) goes through these decoders. Each gives back the
engine's value, or raises one :class:`~euchre_core.kernel.errors.InputError` whose ``field``
is the path of the bad value (``hands.B[3]``, ``events[12]``) and whose message echoes at most
a short excerpt of it. Below this layer the engine may assume valid values.

It lives in the kernel (the lowest layer) so that the kernel's own entry points
(:meth:`Deal.replay <euchre_core.kernel.deal.Deal.replay>`) can use it as well as the formats,
the search and the app. Standard library only (it runs under Pyodide).

>>> seat("B", "dealer")
1
>>> seat("BC", "dealer")
Traceback (most recent call last):
...
euchre_core.kernel.errors.InputError: dealer: no seat 'BC' (choose from A, B, C, D)
>>> integer(True, "seed", 0, 10)
Traceback (most recent call last):
...
euchre_core.kernel.errors.InputError: seed: a whole number is expected, not a bool (True)
>>> loads('{"a": [1, 2]}', "FILE")
{'a': [1, 2]}
>>> loads("[" * 100 + "]" * 100, "FILE")
Traceback (most recent call last):
...
euchre_core.kernel.errors.InputError: FILE: nested more than 32 deep
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, Literal, overload

from .cards import Card, CardError
from .errors import InputError
from .limits import limit

__all__ = [
    "MAX_TEXT_BYTES",
    "MAX_DEPTH",
    "MAX_STRING",
    "MAX_ITEMS",
    "MAX_NODES",
    "MAX_SEED",
    "MAX_LOG",
    "EXCERPT",
    "excerpt",
    "loads",
    "check_tree",
    "seat",
    "seat_name",
    "integer",
    "integer_text",
    "MAX_DIGITS",
    "seed",
    "text",
    "choice",
    "array",
    "mapping",
    "card",
    "cards",
    "boolean",
    "field",
    "read_text",
    "load_json_file",
    "over_utf8_bytes",
]

SEATS = "ABCD"

# the values are those of the one table of bounds, euchre_core.kernel.limits.LIMITS
MAX_TEXT_BYTES = limit("text")  # a file or a JSON argument: 1 MB of text
MAX_DEPTH = limit("depth")  # JSON nesting (the deepest of our formats uses 5)
MAX_STRING = limit("string")  # characters in one string (a snippet for the console has its own bound)
MAX_ITEMS = limit("items")  # elements of one list or members of one object
MAX_NODES = limit("nodes")  # values in one JSON document
MAX_SEED = limit("seed")  # seeds: 0 to 2**63 - 1 (negative seeds and booleans refused)
MAX_LOG = limit("log")  # entries of a deal's log or a scenario's events
EXCERPT = limit("excerpt")  # characters of a bad value echoed in an error


def excerpt(value: Any) -> str:
    """A short ``repr`` of a bad value for an error message (at most ``EXCERPT`` characters).

    >>> excerpt("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    >>> excerpt(10**40)
    'an integer of 41 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**EXCERPT:
        return f"an integer of {_digits(value)} digits"
    if isinstance(value, str):
        r = repr(value[: EXCERPT + 1])
    elif isinstance(value, (list, tuple, dict, set)):
        r = f"a {type(value).__name__} of {len(value)}"
    elif value is None or isinstance(value, (bool, int, float)):
        r = repr(value)
    else:
        r = f"a {type(value).__name__}"
    return r if len(r) <= EXCERPT else r[: EXCERPT - 1] + "…"


def _digits(value: int) -> int:
    """The decimal digits of ``value``, without converting it to text (Python refuses to convert more
    than 4,300 digits: ``sys.get_int_max_str_digits``).

    >>> _digits(10**40), _digits(-(10**40) + 1), _digits(10**5000)
    (41, 40, 5001)
    """
    v = abs(value)
    n = max(1, (v.bit_length() * 30103) // 100000)  # log10(2) = 0.30103: n is never more than the digits
    if v >= 10**n:
        n += 1
    return n


MAX_DIGITS = limit("digits")  # a number given as text: at most 30 digits (every bound of the engine is below 10**20)


def integer_text(value: Any, path: str, lo: int, hi: int, *, signed: bool = True) -> int:
    """A whole number written as decimal text (a command-line argument, a word of an event), from ``lo``
    to ``hi``. The one reader of numbers written as text: only the ASCII digits 0-9 are digits (``int`` and
    ``str.isdigit`` also take "²" or "٣"); every digit is counted, leading zeros too, before anything is
    converted, so no length of text escapes as Python's own ``ValueError`` (its limit of 4,300 digits).
    ``signed=False``: digits only, no ``+`` or ``-``.

    >>> integer_text(" 12", "cut", 0, 32)
    12
    >>> integer_text("9" * 5000, "seed", 0, 2**63 - 1)
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: seed: a number of 5000 digits is out of range (0 to 9223372036854775807)
    >>> integer_text("12x", "cut", 0, 32)
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: cut: not a whole number: '12x'
    >>> integer_text("\u0663", "holds", 0, 32)
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: holds: not a whole number: '٣'
    >>> integer_text("0" * 40 + "1", "cut", 0, 32)
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: cut: a number of 41 digits is out of range (0 to 32)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return integer(value, path, lo, hi)
    if not isinstance(value, str):
        raise InputError(f"a whole number is expected, not {_kind(value)} ({excerpt(value)})", path)
    t = value.strip()
    digits = t[1:] if signed and t[:1] in "+-" else t
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise InputError(f"not a whole number: {excerpt(value)}", path)
    if len(digits) > MAX_DIGITS:  # leading zeros counted: a huge text is refused before any conversion
        raise InputError(f"a number of {len(digits)} digits is out of range ({lo} to {hi})", path)
    return integer(int(t), path, lo, hi)


def _kind(value: Any) -> str:
    names = {
        bool: "a bool",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        tuple: "a list",
        dict: "an object",
        type(None): "null",
    }
    return names.get(type(value), f"a {type(value).__name__}")


def field(path: str, key: str | int) -> str:
    """The path of a member or element: ``field("hands", "B")`` is ``hands.B``, ``field("log", 3)`` ``log[3]``.

    >>> field(field("hands", "B"), 3)
    'hands.B[3]'
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


# --------------------------------------------------------------------------- JSON text


def _depth_scan(text: str, path: str, max_depth: int) -> None:
    """Refuse text nested deeper than ``max_depth`` before the parser recurses into it (linear time)."""
    depth = 0
    in_string = False
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                raise InputError(f"nested more than {max_depth} deep", path)
        elif ch in "]}":
            depth -= 1


def loads(
    text: Any,
    path: str = "FILE",
    *,
    max_bytes: int = MAX_TEXT_BYTES,
    max_depth: int = MAX_DEPTH,
    max_string: int = MAX_STRING,
) -> Any:
    """Parse JSON text within the limits (size, nesting, string length, list length, value count)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("not UTF-8 text", path) from None
    if not isinstance(text, str):
        raise InputError(f"JSON text is expected, not {_kind(text)}", path)
    if len(text) > max_bytes:
        raise InputError(f"{len(text)} characters: at most {max_bytes} are read", path)
    _depth_scan(text, path, max_depth)
    try:
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError:
            raise
        except ValueError:  # Python's limit of 4,300 digits for a number written as text: read again, to name it
            data = json.loads(text, parse_constant=_no_constant, parse_int=_parse_int)
    except json.JSONDecodeError as e:
        raise InputError(f"not JSON: {e.msg} at line {e.lineno}", path) from None
    except RecursionError:  # pragma: no cover (the scan above refuses the nesting first)
        raise InputError(f"nested more than {max_depth} deep", path) from None
    check_tree(data, path, max_depth=max_depth, max_string=max_string, top=True)
    return data


class _Huge:
    """A number written with more digits than any bound of the engine: kept aside so that
    :func:`check_tree` refuses it with its path (Python cannot convert more than 4,300 digits)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _parse_int(text: str) -> int | _Huge:
    digits = len(text.lstrip("-"))
    return _Huge(digits) if digits > MAX_DIGITS else int(text)


def _no_constant(name: str) -> Any:
    raise InputError(f"{name} is not a JSON number", "FILE")


def _walk(value: Any, path: str, depth: int) -> Iterator[tuple[Any, str, int]]:
    stack = [(value, path, depth)]
    while stack:
        v, p, d = stack.pop()
        yield v, p, d
        if isinstance(v, dict):
            stack.extend((x, field(p, str(k)[:EXCERPT]), d + 1) for k, x in v.items())
        elif isinstance(v, (list, tuple)):
            stack.extend((x, field(p, i), d + 1) for i, x in enumerate(v))


def check_tree(
    value: Any,
    path: str,
    *,
    max_depth: int = MAX_DEPTH,
    max_items: int = MAX_ITEMS,
    max_string: int = MAX_STRING,
    max_nodes: int = MAX_NODES,
    top: bool = False,
) -> None:
    """Refuse a JSON-like value over the limits, or holding anything but JSON's types (iterative:
    no recursion, so no depth can overflow the stack). ``top``: the value is a whole document whose
    members are named from the top (``hands.B[3]``, not ``scenario.hands.B[3]``); ``path`` names the
    document itself.

    >>> check_tree({"a": [[[1]]]}, "x", max_depth=2)
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: x.a[0]: nested more than 2 deep
    """
    nodes = 0
    for v, p, d in _walk(value, "" if top else path, 0):
        p = p or path
        nodes += 1
        if nodes > max_nodes:
            raise InputError(f"more than {max_nodes} values", path)
        if isinstance(v, (dict, list, tuple)):
            if d >= max_depth:
                raise InputError(f"nested more than {max_depth} deep", p)
            if len(v) > max_items:
                raise InputError(f"{len(v)} items: at most {max_items}", p)
            if isinstance(v, dict):
                for k in v:
                    if not isinstance(k, str):
                        raise InputError(f"keys are strings, not {_kind(k)}", p)
                    if len(k) > max_string:
                        raise InputError(f"a key of {len(k)} characters: at most {max_string}", p)
        elif isinstance(v, str):
            if len(v) > max_string:
                raise InputError(f"{len(v)} characters: at most {max_string}", p)
        elif isinstance(v, float):
            if v != v or v in (float("inf"), float("-inf")):
                raise InputError(f"{v} is not a JSON number", p)
        elif isinstance(v, _Huge):
            raise InputError(f"a number of {v.digits} digits: out of range", p)
        elif isinstance(v, int) and not isinstance(v, bool):
            if abs(v) > 2**64:
                raise InputError(f"{excerpt(v)}: out of range", p)
        elif v is not None and not isinstance(v, bool):
            raise InputError(f"{_kind(v)} is not a JSON value", p)


# --------------------------------------------------------------------------- scalars


def integer(value: Any, path: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi`` (booleans and floats refused).

    >>> integer(3, "step", 0, 20)
    3
    >>> integer(21, "step", 0, 20)
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: step: 21 is out of range (0 to 20)
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"a whole number is expected, not {_kind(value)} ({excerpt(value)})", path)
    if not lo <= value <= hi:
        raise InputError(f"{excerpt(value)} is out of range ({lo} to {hi})", path)
    return int(value)


@overload
def seed(value: Any, path: str = ..., *, optional: Literal[False] = ...) -> int: ...


@overload
def seed(value: Any, path: str = ..., *, optional: bool) -> int | None: ...


def seed(value: Any, path: str = "seed", *, optional: bool = False) -> int | None:
    """A seed: a whole number from 0 to 2**63 - 1 (``None`` when ``optional``: a fresh shuffle).

    >>> seed(7)
    7
    >>> seed(-7)
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: seed: -7 is out of range (0 to 9223372036854775807)
    """
    if value is None and optional:
        return None
    return integer(value, path, 0, MAX_SEED)


def boolean(value: Any, path: str) -> bool:
    """``true`` or ``false`` (not 0, 1 or text)."""
    if not isinstance(value, bool):
        raise InputError(f"true or false is expected, not {_kind(value)} ({excerpt(value)})", path)
    return value


def text(value: Any, path: str, *, max_len: int = MAX_STRING, empty: bool = True) -> str:
    """A string of at most ``max_len`` characters.

    >>> text("x" * 50, "id", max_len=20)
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: id: 50 characters: at most 20 ('xxxxxxxxxxxxxxxxxxxxx')
    """
    if not isinstance(value, str):
        raise InputError(f"a string is expected, not {_kind(value)} ({excerpt(value)})", path)
    if len(value) > max_len:
        raise InputError(f"{len(value)} characters: at most {max_len} ({excerpt(value[: max_len + 1])})", path)
    if not empty and not value.strip():
        raise InputError("empty", path)
    return value


def choice(value: Any, path: str, options: Sequence[str]) -> str:
    """One of ``options``, exactly (a string; no substring, no other type).

    >>> choice("hard", "strength", ("easy", "hard"))
    'hard'
    >>> choice("ha", "strength", ("easy", "hard"))
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: strength: 'ha' is not one of easy, hard
    """
    if not isinstance(value, str) or value not in tuple(options):
        raise InputError(f"{excerpt(value)} is not one of {', '.join(options)}", path)
    return value


def seat(value: Any, path: str, n: int = 4) -> int:
    """A seat's index from its letter: exactly one of ``A``..``D`` of an ``n``-handed table.

    >>> seat("D", "leader", 4), seat("C", "dealer", 3)
    (3, 2)
    >>> seat(1, "dealer")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: dealer: no seat 1 (choose from A, B, C, D)
    """
    names = tuple(SEATS[:n])
    if not isinstance(value, str) or value not in names:
        raise InputError(f"no seat {excerpt(value)} (choose from {', '.join(names)})", path)
    return names.index(value)


def seat_name(value: Any, path: str, n: int = 4) -> str:
    """The seat's letter, checked like :func:`seat`."""
    return SEATS[seat(value, path, n)]


# --------------------------------------------------------------------------- containers


def array(value: Any, path: str, *, max_len: int = MAX_ITEMS, min_len: int = 0) -> list[Any]:
    """A list (a JSON array) of ``min_len`` to ``max_len`` items.

    >>> array("JC", "hands.A")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: hands.A: a list is expected, not a string ('JC')
    """
    if not isinstance(value, (list, tuple)):
        raise InputError(f"a list is expected, not {_kind(value)} ({excerpt(value)})", path)
    if not min_len <= len(value) <= max_len:
        wanted = (
            f"{min_len}"
            if min_len == max_len
            else (f"at most {max_len}" if not min_len else f"from {min_len} to {max_len}")
        )
        raise InputError(f"{len(value)} item{'s' if len(value) != 1 else ''}: {wanted} expected", path)
    return list(value)


def mapping(
    value: Any, path: str, *, keys: Sequence[str] | None = None, required: Sequence[str] = (), max_len: int = MAX_ITEMS
) -> dict[str, Any]:
    """An object (a dict with string keys); ``keys``: the only members allowed; ``required``: those that must be there.

    >>> mapping({"A": 1, "E": 2}, "hands", keys="ABCD")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: hands: unknown member 'E' (expected A, B, C, D)
    """
    if not isinstance(value, dict):
        raise InputError(f"an object is expected, not {_kind(value)} ({excerpt(value)})", path)
    if len(value) > max_len:
        raise InputError(f"{len(value)} members: at most {max_len}", path)
    for k in value:
        if not isinstance(k, str):
            raise InputError(f"member names are strings, not {_kind(k)}", path)
        if keys is not None and k not in tuple(keys):
            raise InputError(f"unknown member {excerpt(k)} (expected {', '.join(keys)})", path)
    for k in required:
        if k not in value:
            raise InputError("missing", field(path, k))
    return value


def card(value: Any, path: str) -> Card:
    """A card from its code (``"JC"``, ``"TD"``, ``"JK"``).

    >>> card("7C", "turn_up") == 0
    True
    >>> card(0, "turn_up")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: turn_up: a card code is expected (e.g. JC, TD), not a number (0)
    """
    if not isinstance(value, str):
        raise InputError(f"a card code is expected (e.g. JC, TD), not {_kind(value)} ({excerpt(value)})", path)
    try:
        return Card.parse(value[:8])
    except CardError:
        raise InputError(
            f"not a card: {excerpt(value)} (write rank then suit, e.g. JC, TD, 7S; JK for the Joker)", path
        ) from None


def cards(value: Any, path: str, *, max_len: int = 33) -> list[Card]:
    """A list of card codes.

    >>> [str(c) for c in cards(["JC", "TD"], "hands.A")]
    ['JC', 'TD']
    >>> cards(["JC", 5], "hands.A")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: hands.A[1]: a card code is expected (e.g. JC, TD), not a number (5)
    """
    return [card(c, field(path, i)) for i, c in enumerate(array(value, path, max_len=max_len))]


def over_utf8_bytes(text: str, max_bytes: int = MAX_TEXT_BYTES) -> bool:
    """Whether ``text`` takes more than ``max_bytes`` bytes of UTF-8 (the ``text`` bound counts bytes, and a
    character takes 1 to 4 of them): counted from the characters when that settles it (more characters
    than ``max_bytes``, or 4 bytes each still within it), else encoded once. A lone surrogate (a JSON escape
    can carry one) counts its 3 bytes instead of raising.

    >>> over_utf8_bytes("é" * 6, 10), over_utf8_bytes("e" * 6, 10), over_utf8_bytes("\U0001f0a1" * 2, 10)
    (True, False, False)
    >>> over_utf8_bytes(chr(0xD800) * 4, 10)
    True
    """
    n = len(text)
    if n > max_bytes:
        return True
    if 4 * n <= max_bytes:
        return False
    return len(text.encode("utf-8", "surrogatepass")) > max_bytes


def read_text(path: Any, name: str = "FILE", *, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The text of a file (``-``: standard input), at most ``max_bytes`` bytes of UTF-8; reading stops
    there, so a device that never ends (``/dev/zero``) cannot hang the command. A byte order mark
    at the start (``EF BB BF``, as some editors write) is dropped, as
    :func:`~euchre_core.formats.egn.load_egn` drops it: every file of the command line and every EGN
    record is read the same way."""
    import sys

    text(path, name, max_len=4096, empty=False)
    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(max_bytes + 1)
    except OSError as e:
        raise InputError(f"cannot read {excerpt(path)}: {e.strerror or type(e).__name__}", name) from None
    except ValueError as e:  # e.g. a NUL in the path
        raise InputError(f"cannot read {excerpt(path)}: {e}", name) from None
    if len(data) > max_bytes:
        raise InputError(f"larger than {max_bytes} bytes", name)
    try:
        return data.decode("utf-8-sig")  # one leading byte order mark dropped
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text", name) from None


def load_json_file(path: Any, name: str = "FILE") -> Any:
    """:func:`read_text` then :func:`loads`: a JSON file within the limits."""
    return loads(read_text(path, name), name)
