/* "Run it yourself" under a hint's simulation table: the reader's own holding, a smaller number of
   layouts and a seed, simulated in the browser (euchre_core.app.hint_words.hint_rerun: simulate_hint with
   {"base": spec id, "hand": [...]}). Mount: <div class="hint-rerun" data-hint="SPEC_ID" data-hand="R st x x x">.
   Python starts when the reader first presses Run. The JavaScript only draws and forwards.
   Issue 12: a card picker writes the same notation into the inputs (which stay, for typing): the
   holding drawn as cards, the pack by suit as buttons (in or out of the holding), the turned card
   picked the same way (data-turn), the seat as a select (data-seat). Python says what is valid. */

import { escapeHtml, statusView } from "./engine-ui.mjs";

const SAMPLES = [25, 50, 100];
const FIELDS = { hand: "Holding", samples: "Layouts", seed: "Seed", turn_up: "Turned card", trump: "Turned card",
  seat: "Seat" };
const SEAT_WORDS = { A: "the dealer (A)", B: "eldest hand (B)", C: "the dealer's partner (C)", D: "third hand (D)" };
const SUITS = ["C", "D", "H", "S"];
const RANKS = ["7", "8", "9", "T", "J", "Q", "K", "A"];
const CODE = /^[789TJQKA][CDHS]$/;
let counter = 0;
/* what the reader can do, in one line (issue 26): before a run, and once his run is shown */
const CUE_BEFORE = "Change the holding (type it, or click the cards below), then press Run: the engine deals the " +
  "other hands at random and plays each choice out.";
const CUE_AFTER = "Your run is below. Change the holding, the number of layouts or the seed (another set of " +
  "layouts), and run it again.";

function signed(x) {
  return (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(2);
}

/* Card codes may be typed in lower case (jc → JC); the spec's tokens (R, L, At, st, x1, …) pass as they are. */
function parseHand(text) {
  return String(text).split(/[\s,]+/).filter(Boolean).map(function (t) {
    return /^[789tjqka][cdhs]$/i.test(t) ? t.toUpperCase() : t;
  });
}

/* Issue 12: the holding typed is read back, token by token: a card code as the card (with its suit
   symbol), a token of the test in the engine's words (data-words, from euchre_core.search.simulate.token_words). */
const SUIT = { C: ["\u2663", "clubs", "black"], D: ["\u2666", "diamonds", "red"], H: ["\u2665", "hearts", "red"],
  S: ["\u2660", "spades", "black"] };
const RANK = { "7": ["7", "7"], "8": ["8", "8"], "9": ["9", "9"], T: ["10", "10"], J: ["J", "knave"], Q: ["Q", "queen"],
  K: ["K", "king"], A: ["A", "ace"] };

function readBack(text, words) {
  const tokens = parseHand(text);
  if (!tokens.length) return '<span class="hint-rerun-bad">Type five cards or tokens.</span>';
  const parts = tokens.map(function (t) {
    if (/^[789TJQKA][CDHS]$/.test(t)) {
      const r = RANK[t[0]], su = SUIT[t[1]];
      return '<span class="card ' + su[2] + '" role="img" aria-label="' + r[1] + " of " + su[1] + '">' + r[0] + su[0] +
        "</span>";
    }
    if (Object.hasOwn(words, t)) {
      return '<span class="hint-rerun-token"><code>' + escapeHtml(t) + "</code> " + escapeHtml(words[t]) + "</span>";
    }
    return '<span class="hint-rerun-bad"><code>' + escapeHtml(t) + "</code> is not a card or a token</span>";
  });
  const count = tokens.length === 5 ? "" : ' <span class="hint-rerun-bad">(' + tokens.length + " given: a hand has five)</span>";
  return "Reads as: " + parts.join(", ") + count;
}


function cardFace(code) {
  const r = RANK[code[0]], su = SUIT[code[1]];
  return '<span class="card ' + su[2] + '" aria-hidden="true">' + r[0] + su[0] + "</span>";
}

function cardName(code) {
  return RANK[code[0]][1] + " of " + SUIT[code[1]][1];
}

/* One item of the holding, as a button that takes it out: a card drawn, a token in words. */
function itemButton(t, i, words) {
  const known = CODE.test(t);
  const name = known ? cardName(t) : Object.hasOwn(words, t) ? words[t] : t;
  return '<button type="button" class="hr-item" data-remove="' + i + '"><span class="visually-hidden">Take out </span>' +
    (known ? cardFace(t) : '<code aria-hidden="true">' + escapeHtml(t) + "</code>") +
    '<span class="visually-hidden">' + escapeHtml(name) + "</span></button>";
}

function packHtml(inHand, turned, target) {
  return SUITS.map(function (su) {
    return '<div class="hr-suit" role="group" aria-label="' + SUIT[su][1] + '"><span class="hr-suit-name ' + SUIT[su][2] +
      '" aria-hidden="true">' + SUIT[su][0] + "</span>" + RANKS.map(function (r) {
        const code = r + su;
        const on = target === "turn" ? code === turned : inHand.indexOf(code) >= 0;
        return '<button type="button" class="hr-pick ' + SUIT[su][2] + '" data-card="' + code + '" aria-pressed="' + on +
          '"><span aria-hidden="true">' + RANK[r][0] + '</span><span class="visually-hidden">' + cardName(code) + "</span></button>";
      }).join("") + "</div>";
  }).join("");
}

function resultHtml(r) {
  const rows = r.options.map(function (o) {
    const advised = o.option === r.advised;
    const vs = o.vs_advised;
    const cmp = vs ? vs.better.toFixed(0) + "% / " + vs.same.toFixed(0) + "% / " + vs.worse.toFixed(0) + "%" : "—";
    return "<tr" + (advised ? ' class="advised"' : "") + '><th scope="row">' + escapeHtml(o.label) +
      (advised ? ' <span class="badge">the book</span>' : "") + "</th><td>" + signed(o.points) + "</td><td>" +
      (o.tricks == null ? "—" : o.tricks.toFixed(2)) + "</td><td>" + (o.made == null ? "—" : o.made.toFixed(0) + "%") +
      "</td><td>" + cmp + "</td></tr>";
  }).join("");
  const s = r.summary || {};
  return '<div class="hint-rerun-scroll"><table class="hint-rerun-table" tabindex="0"><caption>Your run (an illustration): ' + r.samples + " deals, seed " + r.seed +
    " (double dummy)</caption><thead><tr><th scope=\"col\">Option</th><th scope=\"col\">Points</th>" +
    '<th scope="col">Tricks</th><th scope="col">Made</th><th scope="col">Book\'s choice better / same / worse</th>' +
    "</tr></thead><tbody>" + rows + "</tbody></table></div>" +
    '<p class="hint-rerun-note">The book\'s choice scores at least as much as every other one in ' +
    escapeHtml(Math.round(Number(s.advised_at_least_as_good_pct))) + "% of these deals.</p>" +
    /* the verdict in the page's words (euchre_core.app.hint_words.verdict_words): rounded, with its unit,
       and said to be an illustration */
    (r.words && r.words.sentence ? '<p class="hint-rerun-verdict" data-verdict="' + escapeHtml(r.words.verdict) + '">' +
      escapeHtml(r.words.sentence) + "</p>" : "");
}

export function mountHintRerun(root, engine) {
  const spec = root.getAttribute("data-hint") || "";
  const id = "hint-rerun-" + ++counter;
  const turnDefault = root.getAttribute("data-turn") || "";
  const seatDefault = root.getAttribute("data-seat") || "";
  const kind = root.getAttribute("data-kind") || "";
  const box = document.createElement("form");
  box.className = "hint-rerun-form";
  box.setAttribute("aria-label", "Run this test yourself");
  box.noValidate = true;
  box.innerHTML =
    '<p class="hint-rerun-title">Run it yourself, with your own holding</p>' +
    '<p class="hint-rerun-cue">' + CUE_BEFORE + "</p>" +
    '<div class="hint-rerun-fields">' +
    '<label for="' + id + '-hand">Holding</label>' +
    '<input id="' + id + '-hand" class="hint-rerun-hand" type="text" spellcheck="false" autocomplete="off" ' +
    'aria-describedby="' + id + '-help" value="' + escapeHtml(root.getAttribute("data-hand") || "") + '">' +
    (turnDefault ? '<label for="' + id + '-turn">Turned card</label>' +
      '<input id="' + id + '-turn" class="hint-rerun-turn" type="text" size="4" spellcheck="false" autocomplete="off" value="' +
      escapeHtml(turnDefault) + '">' : "") +
    (seatDefault ? '<label for="' + id + '-seat">Seat</label><select id="' + id + '-seat" class="hint-rerun-seat">' +
      Object.keys(SEAT_WORDS).map(function (k) {
        return '<option value="' + k + '"' + (k === seatDefault ? " selected" : "") + ">" + escapeHtml(SEAT_WORDS[k]) + "</option>";
      }).join("") + "</select>" : "") +
    '<label for="' + id + '-samples">Layouts</label>' +
    '<select id="' + id + '-samples" class="hint-rerun-samples">' +
    SAMPLES.map(function (n) { return '<option value="' + n + '">' + n + "</option>"; }).join("") + "</select>" +
    '<label for="' + id + '-seed">Seed</label>' +
    '<input id="' + id + '-seed" class="hint-rerun-seed" type="text" inputmode="numeric" value="1" size="6">' +
    '<button type="submit" class="md-button md-button--primary hint-rerun-run">Run</button></div>' +
    '<p id="' + id + '-read" class="hint-rerun-read" aria-live="polite"></p>' +
    '<div class="hr-picker" role="group" aria-label="Pick the cards">' +
    (turnDefault ? '<p class="hr-target" role="group" aria-label="The cards you click go to">Click a card to put it in ' +
      '<button type="button" class="hr-to" data-target="hand" aria-pressed="true">the holding</button> or ' +
      '<button type="button" class="hr-to" data-target="turn" aria-pressed="false">the turned card</button></p>' : "") +
    '<div class="hr-shown"><div class="hr-row"><span class="hr-label">Holding</span><span class="hr-holding"></span></div>' +
    (turnDefault ? '<div class="hr-row"><span class="hr-label">Turned</span><span class="hr-turned"></span></div>' : "") +
    '</div><p class="hr-note" aria-live="polite"></p><div class="hr-pack"></div></div>' +
    '<details class="hint-rerun-help" id="' + id + '-help"><summary>How to write a holding</summary>' +
    "<p>Five cards, separated by spaces. A card is its rank (7 8 9 <b>T</b> for ten, J Q K A) and its suit " +
    "(C clubs, D diamonds, H hearts, S spades): <code>JC</code> is the knave of clubs, <code>TD</code> the ten " +
    "of diamonds. Or, to let the test deal the suits, tokens: <code>R</code> and <code>L</code> the right and " +
    "left bowers; <code>At</code>, <code>Kt</code>, <code>Qt</code>… the ace, king, queen… of trumps; " +
    "<code>st</code> a small trump; <code>x</code> any plain card; <code>x1</code>, <code>n1</code>, " +
    "<code>A1</code>… a card, a card below the ace, the ace of plain suit 1 (suits 1, 2 and 3 are three " +
    "different plain suits; <code>N</code> is the next suit, of the trump's colour).</p></details>" +
    '<div class="engine-status hint-rerun-status"></div>' +
    '<div class="hint-rerun-result" aria-live="polite"></div>';
  root.appendChild(box);
  const status = statusView(box.querySelector(".hint-rerun-status"), engine);
  const hand = box.querySelector(".hint-rerun-hand");
  const read = box.querySelector(".hint-rerun-read");
  let words = {};
  try { words = JSON.parse(root.getAttribute("data-words") || "{}"); } catch { words = {}; }
  const turn = box.querySelector(".hint-rerun-turn");
  const seatSelect = box.querySelector(".hint-rerun-seat");
  const note = box.querySelector(".hr-note");
  let target = "hand";

  /* the picker draws what the inputs say; a click writes the inputs (the same notation as typing) */
  function drawPicker() {
    const items = parseHand(hand.value);
    box.querySelector(".hr-holding").innerHTML = items.map(function (t, i) { return itemButton(t, i, words); }).join("") +
      new Array(Math.max(0, 5 - items.length) + 1).join('<span class="hr-slot" aria-hidden="true"></span>');
    if (turn) {
      const t = turn.value.trim().length === 2 && CODE.test(turn.value.trim().toUpperCase()) ? turn.value.trim().toUpperCase() : turn.value.trim();
      box.querySelector(".hr-turned").innerHTML = t ? (CODE.test(t) ? '<span class="hr-item hr-static" role="img" aria-label="' +
        cardName(t) + '">' + cardFace(t) + "</span>" : '<span class="hint-rerun-token"><code>' + escapeHtml(t) + "</code> " +
        escapeHtml(words[t] || "") + "</span>") : "";
      box.querySelectorAll(".hr-to").forEach(function (b) { b.setAttribute("aria-pressed", String(b.getAttribute("data-target") === target)); });
    }
    box.querySelector(".hr-pack").innerHTML = packHtml(items, turn ? turn.value.trim().toUpperCase() : "", target);
  }

  function setHand(items) {
    hand.value = items.join(" ");
    reread();
  }

  function onPickerClick(event) {
    const b = event.target.closest("button");
    if (!b || !box.contains(b)) return;
    if (b.hasAttribute("data-target")) { target = b.getAttribute("data-target"); note.textContent = ""; drawPicker(); return; }
    if (b.hasAttribute("data-remove")) {
      const items = parseHand(hand.value);
      const gone = items.splice(Number(b.getAttribute("data-remove")), 1)[0];
      note.textContent = "Took out " + (CODE.test(gone) ? cardName(gone) : gone) + ".";
      setHand(items);
      const next = box.querySelector('.hr-item[data-remove="' + Math.min(Number(b.getAttribute("data-remove")), items.length - 1) + '"]');
      (next || box.querySelector(".hr-pick")).focus();
      return;
    }
    const code = b.getAttribute("data-card");
    if (!code) return;
    if (target === "turn") {
      turn.value = code;
      note.textContent = "The turned card: " + cardName(code) + ".";
      reread();
    } else {
      const items = parseHand(hand.value);
      const at = items.indexOf(code);
      if (at >= 0) {
        items.splice(at, 1);
        note.textContent = "Took out " + cardName(code) + ".";
      } else if (items.length >= 5) {
        note.textContent = "The holding has five already: take one out first.";
        return;
      } else {
        items.push(code);
        note.textContent = "Put in " + cardName(code) + " (" + items.length + " of 5).";
      }
      setHand(items);
    }
    const again = box.querySelector('.hr-pick[data-card="' + code + '"]');
    if (again) again.focus();
  }

  function reread() { read.innerHTML = readBack(hand.value, words); drawPicker(); }
  hand.setAttribute("aria-describedby", id + "-read");
  hand.addEventListener("input", reread);
  if (turn) turn.addEventListener("input", reread);
  box.querySelector(".hr-picker").addEventListener("click", onPickerClick);
  reread();
  const samples = box.querySelector(".hint-rerun-samples");
  const seed = box.querySelector(".hint-rerun-seed");
  const run = box.querySelector(".hint-rerun-run");
  const result = box.querySelector(".hint-rerun-result");
  let busy = false;

  function invalid(field) {
    [hand, samples, seed, turn, seatSelect].forEach(function (el) { if (el) el.removeAttribute("aria-invalid"); });
    const el = { hand: hand, samples: samples, seed: seed, turn_up: turn, trump: turn, seat: seatSelect }[topField(field)];
    if (el) el.setAttribute("aria-invalid", "true");
  }

  /* "hand[2]" is the holding's, "others.A.holds[0]" the spec's: the field the reader can change */
  function topField(field) {
    return field ? String(field).split(/[.[]/)[0] : field;
  }

  function problem(error) {
    let message = error && error.message ? error.message : String(error);
    const field = error && error.field;
    if (field) {
      if (message.indexOf(field + ": ") === 0) message = message.slice(field.length + 2);
      const top = topField(field);
      message = (FIELDS[top] ? FIELDS[top] + " (" + field + ")" : field) + ": " + message;
    }
    invalid(field);
    status.problem(new Error(message));
  }

  function onSubmit(event) {
    event.preventDefault();
    if (busy) return;
    const seedText = seed.value.trim();
    if (!/^\d{1,9}$/.test(seedText)) {
      problem({ message: "seed: a whole number (0 or more)", field: "seed" });
      return;
    }
    invalid(null);
    busy = true;
    run.setAttribute("aria-disabled", "true");
    status.busy(true);
    result.innerHTML = "";
    const ask = { base: spec, hand: parseHand(hand.value) };
    if (turn && turn.value.trim() !== turnDefault) {
      const t = turn.value.trim();
      ask.turn_up = CODE.test(t.toUpperCase()) ? t.toUpperCase() : t;
      // the spec's notation: for a bid or the dealer's discard the trump is the turned card's suit
      if (CODE.test(ask.turn_up) && (kind === "bid" || kind === "discard")) ask.trump = ask.turn_up[1];
    }
    if (seatSelect && seatSelect.value !== seatDefault) ask.seat = seatSelect.value;
    const kwargs = {
      spec_or_id: ask,
      samples: Number(samples.value),
      seed: Number(seedText),
    };
    engine.call("euchre_core.app.hint_words.hint_rerun", kwargs).then(function (r) {
      busy = false;
      run.removeAttribute("aria-disabled");
      status.busy(false);
      result.innerHTML = resultHtml(r);
      box.querySelector(".hint-rerun-cue").textContent = CUE_AFTER;
    }).catch(function (error) {
      busy = false;
      run.removeAttribute("aria-disabled");
      status.busy(false);
      problem(error);
    });
  }

  box.addEventListener("submit", onSubmit);
  return function dispose() {
    box.removeEventListener("submit", onSubmit);
    hand.removeEventListener("input", reread);
    if (turn) turn.removeEventListener("input", reread);
    status.dispose();
  };
}
