/* The case player: a case of the book card by card on the reader's table (table.mjs), with branches
   as in a study: at any step any legal card opens a variation, which the reader steps through on the
   same table (the engine's best play fills the rest), can branch again from, and leaves to return to
   the book's line. The URL carries the position and the whole line:
     #play=12                 the book's line after 12 cards
     #play=3/JC/AD@2          the book's line to card 3, then the reader's J♣ and A♦, then best play;
                              the table 2 cards into that variation
   ("play=" cannot clash with a heading's id, which never holds "=").

   Mounted by engine.mjs on <div class="case-player" data-case="ID"> (build_scripts/templates/case.md.j2).
   It draws what the engine answers through answers.mjs: euchre_core.app.web.case_step (the book's
   line), euchre_core.app.table_view.case_values (the solver's value of each legal card) and
   euchre_core.app.table_view.case_line (a variation, every position of it). The engine decides the
   legal cards, the winners, the values, the best cards, the scores and the words of an error. The
   static tables of the page stay as the no-JS and print view. */

import { answer, has, loaded, warm } from "./answers.mjs";
import { escapeHtml, statusView } from "./engine-ui.mjs";
import { cardFace, mountTable, SEATS } from "./table.mjs";

const ICONS = {   // Material Design icons (Apache-2.0): SVG, so they need no font
  "first": "M6 6h2v12H6zm3.5 6 8.5 6V6z",
  "prev-trick": "M17.59 18 19 16.59 14.42 12 19 7.41 17.59 6l-6 6zM11 18l1.41-1.41L7.83 12l4.58-4.59L11 6l-6 6z",
  "prev": "M15.41 16.59 10.83 12l4.58-4.59L14 6l-6 6 6 6z",
  "next": "M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z",
  "next-trick": "M6.41 6 5 7.41 9.58 12 5 16.59 6.41 18l6-6zM13 6l-1.41 1.41L16.17 12l-4.58 4.59L13 18l6-6z",
  "last": "M6 18l8.5-6L6 6v12zM16 6v12h2V6z",
};
const STEP = "euchre_core.app.web.case_step";
const VALUES = "euchre_core.app.table_view.case_values";
const LINE = "euchre_core.app.table_view.case_line";

/* The engine's answers, kept for the whole visit (this module outlives Material's instant
   navigation): a position is asked once. */
const answers = new Map();

function ask(name, kwargs) {
  const key = name + JSON.stringify(kwargs);
  if (answers.has(key)) return Promise.resolve(answers.get(key));
  return answer(name, kwargs).then(function (a) {
    answers.set(key, a);
    return a;
  });
}

/* "#play=12" → {step: 12}; "#play=3/JC/AD@2" → {step: 3, cards: ["JC", "AD"], at: 2}; anything else → null */
export function parseFragment(hash) {
  const m = /^#play=(\d{1,2})((?:\/[0-9A-Za-z]{2,3})*)(?:@(\d{1,2}))?$/.exec(hash || "");
  if (!m) return null;
  const cards = m[2] ? m[2].slice(1).split("/").map(function (c) { return c.toUpperCase(); }) : [];
  return { step: parseInt(m[1], 10), cards: cards, at: m[3] !== undefined ? parseInt(m[3], 10) : cards.length };
}

function fragmentOf(step, line, at) {
  if (!line) return "#play=" + step;
  return "#play=" + line.from + line.cards.map(function (c) { return "/" + c; }).join("") + (at !== line.cards.length ? "@" + at : "");
}

const KEYS = [
  ["← / →", "one card back / forward", function (e) { return !e.shiftKey && ({ ArrowLeft: "prev", ArrowRight: "next" })[e.key]; }],
  ["Shift+← / Shift+→", "one trick back / forward (also Page Up / Page Down)", function (e) {
    if (e.key === "PageUp" || (e.shiftKey && e.key === "ArrowLeft")) return "prev-trick";
    if (e.key === "PageDown" || (e.shiftKey && e.key === "ArrowRight")) return "next-trick";
    return null;
  }],
  ["Home / End", "the start / the end of the line", function (e) { return ({ Home: "first", End: "last" })[e.key]; }],
  ["B / Backspace", "one level up: to the variation this one left, else to the book's line", function (e) { return (e.key === "b" || e.key === "Backspace") && "book"; }],
  ["V", "show or hide the value of every card (the makers' tricks with best play)", function (e) { return (e.key === "v" || e.key === "V") && "values"; }],
  ["L", "show the last complete trick", function (e) { return (e.key === "l" || e.key === "L") && "last-trick"; }],
  ["Tab", "move between the cards; Enter plays the one in focus", function () { return null; }],
];

export function mountCasePlayer(root, engine) {
  const caseId = root.getAttribute("data-case");
  const first = root === document.querySelector(".case-player[data-case]");   // only the page's first player owns the URL
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "Case " + caseId + " on the table");
  root.innerHTML =
    '<div class="cp-layout">' +
    '<div class="cp-main">' +
    '<div class="cp-tablebox"></div>' +
    '<div class="cp-controls" role="group" aria-label="Steps">' +
    button("first", "First") + button("prev-trick", "Previous trick") + button("prev", "Previous") +
    button("next", "Next", true) + button("next-trick", "Next trick", true) + button("last", "Last", true) + "</div>" +
    '<div class="cp-options">' +
    '<button type="button" class="cp-toggle cp-values-toggle" aria-pressed="false">Values</button>' +
    '<button type="button" class="cp-toggle cp-last-toggle" aria-pressed="false">Last trick</button>' +
    '<label class="cp-follow">Show <select><option value="">every hand</option>' +
    SEATS.map(function (s) { return '<option value="' + s + '">only ' + s + "’s hand</option>"; }).join("") +
    "</select></label></div>" +
    '<p class="cp-announce" role="status" aria-live="polite" aria-atomic="true"></p>' +
    "</div>" +
    '<div class="cp-side">' +
    '<nav class="cp-tree" aria-label="Lines explored" hidden></nav>' +
    '<div class="cp-info"></div>' +
    "</div></div>" +
    '<div class="engine-status" data-phase="idle"></div>';

  const controls = root.querySelector(".cp-controls");
  const options = root.querySelector(".cp-options");
  const info = root.querySelector(".cp-info");
  const tree = root.querySelector(".cp-tree");
  const announce = root.querySelector(".cp-announce");
  const follow = root.querySelector(".cp-follow select");
  const valuesToggle = root.querySelector(".cp-values-toggle");
  const lastToggle = root.querySelector(".cp-last-toggle");
  const status = statusView(root.querySelector(".engine-status"), engine);
  const table = mountTable(root.querySelector(".cp-tablebox"), {
    label: "Case " + caseId + ": the table",
    keys: KEYS,
    scope: root,
    onKey: act,
    onCard: onCard,
    onHover: function (code) {
      // a card that would open a variation not in the page's data: start Python now (ARCHITECTURE.md)
      const s = book ? state() : null;
      if (!s || !s.to_move || (s.hands[s.to_move] || []).indexOf(code) < 0) return;
      if (!line && code === s.book_card) return;
      if (line || !has(LINE, { case_id: caseId, step: currentStep(), cards: [code] })) warm();
    },
  });

  let book = null;          // the case_step answer at `step` (the book's line)
  let step = 0;             // the book's step shown, or the variation's departure
  let line = null;          // the variation shown: the case_line answer (null: the book's line)
  let at = 0;               // the position in the variation (0: its departure)
  let values = null;        // case_values at the book's step
  let prevValues = null;    // case_values one step before: the best cards where the book's last card was played
  let showValues = false;
  let showLast = false;
  let lastTrick = null;     // the previous complete trick, when asked for
  let why = null;           // an illegal card's explanation
  const explored = [];      // the variations opened during the visit: [{from, cards, result}]
  let request = 0;
  let alive = true;
  let queued = null;
  let started = false;

  controls.hidden = true;
  options.hidden = true;
  table.draw({   // the empty table at its full size while the engine starts: the page does not jump
    seats: { A: { cards: [], waiting: true }, B: { cards: [], waiting: true }, C: { cards: [], waiting: true }, D: { cards: [], waiting: true } },
    trick: { number: 1, cards: [], winner: null }, cards: {},
    centre: '<p class="et-trump">Dealing the cards…</p>', bar: "",
  });

  function button(action, name, after) {
    const text = '<span class="cp-button-text">' + name + "</span>";
    const glyph = '<svg class="cp-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="' + ICONS[action] + '"/></svg>';
    // one card forward is the reader's next action (issue 26): set out as the primary one
    return '<button type="button" class="md-button cp-' + action + (action === "next" ? " md-button--primary" : "") +
      '" data-action="' + action + '" title="' + name + '">' +
      (after ? text + " " + glyph : glyph + " " + text) + "</button>";
  }

  function currentStep() { return line ? line.from : step; }

  /* ---------------------------------------------------------------- moving */

  function openBook(n, opts) {
    opts = opts || {};
    const id = ++request;
    status.busy(true);
    const none = function () { return null; };
    return Promise.all([ask(STEP, { case_id: caseId, step: n }), ask(VALUES, { case_id: caseId, step: n }).catch(none),
      n > 0 ? ask(VALUES, { case_id: caseId, step: n - 1 }).catch(none) : null])
      .then(function (r) {
        if (!alive || id !== request) return;
        status.busy(false);
        book = r[0];
        values = r[1];
        prevValues = r[2];
        step = book.step;
        line = null;
        at = 0;
        why = null;
        lastTrick = null;
        showLast = false;
        draw();
        announce.textContent = opts.quiet ? "" : book.announce;
        if (opts.fragment !== false) setFragment();
        performance.mark("euchre:case-step");   // for benchmarks/bench_browser.py
        flush();
      }, function (error) {
        if (!alive || id !== request) return;
        status.busy(false);
        status.problem(error);
      });
  }

  function openLine(from, cards, position, opts) {
    opts = opts || {};
    const id = ++request;
    status.busy(true);
    return ask(LINE, { case_id: caseId, step: from, cards: cards }).then(function (answerLine) {
      if (!alive || id !== request) return;
      status.busy(false);
      line = answerLine;
      step = from;
      at = Math.max(0, Math.min(position, line.states.length - 1));
      why = null;
      showLast = false;
      lastTrick = null;
      remember(line);
      const base = ask(STEP, { case_id: caseId, step: from });
      base.then(function (b) {
        if (!alive || line !== answerLine) return;
        book = b;
        draw();
        announce.textContent = opts.quiet ? "" : (opts.opened ? "Variation: " : "") + line.states[at].announce;
        if (opts.fragment !== false) setFragment();
        performance.mark("euchre:what-if");
        flush();
      });
    }, function (error) {
      if (!alive || id !== request) return;
      status.busy(false);
      if (!error.engine) {
        status.problem(error);
        return;
      }
      why = error.message;
      draw();
      announce.textContent = why;
    });
  }

  function flush() {
    if (queued) {
      const action = queued;
      queued = null;
      act(action);
    }
  }

  function remember(l) {
    const key = l.from + "/" + l.cards.join("/");
    if (explored.some(function (e) { return e.key === key; })) return;
    explored.push({ key: key, from: l.from, cards: l.cards.slice(), line: l.line.map(function (c) { return c[1]; }), result: l.result, seat: l.line[l.cards.length - 1][0] });
  }

  function setFragment() {
    if (!first) return;
    const fragment = fragmentOf(step, line, at);
    if (location.hash !== fragment) history.replaceState(history.state, "", fragment);
  }

  function trickEnds() {
    if (!line) return book.trick_ends;
    const ends = [];
    line.states.forEach(function (s, k) { if (k > 0 && s.trick.winner) ends.push(k); });
    return ends;
  }

  function target(action) {
    const pos = line ? at : step;
    const last = line ? line.states.length - 1 : book.steps;
    const ends = trickEnds();
    switch (action) {
      case "first": return 0;
      case "prev": return Math.max(0, pos - 1);
      case "next": return Math.min(last, pos + 1);
      case "last": return last;
      case "prev-trick": {
        const earlier = [0].concat(ends).filter(function (e) { return e < pos; });
        return earlier.length ? earlier[earlier.length - 1] : 0;
      }
      case "next-trick": {
        const later = ends.filter(function (e) { return e > pos; });
        return later.length ? later[0] : last;
      }
    }
    return null;
  }

  function act(action) {
    if (!book) {
      queued = action;   // done when the book's line is in (the page's data, or Python where there is none)
      loaded().then(function () {
        if (!has(STEP, { case_id: caseId, step: 0 })) engine.ready();
      });
      return;
    }
    if (action === "values") {
      showValues = !showValues;
      draw();
      return;
    }
    if (action === "last-trick") {
      toggleLast();
      return;
    }
    if (action === "book") {
      if (line) backUp();
      return;
    }
    const n = target(action);
    if (n === null) return;
    if (line) {
      if (n === at) return;
      at = n;
      why = null;
      showLast = false;
      draw();
      announce.textContent = line.states[at].announce || "The position where the variation leaves the book's line.";
      setFragment();
      return;
    }
    if (n === step) return;
    openBook(n);
  }

  // a variation's parent: the longest explored line that it continues (same departure, its cards a prefix)
  function parentOf(e) {
    let best = -1;
    explored.forEach(function (p, i) {
      if (p === e || p.from !== e.from || p.cards.length >= e.cards.length) return;
      const prefix = e.cards.slice(0, e.cards.length - 1);
      const ok = prefix.every(function (c, k) { return p.line[k] === c; }) && prefix.length >= p.cards.length;
      if (ok && (best < 0 || explored[best].cards.length < p.cards.length)) best = i;
    });
    return best;
  }

  function parentLine() {
    if (!line) return null;
    const key = line.from + "/" + line.cards.join("/");
    const me = explored.filter(function (e) { return e.key === key; })[0];
    const p = me ? parentOf(me) : -1;
    return p >= 0 ? explored[p] : null;
  }

  /* Back, as in a study: one level up, to the variation this one left, at the card where it left;
     from a variation of the book's line, to the book's line. */
  function backUp() {
    const p = parentLine();
    if (!p) {
      backToBook();
      return;
    }
    openLine(p.from, p.cards, line.cards.length - 1, { quiet: true }).then(function () {
      announce.textContent = "Back to the variation it left, at card " + (p.from + line.cards.length) + ".";
      table.focus();
    });
  }

  function backToBook() {
    const n = line.from;
    openBook(n, { quiet: true }).then(function () {
      announce.textContent = "Back to the book's line: " + (book ? book.announce : "");
      table.focus();
    });
  }

  function onCard(code) {
    if (!book) return;
    if (!line) {
      if (code === book.book_card) {
        act("next");
        return;
      }
      openLine(step, [code], 1, { opened: true });
      return;
    }
    const state = line.states[at];
    const next = line.line[at];
    if (next && next[1] === code) {
      act("next");
      return;
    }
    if (!state.to_move) return;
    const cards = line.line.slice(0, at).map(function (c) { return c[1]; }).concat([code]);
    openLine(line.from, cards, at + 1, { opened: true });
  }

  function toggleLast() {
    if (showLast) {
      showLast = false;
      draw();
      return;
    }
    // the last complete trick before the position shown
    if (line) {
      let k = at;
      const current = line.states[at].trick.number;
      while (k > 0 && !(line.states[k].trick.winner && line.states[k].trick.number < current)) k--;
      if (k > 0) { lastTrick = line.states[k].trick; showLast = true; draw(); return; }
    }
    const ends = book.trick_ends.filter(function (e) { return e <= (line ? line.from : step) && e > 0; });
    const mine = line ? null : book.trick.winner ? book.trick.number : null;
    const choose = ends.filter(function (e) { return mine === null || e < step; });
    if (!choose.length) {
      announce.textContent = "No trick is complete yet.";
      return;
    }
    ask(STEP, { case_id: caseId, step: choose[choose.length - 1] }).then(function (a) {
      lastTrick = a.trick;
      showLast = true;
      draw();
    }, function (error) { status.problem(error); });
  }

  controls.addEventListener("click", function (event) {
    const b = event.target.closest("button[data-action]");
    if (!b || b.getAttribute("aria-disabled") === "true") return;
    act(b.getAttribute("data-action"));
  });
  valuesToggle.addEventListener("click", function () { act("values"); });
  lastToggle.addEventListener("click", function () { act("last-trick"); });
  follow.addEventListener("change", function () { if (book) draw(); });

  info.addEventListener("click", function (event) {
    if (event.target.closest("button[data-back-up]")) backUp();
    if (event.target.closest("button[data-back]")) backToBook();
  });
  tree.addEventListener("click", function (event) {
    const b = event.target.closest("button[data-line]");
    if (!b) return;
    if (b.getAttribute("data-line") === "book") {
      if (line) backToBook();
      return;
    }
    const e = explored[parseInt(b.getAttribute("data-line"), 10)];
    openLine(e.from, e.cards, e.cards.length);
  });

  function onHash() {
    const link = parseFragment(location.hash);
    if (link && book) openLink(link, { fragment: false });
  }
  window.addEventListener("hashchange", onHash);

  function openLink(link, opts) {
    const n = Math.min(Math.max(0, link.step), book ? book.steps : link.step);
    if (link.cards.length) return openLine(n, link.cards, link.at, Object.assign({ opened: true }, opts));
    return openBook(n, opts);
  }

  /* ---------------------------------------------------------------- drawing */

  function state() {
    return line ? line.states[at] : book;
  }

  function seatTags(seat) {
    const words = [];
    if (seat === book.dealer) words.push("dealer");
    if (seat === book.maker) words.push("maker");
    if (seat === book.alone) words.push("alone");
    return words;
  }

  function view() {
    const s = state();
    const cards = line ? Object.assign({}, book.cards, line.cards_info) : book.cards;
    const vals = line ? s.values : values ? values.values : {};
    const best = line ? s.best : values ? values.best : [];
    const next = line ? line.line[at] : null;
    const bookCard = line ? null : book.book_card;
    const seats = {};
    SEATS.forEach(function (seat) {
      const hand = s.hands[seat] || [];
      const turn = seat === s.to_move;
      const shown = !follow.value || follow.value === seat;
      seats[seat] = {
        tags: seatTags(seat),
        turn: turn,
        out: book.out.indexOf(seat) >= 0,
        hidden: !shown,
        cards: hand.map(function (c) {
          if (!turn) return { code: c };
          const legal = s.legal.indexOf(c) >= 0;
          const isBest = best.indexOf(c) >= 0;
          const isNext = bookCard ? c === bookCard : next && next[1] === c;
          const name = cards[c] ? cards[c][1] : c;
          const v = vals && vals[c] !== undefined ? vals[c] : null;
          const label = legal
            ? (isNext ? (line ? "play the " + name + " (the line's card)" : "play the " + name + " (the book's card)")
              : "play the " + name + " instead (a variation)") +
              (isBest ? "; keeps the best result" : "") + (v !== null ? "; makers take " + v + " with best play" : "")
            : name + ": not a legal card here; select to see why";
          return {
            code: c, play: true, legal: legal, label: label,
            classes: (isNext ? "et-next" : "") + (isBest && legal ? " et-best" : ""),
            value: showValues && legal && v !== null ? String(v) : null,
          };
        }),
      };
    });
    const trick = showLast && lastTrick ? lastTrick : s.trick;
    const won = s.tricks_won;
    // in a variation the line under the table says so first: on a phone it is on the first screen with
    // the table, where the variation's panel (beside the table on a wide screen) is further down
    const off = line ? '<span class="cp-off-book">Off the book’s line: a variation from card ' + (line.from + 1) + "</span> " : "";
    const bar = off + "<strong>" + (showLast && lastTrick ? "Last trick (" + trick.number + ")" : "Trick " + trick.number) + "</strong> · tricks A–C <strong>" +
      (won.AC || 0) + "</strong>, B–D <strong>" + (won.BD || 0) + "</strong> · " + scoreWords() +
      (book.games ? " (games " + (book.games.AC || 0) + "–" + (book.games.BD || 0) + ")" : "");
    const centre = '<p class="et-trump">Trump <strong>' + escapeHtml(book.trump_name || "") + "</strong>" +
      (book.turn_up ? '<span class="et-turnup"> · turn-up ' + cardFace(book.turn_up, cards) + "</span>" : "") + "</p>";
    return { seats: seats, trick: trick, cards: cards, bar: bar, centre: centre, variation: !!line };
  }

  // the score before the deal, and after it once the deal is over (the deal's points added)
  function scoreWords() {
    const over = line ? (at === line.states.length - 1 ? line.result : null) : (step === book.steps ? book.result : null);
    const pts = over && over.points ? over.points : null;
    const ac = (book.score.AC || 0) + (pts ? pts.AC || 0 : 0);
    const bd = (book.score.BD || 0) + (pts ? pts.BD || 0 : 0);
    return (pts ? "score after the deal" : "score") + " A–C " + ac + ", B–D " + bd;
  }

  function draw() {
    controls.hidden = false;
    options.hidden = false;
    const pos = line ? at : step;
    const last = line ? line.states.length - 1 : book.steps;
    ["first", "prev", "prev-trick"].forEach(function (a) { disable(a, pos === 0); });
    ["next", "next-trick", "last"].forEach(function (a) { disable(a, pos === last); });
    valuesToggle.setAttribute("aria-pressed", showValues ? "true" : "false");
    lastToggle.setAttribute("aria-pressed", showLast ? "true" : "false");
    table.draw(view());
    root.classList.toggle("cp-in-variation", !!line);
    drawTree();
    drawInfo();
  }

  function disable(action, off) {
    const b = controls.querySelector('[data-action="' + action + '"]');
    if (off) b.setAttribute("aria-disabled", "true");
    else b.removeAttribute("aria-disabled");
  }

  function cardSmall(code) {
    const all = line ? Object.assign({}, book.cards, line.cards_info) : book.cards;
    return cardFace(code, all);
  }

  function drawTree() {
    if (!explored.length) {
      tree.hidden = true;
      return;
    }
    tree.hidden = false;
    const current = line ? line.from + "/" + line.cards.join("/") : null;
    function items(parent) {
      let html = "";
      explored.forEach(function (e, i) {
        if (parentOf(e) !== parent) return;
        const here = e.key === current;
        const card = e.cards[e.cards.length - 1];
        const where = e.from + e.cards.length;   // the card's number in the deal
        html += '<li><button type="button" class="cp-line-item" data-line="' + i + '"' + (here ? ' aria-current="true"' : "") + ">" +
          '<span class="cp-line-where">card ' + where + ":</span> " + e.seat + " " + cardSmall(card) +
          ' <span class="cp-line-result">' + (e.result.euchred ? "euchred" : e.result.march ? "march" : e.result.makers_tricks + " tricks") + "</span></button>" +
          "<ul>" + items(i) + "</ul></li>";
      });
      return html;
    }
    tree.innerHTML = '<p class="cp-tree-title">Lines <span class="cp-tree-help">(choose one to go to it)</span></p><ul><li><button type="button" class="cp-line-item" data-line="book"' +
      (line ? "" : ' aria-current="true"') + ">The book’s line</button><ul>" + items(-1) + "</ul></li></ul>";
  }

  function drawInfo() {
    const s = state();
    let text = "";
    if (line) {
      const reader = line.cards.length;
      text += '<div class="cp-varinfo"><p><strong>Variation</strong> from card ' + (line.from + 1) + " of the book’s line: " +
        line.line.slice(0, reader).map(function (c) { return c[0] + " " + cardSmall(c[1]); }).join(", ") +
        ", then both sides play their best (the engine’s double-dummy solver).</p>" +
        '<p class="cp-where">' + (at === 0 ? "Where the variation leaves the book." : "Card " + at + " of " + (line.states.length - 1) + " in the variation.") + "</p>" +
        (parentLine() ? '<button type="button" class="md-button md-button--primary cp-up" data-back-up>Back to the variation it left</button> ' : "") +
        '<button type="button" class="md-button cp-back" data-back>Back to the book’s line</button></div>';
    } else {
      text += '<p class="cp-where">' + (step === 0 ? "Before the first card" : "Card " + step + " of " + book.steps + " in the book’s line") + "</p>";
    }
    // the solver's evaluation, like an engine's: the makers' tricks with best play from here, and
    // whether the last card changed it (it was not best play)
    let dd = null;
    let before = null;
    let better = [];   // the cards that kept the best result where the last card was played
    if (line) {
      dd = s.dd;
      before = at > 0 ? line.states[at - 1].dd : null;
      better = at > 0 ? line.states[at - 1].best || [] : [];
    } else if (book.dd) {
      dd = book.dd.makers_tricks;
      before = book.dd.before;
      better = prevValues ? prevValues.best || [] : [];
    } else if (values) {
      dd = values.dd;
    }
    const finished = line ? at === line.states.length - 1 : step === book.steps;   // nothing left to play: no "from here"
    if (dd !== null && dd !== undefined && !finished) {
      const makers = book.makers ? book.makers.split("").join("–") : "the makers";   // "A–C", as the score says it
      const moved = before !== null && before !== undefined && before !== dd;
      text += '<p class="cp-eval"><span class="cp-eval-bar" role="img" aria-label="With best play from here the makers, ' +
        escapeHtml(makers) + ", take " + dd + ' of 5 tricks"><span data-dd="' + Number(dd) + '"></span></span> ' +
        "Best play from here: " + escapeHtml(makers) + " take <strong>" + dd + "</strong>" +
        (moved ? " — the last card changed it from " + before + ": it was not best play" +
          (better.length ? " (best was " + better.map(cardSmall).join(" or ") + ")" : "") + "." : ".") + "</p>";
      if (moved) {
        text += '<p class="cp-eval-note">Best play is double-dummy play: the engine sees all four hands; the players at the table see only their own.</p>';
      }
    }
    if (s.to_move && (!follow.value || follow.value === s.to_move)) {
      text += '<p class="cp-hint">' + s.to_move + " to play. " + (line ? "The line’s next card is framed" : "The book’s card is framed") +
        "; a dot marks every card that keeps the best result" + (showValues ? " (the numbers: the makers’ tricks with best play)" : "") +
        ". Any other legal card opens a variation.</p>";
    } else if (s.to_move) {   // following one hand: the others' cards are hidden, so nothing to choose
      text += '<p class="cp-hint">' + s.to_move + " to play: go on with the next card; choose “every hand” under Show to play another card.</p>";
    }
    if (why) {
      text += '<p class="cp-illegal-why" role="alert"><strong>Not allowed:</strong> ' + escapeHtml(why) + "</p>";
    }
    if (!line && book.narration && book.trick.cards.length) {
      text += '<blockquote class="cp-narration"><p class="cp-narration-title">The book, trick ' + book.trick.number + "</p><p>" +
        escapeHtml(book.narration) + "</p></blockquote>";
    }
    if (!line && book.remarks.length) {
      text += '<aside class="cp-remark"><p class="cp-remark-title">The book remarks</p>' +
        book.remarks.map(function (r) { return "<p>" + escapeHtml(r) + "</p>"; }).join("") + "</aside>";
    }
    const atEnd = line ? at === line.states.length - 1 : step === book.steps;
    if (atEnd) {
      if (line) {
        text += '<div class="cp-outcomes"><p class="cp-outcome-new"><strong>This line:</strong> ' + escapeHtml(line.result.text) +
          " (" + escapeHtml(line.result.points_text) + ").</p>" +
          '<p class="cp-outcome-book"><strong>The book’s line:</strong> ' + escapeHtml(line.book.text) + " (" + escapeHtml(line.book.points_text) + ").</p></div>";
      } else if (book.result) {
        text += '<p class="cp-result"><strong>Result:</strong> ' + escapeHtml(book.result.text) + " (" + escapeHtml(book.result.points_text) + ").</p>";
      } else {
        text += '<p class="cp-result">The book’s narration stops here; choose a card at an earlier step to see the rest played out.</p>';
      }
    }
    info.innerHTML = text;
  }

  /* ---------------------------------------------------------------- start */

  function start() {
    if (started || !alive) return;
    started = true;
    const link = first ? parseFragment(location.hash) : null;
    if (!link) {
      openBook(0, { quiet: true, fragment: false });
      return;
    }
    ask(STEP, { case_id: caseId, step: 0 }).then(function (a) {
      book = book || a;
      return openLink(link, { fragment: false });
    }, function (error) { status.problem(error); });
  }

  const tableBox = root.querySelector(".cp-tablebox");
  const unsubscribe = engine.onStatus(function (s) {
    tableBox.hidden = s.phase === "error" && book === null;   // no engine: the page's static tables remain
    if (s.phase === "ready") start();
  });
  // the book's line precomputed (the page's answers.json): the table is live without Python; a page
  // without that data (mkdocs serve while it is computed) asks Python
  loaded().then(function () {
    if (!alive) return;
    if (has(STEP, { case_id: caseId, step: 0 })) start();
    else engine.ready();
  }, function () { if (alive) engine.ready(); });
  if (first && parseFragment(location.hash)) root.scrollIntoView({ block: "start" });
  /* Python starts only off the book (ARCHITECTURE.md): a card whose answer is not in the page's data
     warms it (onHover above); stepping the book's line and its first branches needs none. */

  return function dispose() {
    alive = false;
    unsubscribe();
    status.dispose();
    table.dispose();
    window.removeEventListener("hashchange", onHash);
  };
}
