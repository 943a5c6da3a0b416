/* The director's guide (build_scripts/director_guide.py): a link to a ruling ("director/#law-52")
   opens the folds that hold it and brings it into view; the page works without this script (the
   folds are <details>: a reader opens them by hand). */
(function () {
  function openTarget() {
    var id = decodeURIComponent((location.hash || "").slice(1));
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
  function subscribe() {
    if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(openTarget);
    else openTarget();
  }
  window.addEventListener("hashchange", openTarget);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", subscribe);
  else subscribe();
})();
