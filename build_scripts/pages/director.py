"""The director's guide, "Ask the director" (:mod:`build_scripts.director_guide`): what the player saw,
the situation, the ruling at that moment, the options and who chooses."""

from __future__ import annotations

from build_scripts import director_guide
from build_scripts.pages.base import DIRECTOR, SiteBase
from build_scripts.textmark import md_escape
from euchre_core.app.sandbox import scenarios


class DirectorPages(SiteBase):
    """The director's guide."""

    def director_page(self) -> str:
        """ "Ask the director": what the player saw → the situation → the ruling at that moment, the
        options and who chooses, from the player's chair when he says who did it."""
        plain = self.inline(DIRECTOR, terms=False)
        texts = {n: "\n\n".join(plain.paragraphs(law["text"])) for n, law in self.laws.items()}
        groups = director_guide.situations(texts, {n: s["id"] for n, s in self.law_section.items()})
        playable = set(scenarios())  # the laws whose breach a live game can begin with (docs/play.md)
        for group in groups:
            for item in group["cases"]:
                item["law_href"] = self.link(DIRECTOR, self.law_page[item["law"]], f"law-{item['law']}")
                # the game page reads the law from the query (raw HTML, as the sandbox links ?me=: offline too)
                item["play_href"] = f"../play/?law={item['law']}" if item["law"] in playable else None
                for ruling in item.get("examples") or []:
                    ruling["text"] = plain.render(ruling["text"])
                    ruling["options"] = [md_escape(o) for o in ruling["options"]]
                    ruling["effects"] = [md_escape(e) for e in ruling["effects"]]
        return self.render(
            "director.md.j2",
            groups=groups,
            who_labels=director_guide.WHO_LABELS,
            club_chairs=director_guide.CLUB_CHAIRS,
            laws_href=self.link(DIRECTOR, "laws/index.md"),
        )
