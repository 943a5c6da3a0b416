"""Issue 36: a second held-out set of 30 queries, written blind on 2026-11-29.

Written from the laws' text only (``content/laws.yaml``) and the titles of the director's guide
situations with the law each cites (``euchre_core/data/situations.json``, not their players' words),
as a new player or club member would type them on a phone: lower case, slang (renege, loner, turn up,
deck), past tenses, a question. They were written before opening the search's code, its word lists,
its settings or the two earlier query sets (``tests/search_queries.py``, ``tests/search_heldout.py``);
those two were opened afterwards only to take this list's shape and to check that no query repeats
one of theirs exactly (none did, so none was removed). Nothing in the search or the pages was changed
for them: a query that misses is a finding. Each has the laws that answer it, the first being the one
that must be among the first three results and land in view when tapped.
``benchmarks/bench_search.py --set fresh`` prints each one's rank.
"""

from __future__ import annotations

# (what a player types, the laws that answer it: the first must be in the top 3)
HELDOUT_FRESH: list[tuple[str, tuple[int, ...]]] = [
    ("opponent led when it was my partner's lead", (52, 53)),
    ("last guy played before his partner did", (59, 58)),
    ("card face up in the middle of the deck", (34,)),
    ("someone only got four cards", (42, 90)),
    ("how many points do you lose for a renege", (63,)),
    ("can you take back a renege before the trick is picked up", (65, 69)),
    ("too late to claim renege after cutting next hand", (68,)),
    ("loner takes all five tricks how many points", (3,)),
    ("partner of the loner played to the first card", (100,)),
    ("dealer said alone after he discarded", (96,)),
    ("i said i order it up and go alone", (98,)),
    ("both teams reneged in the same hand", (71,)),
    ("dealer discarded the card he picked up", (88,)),
    ("dealer never discarded and has six cards", (90,)),
    ("everybody passed twice", (77,)),
    ("called the same suit that got turned down", (78,)),
    ("partner said thats mine before i played", (83,)),
    ("who gets to shuffle the deck", (25, 24, 27)),
    ("cut only left two cards", (29,)),
    ("tie when cutting for partners", (13, 14)),
    ("game counts double if they have zero points", (7,)),
    ("we added the score wrong last hand", (5,)),
    ("someone waiting wants to get in after the rubber", (15, 16)),
    ("player has to leave halfway through the rubber", (18,)),
    ("can i ask what the turn up card was", (92,)),
    ("what do you get for euchring them", (2,)),
    ("card fell on the floor", (46,)),
    ("spectator telling people what to play", (114,)),
    ("dealt with the other team's deck", (38,)),
    ("wrong person dealt", (40,)),
]
