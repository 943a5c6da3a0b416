"""Differential test: euchre_core against DeepMind OpenSpiel's ``euchre`` (``pyspiel``).

Each game is played in lockstep by ``tests/openspiel_bridge.py``: OpenSpiel's chance nodes
choose the dealer, the hands and the upcard; our deal starts from the same cards
(``Deal.start``, our seat i = OpenSpiel player i); then at every decision the phase, the
player to act, all four hands and the set of legal actions must be identical under the
bridge's explicit mapping, one seeded random action is applied to both, and at the end the
tricks (leader, cards, winner), the makers, the lone hand and the deal's score must agree.

Our rules for the comparison are ``openspiel_rules(stick)``: ``MODERN_24`` with
``alone_after_making=True``, ``partner_may_take_alone=False``, ``lone_lead='eldest'`` and
``stick_the_dealer`` as OpenSpiel's parameter; OpenSpiel keeps ``allow_lone_defender=False``.
With these switches the flows are identical: no phase is merged or skipped.

Known differences (also ``openspiel_bridge.KNOWN_DIFFERENCES``):

- when a lone hand is declared: OpenSpiel asks only the maker, once, after the trump is made
  and, in round one, after the dealer's discard (Alone / Partner). MODERN_24 announces it
  with the bid ("order alone"). Switch ``alone_after_making=True``: bid, discard, alone, play.
- the maker's partner taking it alone: impossible in OpenSpiel; ``partner_may_take_alone=False``.
- the dealer whose partner plays alone: in OpenSpiel he has already picked up and discarded
  and then sits out; the same under ``alone_after_making`` (under MODERN_24's alone-with-the-bid
  he would not pick up, ``dealer_out_discards=False``).
- who leads against a lone hand: OpenSpiel the eldest hand, skipping the lone player's
  partner; ours ``lone_lead='eldest'``.
- stick the dealer: both have the switch; the test runs both values.
- score representation: OpenSpiel's returns are per player and zero-sum (makers +1, +2, +4
  for a lone march, -2 when euchred, alone or not); ours are per side and non-negative
  (``alone_euchred=2`` as OpenSpiel). Mapped: ``returns[p] == points[p % 2] - points[1 - p % 2]``.
- the game beyond one deal: OpenSpiel's game is one deal with a random dealer; game points,
  the next dealer and rubbers are not compared.
- a deal passed out: with ``stick_the_dealer=False`` both end the deal with 0 points; compared.
- lone defender and super-euchre (-4): OpenSpiel's ``allow_lone_defender=True`` has no
  counterpart in our engine; not compared.
- how the cards are dealt: OpenSpiel deals one card at a time from the dealer, ours Law 42
  packets after a cut; not compared (our deal starts from OpenSpiel's hands, ``stock=()``).
- naming the turned-down suit in round two: Law 78 lets our ``apply`` take it as a pass, but
  it is not in ``legal_actions()``, and OpenSpiel has no such action; the legal sets agree.
- discarding the upcard: neither allows it (our Law 88); compared.

The falsified checks at the end feed the bridge a wrong mapping or wrong rules and assert
that it reports a divergence, so the differential test is shown able to fail.
"""

from __future__ import annotations

import collections
import dataclasses
import importlib.util
import sys
from pathlib import Path

import pytest

from euchre_core import MODERN_24, SOMERSET_1888, Action, Card

pytest.importorskip("pyspiel")


def _load_bridge():
    """``tests.openspiel_bridge`` when the repository root is importable, else by file path."""
    try:
        from tests import openspiel_bridge
    except ImportError:
        name = "openspiel_bridge"
        if name in sys.modules:
            return sys.modules[name]
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("openspiel_bridge.py"))
        assert spec is not None and spec.loader is not None
        openspiel_bridge = importlib.util.module_from_spec(spec)
        sys.modules[name] = openspiel_bridge
        spec.loader.exec_module(openspiel_bridge)
    return openspiel_bridge


bridge = _load_bridge()

GAMES_PER_SETTING = 3000
SEED_BASE = {True: 0, False: 1_000_000}


@pytest.mark.parametrize("stick_the_dealer", [True, False], ids=["stick", "no-stick"])
def test_lockstep_random_games(stick_the_dealer: bool) -> None:
    seen: collections.Counter[str] = collections.Counter()
    for i in range(GAMES_PER_SETTING):
        r = bridge.play_lockstep(SEED_BASE[stick_the_dealer] + i, stick_the_dealer)
        seen["games"] += 1
        seen[f"dealer {r.dealer}"] += 1
        seen["passed out"] += r.passed_out
        seen["stuck dealer"] += r.stuck_dealer
        seen[f"made in round {r.round}"] += not r.passed_out
        seen["dealer discarded then sat out"] += r.dealer_sat_out
        seen["eldest sat out"] += r.eldest_sat_out
        if not r.passed_out:
            kind = "alone" if r.alone else "partners"
            if r.makers_tricks == 5:
                seen[f"{kind} march"] += 1
            elif r.makers_tricks >= 3:
                seen[f"{kind} point"] += 1
            else:
                seen[f"{kind} euchred"] += 1
    # the games must have reached every rule the comparison is about
    wanted = [f"dealer {d}" for d in range(4)] + [
        "made in round 1",
        "made in round 2",
        "dealer discarded then sat out",
        "eldest sat out",
        "partners march",
        "partners point",
        "partners euchred",
        "alone march",
        "alone point",
        "alone euchred",
    ]
    wanted.append("stuck dealer" if stick_the_dealer else "passed out")
    missing = [k for k in wanted if not seen[k]]
    assert not missing, f"not covered: {missing}; seen {dict(seen)}"
    if stick_the_dealer:
        assert seen["passed out"] == 0


def test_card_encoding_matches_openspiel_strings() -> None:
    game = bridge.load_game(True)
    state = game.new_initial_state()
    state.apply_action(0)  # the dealer: after this, action_to_string names cards
    m = bridge.OpenSpielMapping()
    cards = [m.card(c) for c in range(24)]
    assert len(set(cards)) == 24
    for c, card in enumerate(cards):
        os_text = state.action_to_string(c)  # suit then rank, e.g. "DJ"
        assert str(card) == os_text[1] + os_text[0]


def test_rules_scores_match_openspiel_constants() -> None:
    """OpenSpiel hard-codes 1 / 2 / 4 for a point / march / lone march and -2 when euchred."""
    r = bridge.openspiel_rules(True)
    assert (r.point, r.march, r.alone_point, r.alone_march, r.euchre, r.alone_euchred) == (1, 2, 1, 4, 2, 2)
    assert (r.pack_size, r.players, r.jambone, r.jamboree) == (24, 4, False, False)
    assert bridge.openspiel_rules(False).stick_the_dealer is False


def test_known_differences_listed_in_docstring() -> None:
    doc = __doc__ or ""
    assert bridge.KNOWN_DIFFERENCES
    for d in bridge.KNOWN_DIFFERENCES:
        assert d.topic in doc, d.topic


# ---------------------------------------------------------------- falsified checks


class _SwapNineAndAce(bridge.OpenSpielMapping):
    """Wrong card mapping: the nine and the ace of each suit exchanged."""

    def card(self, os_card: int) -> Card:
        rank, suit = divmod(os_card, 4)
        rank = {0: 5, 5: 0}.get(rank, rank)
        return super().card(rank * 4 + suit)


class _SwapAloneAndPartner(bridge.OpenSpielMapping):
    """Wrong action mapping: OpenSpiel's Alone read as ours 'stay' and Partner as 'alone'."""

    def action(self, ph: str, os_action: int) -> Action:
        if ph == "alone":
            os_action = {bridge.OS_ALONE: bridge.OS_PARTNER, bridge.OS_PARTNER: bridge.OS_ALONE}[os_action]
        return super().action(ph, os_action)


class _SidePointsAsReturns(bridge.OpenSpielMapping):
    """Wrong score mapping: our per-side points taken as per-player returns (not zero-sum)."""

    def deal_score(self, deal):
        return [float(deal.result.points[p % 2]) for p in range(4)]


FALSIFIED = {
    "card-rank-swap": (dict(mapping=_SwapNineAndAce()), "trick|player to act"),
    "alone-partner-swap": (dict(mapping=_SwapAloneAndPartner()), "player to act|trick|lone player"),
    "score-not-zero-sum": (dict(mapping=_SidePointsAsReturns()), "deal score"),
    "lone-lead-left-of-lone": (
        dict(rules=dataclasses.replace(bridge.openspiel_rules(True), lone_lead="left_of_lone")),
        "player to act",
    ),
    "alone-euchred-4": (
        dict(rules=dataclasses.replace(bridge.openspiel_rules(True), alone_euchred=SOMERSET_1888.alone_euchred)),
        "deal score",
    ),
    "modern24-alone-with-the-bid": (dict(rules=MODERN_24), "legal actions"),
    "no-stick-the-dealer": (dict(rules=bridge.openspiel_rules(False)), "legal actions"),
}


@pytest.mark.parametrize("name", list(FALSIFIED))
def test_falsified_bridge_detects_mismatch(name: str) -> None:
    kwargs, message = FALSIFIED[name]
    with pytest.raises(bridge.Divergence, match=message):
        for seed in range(500):
            bridge.play_lockstep(seed, True, **kwargs)
