/* "Run it yourself" under a hint's simulation table: the reader's own holding, a smaller number of
   layouts and a seed, simulated in the browser (euchre_core.search.simulate.simulate_hint with
   {"base": spec id, "hand": [...]}). Mount: <div class="hint-rerun" data-hint="SPEC_ID" data-hand="R st x x x">.
   Python starts when the reader first presses Run. The JavaScript only draws and forwards. */

import { escapeHtml, statusView } from "./engine-ui.mjs";

const SAMPLES = [25, 50, 100];
const FIELDS = { hand: "Holding", samples: "Layouts", seed: "Seed" };
let counter = 0;

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
    if (Object.prototype.hasOwnProperty.call(words, t)) {
      return '<span class="hint-rerun-token"><code>' + escapeHtml(t) + "</code> " + escapeHtml(words[t]) + "</span>";
    }
    return '<span class="hint-rerun-bad"><code>' + escapeHtml(t) + "</code> is not a card or a token</span>";
  });
  const count = tokens.length === 5 ? "" : ' <span class="hint-rerun-bad">(' + tokens.length + " given: a hand has five)</span>";
  return "Reads as: " + parts.join(", ") + count;
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
  return '<div class="hint-rerun-scroll"><table class="hint-rerun-table" tabindex="0"><caption>Your run: ' + r.samples + " layouts, seed " + r.seed +
    " (double dummy)</caption><thead><tr><th scope=\"col\">Option</th><th scope=\"col\">Points</th>" +
    '<th scope="col">Tricks</th><th scope="col">Made</th><th scope="col">Book\'s choice better / same / worse</th>' +
    "</tr></thead><tbody>" + rows + "</tbody></table></div>" +
    '<p class="hint-rerun-note">The book\'s choice scores at least as much as every other one in ' +
    escapeHtml(s.advised_at_least_as_good_pct) + "% of these layouts" +
    (s.verdict ? "; verdict on " + r.samples + " layouts: " + escapeHtml(s.verdict) +
      (s.interval ? " (difference " + escapeHtml(s.diff) + ", interval " + escapeHtml(s.interval[0]) + " to " +
        escapeHtml(s.interval[1]) + ", three standard errors either side)" : "") : "") + ".</p>";
}

export function mountHintRerun(root, engine) {
  const spec = root.getAttribute("data-hint") || "";
  const id = "hint-rerun-" + ++counter;
  const box = document.createElement("form");
  box.className = "hint-rerun-form";
  box.setAttribute("aria-label", "Run this test yourself");
  box.noValidate = true;
  box.innerHTML =
    '<p class="hint-rerun-title">Run it yourself, with your own holding</p>' +
    '<div class="hint-rerun-fields">' +
    '<label for="' + id + '-hand">Holding</label>' +
    '<input id="' + id + '-hand" class="hint-rerun-hand" type="text" spellcheck="false" autocomplete="off" ' +
    'aria-describedby="' + id + '-help" value="' + escapeHtml(root.getAttribute("data-hand") || "") + '">' +
    '<label for="' + id + '-samples">Layouts</label>' +
    '<select id="' + id + '-samples" class="hint-rerun-samples">' +
    SAMPLES.map(function (n) { return '<option value="' + n + '">' + n + "</option>"; }).join("") + "</select>" +
    '<label for="' + id + '-seed">Seed</label>' +
    '<input id="' + id + '-seed" class="hint-rerun-seed" type="text" inputmode="numeric" value="1" size="6">' +
    '<button type="submit" class="md-button hint-rerun-run">Run</button></div>' +
    '<p id="' + id + '-read" class="hint-rerun-read" aria-live="polite"></p>' +
    '<details class="hint-rerun-help" id="' + id + '-help"><summary>How to write a holding</summary>' +
    "<p>Five cards, separated by spaces. A card is its rank (7 8 9 <b>T</b> for ten, J Q K A) and its suit " +
    "(C clubs, D diamonds, H hearts, S spades): <code>JC</code> is the knave of clubs, <code>TD</code> the ten " +
    "of diamonds. Or, to let the test deal the suits, tokens: <code>R</code> and <code>L</code> the right and " +
    "left bowers; <code>At</code>, <code>Kt</code>, <code>Qt</code>… the ace, king, queen… of trumps; " +
    "<code>st</code> a small trump; <code>x</code> any plain card; <code>x1</code>, <code>n1</code>, " +
    "<code>A1</code>… a card, a card below the ace, the ace of plain suit 1 (suits 1, 2 and 3 are three " +
    "different plain suits; <code>N</code> is the next suit, of the trump\'s colour).</p></details>" +
    '<div class="engine-status hint-rerun-status"></div>' +
    '<div class="hint-rerun-result" aria-live="polite"></div>';
  root.appendChild(box);
  const status = statusView(box.querySelector(".hint-rerun-status"), engine);
  const hand = box.querySelector(".hint-rerun-hand");
  const read = box.querySelector(".hint-rerun-read");
  let words = {};
  try { words = JSON.parse(root.getAttribute("data-words") || "{}"); } catch (e) { words = {}; }
  function reread() { read.innerHTML = readBack(hand.value, words); }
  hand.setAttribute("aria-describedby", id + "-read");
  hand.addEventListener("input", reread);
  reread();
  const samples = box.querySelector(".hint-rerun-samples");
  const seed = box.querySelector(".hint-rerun-seed");
  const run = box.querySelector(".hint-rerun-run");
  const result = box.querySelector(".hint-rerun-result");
  let busy = false;

  function invalid(field) {
    [hand, samples, seed].forEach(function (el) { el.removeAttribute("aria-invalid"); });
    const el = { hand: hand, samples: samples, seed: seed }[field];
    if (el) el.setAttribute("aria-invalid", "true");
  }

  function problem(error) {
    let message = error && error.message ? error.message : String(error);
    const field = error && error.field;
    if (field) {
      if (message.indexOf(field + ": ") === 0) message = message.slice(field.length + 2);
      message = (FIELDS[field] ? FIELDS[field] + " (" + field + ")" : field) + ": " + message;
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
    const kwargs = {
      spec_or_id: { base: spec, hand: parseHand(hand.value) },
      samples: Number(samples.value),
      seed: Number(seedText),
    };
    engine.call("euchre_core.search.simulate.simulate_hint", kwargs).then(function (r) {
      busy = false;
      run.removeAttribute("aria-disabled");
      status.busy(false);
      result.innerHTML = resultHtml(r);
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
    status.dispose();
  };
}
