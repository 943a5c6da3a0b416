/* The penalty sandbox on a law's page: the ready scenario in which the irregularity happens
   (euchre_core/data/scenarios.json), then the reader acts: elects the penalty as the
   non-offending side, plays on (any card of any seat: a lawful play, a revoke, a lead out of
   turn — the engine decides which), exposes cards, asks, quits tricks, claims a revoke, and
   sees the rulings and the score. "Your own deal" starts a seeded deal from the bidding.
   The JavaScript only draws and forwards: euchre_core.app.sandbox (Python) rules on everything. */

import { answer, has, warm } from "./answers.mjs";
import { cardHtml, escapeHtml, sandboxShell, START_BUTTON } from "./engine-ui.mjs";

const SEATS = ["A", "B", "C", "D"];
const VERBS = [
  ["play", "Play (or lead)"],
  ["expose", "Expose"],
  ["correct", "Correct a revoke with"],
];

export function mountSandbox(root, engine) {
  const law = Number(root.getAttribute("data-law"));
  const shell = sandboxShell(root, engine, "",
    START_BUTTON + ' ' +
    '<button type="button" class="md-button sandbox-own">Your own deal</button>');
  const box = shell.box;
  const table = shell.table;
  const live = shell.live;
  let view = null;
  let base = null;      // for the reader's own deal
  let verb = "play";

  function run(promise) {
    return shell.run(promise, function (v) {
      if (v.error) {
        live.textContent = "Not allowed: " + v.error.message;
        showError(v.error.message);
        return;
      }
      const before = view ? view.rulings.length : 0;
      view = v;
      draw();
      const fresh = v.rulings.slice(before);
      if (fresh.length) {
        live.textContent = fresh.map(function (r) { return r.irregularity + " (laws " + r.laws.join(", ") + "): " + r.text; }).join(" ");
      } else if (v.score && v.score.complete) {
        live.textContent = "The hand is over. " + scoreText(v.score);
      }
    });
  }

  function kwargsOf(event) {
    const kwargs = { law: base ? null : law, events: view.events, event: event };
    if (base) kwargs.base = base;
    return kwargs;
  }

  function send(event) {
    if (shell.isBusy() || !view) return;
    const kwargs = kwargsOf(event);
    // the ready scenario's options and the plays after them are precomputed; the rest goes to Python
    run(base ? engine.call("euchre_core.app.sandbox.act", kwargs) : answer("euchre_core.app.sandbox.act", kwargs));
  }

  box.querySelector(".sandbox-start").addEventListener("click", function () {
    base = null;
    view = null;
    table.hidden = false;
    run(answer("euchre_core.app.sandbox.start", { law: law }));
  });
  box.querySelector(".sandbox-own").addEventListener("click", function () {
    const seed = Math.floor(Math.random() * 100000);
    view = null;
    table.hidden = false;
    run(engine.call("euchre_core.app.sandbox.custom", { seed: seed }).then(function (v) {
      base = v.base;
      return v;
    }));
  });

  function showError(message) {
    const e = table.querySelector(".sandbox-error");
    if (e) {
      e.textContent = message;
      e.hidden = false;
    }
  }

  function scoreText(score) {
    return "Tricks: " + Object.keys(score.tricks_won).map(function (k) { return k + " " + score.tricks_won[k]; }).join(", ") +
      ". Points: " + Object.keys(score.points).map(function (k) { return k + " " + score.points[k]; }).join(", ") + ".";
  }

  function seatHtml(seat) {
    const cards = view.hands[seat] || [];
    const out = view.out.indexOf(seat) >= 0;
    const turn = view.actor === seat ? " (to play)" : "";
    let html = '<div class="sandbox-seat seat-' + seat + '"><div class="sandbox-seat-name">' + seat +
      (seat === view.dealer ? " (dealer)" : "") + (out ? " (out: his partner plays alone)" : "") + escapeHtml(turn) + "</div>";
    html += '<div class="sandbox-hand">';
    cards.forEach(function (code) {
      const exposed = view.exposed && view.exposed[seat] && view.exposed[seat].indexOf(code) >= 0;
      const legal = view.actor === seat && view.legal.indexOf(code) >= 0;
      const name = view.cards[code] ? view.cards[code][1] : code;
      html += '<button type="button" class="sandbox-card' + (legal ? " legal" : "") + (exposed ? " exposed" : "") +
        '" data-seat="' + seat + '" data-card="' + code + '" aria-label="' + seat + ": " + escapeHtml(verbLabel()) + " the " +
        escapeHtml(name) + (exposed ? " (exposed)" : "") + (legal ? " (lawful)" : "") + '">' + cardHtml(code, view.cards) + "</button>";
    });
    html += "</div>";
    html += '<div class="sandbox-acts">' +
      act(seat + ": throw", "Throw down his hand") + act(seat + ": ask", "Ask his partner") +
      act(seat + ": attention", "Call attention to the trick") + "</div></div>";
    return html;
  }

  function verbLabel() {
    return VERBS.filter(function (v) { return v[0] === verb; })[0][1].toLowerCase();
  }

  function act(event, label) {
    return '<button type="button" class="md-button sandbox-act" data-event="' + escapeHtml(event) + '">' + escapeHtml(label) + "</button> ";
  }

  function draw() {
    const v = view;
    let html = '<p class="sandbox-title"><strong>' + escapeHtml(v.title || "") + "</strong> — " +
      (v.trump ? "trumps: " + escapeHtml(v.trump) + ", made by " + escapeHtml(v.makers) + (v.alone ? ", " + v.alone + " alone" : "") :
        "turn-up " + cardHtml(v.turn_up, v.cards)) + ". " + (v.actor ? escapeHtml(v.actor) + " is to play." : "") + "</p>";
    html += '<p class="sandbox-error" role="alert" hidden></p>';
    if (v.pending) {
      html += '<div class="sandbox-election"><p><strong>' + escapeHtml(v.pending.chooser || "") + " elect" + "</strong> (law 85): " +
        escapeHtml(v.pending.text) + "</p><p>";
      v.pending.options.forEach(function (o) {
        if (o.id === "call-suit") {
          ["C", "D", "H", "S"].forEach(function (s) {
            html += act(v.pending.chooser + ": choose call-suit " + s, "Call " + { C: "clubs", D: "diamonds", H: "hearts", S: "spades" }[s]);
          });
        } else {
          html += act(v.pending.chooser + ": choose " + o.id, o.text);
        }
      });
      html += "</p></div>";
    }
    if (v.regular && v.regular.length) {
      html += '<p class="sandbox-bidding">Bidding: ';
      v.regular.forEach(function (e) { html += act(e, e); });
      html += "</p>";
    }
    html += '<p><label>A click on a card: <select class="sandbox-verb">' + VERBS.map(function (x) {
      return '<option value="' + x[0] + '"' + (x[0] === verb ? " selected" : "") + ">" + x[1] + "</option>";
    }).join("") + "</select></label></p>";
    html += '<div class="sandbox-seats">' + SEATS.map(seatHtml).join("") + "</div>";
    html += '<p class="sandbox-trick">On the table: ' + (v.trick.length ? v.trick.map(function (p) {
      return p[0] + " " + cardHtml(p[1], v.cards);
    }).join(", ") : "nothing") + "</p>";
    html += "<p>" + act("quit", "Turn and quit the trick") + act("AC: claim revoke", "A–C claim a revoke") +
      act("BD: claim revoke", "B–D claim a revoke") + act("cut", "Cut for the next deal") + "</p>";
    html += '<h4>Rulings</h4><ol class="sandbox-rulings">' + v.rulings.map(function (r) {
      return "<li><em>" + escapeHtml(r.irregularity) + "</em> (law" + (r.laws.length > 1 ? "s " : " ") + r.laws.join(", ") + "): " +
        escapeHtml(r.text) + (r.chosen ? " <strong>Elected: " + escapeHtml(r.chosen) + ".</strong>" : "") + "</li>";
    }).join("") + "</ol>";
    if (v.requirements && v.requirements.length) {
      html += "<p>In force: " + v.requirements.map(escapeHtml).join("; ") + ".</p>";
    }
    html += '<p class="sandbox-score">' + escapeHtml(scoreText(v.score)) + (v.score.complete ? "" : " (the hand is not finished)") +
      (v.score.entries || []).map(function (e) {
        return " " + escapeHtml(e.what) + ": " + escapeHtml(e.side) + " " + e.points + " (laws " + e.laws.join(", ") + ").";
      }).join("") + "</p>";
    table.innerHTML = html;
    function eventOf(b) {
      return b.hasAttribute("data-event") ? b.getAttribute("data-event")
        : b.getAttribute("data-seat") + ": " + verb + " " + b.getAttribute("data-card");
    }
    table.querySelectorAll(".sandbox-card, .sandbox-act").forEach(function (b) {
      b.addEventListener("click", function () { send(eventOf(b)); });
      /* going off the book (an answer not in the page's data): start Python now (ARCHITECTURE.md) */
      ["pointerover", "focusin", "touchstart"].forEach(function (type) {
        b.addEventListener(type, function () {
          if (view && (base || !has("euchre_core.app.sandbox.act", kwargsOf(eventOf(b))))) warm().catch(function () {});
        }, { passive: true });
      });
    });
    table.querySelector(".sandbox-verb").addEventListener("change", function (e) {
      verb = e.target.value;
      draw();
    });
  }

  return shell.dispose;
}
