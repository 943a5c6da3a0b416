"""The director's guide, "Ask the director" (:mod:`build_scripts.director_guide`): what the player saw,
the situation, the ruling at that moment, the options and who chooses."""

from __future__ import annotations

import html
import re
from typing import Any

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
        self.director_search = self._search_results(groups)
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

    def _search_results(self, groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Each situation as a search result of its own (issue 36: the theme groups a page's sections under
        one result, "N more on this page", so the guide's hundred situations were one result whose top line
        was often another ruling): its title, the law, the players' words, the ruling's headline and the
        law's text (the page shows it under the answer), at ``director/?s=<id>`` (``director.js`` opens it);
        and the page's own entry with only its introduction and its groups (the theme's took the text of
        every answer), at the weight of any page. :mod:`build_scripts.search_index` puts them in the built
        index."""
        # the page's own entry is its contents, the groups, and answers nothing: without the guide's boost
        # (4, the situations'), it no longer ranks among the situations that answer ("played wrong suit")
        contents = _plain(" ".join(f"{g['title']}: {g['hint']}." for g in groups))
        page: list[dict[str, Any]] = [{"page": DIRECTOR, "text": contents, "boost": 1}]
        for group in groups:
            for it in group["cases"]:
                if not it["home"]:
                    continue
                said = []
                ruling = it.get("ruling")
                if ruling:
                    said.append(str(ruling.get("headline") or ""))
                for x in it.get("examples") or []:
                    said.append(str(x["what"]))
                said.append(str(it.get("reading") or ""))
                text = f"Law {it['law']}." + (f" Players also say: {', '.join(it['words'])}." if it["words"] else "")
                text += "".join(f" {_plain(t)}" for t in said if t)
                text += f" Law {it['law']} says: {' '.join(str(self.laws[it['law']]['text']).split())}"
                page.append(
                    {
                        "page": DIRECTOR,
                        "anchor": f"s-{it['id']}",
                        "query": f"s={it['id']}",
                        "title": it["label"],
                        "text": text,
                    }
                )
        return page


def _plain(text: str) -> str:
    """Text without its markup, on one line."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())
