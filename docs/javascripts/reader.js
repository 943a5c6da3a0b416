/* Small aids for the reader, on every page:
   - the director's guide (build_scripts/director_guide.py): a link to a ruling ("director/#law-52")
     opens the folds that hold it and brings it into view; the page works without this script (the
     folds are <details>: a reader opens them by hand);
   - a table wider than a phone scrolls in its own box: the box can take the focus, so that it can be
     scrolled from the keyboard (axe: scrollable-region-focusable). */
(function () {
  function openTarget() {
    var id;
    try {
      id = decodeURIComponent((location.hash || "").slice(1));
    } catch (error) {  // URIError: a malformed % escape in the link; nothing to open (the page says so where it reads the hash)
      return;
    }
    if (!id) return;
    var target = document.getElementById(id);
    if (!target || !target.closest(".director-guide")) return;
    for (var el = target; el; el = el.parentElement) {
      if (el.tagName === "DETAILS") el.open = true;
    }
    target.scrollIntoView({ block: "start" });
    var summary = target.querySelector("summary");
    if (summary) summary.focus({ preventScroll: true });
  }
  function scrollable() {
    document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])").forEach(function (box) {
      box.setAttribute("tabindex", "0");
      var caption = box.querySelector("caption");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", caption ? caption.textContent.trim() : "A table (scrolls sideways)");
    });
  }
  function onPage() {
    scrollable();
    openTarget();
  }
  function subscribe() {
    if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(onPage);
    else onPage();
  }
  window.addEventListener("hashchange", openTarget);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", subscribe);
  else subscribe();
})();
