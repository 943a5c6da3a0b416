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
  return '<table class="hint-rerun-table"><caption>Your run: ' + r.samples + " layouts, seed " + r.seed +
    " (double dummy)</caption><thead><tr><th scope=\"col\">Option</th><th scope=\"col\">Points</th>" +
    '<th scope="col">Tricks</th><th scope="col">Made</th><th scope="col">Book\'s choice better / same / worse</th>' +
    "</tr></thead><tbody>" + rows + "</tbody></table>" +
    '<p class="hint-rerun-note">The book\'s choice scores at least as much as every other one in ' +
    escapeHtml(s.advised_at_least_as_good_pct) + "% of these layouts" +
    (s.verdict ? "; verdict on so few layouts: " + escapeHtml(s.verdict) : "") + ".</p>";
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
    '<p id="' + id + '-help" class="hint-rerun-help">Five cards: card codes (rank 9 T J Q K A or 7 8, then suit C D H S: ' +
    "JC is the knave of clubs, TD the ten of diamonds), or the test\'s tokens, relative to the trump: " +
    "R the right bower, L the left; At Kt Qt Tt 9t 8t 7t a trump of that rank, st a small trump (7–10), mt a medium one (9–K), t any trump; " +
    "A1 K1 … 71 a card of plain suit 1 (1, 2, 3 are different plain suits; N the next suit, of the trump\'s colour); " +
    "x1 any card of suit 1, n1 any card of suit 1 but its ace; x any plain card, a a plain ace, n a plain card below the ace.</p>" +
    '<div class="engine-status hint-rerun-status"></div>' +
    '<div class="hint-rerun-result" aria-live="polite"></div>';
  root.appendChild(box);
  const status = statusView(box.querySelector(".hint-rerun-status"), engine);
  const hand = box.querySelector(".hint-rerun-hand");
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
    status.dispose();
  };
}
