// "Ask the director" (issues 12, 23): the page works without JavaScript (<details> and anchors); this
// opens the situation a link names (#a=<situation>, its heading #s-<situation>, or from search ?s=<situation>; with &who=<me|partner|left|right> for the reader's
// chair; the older #a=<group>/<law> links still open their law's situation), opens a situation listed
// in another group where it is answered, keeps the address in step with what the reader opens, speaks
// from the reader's chair when he says who did it (the engine's answer, precomputed in the page's
// answers: euchre_core.app.situations.situation), and copies the share link, saying so.
// Material's instant navigation swaps the page, so it runs on each page (window.euchrePage, theme.js).
(function () {
  "use strict";

  var SITUATION = "euchre_core.app.situations.situation";
  var WHO = ["me", "partner", "left", "right"];

  function readHash() {
    var raw = location.hash.slice(1);
    var text;
    try { text = decodeURIComponent(raw); } catch { text = raw; }  // a malformed escape: read it as written
    var out = { id: "", who: null };
    text.split("&").forEach(function (part) {
      if (part.indexOf("a=") === 0 || part.indexOf("s-") === 0) out.id = part;  // s-<id>: a search result's heading
      else if (part.indexOf("who=") === 0 && WHO.indexOf(part.slice(4)) >= 0) out.who = part.slice(4);
    });
    // a search result: the situation's own address, ?s=<id> (issue 36: each situation a result of its own)
    var fromSearch = new URLSearchParams(location.search).get("s");
    if (!out.id && !raw && fromSearch && /^[\w-]+$/.test(fromSearch)) out.id = "a=" + fromSearch;
    return out;
  }

  function findCase(guide, id) {
    if (!id) return null;
    var el = document.getElementById(id);
    if (el && guide.contains(el) && el.classList.contains("dg-label")) el = el.closest(".dg-case");
    if (el && guide.contains(el) && el.classList.contains("dg-case")) return el;
    var old = /^a=[\w-]+\/(\d{1,3})$/.exec(id);  // an older link: a=<group>/<law>
    if (old) return guide.querySelector('.dg-case[data-law="' + old[1] + '"]');
    return null;
  }

  // "Who did it?" and the share link's status line, drawn when a situation opens (they need this
  // script; the page carries neither, a hundred fewer groups of buttons to parse on a phone).
  function furnish(target) {
    if (!target || target.dataset.furnished) return;
    target.dataset.furnished = "1";
    var guide = target.closest(".director-guide");
    var links = target.querySelector(".dg-links");
    if (links && !links.querySelector(".dg-share-status")) {
      var status = el("span", "dg-share-status");
      status.setAttribute("role", "status");
      links.appendChild(status);
    }
    if (!target.hasAttribute("data-who-did")) return;
    var labels;
    try { labels = JSON.parse(guide.getAttribute("data-who-labels")); } catch { return; }
    // data-who-did="": the four chairs; "me": a situation of the club's tables (no seats there): "I did",
    // or someone else (the answer the page was built with, the members by name)
    var only = target.getAttribute("data-who-did");
    labels = labels.filter(function (pair) {
      return only ? pair[0] === "" || only.split(" ").indexOf(pair[0]) >= 0 : pair[0] !== "";
    });
    var box = target.querySelector(".dg-ruling");
    if (box) ORIGINAL.set(box, { html: box.innerHTML, status: box.dataset.status });
    var group = el("div", "dg-who-did");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Who did it?");
    group.appendChild(el("span", "dg-who-q", "Who did it?"));
    labels.forEach(function (pair) {
      var b = el("button", "dg-who", pair[1]);
      b.type = "button";
      b.dataset.who = pair[0];
      b.setAttribute("aria-pressed", target.dataset.who === pair[0] ? "true" : "false");
      group.appendChild(document.createTextNode(" "));
      group.appendChild(b);
    });
    var ruling = target.querySelector(".dg-ruling");
    if (ruling) ruling.parentNode.insertBefore(group, ruling);
  }

  function openCase(guide, target, focus) {
    furnish(target);
    for (var el = target; el && el !== guide; el = el.parentElement) {
      if (el.tagName === "DETAILS") el.open = true;
    }
    var summary = target.querySelector("summary");
    if (summary && focus) summary.focus({ preventScroll: true });
    // into view now, and again once Material has restored the scroll it locked while its search was open
    var bring = function () {
      var top = target.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight * 0.5) target.scrollIntoView({ block: "start" });
    };
    target.scrollIntoView({ block: "start" });
    requestAnimationFrame(bring);
    setTimeout(bring, 150);
    setTimeout(bring, 400);
    target.classList.add("dg-flash");
    setTimeout(function () { target.classList.remove("dg-flash"); }, 1600);
  }

  function shareUrl(target) {
    var who = target.dataset.who;
    // the page's address without a query (a search result's ?s= and ?h=): the fragment names the situation
    return location.origin + location.pathname + "#" + target.id + (who ? "&who=" + who : "");
  }

  function setAddress(target) {
    var hash = "#" + target.id + (target.dataset.who ? "&who=" + target.dataset.who : "");
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
  }

  function openFromHash(guide) {
    var where = readHash();
    var target = findCase(guide, where.id);
    if (!target) return;
    openCase(guide, target, true);
    if (where.who) speakFrom(target, where.who);
  }

  // ------------------------------------------------------------- the reader's chair
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  // The ruling from the engine's answer: its HTML fragment, rendered once per chair at build time by the
  // one voice (euchre_core.app.ruling_voice.ruling_html); the page swaps it, it words nothing itself.
  function drawRuling(box, r) {
    box.dataset.status = r.status;
    box.innerHTML = r.html;
  }

  var ORIGINAL = new WeakMap();   // a ruling box -> the answer the page was built with (the names, the letters)

  function speakFrom(target, who) {
    furnish(target);
    var box = target.querySelector(".dg-ruling");
    var buttons = target.querySelectorAll("button.dg-who");
    if (!box || !buttons.length) return;
    Array.prototype.forEach.call(buttons, function (b) {
      b.setAttribute("aria-pressed", b.dataset.who === who ? "true" : "false");
    });
    if (!who) {   // someone else: the answer as the page has it
      delete target.dataset.who;
      var first = ORIGINAL.get(box);
      if (first) drawRuling(box, first);
      return;
    }
    target.dataset.who = who;
    withAnswers(function (answers) { ask(answers, target, box, who); });
  }

  // The page's answers (answers.mjs, a module loaded by engine.mjs, which may arrive after this script).
  function withAnswers(use) {
    if (window.euchreAnswers) { use(window.euchreAnswers); return; }
    var tries = 0;
    var wait = setInterval(function () {
      if (window.euchreAnswers || ++tries > 200) {
        clearInterval(wait);
        if (window.euchreAnswers) use(window.euchreAnswers);
      }
    }, 50);
  }

  function ask(answers, target, box, who) {
    answers.answer(SITUATION, { id: target.dataset.situation, who: who }).then(function (r) {
      if (target.dataset.who !== who) return;  // the reader chose another chair meanwhile
      drawRuling(box, r);
      var live = target.querySelector("a.dg-open-law");
      if (live && r.me) live.href = live.href.split("?")[0].split("#")[0] + "?me=" + r.me + "#law-" + target.dataset.law;
    }, function (error) {
      box.insertBefore(el("p", "dg-status", "That answer could not be worked out here: " + (error && error.message ? error.message : error)), box.firstChild);
    });
  }

  function share(target) {
    furnish(target);
    var url = shareUrl(target);
    var status = target.querySelector(".dg-share-status");
    var say = function (text) {
      if (!status) return;
      status.textContent = text;
      setTimeout(function () { if (status.textContent === text) status.textContent = ""; }, 4000);
    };
    setAddress(target);
    if (navigator.share && matchMedia("(pointer: coarse)").matches) {
      navigator.share({ title: document.title, url: url }).then(function () { say("Shared."); }, function () {});
    } else if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(function () { say("Link copied: paste it to share this ruling."); },
        function () { say("Copy this link: " + url); });
    } else {
      say("Copy this link: " + url);
    }
  }

  function setup() {
    var guide = document.querySelector(".director-guide");
    if (!guide || guide.dataset.ready) return;
    guide.dataset.ready = "1";
    guide.addEventListener("toggle", function (event) {
      var t = event.target;
      if (!t.classList || !t.classList.contains("dg-case") || !t.open) return;
      furnish(t);
      setAddress(t);
    }, true);
    openFromHash(guide);
  }

  // The guide's links and buttons, caught before Material's instant navigation (it takes a click on a
  // link to this page's own anchors in the capture phase on the document): the window's capture comes first.
  window.addEventListener("click", function (event) {
    var guide = document.querySelector(".director-guide");
    var t = event.target;
    if (!guide || !t || !t.closest || !guide.contains(t)) return;
    var link = t.closest("a.dg-share");
    if (link) {
      event.preventDefault();
      event.stopPropagation();
      share(link.closest(".dg-case"));
      return;
    }
    var see = t.closest("a[data-open]");
    if (see) {
      var target = findCase(guide, see.dataset.open);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      openCase(guide, target, true);
      setAddress(target);
      return;
    }
    var who = t.closest("button.dg-who");
    if (who) {
      var item = who.closest(".dg-case");
      speakFrom(item, who.dataset.who);
      setAddress(item);
    }
  }, true);

  window.addEventListener("hashchange", function () {
    var guide = document.querySelector(".director-guide");
    if (guide) openFromHash(guide);
  });
  window.euchrePage.onPage(setup);  /* on each page, also after instant navigation (theme.js) */
})();
