/* The sandbox of cutting out, entry and re-entry (Laws 10, 15-21) on their law pages: the ready
   scenario (euchre_core/data/table_scenarios.json) folded over euchre_core.laws.entry.Club, then the
   reader goes on: the scenario's suggested next ops, or any op (an op, a table, names), and sees
   the tables, who waits, the cuts and the notes citing the laws.
   The JavaScript only draws and forwards; Python (euchre_core.app.sandbox.table_*) rules. */

import { escapeHtml, sandboxShell, START_BUTTON } from "./engine-ui.mjs";

const OPS = ["declare", "end_rubber", "cut_out", "start_rubber", "substitute", "leave", "cut_into", "break_up",
  "open_table", "form"];

function describe(op) {
  const parts = [op.op.replace(/_/g, " ")];
  ["name", "absent", "substitute", "breaker"].forEach(function (k) { if (op[k]) parts.push(op[k]); });
  if (op.candidates) parts.push(op.candidates.join(", "));
  if (op.table) parts.push(op.op === "cut_into" ? "into " + op.table : "at " + op.table);
  if (op.into) parts.push("into " + op.into);
  if (op.exposed) parts.push("(exposing " + Object.keys(op.exposed).map(function (n) {
    return n + " " + op.exposed[n];
  }).join(", ") + " cards)");
  return parts.join(" ");
}

function cites(laws) {
  return laws.length ? " (law" + (laws.length > 1 ? "s " : " ") + laws.join(", ") + ")" : "";
}

function names(text) {
  return text.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
}

export function mountTableSandbox(root, engine) {
  const law = Number(root.getAttribute("data-law"));
  const shell = sandboxShell(root, engine, "table-sandbox", START_BUTTON);
  const box = shell.box;
  const table = shell.table;
  const live = shell.live;
  let view = null;

  function run(promise, op) {
    return shell.run(promise, function (v) {
      const before = view && op ? view.notes.length : 0;
      view = v;
      draw();
      if (v.error) {
        live.textContent = "Not allowed: " + v.error.message;
      } else if (v.notes.length > before) {
        live.textContent = v.notes.slice(before).map(function (n) { return n.text + cites(n.laws); }).join(" ");
      }
    });
  }

  function send(op) {
    if (shell.isBusy() || !view) return;
    run(engine.call("euchre_core.app.sandbox.table_act", { law: law, ops: view.ops, op: op }), op);
  }

  box.querySelector(".sandbox-start").addEventListener("click", function () {
    view = null;
    table.hidden = false;
    run(engine.call("euchre_core.app.sandbox.table_start", { law: law }), null);
  });

  function drawCut(c) {
    return "<li>" + escapeHtml(c.purpose) + cites(c.laws) + ": " + c.draws.map(function (d) {
      return escapeHtml(d.name + " " + d.card) + (d.void ? " <em>(void)</em>" : "");
    }).join(", ") + (c.result ? " — " + escapeHtml(c.result) : "") + "</li>";
  }

  function draw() {
    const v = view;
    let html = '<p class="sandbox-title"><strong>' + escapeHtml(v.title || "") + "</strong></p>";
    if (v.error) html += '<p class="sandbox-error" role="alert">' + escapeHtml(v.error.message) + "</p>";
    html += '<div class="table-tables">';
    v.tables.forEach(function (t) {
      html += '<div class="table-roster" data-table="' + escapeHtml(t.name) + '"><p><strong>' + escapeHtml(t.name) +
        "</strong> — " + escapeHtml(t.phase) + ", " + t.rubbers + " rubber" + (t.rubbers === 1 ? "" : "s") +
        " played" + (t.dealer ? "; " + escapeHtml(t.dealer) + " deals" : "") + ".</p><ul>" +
        t.players.map(function (p) {
          return "<li>" + escapeHtml(p.name) + " — " + p.rubbers + " consecutive rubber" + (p.rubbers === 1 ? "" : "s") +
            (t.bound.indexOf(p.name) >= 0 ? " (goes out after one rubber, law 19)" : "") + "</li>";
        }).join("") + "</ul><p>Waiting: " + (t.waiting.length ? t.waiting.map(escapeHtml).join(", ") : "none") +
        (t.substitutes.length ? ". Substitutes: " + t.substitutes.map(function (s) {
          return escapeHtml(s[0] + " for " + s[1]);
        }).join(", ") : "") + ".</p>" +
        (t.cuts.length ? '<details><summary>Cuts at ' + escapeHtml(t.name) + "</summary><ol>" +
          t.cuts.map(drawCut).join("") + "</ol></details>" : "") + "</div>";
    });
    html += "</div>";
    if (v.lobby.length) html += "<p>Without a place: " + v.lobby.map(escapeHtml).join(", ") + ".</p>";
    if (v.cuts.length) html += "<p>Cuts in the club:</p><ol>" + v.cuts.map(drawCut).join("") + "</ol>";
    html += "<p>Operations so far: " + (v.ops.length ? v.ops.map(describe).map(escapeHtml).join("; ") : "none") +
      ".</p>";
    if (v.then && v.then.length) {
      html += "<p>Suggested next: " + v.then.map(function (op, i) {
        return '<button type="button" class="md-button sandbox-act" data-then="' + i + '">' +
          escapeHtml(describe(op)) + "</button> ";
      }).join("") + "</p>";
    }
    html += '<p class="table-form"><label>Operation <select class="table-op">' +
      OPS.map(function (x) { return '<option value="' + x + '">' + x.replace(/_/g, " ") + "</option>"; }).join("") +
      '</select></label> <label>Table <input class="table-name" type="text" size="4" value="' +
      escapeHtml(v.tables.length ? v.tables[0].name : "T1") + '"></label> ' +
      '<label>Name <input class="table-who" type="text" size="8" placeholder="e.g. Fox"></label> ' +
      '<label>Other <input class="table-other" type="text" size="16" placeholder="substitute, into, candidates"></label> ' +
      '<button type="button" class="md-button table-go">Do it</button></p>';
    html += '<h4>Notes</h4><ol class="sandbox-rulings table-notes">' + v.notes.map(function (n) {
      return "<li><em>" + escapeHtml(n.title) + "</em>" + cites(n.laws) + ": " + escapeHtml(n.text) + "</li>";
    }).join("") + "</ol>";
    table.innerHTML = html;
    table.querySelectorAll(".sandbox-act").forEach(function (b) {
      b.addEventListener("click", function () { send(v.then[Number(b.getAttribute("data-then"))]); });
    });
    table.querySelector(".table-go").addEventListener("click", function () {
      const kind = table.querySelector(".table-op").value;
      const tname = table.querySelector(".table-name").value.trim();
      const who = table.querySelector(".table-who").value.trim();
      const other = table.querySelector(".table-other").value.trim();
      const op = { op: kind, table: tname };
      if (kind === "declare" || kind === "leave" || kind === "cut_into") op.name = who;
      if (kind === "substitute") { op.absent = who; op.substitute = other; }
      if (kind === "break_up") { op.breaker = who; op.into = other; }
      if (kind === "form" || kind === "open_table") op.candidates = names(other);
      send(op);
    });
  }

  return shell.dispose;
}
