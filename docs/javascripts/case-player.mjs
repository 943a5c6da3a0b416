/* The case player: a case of the book card by card, with "what if" another card had been played.

   Mounted by engine.mjs on <div class="case-player" data-case="ID"> (build_scripts/templates/case.md.j2).
   It draws what euchre_core.app.web.case_step and euchre_core.app.web.what_if answer — from the page's
   data precomputed by the engine at build time (answers.mjs), else from the engine's worker — and
   forwards the reader's choices: the engine decides the legal cards, the winners, the solver's
   line, the scores and the words of an error. The static tables of the page stay as they are. */

import { answer as precomputed, has, warm } from "./answers.mjs";
import { cardHtml, escapeHtml, statusView } from "./engine-ui.mjs";

const SEATS = ["A", "B", "C", "D"];
const AREA = { A: "a", B: "b", C: "c", D: "d" };   // the book's layout: A top, B right, C bottom, D left
const ICONS = {   // Material Design icons (Apache-2.0): SVG, so they need no font
  "first": "M6 6h2v12H6zm3.5 6 8.5 6V6z",
  "prev-trick": "M17.59 18 19 16.59 14.42 12 19 7.41 17.59 6l-6 6zM11 18l1.41-1.41L7.83 12l4.58-4.59L11 6l-6 6z",
  "prev": "M15.41 16.59 10.83 12l4.58-4.59L14 6l-6 6 6 6z",
  "next": "M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z",
  "next-trick": "M6.41 6 5 7.41 9.58 12 5 16.59 6.41 18l6-6zM13 6l-1.41 1.41L16.17 12l-4.58 4.59L13 18l6-6z",
  "last": "M6 18l8.5-6L6 6v12zM16 6v12h2V6z",
};

/* The answers, kept for the whole visit (this module outlives Material's instant navigation): a
   position is asked once. */
const answers = new Map();

function parseFragment(hash) {
  const m = /^#(trick|step)-(\d+)$/.exec(hash || "");
  return m ? { kind: m[1], n: parseInt(m[2], 10) } : null;
}

export function mountCasePlayer(root, engine) {
  const caseId = root.getAttribute("data-case");
  const label = "Case " + caseId + ", card by card";
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", label);
  root.innerHTML =
    '<p class="cp-title"><strong>Play it through</strong> <span class="cp-subtitle">— step through the book\'s line, or choose another card and let the engine play out the rest.</span></p>' +
    '<div class="engine-status" data-phase="idle"></div>' +
    '<div class="cp-controls" role="group" aria-label="Steps">' +
    button("first", "First") + button("prev-trick", "Previous trick") + button("prev", "Previous") +
    button("next", "Next", true) + button("next-trick", "Next trick", true) + button("last", "Last", true) +
    '<label class="cp-follow">Show <select><option value="">every hand</option>' +
    SEATS.map(function (s) { return '<option value="' + s + '">only ' + s + "’s hand</option>"; }).join("") +
    "</select></label></div>" +
    '<div class="cp-board" role="group" tabindex="0" aria-label="The table; the arrow keys step through the play" hidden></div>' +
    '<p class="cp-announce" role="status" aria-live="polite" aria-atomic="true"></p>' +
    '<div class="cp-info" hidden></div>' +
    '<div class="cp-whatif" hidden></div>';

  const controls = root.querySelector(".cp-controls");
  const board = root.querySelector(".cp-board");
  const info = root.querySelector(".cp-info");
  const announce = root.querySelector(".cp-announce");
  const whatIf = root.querySelector(".cp-whatif");
  const follow = root.querySelector(".cp-follow select");
  const status = statusView(root.querySelector(".engine-status"), engine);

  let data = null;          // the current case_step answer
  let step = null;
  let request = 0;          // the latest request (older answers are dropped)
  let alive = true;
  let queued = null;        // a step asked for before the engine answered (a click while Python loads)
  const firstLink = parseFragment(location.hash);

  function button(action, name, after) {
    const text = '<span class="cp-button-text">' + name + "</span>";
    const glyph = '<svg class="cp-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="' + ICONS[action] + '"/></svg>';
    return '<button type="button" class="md-button cp-' + action + '" data-action="' + action + '">' +
      (after ? text + " " + glyph : glyph + " " + text) + "</button>";
  }

  function stepAnswer(n) {
    const key = caseId + "/" + n;
    if (answers.has(key)) return Promise.resolve(answers.get(key));
    return precomputed("euchre_core.app.web.case_step", { case_id: caseId, step: n }).then(function (answer) {
      answers.set(key, answer);
      return answer;
    });
  }

  function go(n, options) {
    options = options || {};
    const id = ++request;
    status.busy(true);
    return stepAnswer(n).then(function (answer) {
      if (!alive || id !== request) return;
      status.busy(false);
      data = answer;
      step = answer.step;
      closeWhatIf();
      draw();
      announce.textContent = options.quiet ? "" : answer.announce;
      if (options.fragment !== false) setFragment();
      performance.mark("euchre:case-step");   // for benchmarks/bench_browser.py
      if (queued) {
        const action = queued;
        queued = null;
        act(action);
      }
    }, function (error) {
      if (!alive || id !== request) return;
      status.busy(false);
      status.problem(error);
    });
  }

  function setFragment() {
    if (root !== document.querySelector(".case-player[data-case]")) return;   // only the page's first player
    const t = data.trick_ends.indexOf(step);
    const fragment = step > 0 && t >= 0 ? "#trick-" + (t + 1) : "#step-" + step;
    if (location.hash !== fragment) history.replaceState(history.state, "", fragment);
  }

  function target(action) {
    if (!data) return null;
    const ends = data.trick_ends;
    switch (action) {
      case "first": return 0;
      case "prev": return Math.max(0, step - 1);
      case "next": return Math.min(data.steps, step + 1);
      case "last": return data.steps;
      case "prev-trick": {
        const earlier = [0].concat(ends).filter(function (e) { return e < step; });
        return earlier.length ? earlier[earlier.length - 1] : 0;
      }
      case "next-trick": {
        const later = ends.filter(function (e) { return e > step; });
        return later.length ? later[0] : data.steps;
      }
    }
    return null;
  }

  function act(action) {
    if (!data) {
      queued = action;   // the first position is on its way (from the page's data, or from Python)
      return;
    }
    const n = target(action);
    if (n === null || n === step) return;
    go(n);
  }

  controls.addEventListener("click", function (event) {
    const b = event.target.closest("button[data-action]");
    if (!b || b.getAttribute("aria-disabled") === "true") return;
    act(b.getAttribute("data-action"));
  });

  follow.addEventListener("change", function () {
    if (data) draw();
  });

  root.addEventListener("keydown", function (event) {
    if (!data || event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = (event.target && event.target.tagName) || "";
    if (tag === "SELECT" || tag === "TEXTAREA" || tag === "INPUT") return;
    const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", PageUp: "prev-trick", PageDown: "next-trick" };
    let action = keys[event.key];
    if (event.shiftKey && event.key === "ArrowLeft") action = "prev-trick";
    if (event.shiftKey && event.key === "ArrowRight") action = "next-trick";
    if (!action) return;
    event.preventDefault();
    act(action);
  });

  board.addEventListener("click", function (event) {
    const b = event.target.closest("button[data-card]");
    if (!b || !data) return;
    const card = b.getAttribute("data-card");
    if (card === data.book_card) {
      act("next");
      return;
    }
    ask(card);
  });

  whatIf.addEventListener("click", function (event) {
    if (event.target.closest("button[data-back]")) {
      closeWhatIf();
      announce.textContent = "Back to the book's line: " + data.announce;
      board.focus();
    }
  });

  function onHash() {
    const link = parseFragment(location.hash);
    if (link && data) go(resolve(link, data), { fragment: false });
  }
  window.addEventListener("hashchange", onHash);

  function resolve(link, answer) {
    if (link.kind === "step") return Math.min(Math.max(0, link.n), answer.steps);
    const ends = answer.trick_ends;
    if (link.n <= 0) return 0;
    return link.n <= ends.length ? ends[link.n - 1] : answer.steps;
  }

  /* ---------------------------------------------------------------- drawing */

  function seatWords(seat) {
    const words = [];
    if (seat === data.dealer) words.push("dealer");
    if (seat === data.maker) words.push("maker");
    if (seat === data.alone) words.push("alone");
    if (data.out.indexOf(seat) >= 0) words.push("does not play");
    return words.join(", ");
  }

  function handHtml(seat) {
    const cards = data.hands[seat] || [];
    const shown = !follow.value || follow.value === seat;
    if (data.out.indexOf(seat) >= 0) return '<span class="cp-empty">does not play</span>';
    if (!cards.length) return '<span class="cp-empty">no cards left</span>';
    if (!shown) {
      return '<span class="cp-hidden" role="img" aria-label="' + cards.length + " hidden " + (cards.length === 1 ? "card" : "cards") + '">' +
        cards.map(function () { return '<span class="card cp-back" aria-hidden="true">&#x1F0A0;</span>'; }).join(" ") + "</span>";
    }
    if (seat !== data.to_move) return cards.map(function (c) { return cardHtml(c, data.cards); }).join(" ");
    return cards.map(function (c) {
      const [face, name, colour] = data.cards[c];
      const legal = data.legal.indexOf(c) >= 0;
      const book = c === data.book_card;
      const aria = legal
        ? "play the " + name + (book ? " (the book's card)" : " instead (what if)")
        : name + ": not a legal card here; select to see why";
      // the name comes from the (visually hidden) words, so it matches what a speech user says
      return '<button type="button" class="card ' + colour + " cp-play" + (legal ? "" : " cp-illegal") + (book ? " cp-book" : "") +
        '" data-card="' + c + '"><span aria-hidden="true">' + escapeHtml(face) + '</span><span class="visually-hidden">' +
        escapeHtml(aria) + "</span></button>";
    }).join(" ");
  }

  function draw() {
    controls.hidden = false;
    board.hidden = false;
    info.hidden = false;
    const atStart = step === 0;
    const atEnd = step === data.steps;
    ["first", "prev", "prev-trick"].forEach(function (a) { disable(a, atStart); });
    ["next", "next-trick", "last"].forEach(function (a) { disable(a, atEnd); });

    const trick = data.trick;
    const played = {};
    trick.cards.forEach(function (pc) { played[pc[0]] = pc[1]; });
    let html = "";
    SEATS.forEach(function (seat) {
      const turn = seat === data.to_move;
      html += '<div class="cp-seat cp-' + AREA[seat] + (turn ? " cp-to-move" : "") + '" role="group" aria-label="' + seat +
        (seatWords(seat) ? " (" + seatWords(seat) + ")" : "") + (turn ? ", to play" : "") + '">' +
        '<span class="cp-seat-name">' + seat + (seatWords(seat) ? " <small>" + seatWords(seat) + "</small>" : "") +
        (turn ? ' <span class="cp-turn">to play</span>' : "") + "</span>" +
        '<span class="cp-hand">' + handHtml(seat) + "</span></div>";
    });
    html += '<div class="cp-center"><div class="cp-trick" role="group" aria-label="Trick ' + trick.number + " on the table" +
      (trick.winner ? ", won by " + trick.winner : "") + '">';
    SEATS.forEach(function (seat) {
      const code = played[seat];
      const wins = trick.winner === seat;
      html += '<span class="cp-played cp-' + AREA[seat] + (wins ? " cp-wins" : "") + '">' +
        (code ? '<span class="cp-played-seat">' + seat + "</span> " + cardHtml(code, data.cards) + (wins ? '<span class="visually-hidden"> (wins)</span>' : "") : "") +
        "</span>";
    });
    html += '</div><p class="cp-trump">Trump ' + escapeHtml(data.trump_name || "") +
      (data.turn_up ? " · turn-up " + cardHtml(data.turn_up, data.cards) : "") + "</p></div>";
    const focused = board.contains(document.activeElement) && document.activeElement !== board;
    board.innerHTML = html;
    if (focused) board.focus();   // the card that had the focus is gone: keep the reader on the table

    const won = data.tricks_won;
    let text = '<p class="cp-where"><strong>Trick ' + trick.number + "</strong> · " +
      (atStart ? "before the first card" : "card " + step + " of " + data.steps) +
      " · tricks: A–C " + (won.AC || 0) + ", B–D " + (won.BD || 0) +
      " · score before the deal: A–C " + (data.score.AC || 0) + ", B–D " + (data.score.BD || 0) +
      (data.games ? " (games A–C " + (data.games.AC || 0) + ", B–D " + (data.games.BD || 0) + ")" : "") + "</p>";
    if (data.dd) {
      const v = data.dd.makers_tricks;
      const moved = data.dd.before !== null && data.dd.before !== v;
      text += '<p class="cp-eval"><span class="cp-eval-bar" role="img" aria-label="With best play from here the makers, ' +
        escapeHtml(data.makers || "") + ", take " + v + ' of 5 tricks"><span style="width:' + (v * 20) + '%"></span></span> ' +
        "With best play from here (double dummy): " + escapeHtml(data.makers || "the makers") + " take <strong>" + v +
        "</strong>" + (moved ? " — the last card changed it from " + data.dd.before + ": it was not best play." : ".") + "</p>";
    }
    if (data.to_move && (!follow.value || follow.value === data.to_move)) {
      text += '<p class="cp-hint">' + data.to_move + " is to play: the book’s card is marked; choose another legal card to see what would happen.</p>";
    }
    if (data.narration && trick.cards.length) {
      text += '<blockquote class="cp-narration"><p>' + escapeHtml(data.narration) + "</p></blockquote>";
    }
    if (data.remarks.length) {
      text += '<aside class="cp-remark"><p class="cp-remark-title">The book remarks</p>' +
        data.remarks.map(function (r) { return "<p>" + escapeHtml(r) + "</p>"; }).join("") + "</aside>";
    }
    if (atEnd) {
      if (data.result) {
        text += '<p class="cp-result"><strong>Result:</strong> ' + escapeHtml(data.result.text) + " (" + escapeHtml(data.result.points_text) + ").</p>";
      } else {
        text += '<p class="cp-result">The book’s narration stops here; choose an earlier card to see the rest played out.</p>';
      }
    }
    info.innerHTML = text;
  }

  function disable(action, off) {
    const b = controls.querySelector('[data-action="' + action + '"]');
    if (off) b.setAttribute("aria-disabled", "true");
    else b.removeAttribute("aria-disabled");
  }

  /* ---------------------------------------------------------------- what if */

  function closeWhatIf() {
    whatIf.hidden = true;
    whatIf.innerHTML = "";
    board.classList.remove("cp-changed");
  }

  function ask(card) {
    const at = step;
    const seat = data.to_move;
    const id = ++request;
    status.busy(true);
    precomputed("euchre_core.app.web.what_if", { case_id: caseId, step: at, card: card }).then(function (answer) {
      if (!alive || id !== request) return;
      status.busy(false);
      showLine(answer);
    }, function (error) {
      if (!alive || id !== request) return;
      status.busy(false);
      if (!error.engine) {
        status.problem(error);
        return;
      }
      const name = data.cards[card] ? data.cards[card][1] : card;
      whatIf.hidden = false;
      whatIf.innerHTML = '<p class="cp-illegal-why"><strong>' + seat + " cannot play the " + escapeHtml(name) + ":</strong> " +
        escapeHtml(error.message) + "</p>";
      announce.textContent = seat + " cannot play the " + name + ": " + error.message;
    });
  }

  function showLine(answer) {
    const cards = answer.cards;
    const name = function (c) { return cards[c] ? cards[c][1] : c; };
    let html = '<p class="cp-whatif-title"><strong>What if ' + answer.seat + " plays the " + escapeHtml(name(answer.card)) +
      "</strong> instead of the " + escapeHtml(name(answer.book_card)) + "? Both sides then play their best (the engine’s double-dummy solver).</p>";
    html += '<div class="cp-line-wrap"><table class="trick-table cp-line"><caption>The rest of the deal after the change</caption>' +
      '<thead><tr><th scope="col">Trick</th><th scope="col">1st</th><th scope="col">2nd</th><th scope="col">3rd</th><th scope="col">4th</th><th scope="col">Winner</th></tr></thead><tbody>';
    answer.line.forEach(function (t) {
      html += '<tr><th scope="row">' + t.number + "</th>";
      for (let i = 0; i < 4; i++) {
        const pc = t.cards[i];
        if (!pc) { html += '<td class="no-card">—</td>'; continue; }
        const changed = pc[0] === answer.seat && pc[1] === answer.card;
        html += '<td class="played' + (pc[0] === t.winner ? " wins" : "") + (changed ? " cp-changed-card" : "") + '"><span class="seat">' + pc[0] + "</span> " +
          cardHtml(pc[1], cards) + (changed ? '<span class="visually-hidden"> (the changed card)</span>' : "") + "</td>";
      }
      html += '<td class="trick-winner"><strong>' + t.winner + "</strong></td></tr>";
    });
    html += "</tbody></table></div>";
    html += '<div class="cp-outcomes"><p class="cp-outcome-new"><strong>With ' + escapeHtml(name(answer.card)) + ":</strong> " +
      escapeHtml(answer.result.text) + " (" + escapeHtml(answer.result.points_text) + ").</p>" +
      '<p class="cp-outcome-book"><strong>The book’s line:</strong> ' + escapeHtml(answer.book.text) + " (" + escapeHtml(answer.book.points_text) + ").</p></div>" +
      '<button type="button" class="md-button" data-back>Back to the book’s line</button>';
    whatIf.innerHTML = html;
    whatIf.hidden = false;
    board.classList.add("cp-changed");
    performance.mark("euchre:what-if");
    announce.textContent = "What if " + answer.seat + " plays the " + name(answer.card) + ": " + answer.result.text +
      ". The book's line: " + answer.book.text + ".";
  }

  /* ---------------------------------------------------------------- start */

  /* The first position at once: from the page's data (no Python), else from the engine. */
  const unsubscribe = engine.onStatus(function (s) {
    controls.hidden = s.phase === "error" && data === null;
  });
  const first = firstLink && root === document.querySelector(".case-player[data-case]") ? firstLink : null;
  if (!first) {
    go(0, { quiet: true, fragment: false });
  } else {
    stepAnswer(0).then(function (answer) {
      return go(resolve(first, answer), { fragment: false });
    }, function (error) { status.problem(error); });
    root.scrollIntoView({ block: "start" });
  }
  /* Python starts only on the first sign of going off the book: a pointer over, the focus on or a
     touch of a card whose answer is not in the page's data (ARCHITECTURE.md, "When Python starts"). */
  function offBook(event) {
    const b = event.target.closest && event.target.closest("button[data-card]");
    if (!b || !data || step === null) return;
    const card = b.getAttribute("data-card");
    if (card === data.book_card ? !has("euchre_core.app.web.case_step", { case_id: caseId, step: step + 1 })
      : !has("euchre_core.app.web.what_if", { case_id: caseId, step: step, card: card })) {
      warm().catch(function () {});
    }
  }
  ["pointerover", "focusin", "touchstart"].forEach(function (type) {
    root.addEventListener(type, offBook, { passive: true });
  });

  return function dispose() {
    alive = false;
    unsubscribe();
    status.dispose();
    window.removeEventListener("hashchange", onHash);
  };
}
