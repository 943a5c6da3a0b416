/* The Learn pages in the browser: exercises answered by clicking, checked by the engine, progress kept
   in this browser's localStorage, and the play table of the last lesson.

   Every answer comes from the engine running in the page (window.euchreEngine, docs/javascripts/engine.mjs:
   Pyodide in a Web Worker) through euchre_core.app.lessons.check_answer and the table functions; this file
   only draws, forwards and remembers. Without JavaScript, or while the engine cannot run, the pages
   stay complete: each exercise's answer is folded under its "Answer".

   localStorage "euchre-learn-v1": {ex: {id: {lesson, first: bool (right the first time), done: bool}},
   play: {deals, rubbers}}; "euchre-table-v1": the table's record {seed, seat, strength, actions}. */
(function () {
  "use strict";

  var STORE = "euchre-learn-v1";
  var TABLE_STORE = "euchre-table-v1";
  var ENGINE_WAIT_MS = 30000;
  var STEP_DELAY_MS = 350;

  /* ------------------------------------------------------------------ storage */

  function loadProgress() {
    try {
      var p = JSON.parse(window.localStorage.getItem(STORE) || "null");
      if (p && typeof p === "object" && p.ex) return p;
    } catch (e) { /* unreadable: start again */ }
    return { ex: {}, play: { deals: 0, rubbers: 0 } };
  }

  function saveProgress(p) {
    try { window.localStorage.setItem(STORE, JSON.stringify(p)); } catch (e) { /* private mode: not kept */ }
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

  function cardSpan(code) {
    var r = RANKS[code[0]], s = SUITS[code[1]];
    var span = document.createElement("span");
    if (!r || !s) { span.textContent = code; return span; }
    span.className = "card " + (s[2] ? "red" : "black");
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", cardName(code));
    span.textContent = r[0] + s[0];
    return span;
  }

  function pageLinks() {
    var el = document.getElementById("learn-links");
    if (!el) return { law: {}, hint: {}, case: {}, term: {} };
    try { return JSON.parse(el.getAttribute("data-links")); } catch (e) { return { law: {}, hint: {}, case: {}, term: {} }; }
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
    while ((m = REF_RE.exec(text)) !== null) {
      if (m[0] === "") { REF_RE.lastIndex += 1; continue; }
      frag.appendChild(document.createTextNode(text.slice(pos, m.index)));
      if (m[1]) {
        var word = m[1] + " ", nums = m[2], re = /\d+/g, n, last = 0, first = true;
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
        frag.appendChild(link(m[0], links["case"][m[4]]));
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
    try { spec = JSON.parse(el.getAttribute("data-spec")); } catch (e) { return; }
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

    function hintText(res) {
      var ans = res.answer || {};
      var parts = [];
      if (ans.laws && ans.laws.length) parts.push((ans.laws.length > 1 ? "Laws " : "Law ") + ans.laws.join(", "));
      if (ans.hints && ans.hints.length) parts.push("the book's hint " + ans.hints.join(", "));
      if (ans.cases && ans.cases.length) parts.push("Case " + ans.cases.join(", Case "));
      (ans.terms || []).forEach(function (t) { parts.push("the term \u201c" + t.replace(/-/g, " ") + "\u201d"); });
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
        ? "Asking the engine\u2026" : "Starting the engine (the first time takes a few seconds)\u2026";
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
          hint.appendChild(linkify(hintText(res) + " Try again, or ", links));
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

  /* ------------------------------------------------------------------ the table (lesson 10) */

  var POSITIONS = { C: "south", A: "north", B: "east", D: "west" };

  function mountTable(root) {
    if (root.getAttribute("data-bound")) return;
    root.setAttribute("data-bound", "1");
    root.textContent = "";
    var view = null;
    var running = false;
    var keyboardHere = false;                 /* the focus is (or was last) in the table */
    root.addEventListener("focusin", function () { keyboardHere = true; });
    document.addEventListener("focusin", function (event) {
      if (event.target !== document.body && !root.contains(event.target)) keyboardHere = false;
    });

    function el(tag, cls, text) {
      var x = document.createElement(tag);
      if (cls) x.className = cls;
      if (text !== undefined) x.textContent = text;
      return x;
    }

    var controls = el("div", "table-controls");
    var newButton = el("button", "md-button table-new", "New rubber");
    newButton.type = "button";
    var strengthLabel = el("label", "table-strength-label", "Engine strength ");
    var strength = el("select", "table-strength");
    [["easy", "easy (4 deals)"], ["default", "default (24 deals)"], ["strong", "strong (64 deals)"]].forEach(function (o) {
      var opt = el("option", "", o[1]);
      opt.value = o[0];
      strength.appendChild(opt);
    });
    strength.value = "default";
    strengthLabel.appendChild(strength);
    controls.appendChild(newButton);
    controls.appendChild(strengthLabel);
    var score = el("div", "table-score");
    var facts = el("p", "table-facts");
    var felt = el("div", "table-felt");
    var seats = {};
    ["A", "B", "C", "D"].forEach(function (s) {
      var box = el("div", "table-seat seat-" + POSITIONS[s]);
      var name = el("span", "table-seat-name", s === "C" ? "C (you)" : s + (s === "A" ? " (partner)" : ""));
      var played = el("span", "table-seat-card");
      var bid = el("span", "table-seat-bid");
      box.appendChild(name);
      box.appendChild(played);
      box.appendChild(bid);
      felt.appendChild(box);
      seats[s] = { box: box, played: played, name: name, bid: bid };
    });
    var bidding = el("p", "table-bidding");
    var actions = el("div", "table-actions");
    actions.setAttribute("role", "group");
    actions.setAttribute("aria-label", "Your choices");
    var handLabel = el("p", "table-hand-label", "Your hand");
    handLabel.id = "table-hand-label";
    var hand = el("div", "table-hand");
    hand.setAttribute("role", "toolbar");
    hand.setAttribute("aria-labelledby", "table-hand-label");
    var status = el("p", "table-status");
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    var last = el("div", "table-last");
    var log = el("ol", "table-log");
    log.setAttribute("aria-label", "What has happened");
    [controls, score, facts, felt, bidding, actions, handLabel, hand, status, last, log].forEach(function (x) {
      root.appendChild(x);
    });

    function say(lines) {
      if (!lines || !lines.length) return;
      status.textContent = lines.join(" ");
      lines.forEach(function (line) {   /* in the order things happened: the newest last, kept in view */
        log.appendChild(el("li", "", line));
      });
      while (log.children.length > 60) log.removeChild(log.firstChild);
      log.scrollTop = log.scrollHeight;
    }

    function save() {
      if (view) {
        try { window.localStorage.setItem(TABLE_STORE, JSON.stringify(view.record)); } catch (e) { /* not kept */ }
      }
    }

    function render() {
      if (!view) return;
      var v = view;
      var games = v.rubber.games.map(function (g) { return g.winner.split("").join(" ") + (g.value === 2 ? " (double)" : ""); });
      score.textContent = "Game: A C " + v.score.AC + ", B D " + v.score.BD + ". Games won: "
        + (games.length ? games.join(", ") : "none yet") + "."
        + (v.rubber.over ? " The rubber is over: " + v.rubber.winner.split("").join(" ") + " win, "
           + v.rubber.points[v.rubber.winner] + " points to " + v.rubber.points[v.rubber.winner === "AC" ? "BD" : "AC"] + "." : "");
      facts.textContent = "";
      facts.appendChild(document.createTextNode("Deal " + v.deal_number + ": " + v.dealer + " deals; turn-up "));
      facts.appendChild(cardSpan(v.turn_up));
      if (v.trump) {
        facts.appendChild(document.createTextNode("; trumps " + SUITS[v.trump][1] + ", made by " + v.maker
          + (v.alone ? " (alone)" : "") + ". Tricks: A C " + v.tricks_won.AC + ", B D " + v.tricks_won.BD + "."));
      } else {
        facts.appendChild(document.createTextNode(v.phase === "bid2" ? "; turned down." : "."));
      }
      /* the trick on the table; a completed trick stays (its winner marked) until the next card */
      var held = heldDeal;
      var trick = held ? held.cards : v.trick.length ? v.trick : v.last_trick ? v.last_trick.cards : [];
      var winner = held ? held.winner : !v.trick.length && v.last_trick ? v.last_trick.winner : null;
      /* the making at the seats: what each one said (the engine's sentences start with the seat) */
      var said = {};
      if (!held && !v.last_trick && !v.trick.length) {
        v.bidding.forEach(function (line) { if (line.charAt(1) === " ") said[line.charAt(0)] = line.slice(2); });
      }
      ["A", "B", "C", "D"].forEach(function (s) {
        var seat = seats[s];
        seat.played.textContent = "";
        seat.bid.textContent = said[s] || "";
        seat.box.classList.toggle("to-play", !held && v.actor === s && !v.over);
        seat.box.classList.toggle("is-out", !held && v.out.indexOf(s) >= 0);
        seat.box.classList.toggle("wins", winner === s);
        var inTrick = trick.filter(function (p) { return p[0] === s; })[0];
        if (inTrick) {
          seat.played.appendChild(cardSpan(inTrick[1]));
          if (winner === s) seat.played.appendChild(el("span", "table-wins", " wins"));
        } else if (!held && v.out.indexOf(s) >= 0) seat.played.textContent = "out";
        else if (!held && s !== "C") seat.played.textContent = v.counts[s] + (v.counts[s] === 1 ? " card" : " cards");
      });
      bidding.textContent = v.bidding.length ? "The making: " + v.bidding.join(" ") : "";
      actions.textContent = "";
      hand.textContent = "";
      var cardActions = {};
      v.legal.forEach(function (a) {
        if (a.card) cardActions[a.card] = a;
        else {
          var b = el("button", "md-button table-action", a.label);
          b.type = "button";
          b.addEventListener("click", function () { act(a.action); });
          actions.appendChild(b);
        }
      });
      var cardButtons = [];
      var playing = v.legal.some(function (a) { return !!a.card; });
      hand.classList.toggle("is-choosing", playing);
      v.hand.forEach(function (code) {
        if (!playing) {                       /* nothing to choose from the hand now: just show it */
          var shown = el("span", "table-card is-shown");
          shown.appendChild(cardSpan(code));
          hand.appendChild(shown);
          return;
        }
        var b = el("button", "table-card");
        b.type = "button";
        b.appendChild(cardSpan(code));
        var a = cardActions[code];
        b.setAttribute("aria-label", (a ? a.label : cardName(code)) + (a ? "" : ", cannot be played now"));
        if (a) {
          b.addEventListener("click", function () { act(a.action); });
          cardButtons.push(b);
        } else {
          b.disabled = true;
        }
        b.tabIndex = -1;
        hand.appendChild(b);
      });
      if (cardButtons.length) cardButtons[0].tabIndex = 0;
      else {
        var enabled = hand.querySelector("button");
        if (enabled) enabled.tabIndex = 0;
      }
      if (v.previous) {
        last.textContent = "Last deal: " + v.previous.text;
      }
      newButton.textContent = v.over ? "Play another rubber" : "New rubber";
      if (v.your_turn) {
        status.setAttribute("data-turn", "you");
        var focusTarget = cardButtons[0] || actions.querySelector("button");
        var active = document.activeElement;
        /* the reader is using the table from the keyboard: bring the focus back to what he may do now
           (the button he pressed has been drawn again, and the focus has fallen back to the page) */
        if (focusTarget && keyboardHere && (!active || active === document.body || root.contains(active))) {
          focusTarget.focus();
        }
      } else {
        status.removeAttribute("data-turn");
      }
      root.setAttribute("data-phase", v.over ? "over" : (v.your_turn ? "your-turn" : "engine"));
    }

    hand.addEventListener("keydown", function (event) {
      var enabled = Array.prototype.filter.call(hand.querySelectorAll("button"), function (b) { return !b.disabled; });
      if (!enabled.length) return;
      var i = enabled.indexOf(document.activeElement);
      var next = null;
      if (event.key === "ArrowRight" || event.key === "ArrowDown") next = enabled[(i + 1) % enabled.length];
      else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = enabled[(i - 1 + enabled.length) % enabled.length];
      else if (event.key === "Home") next = enabled[0];
      else if (event.key === "End") next = enabled[enabled.length - 1];
      if (next) {
        event.preventDefault();
        enabled.forEach(function (b) { b.tabIndex = -1; });
        next.tabIndex = 0;
        next.focus();
      }
    });

    function fail(error) {
      running = false;
      status.textContent = "The engine could not go on: " + (error && error.message ? error.message : error);
      root.setAttribute("data-phase", "error");
    }

    function progressDeal(before, after) {
      if (!before || !after) return;
      if (after.deal_number > before.deal_number || (after.over && !before.over)) {
        var p = loadProgress();
        p.play = p.play || { deals: 0, rubbers: 0 };
        p.play.deals = (p.play.deals || 0) + (after.deal_number - before.deal_number || 1);
        if (after.over && !before.over) p.play.rubbers = (p.play.rubbers || 0) + 1;
        saveProgress(p);
      }
    }

    /* the end of a deal: its last trick, its result and the score stay on the table until the
       reader deals again (the button), instead of flashing by */
    var heldDeal = null;
    var dealAgain = el("button", "md-button table-deal-again", "Deal the next hand");
    dealAgain.type = "button";
    dealAgain.hidden = true;
    dealAgain.addEventListener("click", function () {
      heldDeal = null;
      dealAgain.hidden = true;
      hand.hidden = false;
      actions.hidden = false;
      render();
      engineTurns();
      var target = hand.querySelector("button:not([disabled])") || actions.querySelector("button");
      if (target) target.focus();
    });
    last.parentNode.insertBefore(dealAgain, last);

    function holdIfDealt(before, after) {
      if (!before || !after || !after.previous || (after.deal_number === before.deal_number && !(after.over && !before.over))) return false;
      var tricks = after.previous.tricks || [];
      heldDeal = tricks.length ? tricks[tricks.length - 1] : { cards: [], winner: null };
      status.textContent = "Deal " + before.deal_number + " is over: " + after.previous.text;
      dealAgain.hidden = after.over;
      hand.hidden = !after.over;
      actions.hidden = !after.over;
      if (!after.over) dealAgain.focus();
      return true;
    }

    function engineTurns() {
      if (heldDeal) {
        running = false;
        return;
      }
      if (!view || view.your_turn || view.over) {
        running = false;
        render();
        return;
      }
      running = true;
      root.setAttribute("data-phase", "engine");
      window.setTimeout(function () {
        call("table_engine", { record: view.record }).then(function (next) {
          progressDeal(view, next);
          var before = view;
          view = next;
          save();
          say(next.said);
          var dealt = holdIfDealt(before, next);
          render();
          if (dealt) status.textContent = "Deal " + before.deal_number + " is over: " + next.previous.text;
          engineTurns();
        }, fail);
      }, view.trick.length === 0 && view.last_trick ? STEP_DELAY_MS * 4 : STEP_DELAY_MS);   /* a trick just completed: a longer look */
    }

    function act(action) {
      if (running || !view || !view.your_turn) return;
      running = true;
      call("table_act", { record: view.record, action: action }).then(function (next) {
        progressDeal(view, next);
        var before = view;
        view = next;
        save();
        say(next.said);
        var dealt = holdIfDealt(before, next);
        render();
        if (dealt) status.textContent = "Deal " + before.deal_number + " is over: " + next.previous.text;
        engineTurns();
      }, fail);
    }

    function start(record) {
      running = true;
      heldDeal = null;
      dealAgain.hidden = true;
      hand.hidden = false;
      actions.hidden = false;
      status.textContent = "Starting the engine (the first time takes a few seconds)\u2026";
      var request = record ? call("table_view", { record: record })
        : call("table_new", { strength: strength.value });
      request.then(function (v) {
        view = v;
        strength.value = v.record.strength || "default";
        save();
        status.textContent = v.your_turn ? "Your turn." : "";
        say(["Deal " + v.deal_number + ": " + v.dealer + " deals."]);
        render();
        engineTurns();
      }, function (error) {
        if (record) {
          try { window.localStorage.removeItem(TABLE_STORE); } catch (e) { /* ignore */ }
          start(null);
        } else {
          fail(error);
        }
      });
    }

    newButton.addEventListener("click", function () {
      if (running) return;
      log.textContent = "";
      last.textContent = "";
      start(null);
    });
    strength.addEventListener("change", function () {
      if (view && !running) {
        view.record.strength = strength.value;
        save();
      }
    });
    var saved = null;
    try { saved = JSON.parse(window.localStorage.getItem(TABLE_STORE) || "null"); } catch (e) { saved = null; }
    start(saved && typeof saved === "object" ? saved : null);
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
    var table = document.getElementById("euchre-table");
    if (table) mountTable(table);
    updateProgress();
    /* Python is not started here: the exercises' answers are precomputed (answers.mjs); the play
       table starts it when it is used (ARCHITECTURE.md, "When Python starts") */
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(bind);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", bind);
  } else {
    bind();
  }
})();
