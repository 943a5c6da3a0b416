/* The Learn pages in the browser: exercises answered by clicking, checked by the engine, and progress
   kept in this browser's localStorage. The play table of the last lesson is an ES module on the
   reader's table component: docs/javascripts/learn-table.mjs (mounted by engine.mjs).

   Every answer comes from the engine running in the page (window.euchreEngine, docs/javascripts/engine.mjs:
   Pyodide in a Web Worker) through euchre_core.app.lessons.check_answer; this file
   only draws, forwards and remembers. Without JavaScript, or while the engine cannot run, the pages
   stay complete: each exercise's answer is folded under its "Answer".

   localStorage "euchre-learn-v1": {ex: {id: {lesson, first: bool (right the first time), done: bool}},
   play: {deals, rubbers}} (the deals are counted by learn-table.mjs). */
(function () {
  "use strict";

  var STORE = "euchre-learn-v1";
  var ENGINE_WAIT_MS = 30000;

  /* ------------------------------------------------------------------ storage */

  function loadProgress() {
    try {
      var p = JSON.parse(window.localStorage.getItem(STORE) || "null");
      if (p && typeof p === "object" && p.ex) return p;
    } catch { /* unreadable: start again */ }
    return { ex: {}, play: { deals: 0, rubbers: 0 } };
  }

  function saveProgress(p) {
    try { window.localStorage.setItem(STORE, JSON.stringify(p)); } catch { /* private mode: not kept */ }
  }

  function record(id, lesson, correct) {
    var p = loadProgress();
    var entry = p.ex[id];
    if (!entry) {
      entry = p.ex[id] = { lesson: lesson, first: !!correct, done: !!correct };
    } else if (correct) {
      entry.done = true;
    }
    saveProgress(p);
    return entry;
  }

  /* ------------------------------------------------------------------ the engine */

  function engine() {
    return new Promise(function (resolve, reject) {
      var waited = 0;
      (function look() {
        if (window.euchreEngine && typeof window.euchreEngine.call === "function") {
          resolve(window.euchreEngine);
        } else if (waited >= ENGINE_WAIT_MS) {
          reject(new Error("the engine did not load"));
        } else {
          waited += 100;
          window.setTimeout(look, 100);
        }
      })();
    });
  }

  function call(name, kwargs) {
    var full = "euchre_core.app.lessons." + name;
    /* an exercise's answers are precomputed at build time (answers.mjs): no Python for them */
    if (window.euchreAnswers) return window.euchreAnswers.answer(full, kwargs);
    return engine().then(function (e) { return e.call(full, kwargs); });
  }

  /* ------------------------------------------------------------------ text and cards */

  var SUITS = { C: ["\u2663", "clubs", false], D: ["\u2666", "diamonds", true], H: ["\u2665", "hearts", true],
                S: ["\u2660", "spades", false] };
  var RANKS = { "7": ["7", "7"], "8": ["8", "8"], "9": ["9", "9"], T: ["10", "10"], J: ["J", "knave"],
                Q: ["Q", "queen"], K: ["K", "king"], A: ["A", "ace"] };

  function cardName(code) {
    var r = RANKS[code[0]], s = SUITS[code[1]];
    return r && s ? r[1] + " of " + s[1] : code;
  }

  function pageLinks() {
    var el = document.getElementById("learn-links");
    if (!el) return { law: {}, hint: {}, case: {}, term: {} };
    try { return JSON.parse(el.getAttribute("data-links")); } catch { return { law: {}, hint: {}, case: {}, term: {} }; }
  }

  /* "Law 62", "Laws 74, 75 and 94", "hint eldest-3", "Case IV" become links (the page's own map). */
  var REF_RE = /\b(Laws?|laws?)\s+(\d+(?:(?:,\s*|\s+and\s+|\s*[\u2013-]\s*)\d+)*)|\b((?:eldest|second|third|dealer|bridge|lone-hands|coups)-\d+)\b|\bCase\s+(IX|IV|V?I{0,3})\b/g;

  function linkify(text, links) {
    var frag = document.createDocumentFragment();
    var pos = 0, m;
    REF_RE.lastIndex = 0;
    function link(label, href) {
      if (!href) return document.createTextNode(label);
      var a = document.createElement("a");
      a.href = href;
      a.textContent = label;
      return a;
    }
    // biome-ignore lint/suspicious/noAssignInExpressions: the RegExp.exec loop (a global regex's matches, lastIndex moved by hand below)
    while ((m = REF_RE.exec(text)) !== null) {
      if (m[0] === "") { REF_RE.lastIndex += 1; continue; }
      frag.appendChild(document.createTextNode(text.slice(pos, m.index)));
      if (m[1]) {
        var word = m[1] + " ", nums = m[2], re = /\d+/g, n, last = 0, first = true;
        // biome-ignore lint/suspicious/noAssignInExpressions: the RegExp.exec loop over a global regex's matches
        while ((n = re.exec(nums)) !== null) {
          frag.appendChild(document.createTextNode(nums.slice(last, n.index)));
          frag.appendChild(link((first ? word : "") + n[0], links.law[n[0]]));
          first = false;
          last = n.index + n[0].length;
        }
        frag.appendChild(document.createTextNode(nums.slice(last)));
      } else if (m[3]) {
        frag.appendChild(link(m[3], links.hint[m[3]]));
      } else if (m[4]) {
        frag.appendChild(link(m[0], links.case[m[4]]));
      } else {
        frag.appendChild(document.createTextNode(m[0]));
      }
      pos = m.index + m[0].length;
    }
    frag.appendChild(document.createTextNode(text.slice(pos)));
    return frag;
  }

  /* ------------------------------------------------------------------ exercises */

  function mountExercise(el, links) {
    if (el.getAttribute("data-bound")) return;
    el.setAttribute("data-bound", "1");
    var spec;
    try { spec = JSON.parse(el.getAttribute("data-spec")); } catch { return; }
    var id = el.getAttribute("data-id");
    var lesson = el.getAttribute("data-lesson");
    var mode = el.getAttribute("data-mode") || "one";
    var list = el.querySelector(".exercise-choices");
    if (!list) return;
    /* a list still (its items stay list items: axe "listitem"), named for what to do */
    list.setAttribute("aria-label", mode === "many" ? "Choose every right answer, then check" : "Choose an answer");
    var buttons = [];
    Array.prototype.forEach.call(list.querySelectorAll("li[data-value]"), function (li) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "choice";
      b.setAttribute("data-value", li.getAttribute("data-value"));
      /* named by its content (a card says its name: role img), so the name matches what is seen */
      if (!li.querySelector("[role=img]") && li.getAttribute("data-label")) b.setAttribute("title", li.getAttribute("data-label"));
      while (li.firstChild) b.appendChild(li.firstChild);
      if (mode === "many") b.setAttribute("aria-pressed", "false");
      li.appendChild(b);
      buttons.push(b);
    });
    var feedback = document.createElement("div");
    feedback.className = "exercise-feedback";
    feedback.setAttribute("role", "status");
    feedback.setAttribute("aria-live", "polite");
    var check = null;
    if (mode === "many") {
      check = document.createElement("button");
      check.type = "button";
      check.className = "md-button exercise-check";
      check.textContent = "Check";
      list.parentNode.insertBefore(check, list.nextSibling);
      feedback.textContent = "";
    }
    (check || list).parentNode.insertBefore(feedback, (check || list).nextSibling);
    var mark = el.querySelector(".exercise-mark");
    var busy = false;

    function showState(entry) {
      el.classList.toggle("is-done", !!(entry && entry.done));
      if (mark) mark.textContent = entry ? (entry.done ? (entry.first ? " \u2713 right first time" : " \u2713 done") : " \u2717 try again") : "";
    }
    showState(loadProgress().ex[id]);

    /* Issue 12: a first miss gives a hint (what the engine's answer cites: a law, a hint of the book,
       a case, or how many answers are right), not the answer; the answer comes on request ("Show the
       answer") or after a second miss. */
    var misses = 0;

    function giveAway(res, value) {
      var ans = res.answer || {};
      var names = (ans.answers || []).map(cardName).concat(ans.answers || []);
      if (ans.text) names.push(ans.text.replace(/\.$/, ""));
      var fb = res.feedback || "";
      if (/^The answer/.test(fb)) return true;
      var chosen = [].concat(value);
      return names.some(function (n) { return n && chosen.indexOf(n) < 0 && fb.indexOf(n) >= 0; });
    }

    function hintFragment(text) {
      var frag = document.createDocumentFragment();
      text.split("\u0001").forEach(function (piece, i) {
        if (i % 2 === 0) { frag.appendChild(linkify(piece, links)); return; }
        var href = links.term && links.term[piece];
        var label = piece.replace(/-/g, " ");
        if (!href) { frag.appendChild(document.createTextNode(label)); return; }
        var a = document.createElement("a");
        a.href = href;
        a.textContent = label;
        frag.appendChild(a);
      });
      return frag;
    }

    function hintText(res) {
      var ans = res.answer || {};
      var parts = [];
      if (ans.laws && ans.laws.length) parts.push((ans.laws.length > 1 ? "Laws " : "Law ") + ans.laws.join(", "));
      if (ans.hints && ans.hints.length) parts.push("the book's hint " + ans.hints.join(", "));
      if (ans.cases && ans.cases.length) parts.push("Case " + ans.cases.join(", Case "));
      // a term is marked (\u0001id\u0001) so that hintFragment makes it a link to its entry, as laws are
      (ans.terms || []).forEach(function (t) { parts.push("the term \u201c\u0001" + t + "\u0001\u201d"); });
      var text = parts.length ? "Hint: look at " + parts.join("; ") + "."
        : "Hint: the lesson's text above this exercise has what you need.";
      if (mode === "many" && ans.answers) text += " " + ans.answers.length + " of the choices are right.";
      return text;
    }

    function showAnswer(res, keep) {
      if (!keep) feedback.textContent = "";
      var line = document.createElement("span");
      line.className = "exercise-the-answer";
      var verdict = document.createElement("strong");
      verdict.textContent = "The answer: ";
      line.appendChild(verdict);
      var ans = res.answer || {};
      line.appendChild(linkify(((ans.text || "") + " " + (ans.why || "")).trim(), links));
      feedback.appendChild(line);
      if (!keep) feedback.className = "exercise-feedback is-answer";
      markRight(res);
    }

    function markRight(res) {
      var rightOnes = (res.answer && res.answer.answers) || [];
      buttons.forEach(function (b) {
        if (rightOnes.indexOf(b.getAttribute("data-value")) >= 0 && !b.classList.contains("right")) b.classList.add("missed");
      });
    }

    function answer(value) {
      if (busy) return;
      busy = true;
      buttons.forEach(function (b) { b.classList.remove("right", "wrong", "missed"); });
      var known = window.euchreAnswers && window.euchreAnswers.has("euchre_core.app.lessons.check_answer",
        { exercise: spec, answer: value });
      feedback.textContent = known || (window.euchreEngine && window.euchreEngine.status && window.euchreEngine.status().phase === "ready")
        ? "Asking the engine\u2026" : "Fetching the rules engine (once per visit; about 7 MB, which can take a minute on a slow connection)\u2026";
      call("check_answer", { exercise: spec, answer: value }).then(function (res) {
        feedback.textContent = "";
        misses = res.correct ? 0 : misses + 1;
        var verdict = document.createElement("strong");
        verdict.textContent = res.correct ? "\u2713 Right. " : (misses === 1 ? "\u2717 Not right. " : "\u2717 Not right again. ");
        feedback.appendChild(verdict);
        var chosen = Array.isArray(value) ? value : [value];
        var rightOnes = (res.answer && res.answer.answers) || [];
        if (res.correct) {
          feedback.appendChild(linkify(res.feedback.replace(/^Right\.\s*/, ""), links));
        } else if (misses === 1) {
          if (!giveAway(res, value)) {
            feedback.appendChild(linkify(res.feedback + " ", links));
          }
          var hint = document.createElement("span");
          hint.className = "exercise-hint";
          hint.appendChild(hintFragment(hintText(res) + " Try again, or "));
          var show = document.createElement("button");
          show.type = "button";
          show.className = "exercise-show-answer";
          show.textContent = "show the answer";
          show.addEventListener("click", function () { showAnswer(res); });
          hint.appendChild(show);
          hint.appendChild(document.createTextNode("."));
          feedback.appendChild(hint);
        } else {
          feedback.appendChild(linkify(res.feedback, links));
        }
        feedback.className = "exercise-feedback " + (res.correct ? "is-right" : "is-wrong");
        buttons.forEach(function (b) {
          var v = b.getAttribute("data-value");
          b.classList.remove("missed");
          if (chosen.indexOf(v) >= 0) {
            /* one answer: the card chosen is right or wrong; several: each one chosen (after the first miss),
               and those missed (after the second) */
            if (mode !== "many" || res.correct || misses > 1) {
              b.classList.add(mode === "many" ? (rightOnes.indexOf(v) >= 0 ? "right" : "wrong") : (res.correct ? "right" : "wrong"));
            } else if (rightOnes.indexOf(v) < 0) {
              b.classList.add("wrong");
            }
          } else if (mode === "many" && !res.correct && misses > 1 && rightOnes.indexOf(v) >= 0) {
            b.classList.add("missed");
          }
        });
        if (!res.correct && misses > 1 && !/^The answer/.test(res.feedback)) showAnswer(res, true);
        else if (!res.correct && misses > 1) markRight(res);   /* the engine's words gave the answer */
        showState(record(id, lesson, res.correct));
        updateProgress();
      }, function (error) {
        feedback.className = "exercise-feedback is-error";
        feedback.textContent = "The engine could not check this (" + (error && error.message ? error.message : error)
          + "). The answer is under \u201cAnswer\u201d below.";
      }).then(function () { busy = false; });
    }

    buttons.forEach(function (b) {
      b.addEventListener("click", function () {
        if (mode === "many") {
          b.setAttribute("aria-pressed", b.getAttribute("aria-pressed") === "true" ? "false" : "true");
        } else {
          answer(b.getAttribute("data-value"));
        }
      });
    });
    if (check) {
      check.addEventListener("click", function () {
        var chosen = buttons.filter(function (b) { return b.getAttribute("aria-pressed") === "true"; })
          .map(function (b) { return b.getAttribute("data-value"); });
        answer(chosen);
      });
    }
  }

  /* ------------------------------------------------------------------ progress */

  function counts(ids) {
    var p = loadProgress();
    var done = 0, first = 0;
    ids.forEach(function (id) {
      var e = p.ex[id];
      if (e && e.done) done += 1;
      if (e && e.first) first += 1;
    });
    return { done: done, first: first, total: ids.length };
  }

  function idsOf(el) {
    return (el.getAttribute("data-exercises") || "").split(" ").filter(Boolean);
  }

  function updateProgress() {
    Array.prototype.forEach.call(document.querySelectorAll(".learn-progress[data-lesson]"), function (el) {
      var ids = idsOf(el);
      if (!ids.length) return;
      var c = counts(ids);
      el.hidden = false;
      el.textContent = "";
      var text = document.createElement("span");
      text.className = "learn-progress-text";
      text.textContent = c.done === c.total ? "Lesson done: " + c.total + " of " + c.total + " exercises, "
        + c.first + " right the first time." : "Your progress: " + c.done + " of " + c.total + " exercises done, "
        + c.first + " right the first time.";
      el.appendChild(text);
      el.appendChild(resetButton("Reset this lesson", function () {
        var p = loadProgress();
        ids.forEach(function (id) { delete p.ex[id]; });
        saveProgress(p);
        remount();
      }));
    });
    var lessonsDone = 0, exDone = 0, exFirst = 0, exTotal = 0;
    var spans = document.querySelectorAll(".learn-count[data-lesson]");
    Array.prototype.forEach.call(spans, function (el) {
      var ids = idsOf(el);
      if (!ids.length) return;
      var c = counts(ids);
      exDone += c.done; exFirst += c.first; exTotal += c.total;
      if (c.done === c.total) lessonsDone += 1;
      el.textContent = c.done + " of " + c.total + (c.done === c.total ? " \u2713" : "");
    });
    var overview = document.getElementById("learn-overview");
    if (overview) {
      var p = loadProgress();
      overview.hidden = false;
      overview.textContent = "";
      var line = document.createElement("p");
      line.textContent = "In this browser: " + lessonsDone + " lesson" + (lessonsDone === 1 ? "" : "s") + " done; "
        + exDone + " of " + exTotal + " exercises done, " + exFirst + " right the first time; "
        + (p.play && p.play.deals || 0) + " deal" + ((p.play && p.play.deals) === 1 ? "" : "s") + " played against the engine.";
      overview.appendChild(line);
      overview.appendChild(resetButton("Reset all progress", function () {
        saveProgress({ ex: {}, play: { deals: 0, rubbers: 0 } });
        remount();
      }));
    }
  }

  function resetButton(label, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "md-button learn-reset";
    b.textContent = label;
    b.addEventListener("click", action);
    return b;
  }

  /* ------------------------------------------------------------------ mounting */

  function remount() {
    Array.prototype.forEach.call(document.querySelectorAll(".exercise[data-bound]"), function (el) {
      var p = loadProgress();
      var entry = p.ex[el.getAttribute("data-id")];
      el.classList.toggle("is-done", !!(entry && entry.done));
      var mark = el.querySelector(".exercise-mark");
      if (mark) mark.textContent = entry ? (entry.done ? (entry.first ? " \u2713 right first time" : " \u2713 done") : " \u2717 try again") : "";
      var fb = el.querySelector(".exercise-feedback");
      if (fb && !entry) { fb.textContent = ""; fb.className = "exercise-feedback"; }
      Array.prototype.forEach.call(el.querySelectorAll(".choice"), function (b) {
        b.classList.remove("right", "wrong", "missed");
        if (b.hasAttribute("aria-pressed")) b.setAttribute("aria-pressed", "false");
      });
    });
    updateProgress();
  }

  function bind() {
    var links = pageLinks();
    var exercises = document.querySelectorAll(".exercise[data-spec]");
    Array.prototype.forEach.call(exercises, function (el) { mountExercise(el, links); });
    updateProgress();
    /* Python is not started here: the exercises' answers are precomputed (answers.mjs); the play
       table (learn-table.mjs, mounted by engine.mjs) starts it (ARCHITECTURE.md, "When Python starts") */
  }

  window.euchrePage.onPage(bind);  /* on each page, also after instant navigation (theme.js) */
})();
