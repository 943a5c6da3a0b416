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

from dataclasses import dataclass, replace

__all__ = ["LawEntry", "LAWBOOK", "READINGS", "enforced", "presented"]


@dataclass(frozen=True)
class LawEntry:
    number: int
    summary: str  # short machine-readable summary of the consequence
    status: str  # "enforced" | "presented"
    where: tuple[str, ...] = ()  # the code that applies it (module.qualname)
    reason: str | None = None  # for a presented law: why a program cannot apply it
    reading: str | None = None  # where the book leaves a point open: the reading the engine takes, and why


D = "euchre_core.kernel.deal.Deal"
R = "euchre_core.laws.director.Director"
S = "euchre_core.laws.scoring.Rubber"
T = "euchre_core.laws.table"
G = "euchre_core.laws.dealing.DealingProcedure"
E = "euchre_core.laws.entry"


def _e(n: int, summary: str, *where: str, reading: str | None = None) -> LawEntry:
    return LawEntry(n, summary, "enforced", tuple(where), reading=reading)


def _p(n: int, summary: str, reason: str) -> LawEntry:
    return LawEntry(n, summary, "presented", (), reason)


_ENTRIES = [
    _e(
        1,
        "rubber: best of three; third game always played; a fourth if the third laps",
        S + ".is_over",
        S + ".winner",
        reading="At two games all (the third game lapped and the losers of the first two won the fourth), the rubber "
        'goes to the side that won two of the first three games: the law makes the rubber "the best of three games" '
        "and plays the fourth only because the third lapped, so the fourth scores its value (Law 7) but does not "
        "decide the rubber.",
    ),
    _e(
        2,
        "game 5; makers 3-4 tricks: 1, march: 2; euchred: adversaries 2",
        "euchre_core.kernel.play.deal_points",
        "euchre_core.laws.scoring.Rubber.record",
        reading="A deal's points go to one side: the makers, or the adversaries who euchre them (Laws 2, 3). A score "
        "that gives points to both sides on one deal is refused (naming the points) rather than split: the only "
        "points the other side can take on a deal are revoke penalties, which are given apart and scored first (Law 4).",
    ),
    _e(3, "lone hand: march 4, 3-4 tricks 1, euchred: adversaries 4", "euchre_core.kernel.play.deal_points"),
    _e(
        4,
        "the revoke penalty is scored before all other scores",
        R + ".result",
        S + ".record",
        reading="The revoke penalty is scored first. When it completes the game, the revoking side's adversaries win "
        "it, even if the revoking side's points for the hand would also reach five; the game counts two if the "
        "revoking side had not scored before that hand. The other points of the hand come after the game is won: the "
        "winners' carry to the next game as a lap, the losers' are lost, since the lap carries only the points made "
        "beyond those needed to win (Technical Terms). Two sides out on one score given without the revoke apart is "
        "refused rather than guessed. Revokes on both sides are netted by number before anything is scored (Law 71), "
        "and a penalty that is not a whole number of revokes (three, or five in a lone hand, Law 63) is refused.",
    ),
    _e(
        5,
        "a score error may be rectified until the next trump card is turned",
        "euchre_core.laws.match.Match.correct_score",
        S + ".corrected",
        reading="The correction replaces the score of the last hand, recomputed from the score before it, so it can "
        "undo a game (its double value, the rubber) that the wrong score completed, or complete one that the wrong "
        "score missed; corrected twice, the last correction holds. On a match restored from a saved score that does not "
        "keep the score before the last hand, the last hand is taken to have been scored in the game in progress, "
        "unless nothing stands in it but the lap of the game finished last: then that hand completed that game, and "
        "the correction reopens it (the game, its value, the rubber are recomputed) instead of being added to the next "
        "game. An error established after the trump card of the next deal is turned is too late: the score stands.",
    ),
    _p(
        6,
        "points should be announced before scoring",
        "a matter of table manners: the engine announces every score it records",
    ),
    _e(
        7,
        "a game counts two if the losers have not scored; two points for the rubber",
        S + ".record",
        S + ".points",
        reading='A lapped point is "carried to the next game" (Technical Terms): it stands in that game\'s score, so a '
        "side holding one has scored in it, and a game it loses counts one.",
    ),
    _e(8, "cutting: knave highest, then ace, king ...", T + ".cut_rank"),
    _e(9, "everyone cuts from the same pack", T + ".form_table"),
    _e(
        10,
        "exposing more than one card in cutting: he cuts again, he alone, from the same pack",
        T + ".form_table",
        E + ".Roster.cut_out",
        E + ".Roster.start_rubber",
    ),
    _e(
        11,
        "four highest play; two highest against two lowest; highest deals and chooses",
        T + ".form_table",
        T + "._standing",
        reading="Only the players whose equal cards straddle a place the laws decide (the fourth, the sixth, the "
        "pairs, the deal) cut again, they alone; a higher card is never sent to wait for a lower. When the two who "
        "would deal cut equal cards they are partners without cutting again (Law 13), but Law 11 needs one highest "
        'to deal: those two alone cut again for the deal only (the whist laws these follow call the same "fresh cut '
        '... to decide which of those two deals").',
    ),
    _e(
        12,
        "fifth and sixth highest belong to the table",
        T + ".form_table",
        T + "._standing",
        reading="A tie across the sixth place is cut again by those tied. A tie between the fifth and sixth decides "
        'nothing the laws name; they keep the order in which they came into the room (Law 11: "those first in the '
        'room having the preference").',
    ),
    _e(
        13,
        "two equal cards cut again unless the two highest or the two lowest",
        T + ".form_table",
        T + "._standing",
        reading="The same holds of a new cut: equal cards in it are cut again only when they leave the pairs or the "
        "deal undecided.",
    ),
    _e(
        14,
        "three equal: cut again; the fourth card decides the partners and the deal",
        T + ".form_table",
        T + "._standing",
        reading='If the new cut itself has equal cards, only those that leave "the two lowest" (or "the two '
        'highest") of the new cut undecided cut again; two equal lowest (or highest) are partners as they stand.',
    ),
    _e(15, "cutting out: most consecutive rubbers go out; ties cut, lowest out", E + ".Roster.cut_out"),
    _e(16, "entry must be declared before any player has cut", E + ".Roster.declare"),
    _e(17, "fresh tables: candidates who have played at no other table have prior right", E + ".Club.open_table"),
    _e(
        18,
        "a substitute with the consent of the other three, for that rubber only",
        E + ".Roster.substitute",
        E + ".Roster.end_rubber",
        E + ".Club.put",
        reading="At the rubber's end the absent player takes his place again and the substitute returns to where he "
        "was: to his place among the candidates waiting, or, if he did not belong to the table, to the club's "
        "candidates without a place. That place among the waiting is kept for him: the absent player and he both "
        "still belong to the table, so a later candidate is admitted only if six are not already there (Law 12).",
    ),
    _e(
        19,
        "a player leaving after one of his two rubbers: the next candidate takes his place",
        E + ".Roster.leave",
        E + ".Roster.leaves_one_of_two",
        E + ".Roster.cut_out",
        reading='"A full table" is one to which six belong (Law 12): only there do two candidates claim admission at '
        "each rubber's end (Law 15), so that a player is entitled to two consecutive rubbers. At a table of five one "
        "player goes out after every rubber, by the counts or the cut, and nobody is entitled to two: a player leaving "
        "it is replaced by the candidate next in order as one admitted by the cut-out, with no rubber played and "
        "bound to nothing; the successor at a full table takes the leaver's count and goes out at the end of one "
        "rubber without a cut.",
    ),
    _e(
        20,
        "cutting into another table loses the right of re-entry",
        E + ".Club.cut_into",
        E + ".Club.open_table",
        reading="A member of a table (waiting, or a player between rubbers) may be a candidate for a fresh table: he "
        "loses his right of re-entry into his own and takes his chance of cutting in; having belonged to a table, he "
        "has no prior right under Law 17. A player in a rubber cannot leave it but by a substitute (Law 18); a player "
        "away with a substitute still belongs to his table, and if he cuts into another his substitute plays the "
        "rubber out, after which his seat is vacant.",
    ),
    _e(21, "the players of a broken-up table have prior right of entry elsewhere", E + ".Club.break_up"),
    _p(
        22,
        "not shuffled below the table, nor so that a face is seen",
        "a physical manner of shuffling; a card seen in the dealer's shuffle is Law 27",
    ),
    _e(23, "the pack is not shuffled during the play of a hand", G + "._ev_shuffle"),
    _e(24, "each player shuffles once only, except Law 27", G + "._ev_shuffle"),
    _e(25, "the dealer's partner collects the cards and shuffles first", G + "._ev_shuffle", G + "._ev_decline"),
    _p(
        26,
        "after shuffling the cards go face down to the dealer's left",
        "a physical arrangement with no stated consequence",
    ),
    _e(27, "the dealer shuffles last; a card seen: he may be compelled to re-shuffle", G + "._ev_shuffle"),
    _e(28, "the deal passes to the left", "euchre_core.laws.match.Match.apply", G + ".successor"),
    _e(
        29,
        "the cut leaves at least four cards in each packet; exposure or confusion: a fresh cut",
        D + ".from_setup",
        G + "._ev_cut",
        G + "._law_29_event",
    ),
    _e(30, "once the pack is separated the cutter cannot re-shuffle or re-cut", G + "._ev_cut", G + "._ev_shuffle"),
    _e(31, "the dealer re-shuffles after the cut: he loses the deal", G + "._ev_shuffle"),
    _p(
        32,
        "after dealing the dealer puts the pack at his right hand",
        "a physical arrangement with no stated consequence",
    ),
    _e(
        33,
        "an imperfect pack: a new deal by the same dealer; earlier scores stand",
        G + "._ev_imperfect",
        R + "._ev_imperfect",
        "euchre_core.kernel.deal.Deal.start",
        R + ".result",
        reading='A revoke penalty does not survive the hand voided: the law keeps "all points scored on previous '
        'hands" and no others, and the penalty is a score of the voided hand (Law 63). The answer is the same '
        "whether the revoke was claimed before or after the pack was found imperfect; no claim can follow, citing "
        "Law 33 (no cut has happened, so not Law 68).",
    ),
    _e(34, "a faced card in the pack before a lead: a new deal", G + "._ev_faced"),
    _e(
        35,
        "a card exposed in dealing: the adversaries may claim a new deal if they have not touched the cards",
        G + "._exposed_in_dealing",
    ),
    _e(36, "touching the cards during the deal", G + "._ev_touch"),
    _e(
        37,
        "one of the last cards exposed and the trump turned at once: the privilege stands",
        G + "._ev_turn",
        reading='"One of the last cards" is a card exposed after which the dealer gave no further packet before '
        "turning the trump: a card exposed earlier left the adversaries the dealing of a packet to decide (their claim "
        "under Law 35 stays open while the deal goes on), so the turn ends it.",
    ),
    _e(
        38,
        "a deal with the adversaries' pack is good once the trump is turned",
        G + "._ev_wrongpack",
        reading="The new deal is claimed by the adversaries, whose cards were taken: the dealer's side made the error "
        "and, having seen its cards, may not profit from it by a new deal.",
    ),
    _e(39, "another card exposed while turning the trump: a new deal", G + "._ev_expose"),
    _e(
        40,
        "a deal out of turn can be stopped before the trump card is turned",
        G + "._out_of_turn",
        G + "._ev_question",
        G + ".successor",
        reading="When the deal out of turn stands, the deal goes on to the left of the player who dealt (Law 28: "
        '"the right of dealing goes to the left"); the player whose turn it was loses it: the laws give no way '
        "to restore it once the deal stands.",
    ),
    _e(41, "a misdeal loses the deal", G + "._misdeal"),
    _e(
        42,
        "misdeal: not five cards each, or not two-then-three / three-then-two",
        G + "._packet_fault",
        D + ".from_setup",
    ),
    _e(
        43,
        "an adversary touched the cards first: a misdeal does not lose the deal",
        G + "._misdeal",
        G + "._first_toucher",
    ),
    _e(
        44, "the adversaries interrupted the dealer and failed: he may deal again", G + "._ev_question", G + "._misdeal"
    ),
    _e(45, "a player took his partner's deal and misdealt", G + "._misdeal"),
    _e(
        46,
        "exposed cards: left on the table, liable to be called (two at once, dropped face up, the trump card lifted)",
        R + "._ev_expose",
        R + "._ev_callcard",
        R + "._ev_play",
    ),
    _e(
        47,
        "winning cards played in succession: the partner may be called on to win; the others exposed",
        R + "._lead_again",
    ),
    _e(48, "a hand thrown face up: exposed, called by the adversary", R + "._ev_throw"),
    _e(49, "all four throw down: the hands are abandoned; no claim but a revoke", R + "._ev_throw"),
    _e(
        50,
        "an adversary abandons against a lone hand, or fails to play to a trick: the lone player scores five",
        R + "._ev_throw",
        R + "._ev_quit",
        R + "._abandon_lone",
    ),
    _e(51, "a detached card named is liable to be called; a wrong name: a suit may be called", R + "._ev_name"),
    _e(
        52,
        "lead out of turn: call the card, or call a suit from him or his partner",
        R + "._lead_out_of_turn",
        R + "._enforce",
    ),
    _e(
        53,
        "if all three followed the false lead the trick stands; else their cards are taken back",
        R + "._complete_trick",
        R + "._enforce",
    ),
    _e(
        54,
        "not obeying a call of highest/lowest or of a suit incurs the penalty of a revoke (a called card: Law 56)",
        R + "._check_requirements",
    ),
    _e(55, "no call can force a revoke", R + "._requirement_outcome"),
    _e(
        56,
        "the call for an exposed card is repeated until it is played",
        R + "._requirement_outcome",
        R + "._ev_callcard",
    ),
    _e(57, "a called suit one does not hold: the penalty is paid", R + "._requirement_outcome"),
    _e(58, "third hand before second: the fourth may play before his partner", R + "._play_out_of_turn"),
    _e(
        59,
        "fourth before his partner, third not played: the partner may be called to win or lose",
        R + "._play_out_of_turn",
    ),
    _e(
        60,
        "a card omitted from a trick: new deal, or the surplus card counts to the imperfect trick",
        R + "._ev_quit",
        R + "._gather_aside",
        R + "._omission_discovered",
        R + "._omission_counted",
        R + "._omitted_from_last_trick",
    ),
    _e(
        61,
        "a card mixed with a trick: found during the play, the trick is searched and the card restored; "
        "found at the end, he answers for the consequent revokes",
        R + "._gather",
        R + "._restore_gathered",
        R + "._played_out_short",
        R + "._play",
    ),
    _e(62, "the revoke: holding the suit led, playing another", R + "._play", D + "._why_illegal_play"),
    _e(63, "three points for a revoke, five against a lone hand, for each revoke", R + ".result"),
    _e(
        64,
        "established when the trick is quitted or the revoker or his partner plays to the next",
        R + "._quit",
        R + "._establish_by_play",
    ),
    _e(
        65,
        "the partner's question keeps the correction open, unless answered 'no' or the revoker or his "
        "partner plays to the next trick",
        R + "._ev_ask",
        R + "._ev_answer",
        R + "._ev_correct",
    ),
    _e(66, "at the end of the hand the claimants may search the tricks", R + "._ev_claim"),
    _e(
        67,
        "the accused side mixes the cards before examination: the revoke is established and scored",
        R + "._ev_mix",
        R + ".result",
    ),
    _e(68, "no revoke claim after the cut for the next deal", R + "._ev_cut", R + "._ev_claim"),
    _e(
        69,
        "a revoke corrected in time: the card played in error may be called; later players may withdraw",
        R + "._ev_correct",
        R + "._substitute",
    ),
    _e(70, "the revoking side may require the hand to be played out", R + "._ev_claim", R + "._enforce"),
    _e(71, "equal numbers of revokes on different sides cancel", R + ".result"),
    _e(72, "fresh cards may be called for before the cut, two new packs", G + "._ev_newcards"),
    _e(
        73,
        "torn or marked cards are replaced by agreement, or new cards called for",
        G + "._ev_marked",
        G + "._ev_choose",
        reading='"By agreement" is of both sides: each must elect to replace the card; either side alone may call '
        "for new cards at the expense of the table, whether before or after the other side agreed to a replacement.",
    ),
    _e(
        74,
        "eldest: pass, order up or play alone; the third hand may take it from him",
        D + "._apply_bid1",
        D + "._made",
    ),
    _e(
        75, "second hand: pass, assist or play alone; the dealer may take it from him", D + "._apply_bid1", D + "._made"
    ),
    _e(76, "third hand: pass, order up or play alone; the dealer: pass, take up or play alone", D + "._apply_bid1"),
    _e(77, "all pass: the trump is turned down, suits named in turn; all pass again: next deal", D + "._apply_bid2"),
    _e(78, "a suit named cannot be changed; naming the suit turned down is a pass", D + "._apply_bid2"),
    _e(79, "after passing he mentions the suit he meant: his partner must pass", R + "._ev_mention"),
    _e(
        80,
        "he passes then tries to order up: his partner must pass, unless the adversaries elect it be played",
        R + "._out_of_turn_declaration",
    ),
    _e(81, "a declaration unheard by the partner, who passes, is not invalidated", R + "._law_81"),
    _e(
        82,
        "declarations out of turn take away no right; the dealer's turn-down or throw-down binds his partner",
        R + "._out_of_turn_declaration",
        R + "._ev_throw",
    ),
    _e(
        83,
        "calling attention to the trick: the partner may be required to play highest/lowest or win/lose",
        R + "._ev_attention",
    ),
    _p(
        84,
        "a player may demand that the cards be placed before their players",
        "a right with no penalty: the site always shows who played each card",
    ),
    _e(85, "one election of penalty, final; consulting loses the right", R + "._ev_choose", R + "._ev_consult"),
    _e(86, "the dealer discards one card; once quitted it cannot be changed", D + "._apply_discard"),
    _e(87, "a lead before the discard stands; the dealer may change his discard", R + "._play_before_discard"),
    _e(88, "the trump card cannot be discarded", D + "._apply_discard"),
    _e(
        89,
        "second player leads before the discard against the third hand alone: highest/lowest, win/lose",
        R + "._play_before_discard",
    ),
    _e(
        90,
        "more or less than five cards, or no discard: the deal holds; the offenders forfeit 2 (4) and score nothing",
        R + "._ev_holds",
        R + "._no_discard",
        R + ".result",
    ),
    _e(91, "the trump card lifted from the pack is an exposed card", R + "._ev_expose"),
    _p(
        92,
        "after the trump card is played no one may ask what it was",
        "a question of manners; the site always shows the trump suit",
    ),
    _e(93, "who may play alone: the maker or his partner, if he has not passed", D + "._made", R + "._law_93"),
    _e(94, "\u201cI take it from you\u201d", D + "._apply_take"),
    _e(
        95, "no lone hand when ordered up by the adversaries, or after exposing a card", D + "._made", R + "._ev_expose"
    ),
    _e(96, "the dealer announces a lone hand before quitting his discard", D + "._apply_discard", R + "._ev_alone"),
    _e(
        97,
        "a lone hand announced after naming the trump: he can be required to play with his partner",
        R + "._ev_alone",
    ),
    _e(
        98,
        "a single declaration: \u201cAlone at hearts\u201d; any other precludes a lone hand",
        "euchre_core.kernel.actions.Action",
        R + "._ev_declare",
    ),
    _e(
        99,
        "the partner offers to take it after a lead or after passing: neither plays alone",
        R + "._late_offer",
        R + "._law_99",
        R + "._ev_alone",
    ),
    _e(
        100,
        "the lone player's partner plays to the first lead: no lone hand unless the adversaries elect",
        R + "._lone_partner_plays",
    ),
    _e(
        101,
        "the lone player's partner lays his cards face down and does not play",
        D + "._next_active",
        R + "._lone_partner_plays",
        R + "._lone_partner_shows",
    ),
    _e(
        102,
        "the lone player's partner exposes a card: two points for a march; a euchre scores four",
        R + "._ev_expose",
        R + "._lone_partner_shows",
        R + ".result",
    ),
    _e(103, "either adversary may count the lone partner's hand", R + "._ev_holds"),
    _e(
        104,
        "the lone player: no penalty for exposing a card; a lead out of turn is an exposed card",
        R + "._lead_out_of_turn",
        R + "._lone_exposed",
    ),
    _e(
        105,
        "an adversary plays out of turn to the lone lead: both opposing hands exposed, callable",
        R + "._play_out_of_turn",
        R + "._left_in_trick",
    ),
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

# Where the text leaves a question open, the reading the director applies and why (shown on the
# law's page; the ruling says so too where it matters).
READINGS: dict[int, str] = {
    47: "the partner can be called on to win the trick in play (the first of those tricks); the law applies "
    "only while the offender's card is the highest on the table and his partner has not yet played to the "
    "trick; a second card played when his partner led the trick is a card played out of turn (Law 46)",
    50: "the five points replace the hand's score, and the hand ends there: no lone hand can score more, so "
    "playing on could change nothing",
    52: "the card erroneously led, once called, is an exposed card called: the call is repeated until it is "
    "played (Law 56); not playing it is no revoke, since Law 54 names only the calls of highest or lowest "
    "and of a suit",
    54: "Law 54 names the calls of highest or lowest and of a suit; a call to win or lose the trick (Laws 47, "
    "59, 83, 89) is read the same way, since the laws give it no other sanction; a called exposed card is "
    "Law 56's, with no revoke penalty",
    56: "the director repeats the call itself: each time the player could have played the card and did not, it "
    "says so, and the call stands; an adversary's explicit repeat ('callcard') is ruled, one call still, and it "
    "may repeat the call of a card led out of turn (Law 52) though that card went back to the hand",
    60: "'any one': the leader, the second, third or fourth hand; a trick quitted ('quit') without his card is "
    "imperfect, a card played out of turn to it and left on the table being quitted with it. Discovered when he "
    "plays to the next trick, the adversaries elect; found earlier (he holds a card too many: 'holds N'), no new "
    "deal can be claimed and his surplus card counts at the end. The last trick quitted without a player's card: "
    "he cannot have played to a next trick, so no new deal can be claimed; his last card is the surplus card, "
    "played to that trick, and decides it with the others",
    61: "a card mixed with a trick is entered as 'quit SEAT CARD' (the trick quitted with it); the error is "
    "detected when he is found short ('holds N'): the tricks are counted and searched at once and the card "
    "restored, with no forfeit under Law 90; while it is mixed, a card of another suit played when the mixed card "
    "was of the suit led is a consequent revoke",
    64: "the next lead turns and quits the last trick unless 'quit' was entered before; the window closes when "
    "the revoking player or his partner leads or plays to the next trick, in turn or not, and not when an "
    "adversary does",
    65: "'no' (he has none of the suit) is the negative answer and closes the window; if an adversary has led "
    "to the next trick meanwhile, his lead stands when he still wins the trick corrected; otherwise it goes back "
    "to his hand without penalty (he led in turn), and the winner leads",
    67: "the mixing ends the hand; mixed during the play, only the penalty is scored; with no revoke on record, "
    "one revoke is counted against the side that mixed (the one claimed). The law opens 'Should a revoke be "
    "claimed': cards mixed when no revoke has been claimed against that side establish nothing and score "
    "nothing (a revoke established otherwise, Law 64, can still be claimed until the cut, Law 68)",
    69: "'may withdraw' is each later player's right, not a duty: only the players who played after him in "
    "the same trick, except his partner, may withdraw their card and substitute another ('correct CARD'), until "
    "the next card is played or the trick is quitted; the other cards stay where they are",
    70: "a revoke claimed before the hand is over leaves the revoking side the choice: the hand played out "
    "(its points scored after the penalty, Law 4) or stopped (the penalty alone)",
    79: "a declaration by the partner bound to pass is void and, in his turn, counts as his pass; he is ruled, "
    "not refused",
    80: "when the adversaries elect that it be played, the partner still 'must pass': he cannot take it alone",
    81: "the partner who passes in his turn to take it from the maker (Laws 74, 75, 94) lets the declaration "
    "stand; his pass at any other moment after it changes nothing",
    82: "the dealer's throwing down his cards counts as his pass and binds his partner to pass; his turning down "
    "the trump card out of turn binds his partner in the first round only",
    85: "consulting loses the right to the penalty: the ruling's option without a penalty stands (the lead "
    "stands, the deal stands, the partner passes, the lone hand or the partnership as the law leaves it)",
    90: "'holds N' is compared with the cards the play leaves in his hand at that moment (five, fewer by the "
    "cards he played, less a card of his mixed with a trick (Law 61), more the card he omitted to play (Law 60)): "
    "a count that differs is a card more or less than the deal gave him; one offence forfeits once for the side "
    "on the hand",
    95: "the declaration stands without the lone hand (as Law 98 says of a double declaration)",
    99: "any expression of the offer counts ('take', 'alone', 'order alone'); the hand is then played with partners. "
    "Made once a trick has been played without the partner, the offer cannot bring him back into the play (his "
    "cards were not played to it): the lone player plays the hand out and it is scored as a hand with partners",
    102: "the player is the lone player's partner; a card he leads or plays after the first lead shows its face "
    "and falls under this law, not under Law 52; a euchre scores four whatever the rule set's lone euchre",
    104: "'simply exposing a card' is every exposure of his: a card shown or dropped, cards played at once, a card "
    "played out of turn that is not a lead, his hand shown or thrown face up: none is liable to be called, and he "
    "plays on; only his lead out of turn is an exposed card. A detached card named by an adversary (Law 51) is "
    "that law's, not an exposure",
    105: "the card played out of turn stays on the table with the rest of both hands, callable like them; "
    "if the table leaves it in the trick (the others play on in order and the trick is quitted or the next card "
    "led), it is his card played to that trick; if he takes it back, he plays in his turn",
}


def _with_reading(e: LawEntry) -> LawEntry:
    """The entry with every reading for its law: its own and the director's (READINGS), each a sentence."""
    parts = [r if r.endswith(".") else r + "." for r in (e.reading, READINGS.get(e.number)) if r]
    return replace(e, reading=" ".join(parts) or None)


_ENTRIES = [_with_reading(e) for e in _ENTRIES]

LAWBOOK: dict[int, LawEntry] = {e.number: e for e in sorted(_ENTRIES, key=lambda e: e.number)}


def enforced() -> list[int]:
    return [n for n, e in LAWBOOK.items() if e.status == "enforced"]


def presented() -> list[int]:
    return [n for n, e in LAWBOOK.items() if e.status == "presented"]
