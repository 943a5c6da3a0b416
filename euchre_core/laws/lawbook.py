"""The law registry: every law of the 1888 code, what the engine does with it, and where.

Each law is *enforced* (the engine applies its consequence: the code is named in ``where``)
or *presented* (shown on the site, with the reason a program cannot apply it). The tests
that check a law are named ``test_law_N_...`` and found by
:mod:`build_scripts.law_coverage`, which joins this registry with them for the site's
coverage table.

>>> LAWBOOK[52].status, LAWBOOK[52].where[0]
('enforced', 'euchre_core.laws.director.Director._lead_out_of_turn')
>>> LAWBOOK[112].status
'presented'
>>> len(LAWBOOK)
116
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LawEntry", "LAWBOOK", "enforced", "presented"]


@dataclass(frozen=True)
class LawEntry:
    number: int
    summary: str                 # short machine-readable summary of the consequence
    status: str                  # "enforced" | "presented"
    where: tuple[str, ...] = ()  # the code that applies it (module.qualname)
    reason: str | None = None    # for a presented law: why a program cannot apply it


D = "euchre_core.kernel.deal.Deal"
R = "euchre_core.laws.director.Director"
S = "euchre_core.laws.scoring.Rubber"
T = "euchre_core.laws.table"
G = "euchre_core.laws.dealing.DealingProcedure"
E = "euchre_core.laws.entry"


def _e(n: int, summary: str, *where: str) -> LawEntry:
    return LawEntry(n, summary, "enforced", tuple(where))


def _p(n: int, summary: str, reason: str) -> LawEntry:
    return LawEntry(n, summary, "presented", (), reason)


_ENTRIES = [
    _e(1, "rubber: best of three; third game always played; a fourth if the third laps", S + ".is_over", S + ".winner"),
    _e(2, "game 5; makers 3-4 tricks: 1, march: 2; euchred: adversaries 2", "euchre_core.kernel.play.deal_points",
       "euchre_core.laws.scoring.Rubber.record"),
    _e(3, "lone hand: march 4, 3-4 tricks 1, euchred: adversaries 4", "euchre_core.kernel.play.deal_points"),
    _e(4, "the revoke penalty is scored before all other scores", R + ".result"),
    _e(5, "a score error may be rectified until the next trump card is turned",
       "euchre_core.laws.match.Match.correct_score"),
    _p(6, "points should be announced before scoring", "a matter of table manners: the engine announces every "
       "score it records"),
    _e(7, "a game counts two if the losers have not scored; two points for the rubber", S + ".record", S + ".points"),
    _e(8, "cutting: knave highest, then ace, king ...", T + ".cut_rank"),
    _e(9, "everyone cuts from the same pack", T + ".form_table"),
    _e(10, "exposing more than one card in cutting: cut again", E + ".Roster.cut_out", E + ".Roster.start_rubber"),
    _e(11, "four highest play; two highest against two lowest; highest deals and chooses", T + ".form_table"),
    _e(12, "fifth and sixth highest belong to the table", T + ".form_table"),
    _e(13, "two equal cards cut again unless the two highest or the two lowest", T + ".form_table"),
    _e(14, "three equal: cut again; the fourth card decides the partners and the deal", T + ".form_table"),
    _e(15, "cutting out: most consecutive rubbers go out; ties cut, lowest out", E + ".Roster.cut_out"),
    _e(16, "entry must be declared before any player has cut", E + ".Roster.declare"),
    _e(17, "fresh tables: candidates who have played at no other table have prior right", E + ".Club.open_table"),
    _e(18, "a substitute with the consent of the other three", E + ".Roster.substitute"),
    _e(19, "a player leaving after one of his two rubbers: the next candidate takes his place", E + ".Roster.leave"),
    _e(20, "cutting into another table loses the right of re-entry", E + ".Club.cut_into"),
    _e(21, "the players of a broken-up table have prior right of entry elsewhere", E + ".Club.break_up"),
    _p(22, "not shuffled below the table, nor so that a face is seen", "a physical manner of shuffling; "
       "a card seen in the dealer's shuffle is Law 27"),
    _e(23, "the pack is not shuffled during the play of a hand", G + "._ev_shuffle"),
    _e(24, "each player shuffles once only, except Law 27", G + "._ev_shuffle"),
    _e(25, "the dealer's partner collects the cards and shuffles first", G + "._ev_shuffle", G + "._ev_decline"),
    _p(26, "after shuffling the cards go face down to the dealer's left", "a physical arrangement with no "
       "stated consequence"),
    _e(27, "the dealer shuffles last; a card seen: he may be compelled to re-shuffle", G + "._ev_shuffle"),
    _e(28, "the deal passes to the left", "euchre_core.laws.match.Match.apply", G + ".successor"),
    _e(29, "the cut leaves at least four cards in each packet; exposure or confusion: a fresh cut",
       D + ".from_setup", G + "._ev_cut", G + "._law_29_event"),
    _e(30, "once the pack is separated the cutter cannot re-shuffle or re-cut", G + "._ev_cut", G + "._ev_shuffle"),
    _e(31, "the dealer re-shuffles after the cut: he loses the deal", G + "._ev_shuffle"),
    _p(32, "after dealing the dealer puts the pack at his right hand", "a physical arrangement with no "
       "stated consequence"),
    _e(33, "an imperfect pack: a new deal by the same dealer; earlier scores stand", G + "._ev_imperfect",
       R + "._ev_imperfect",
       "euchre_core.kernel.deal.Deal.start"),
    _e(34, "a faced card in the pack before a lead: a new deal", G + "._ev_faced"),
    _e(35, "a card exposed in dealing: the adversaries may claim a new deal if they have not touched the cards",
       G + "._exposed_in_dealing"),
    _e(36, "touching the cards during the deal", G + "._ev_touch"),
    _e(37, "one of the last cards exposed and the trump turned at once: the privilege stands", G + "._ev_turn"),
    _e(38, "a deal with the adversaries' pack is good once the trump is turned", G + "._ev_wrongpack"),
    _e(39, "another card exposed while turning the trump: a new deal", G + "._ev_expose"),
    _e(40, "a deal out of turn can be stopped before the trump card is turned",
       G + "._out_of_turn", G + "._ev_question"),
    _e(41, "a misdeal loses the deal", G + "._misdeal"),
    _e(42, "misdeal: not five cards each, or not two-then-three / three-then-two", G + "._packet_fault",
       D + ".from_setup"),
    _e(43, "an adversary touched the cards first: a misdeal does not lose the deal",
       G + "._misdeal", G + "._first_toucher"),
    _e(44, "the adversaries interrupted the dealer and failed: he may deal again",
       G + "._ev_question", G + "._misdeal"),
    _e(45, "a player took his partner's deal and misdealt", G + "._misdeal"),
    _e(46, "exposed cards: left on the table, liable to be called (two at once, dropped face up, the trump "
       "card lifted)", R + "._ev_expose", R + "._ev_callcard", R + "._ev_play"),
    _e(47, "winning cards played in succession: the partner may be called on to win; the others exposed",
       R + "._lead_again"),
    _e(48, "a hand thrown face up: exposed, called by the adversary", R + "._ev_throw"),
    _e(49, "all four throw down: the hands are abandoned; no claim but a revoke", R + "._ev_throw"),
    _e(50, "an adversary abandons against a lone hand: the lone player scores five", R + "._ev_throw"),
    _e(51, "a detached card named is liable to be called; a wrong name: a suit may be called", R + "._ev_name"),
    _e(52, "lead out of turn: call the card, or call a suit from him or his partner", R + "._lead_out_of_turn",
       R + "._enforce"),
    _e(53, "if all three followed the false lead the trick stands; else their cards are taken back",
       R + "._complete_trick", R + "._enforce"),
    _e(54, "not obeying a call (highest/lowest, a suit, a card) incurs the penalty of a revoke",
       R + "._check_requirements"),
    _e(55, "no call can force a revoke", R + "._requirement_outcome"),
    _e(56, "the call for an exposed card is repeated until it is played", R + "._requirement_outcome"),
    _e(57, "a called suit one does not hold: the penalty is paid", R + "._requirement_outcome"),
    _e(58, "third hand before second: the fourth may play before his partner", R + "._play_out_of_turn"),
    _e(59, "fourth before his partner, third not played: the partner may be called to win or lose",
       R + "._play_out_of_turn"),
    _e(60, "a card omitted from a trick: new deal, or the surplus card counts to the imperfect trick",
       R + "._ev_quit", R + "._omission_discovered"),
    _p(61, "two cards to one trick found at the end: answerable for the consequent revokes",
       "the engine places every card itself, so a card cannot be mixed with the wrong trick; two cards "
       "played at once are Law 46 I, and the revokes are Law 62"),
    _e(62, "the revoke: holding the suit led, playing another", R + "._play", D + "._why_illegal_play"),
    _e(63, "three points for a revoke, five against a lone hand, for each revoke", R + ".result"),
    _e(64, "established when the trick is quitted or the revoker or his partner plays to the next",
       R + "._quit", R + "._establish_by_play"),
    _e(65, "the partner's question keeps the correction open", R + "._ev_ask", R + "._ev_correct"),
    _e(66, "at the end of the hand the claimants may search the tricks", R + "._ev_claim"),
    _e(67, "the accused side mixes the cards before examination: the revoke is established", R + "._ev_mix"),
    _e(68, "no revoke claim after the cut for the next deal", R + "._ev_cut", R + "._ev_claim"),
    _e(69, "a revoke corrected in time: the card played in error may be called; later players may withdraw",
       R + "._ev_correct"),
    _e(70, "the revoking side may require the hand to be played out", R + "._play"),
    _e(71, "equal numbers of revokes on different sides cancel", R + ".result"),
    _e(72, "fresh cards may be called for before the cut, two new packs", G + "._ev_newcards"),
    _e(73, "torn or marked cards are replaced by agreement, or new cards called for", G + "._ev_marked"),
    _e(74, "eldest: pass, order up or play alone; the third hand may take it from him", D + "._apply_bid1",
       D + "._made"),
    _e(75, "second hand: pass, assist or play alone; the dealer may take it from him", D + "._apply_bid1",
       D + "._made"),
    _e(76, "third hand: pass, order up or play alone; the dealer: pass, take up or play alone",
       D + "._apply_bid1"),
    _e(77, "all pass: the trump is turned down, suits named in turn; all pass again: next deal",
       D + "._apply_bid2"),
    _e(78, "a suit named cannot be changed; naming the suit turned down is a pass", D + "._apply_bid2"),
    _e(79, "after passing he mentions the suit he meant: his partner must pass", R + "._ev_mention"),
    _e(80, "he passes then tries to order up: his partner must pass, unless the adversaries elect it be played",
       R + "._out_of_turn_declaration"),
    _p(81, "a declaration unheard by the partner is not invalidated", "the engine hears every declaration"),
    _e(82, "declarations out of turn take away no right; the dealer's turn-down or throw-down binds his partner",
       R + "._out_of_turn_declaration", R + "._ev_throw"),
    _e(83, "calling attention to the trick: the partner may be required to play highest/lowest or win/lose",
       R + "._ev_attention"),
    _p(84, "a player may demand that the cards be placed before their players", "a right with no penalty: "
       "the site always shows who played each card"),
    _e(85, "one election of penalty, final; consulting loses the right", R + "._ev_choose"),
    _e(86, "the dealer discards one card; once quitted it cannot be changed", D + "._apply_discard"),
    _e(87, "a lead before the discard stands; the dealer may change his discard", R + "._play_before_discard"),
    _e(88, "the trump card cannot be discarded", D + "._apply_discard"),
    _e(89, "second player leads before the discard against the third hand alone: highest/lowest, win/lose",
       R + "._play_before_discard"),
    _e(90, "more or less than five cards, or no discard: the deal holds; the offenders forfeit 2 (4) and "
       "score nothing", R + "._ev_holds", R + ".result"),
    _e(91, "the trump card lifted from the pack is an exposed card", R + "._ev_expose"),
    _p(92, "after the trump card is played no one may ask what it was", "a question of manners; the site "
       "always shows the trump suit"),
    _e(93, "who may play alone: the maker or his partner, if he has not passed", D + "._made"),
    _e(94, "\u201cI take it from you\u201d", D + "._apply_take"),
    _e(95, "no lone hand when ordered up by the adversaries, or after exposing a card", D + "._made",
       R + "._ev_expose"),
    _e(96, "the dealer announces a lone hand before quitting his discard", D + "._apply_discard"),
    _e(97, "a lone hand announced after naming the trump: he can be required to play with his partner",
       R + "._ev_alone"),
    _e(98, "a single declaration: \u201cAlone at hearts\u201d; any other precludes a lone hand",
       "euchre_core.kernel.actions.Action", R + "._ev_declare"),
    _e(99, "the partner offers to take it after a lead or after passing: neither plays alone", R + "._ev_alone"),
    _e(100, "the lone player's partner plays to the first lead: no lone hand unless the adversaries elect",
       R + "._lone_partner_plays"),
    _e(101, "the lone player's partner lays his cards face down and does not play", D + "._next_active",
       R + "._lone_partner_plays"),
    _e(102, "the lone player's partner exposes a card: two points for a march; a euchre scores four",
       R + "._ev_expose", R + ".result"),
    _e(103, "either adversary may count the lone partner's hand", R + "._ev_holds"),
    _e(104, "the lone player: no penalty for exposing a card; a lead out of turn is an exposed card",
       R + "._lead_out_of_turn", R + "._ev_expose"),
    _e(105, "an adversary plays out of turn to the lone lead: both opposing hands exposed, callable",
       R + "._play_out_of_turn"),
]
_ETIQ = {
    106: "the etiquette is not law: no penalty applies",
    107: "two packs of different colours at clubs",
    108: "do not draw the second winning card before the partner has played",
    109: "no intimation of the state of the hand after the trump is turned",
    110: "asking to see cards placed or the last trick only for one's own information",
    111: "refer disputed facts to an uninterested bystander",
    112: "do not revoke purposely, nor revoke again to conceal it",
    113: "bets with bystanders after the players' bets",
    114: "bystanders make no remark and do not walk around the table",
    115: "no one looks over the hand of a player he bets against",
    116: "pass, assist and order up in the same manner at all times",
}
for _n, _s in _ETIQ.items():
    _ENTRIES.append(_p(_n, _s, "etiquette: the book itself says no penalty can be applied (Law 106)"))

LAWBOOK: dict[int, LawEntry] = {e.number: e for e in sorted(_ENTRIES, key=lambda e: e.number)}


def enforced() -> list[int]:
    return [n for n, e in LAWBOOK.items() if e.status == "enforced"]


def presented() -> list[int]:
    return [n for n, e in LAWBOOK.items() if e.status == "presented"]
