/* Small aids for the reader, on every page:
   - a link to a law ("laws/the-revoke/#law-62" from the law-number box or the director's guide, or
     "laws/the-revoke/?law=62" from search) brings the law into view and marks it, on a phone too (after a search, Material's instant
     navigation restores the scroll it had locked while the search was open: the law is scrolled to
     again once it has); the director's guide's own links are docs/javascripts/director.js's;
   - a table wider than a phone scrolls in its own box: the box can take the focus, so that it can be
     scrolled from the keyboard (axe: scrollable-region-focusable);
   - a technical term (<abbr title="definition">, build_scripts/textmark.py) shows its definition in the
     text when it is tapped or clicked, or pressed with Enter or Space once focused (issue 36: the
     title's tooltip needs a pointer resting on it, which a phone has not); a second press hides it. */
(function () {
  "use strict";

  // the law a link names: its heading (#law-62), or a search result's own address (?law=62, issue 36:
  // each law is a result of its own; build_scripts/search_index.py)
  function lawFromHash() {
    var m = /^#law-(\d{1,3})$/.exec(location.hash || "");
    if (m) return m[1];
    if (location.hash) return null;
    m = /^\d{1,3}$/.exec(new URLSearchParams(location.search).get("law") || "");
    return m ? m[0] : null;
  }

  function showLaw() {
    document.querySelectorAll(".law-target").forEach(function (e) { e.classList.remove("law-target"); });
    var n = lawFromHash();
    if (!n) return;
    var heading = document.getElementById("law-" + n);
    if (!heading) return;
    heading.classList.add("law-target");
    document.querySelectorAll('[data-unit="law-' + n + '"]').forEach(function (p) { p.classList.add("law-target"); });
    var bring = function () {
      var top = heading.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight * 0.5) heading.scrollIntoView({ block: "start" });
    };
    bring();
    requestAnimationFrame(bring);
    setTimeout(bring, 150);
    setTimeout(bring, 400);
  }

  function scrollable() {
    document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])").forEach(function (box) {
      box.setAttribute("tabindex", "0");
      var caption = box.querySelector("caption");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", caption ? caption.textContent.trim() : "A table (scrolls sideways)");
    });
  }
  var TERMS = ".md-typeset abbr[title], .md-typeset abbr[data-definition]";

  function terms() {
    document.querySelectorAll(".md-typeset abbr[title]:not([tabindex])").forEach(function (abbr) {
      abbr.setAttribute("tabindex", "0");
      abbr.setAttribute("role", "button");
      abbr.setAttribute("aria-expanded", "false");
    });
  }

  function toggleTerm(abbr) {
    var shown = abbr.nextElementSibling && abbr.nextElementSibling.classList.contains("term-def")
      ? abbr.nextElementSibling : null;
    if (shown) {
      shown.remove();
      abbr.setAttribute("aria-expanded", "false");
      if (abbr.hasAttribute("data-definition")) abbr.setAttribute("title", abbr.getAttribute("data-definition"));
      return;
    }
    var text = abbr.getAttribute("title") || abbr.getAttribute("data-definition") || "";
    // the tooltip would repeat what is now in the text
    abbr.setAttribute("data-definition", text);
    abbr.removeAttribute("title");
    var definition = document.createElement("span");
    definition.className = "term-def";
    definition.setAttribute("role", "note");
    definition.textContent = text;
    abbr.after(definition);
    abbr.setAttribute("aria-expanded", "true");
  }

  document.addEventListener("click", function (event) {
    var abbr = event.target.closest && event.target.closest(TERMS);
    if (abbr) toggleTerm(abbr);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var abbr = event.target.closest && event.target.closest(TERMS);
    if (!abbr) return;
    event.preventDefault();
    toggleTerm(abbr);
  });

  function onPage() {
    scrollable();
    terms();
    showLaw();
  }
  window.addEventListener("hashchange", showLaw);
  window.euchrePage.onPage(onPage);  /* on each page, also after instant navigation (theme.js) */
})();
