// "Ask the director" (issue 12): the page works without JavaScript (<details> and anchors); this
// opens the situation a share link names (#a=<group>/<law>), keeps the address in step with the
// situation the reader opens, and copies the share link. Material's instant navigation swaps the
// page, so it runs on each page (document$) and does nothing where there is no guide.
(function () {
  "use strict";

  function openFromHash(guide) {
    var id = decodeURIComponent(location.hash.slice(1));
    if (id.indexOf("a=") !== 0) return;
    var target = document.getElementById(id);
    if (!target || !guide.contains(target)) return;
    for (var el = target; el && el !== guide; el = el.parentElement) {
      if (el.tagName === "DETAILS") el.open = true;
    }
    var summary = target.querySelector("summary");
    if (summary) summary.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
  }

  function setup() {
    var guide = document.querySelector(".director-guide");
    if (!guide || guide.dataset.ready) return;
    guide.dataset.ready = "1";
    guide.addEventListener("toggle", function (event) {
      var el = event.target;
      if (!el.classList || !el.classList.contains("dg-case") || !el.open) return;
      if (location.hash !== "#" + el.id) history.replaceState(history.state, "", "#" + el.id);
    }, true);
    guide.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a.dg-share");
      if (!link) return;
      event.preventDefault();
      var url = location.href.split("#")[0] + "#" + link.dataset.share;
      history.replaceState(history.state, "", "#" + link.dataset.share);
      var done = function () {
        link.textContent = "Link copied";
        setTimeout(function () { link.textContent = "Share this ruling"; }, 2000);
      };
      if (navigator.share && matchMedia("(pointer: coarse)").matches) {
        navigator.share({ title: document.title, url: url }).catch(function () {});
      } else if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url).then(done, function () {});
      }
    });
    openFromHash(guide);
  }

  window.addEventListener("hashchange", function () {
    var guide = document.querySelector(".director-guide");
    if (guide) openFromHash(guide);
  });
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(setup);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();
