/* The sandbox of the dealing laws (22-45, 72-73) on their law pages: the ready scenario
   (euchre_core/data/dealing_scenarios.json) replayed by euchre_core.laws.dealing.DealingProcedure, then
   the reader goes on: elects as the side entitled to claim, or makes any act of the shuffle, the cut
   and the deal (a seat, a verb, its arguments), and sees the rulings and the outcome.
   The JavaScript only draws and forwards; Python (euchre_core.app.sandbox.dealing_*) rules. */

import { escapeHtml, sandboxShell, START_BUTTON } from "./engine-ui.mjs";

const VERBS = ["shuffle", "decline", "cut", "give", "deal", "turn", "expose", "touch", "question", "newcards",
  "marked", "confusion", "doubt", "faced", "imperfect", "wrongpack", "lead"];
const TABLE_VERBS = ["confusion", "doubt", "faced", "imperfect", "wrongpack", "lead"];

export function mountDealingSandbox(root, engine) {
  const law = Number(root.getAttribute("data-law"));
  const shell = sandboxShell(root, engine, "dealing-sandbox", START_BUTTON);
  const box = shell.box;
  const table = shell.table;
  const live = shell.live;
  let view = null;

  function run(promise, event) {
    return shell.run(promise, function (v) {
      const before = view ? view.rulings.length : 0;
      view = v;
      draw();
      if (v.error && event) {
        live.textContent = "Not allowed: " + v.error.message;
      } else if (v.rulings.length > before) {
        live.textContent = v.rulings.slice(before).map(function (r) {
          return r.irregularity + " (laws " + r.laws.join(", ") + "): " + r.text;
        }).join(" ");
      } else if (v.outcome) {
        live.textContent = "Outcome: " + v.outcome.text;
      }
    });
  }

  function send(event) {
    if (shell.isBusy() || !view) return;
    run(engine.call("euchre_core.app.sandbox.dealing_act", { law: law, events: view.events, event: event }), event);
  }

  box.querySelector(".sandbox-start").addEventListener("click", function () {
    view = null;
    table.hidden = false;
    run(engine.call("euchre_core.app.sandbox.dealing_start", { law: law }), null);
  });

  function button(event, label) {
    return '<button type="button" class="md-button sandbox-act" data-event="' + escapeHtml(event) + '">' +
      escapeHtml(label) + "</button> ";
  }

  function draw() {
    const v = view;
    let html = '<p class="sandbox-title"><strong>' + escapeHtml(v.title || "") + "</strong> — " +
      escapeHtml(v.dealing || v.dealer) + " is dealing.</p>";
    if (v.error) html += '<p class="sandbox-error" role="alert">' + escapeHtml(v.error.message) + "</p>";
    html += "<p>Events so far: " + (v.events.length ? v.events.map(escapeHtml).join("; ") : "none") + ".</p>";
    if (v.hands) {
      html += "<p>Dealt so far: " + Object.keys(v.hands).map(function (s) {
        return s + " " + (v.hands[s].length ? v.hands[s].join(" ") : "—");
      }).map(escapeHtml).join(", ") + (v.turn_up ? "; turned: " + escapeHtml(v.turn_up) : "") + ".</p>";
    }
    if (v.pending) {
      html += '<div class="sandbox-election"><p><strong>' + escapeHtml(v.pending.chooser || "") + " elect</strong> (law 85): " +
        escapeHtml(v.pending.text) + "</p><p>";
      (v.pending.choices || []).forEach(function (e, i) {
        const o = v.pending.options[i];
        html += button(e, o ? o.text : e);
      });
      html += "</p></div>";
    }
    if (v.then && v.then.length) {
      html += "<p>The book's next step: " + v.then.map(function (e) { return button(e, e); }).join("") + "</p>";
    }
    html += '<p class="dealing-form"><label>Who <select class="dealing-who">' +
      ["A", "B", "C", "D", "table"].map(function (s) { return '<option value="' + s + '">' + s + "</option>"; }).join("") +
      '</select></label> <label>does <select class="dealing-verb">' +
      VERBS.map(function (x) { return '<option value="' + x + '">' + x + "</option>"; }).join("") +
      '</select></label> <label>with <input class="dealing-args" type="text" size="10" placeholder="e.g. 12, 3 B, QH"></label> ' +
      '<button type="button" class="md-button dealing-go">Do it</button></p>';
    html += '<h4>Rulings</h4><ol class="sandbox-rulings">' + v.rulings.map(function (r) {
      return "<li><em>" + escapeHtml(r.irregularity) + "</em> (law" + (r.laws.length > 1 ? "s " : " ") + r.laws.join(", ") + "): " +
        escapeHtml(r.text) + (r.chosen ? " <strong>Elected: " + escapeHtml(r.chosen) + ".</strong>" : "") + "</li>";
    }).join("") + "</ol>";
    html += '<p class="sandbox-score">' + (v.outcome ? "Outcome: <strong>" + escapeHtml(v.outcome.kind) + "</strong> — " +
      escapeHtml(v.outcome.text) : "The deal is not finished.") + "</p>";
    table.innerHTML = html;
    table.querySelectorAll(".sandbox-act").forEach(function (b) {
      b.addEventListener("click", function () { send(b.getAttribute("data-event")); });
    });
    table.querySelector(".dealing-go").addEventListener("click", function () {
      const who = table.querySelector(".dealing-who").value;
      const verb = table.querySelector(".dealing-verb").value;
      const args = table.querySelector(".dealing-args").value.trim();
      const body = verb + (args ? " " + args : "");
      send(who === "table" || TABLE_VERBS.indexOf(verb) >= 0 ? body : who + ": " + body);
    });
  }

  return shell.dispose;
}
