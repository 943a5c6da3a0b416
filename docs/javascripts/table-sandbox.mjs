/* The sandbox of cutting out, entry and re-entry (Laws 10, 15-21) on their law pages: the ready
   scenario (euchre_core/data/table_scenarios.json) folded over euchre_core.laws.entry.Club, then the
   reader goes on by buttons: the book's next step, a person's acts (click a name: declare, leave, a
   substitute, cut into another table, expose two cards in a cut), a table's acts (end the rubber, cut
   out, cut for partners and deal, break it up) and the club's (open a fresh table, the candidates
   picked from the people present). The clubs' tables are drawn as tables: the four seats, partners
   marked, who waits beside it, the last cut with the cards cut and who is lowest.
   The JavaScript only draws and forwards: every act offered, and its words, come from Python
   (euchre_core.app.sandbox.table_view: acts usable now, tried on the engine); it rules. */

import { cardHtml, escapeHtml, popupMenu, sandboxShell, START_BUTTON } from "./engine-ui.mjs";
import { answer } from "./answers.mjs";

const PHASE = {
  playing: "A rubber in progress",
  between: "The rubber is over: candidates may still declare, until a card is cut (law 16)",
  cutting: "Cut out: the four cut for partners and deal next",
};
const WHERE = { playing: "at the table", waiting: "waiting for a place", away: "away: a substitute plays for him",
  lobby: "without a place", newcomer: "just arrived" };
const COMPASS = ["s", "w", "n", "e"];   // the players clockwise from the dealer: the dealer at the bottom

/* A law as a link: to its place on this page if it is here, else where a link on the page already points. */
function lawLink(n) {
  if (document.getElementById("law-" + n)) return '<a href="#law-' + n + '">law ' + n + "</a>";
  const a = document.querySelector('a[href$="#law-' + n + '"]');
  if (a) return '<a href="' + escapeHtml(a.getAttribute("href")) + '">law ' + n + "</a>";
  return "law " + n;
}

function lawsHtml(laws) {
  if (!laws || !laws.length) return "";
  return ' <span class="ts-laws">(' + laws.slice().sort(function (a, b) { return a - b; }).map(lawLink).join(", ") + ")</span>";
}

function lawsText(laws) {
  return laws && laws.length ? " (law" + (laws.length > 1 ? "s " : " ") + laws.join(", ") + ")" : "";
}

/* The engine's note without its inline "(Law 15)": the laws are cited once, linked, after it. */
function plain(text) {
  return String(text).replace(/\s*\(laws? [\d, ]+\)/gi, "");
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function mountTableSandbox(root, engine) {
  const law = Number(root.getAttribute("data-law"));
  const shell = sandboxShell(root, engine, "table-sandbox", START_BUTTON,
    "Go on with this evening at the club step by step, or have a player declare, leave or cut in and see how the engine rules.");
  const box = shell.box;
  const table = shell.table;
  const live = shell.live;
  const start = box.querySelector(".sandbox-start");
  let view = null;
  let baseLength = 0;       // the scenario's own ops: "Undo" goes back no further
  let picking = null;       // the club act whose candidates the reader is picking: {act, chosen: []}
  let menu = null;
  let menuOpener = null;
  let acted = false;        // the reader has pressed something of the sandbox: its next action takes the focus

  function run(promise) {
    return shell.run(promise, function (v) {
      view = v;
      picking = null;
      draw();
      live.textContent = v.error ? "Not allowed: " + plain(v.error.message) + lawsText(v.error.laws)
        : (latest("ruling").length ? latest("ruling") : latest()).map(function (n) { return plain(n.text) + lawsText(n.laws); }).join(" ");
    });
  }

  /* the notes of the last act (each note has the index of the op that made it) */
  function latest(kind) {
    const last = view.ops.length - 1;
    return view.notes.filter(function (n) { return n.step === last && (!kind || n.kind === kind); });
  }

  function send(op) {
    if (shell.isBusy() || !view) return;
    closeMenu(false);
    acted = true;
    run(answer("euchre_core.app.sandbox.table_act", { law: law, ops: view.ops, op: op }));
  }

  start.addEventListener("click", function () {
    view = null;
    acted = true;
    table.hidden = false;
    // the static example (the page without JavaScript, and print) gives way: the notes are shown once
    Array.prototype.forEach.call(root.children, function (el) { if (el !== box) el.hidden = true; });
    start.textContent = "Start again";
    run(answer("euchre_core.app.sandbox.table_start", { law: law }).then(function (v) {
      baseLength = v.ops.length;
      return v;
    }));
  });

  function undo() {
    if (shell.isBusy() || !view || view.ops.length <= baseLength) return;
    acted = true;
    const ops = view.ops.slice(0, -2);
    const last = view.ops[view.ops.length - 2];
    const promise = view.ops.length - 1 === baseLength
      ? answer("euchre_core.app.sandbox.table_start", { law: law })
      : answer("euchre_core.app.sandbox.table_act", { law: law, ops: ops, op: last });
    run(promise);
  }

  /* ---------------------------------------------------------------- drawing */
  /* a person: a button opening his acts when he has any, else his name; the words a screen reader hears
     are what is seen (the name, the tags), then where he is */
  function person(name, extra) {
    const p = peopleByName()[name];
    const acts = p ? p.acts.length : 0;
    const inner = '<span class="ts-name">' + escapeHtml(name) + "</span>" + (extra || "") +
      '<span class="visually-hidden">, ' + escapeHtml(p ? WHERE[p.where] : "") + "</span>";
    if (!acts) return '<span class="ts-person ts-idle" data-person="' + escapeHtml(name) + '">' + inner + "</span>";
    return '<button type="button" class="ts-person" data-person="' + escapeHtml(name) + '" aria-haspopup="menu" ' +
      'aria-expanded="false">' + inner + "</button>";
  }

  function peopleByName() {
    const out = {};
    view.acts.people.forEach(function (p) { out[p.name] = p; });
    return out;
  }

  function seatHtml(t, p, i) {
    const tags = [];
    if (t.dealer === p.name) tags.push("deals");
    const pair = t.partners.findIndex(function (pr) { return pr.indexOf(p.name) >= 0; });
    if (pair >= 0) {
      const mate = t.partners[pair].filter(function (n) { return n !== p.name; })[0];
      tags.push("partner " + mate);
    }
    const sub = t.substitutes.filter(function (s) { return s[0] === p.name; })[0];
    if (sub) tags.push("substitute for " + sub[1]);
    if (t.bound.indexOf(p.name) >= 0) tags.push("goes out after this rubber (law 19)");
    const count = p.rubbers + " rubber" + (p.rubbers === 1 ? "" : "s");
    const extra = '<span class="ts-tags">' + escapeHtml(count + (tags.length ? " · " + tags.join(" · ") : "")) + "</span>";
    return '<div class="ts-seat ts-' + COMPASS[i] + (pair >= 0 ? " ts-pair" + pair : "") + '">' + person(p.name, extra) + "</div>";
  }

  function cutHtml(c, cards) {
    return '<div class="ts-cut"><p class="ts-cut-title">' + escapeHtml(capital(c.purpose)) + lawsHtml(c.laws) + "</p><ul>" +
      c.draws.map(function (d) {
        const mark = d.void ? "void: cuts again" : c.low.indexOf(d.name) >= 0 ? "lowest" : c.high.indexOf(d.name) >= 0 ? "highest" : "";
        return '<li class="ts-draw' + (d.void ? " ts-void" : "") + (mark === "lowest" ? " ts-low" : "") + '">' +
          cardHtml(d.card, cards) + " " + escapeHtml(d.name) + (mark ? ' <span class="ts-mark">' + mark + "</span>" : "") + "</li>";
      }).join("") + "</ul>" + (c.result && !c.low.length ? '<p class="ts-cut-result">' + escapeHtml(capital(c.result)) + ".</p>" : "") +
      "</div>";
  }

  function actButton(act, cls) {
    return '<button type="button" class="md-button ' + (cls || "") + '" data-act="' + escapeHtml(act.key) + '">' +
      escapeHtml(act.label) + (act.choices ? "…" : "") + "</button>";
  }

  let registry = {};
  function register(act, owner) {
    const key = String(Object.keys(registry).length);
    registry[key] = { act: act, owner: owner };
    return Object.assign({}, act, { key: key });
  }

  function tableHtml(t, acts) {
    const seats = t.players.map(function (p, i) { return seatHtml(t, p, i); }).join("");
    const empty = t.players.length < 4 ? '<p class="ts-vacant">' + (4 - t.players.length) + " place" +
      (t.players.length === 3 ? "" : "s") + " vacant</p>" : "";
    const away = t.away.length ? '<p class="ts-side"><span class="ts-side-label">Away:</span> ' +
      t.away.map(function (n) { return person(n); }).join(" ") + "</p>" : "";
    const waiting = '<p class="ts-side"><span class="ts-side-label">Waiting beside it:</span> ' +
      (t.waiting.length ? t.waiting.map(function (n, i) {
        return person(n, '<span class="ts-tags">' + (i === 0 ? "next in" : "then") + "</span>");
      }).join(" ") : "nobody") + "</p>";
    const last = t.cuts.length ? cutHtml(t.cuts[t.cuts.length - 1], view.cards) : "";
    const tableActs = acts.length ? '<div class="ts-acts" role="group" aria-label="Acts at ' + escapeHtml(t.name) + '">' +
      acts.map(function (a) { return actButton(register(a, t.name)); }).join("") + "</div>" : "";
    return '<section class="ts-table" data-table="' + escapeHtml(t.name) + '" aria-label="Table ' + escapeHtml(t.name) + '">' +
      '<p class="ts-head"><strong>' + escapeHtml(t.name) + "</strong> " + escapeHtml(PHASE[t.phase] || t.phase) + ". " +
      t.rubbers + " rubber" + (t.rubbers === 1 ? "" : "s") + " played here.</p>" +
      '<div class="ts-felt">' + seats + '<div class="ts-centre" aria-hidden="true">' + escapeHtml(t.name) + "</div></div>" +
      empty + away + waiting + last + tableActs + "</section>";
  }

  function pickerHtml() {
    const a = picking.act;
    const n = picking.chosen.length;
    return '<div class="ts-picker" role="group" aria-label="' + escapeHtml(a.label) + '"><p><strong>' + escapeHtml(a.label) +
      "</strong>" + lawsHtml(a.laws) + ": pick the candidates (" + a.least + " at least).</p><p class=\"ts-chips\">" +
      a.candidates.map(function (name) {
        const on = picking.chosen.indexOf(name) >= 0;
        return '<button type="button" class="ts-chip" aria-pressed="' + on + '" data-pick="' + escapeHtml(name) + '">' +
          escapeHtml(name) + "</button>";
      }).join("") + "</p><p>" + (n >= a.least
        ? '<button type="button" class="md-button md-button--primary ts-pick-go">' + escapeHtml(a.label) + " with " + n + "</button> "
        : '<span class="ts-hint">' + n + " picked.</span> ") +
      '<button type="button" class="md-button ts-pick-cancel">Cancel</button></p></div>';
  }

  /* What the reader can do now, in one line, and the one control that does it (issue 26): picking the
     candidates of a club's act, else the book's next step, else a person's or a table's acts. */
  function nextStep(v) {
    const names = "choose a name for what that person can do (a table’s own acts are under it)";
    if (picking) {
      const a = picking.act;
      const n = picking.chosen.length;
      return n >= a.least
        ? { cue: "Press “" + a.label + " with " + n + "”, or pick more names first.", primary: ".ts-pick-go" }
        : { cue: "Pick at least " + a.least + " names below for “" + a.label + "” (" + n + " picked so far), or cancel.",
          primary: null };
    }
    const refused = v.error ? "The last act was refused: the reason is below. " : "";
    if (v.next_step) {
      return { cue: refused + "Follow the book with its next step, or " + names + ".", primary: ".ts-next-button" };
    }
    return { cue: refused + "The book’s example is played out: " + names + ", or start again.",
      primary: "button.ts-person, .ts-acts > button[data-act]" };
  }

  function draw() {
    const v = view;
    registry = {};
    const next = nextStep(v);
    let html = '<p class="sandbox-title"><strong>' + escapeHtml(v.title || "") + "</strong></p>" +
      '<p class="sandbox-cue">' + escapeHtml(next.cue) + "</p>";
    if (v.error) html += '<p class="sandbox-error" role="alert">Not allowed: ' + escapeHtml(plain(v.error.message)) + lawsHtml(v.error.laws) + "</p>";
    if (v.next_step) {
      html += '<p class="ts-next"><button type="button" class="md-button md-button--primary ts-next-button">' +
        "The book’s next step: " + escapeHtml(v.next_step.label) + "</button></p>";
    }
    const fresh = latest("ruling");
    if (v.last_act) {
      html += '<div class="ts-decided"><p class="ts-label">' + escapeHtml(v.last_act) + "</p>" + (fresh.length
        ? '<ul class="sandbox-rulings table-notes">' + fresh.map(noteHtml).join("") + "</ul>"
        : latest("cut").length ? "<p>The cards cut are on the table below.</p>" : "") + "</div>";
    }
    const byTable = {};
    v.acts.tables.forEach(function (x) { byTable[x.table] = x.acts; });
    html += '<div class="ts-tables">' + v.tables.map(function (t) { return tableHtml(t, byTable[t.name] || []); }).join("") + "</div>";
    const lobby = v.acts.people.filter(function (p) { return p.where === "lobby"; });
    const newcomers = v.acts.people.filter(function (p) { return p.where === "newcomer"; });
    if (lobby.length) html += '<p class="ts-side"><span class="ts-side-label">Without a place:</span> ' +
      lobby.map(function (p) { return person(p.name); }).join(" ") + "</p>";
    if (newcomers.length) html += '<p class="ts-side"><span class="ts-side-label">Just arrived:</span> ' +
      newcomers.map(function (p) { return person(p.name); }).join(" ") + "</p>";
    if (v.cuts.length) html += '<div class="ts-club-cuts">' + cutHtml(v.cuts[v.cuts.length - 1], v.cards) + "</div>";
    if (picking) html += pickerHtml();
    else if (v.acts.club.length) {
      html += '<div class="ts-acts ts-club" role="group" aria-label="The club">' +
        v.acts.club.map(function (a) { return actButton(register(a, "club")); }).join("") + "</div>";
    }
    if (v.ops.length > baseLength) html += '<p><button type="button" class="md-button ts-undo">Undo the last act</button></p>';
    const earlier = v.notes.filter(function (n) { return n.step !== v.ops.length - 1; });
    if (earlier.length) {
      html += '<details class="ts-history"><summary>Earlier (' + earlier.length + ")</summary><ol>" +
        earlier.map(noteHtml).join("") + "</ol></details>";
    }
    table.innerHTML = html;
    bind();
    const primary = next.primary && table.querySelector(next.primary);
    if (primary && acted && !picking) primary.focus({ preventScroll: true });
  }

  function noteHtml(n) {
    return "<li><strong>" + escapeHtml(capital(n.title)) + ".</strong> " + escapeHtml(plain(n.text)) + lawsHtml(n.laws) + "</li>";
  }

  /* ---------------------------------------------------------------- a person's menu */
  function closeMenu(refocus) {
    if (menu) menu.close(refocus);
  }

  function openMenu(name, opener, items, title) {
    closeMenu(false);
    menuOpener = opener;
    menu = popupMenu({
      holder: opener.closest(".ts-table") || table,
      opener: opener,
      className: "ts-menu",
      titleClass: "ts-menu-title",
      titleHidden: true,
      title: title,
      items: items.map(function (a) {
        const act = register(a, name);
        return '<button type="button" role="menuitem" class="md-button" data-act="' + act.key + '">' + escapeHtml(a.label) +
          (a.choices ? "…" : "") + "</button>";
      }).join(""),
      data: { person: name },
      onChoose: function (b) { choose(registry[b.getAttribute("data-act")].act, name, opener); },
      onClose: function () { menu = null; menuOpener = null; },
    });
  }

  /* an act: sent; a group of choices (a substitute, who breaks a table up): its choices in the menu */
  function choose(act, owner, opener) {
    if (act.choices) { openMenu(owner, opener, act.choices, act.label); return; }
    if (act.candidates) { picking = { act: act, chosen: [] }; draw(); focusFirst(".ts-chip"); return; }
    send(act.op);
  }

  function focusFirst(selector) {
    const el = table.querySelector(selector);
    if (el) el.focus();
  }

  function bind() {
    const v = view;
    const next = table.querySelector(".ts-next-button");
    if (next) next.addEventListener("click", function () { send(v.next_step.op); });
    const back = table.querySelector(".ts-undo");
    if (back) back.addEventListener("click", undo);
    table.querySelectorAll("button.ts-person").forEach(function (b) {
      b.addEventListener("click", function () {
        const name = b.getAttribute("data-person");
        if (menu && menuOpener === b) { closeMenu(); return; }
        const p = peopleByName()[name];
        openMenu(name, b, p.acts, "What " + name + " does");
      });
    });
    table.querySelectorAll(".ts-acts > button[data-act]").forEach(function (b) {
      b.addEventListener("click", function () {
        const entry = registry[b.getAttribute("data-act")];
        if (entry.act.choices) openMenuAt(b, entry);
        else choose(entry.act, entry.owner, b);
      });
    });
    table.querySelectorAll(".ts-chip").forEach(function (b) {
      b.addEventListener("click", function () {
        const name = b.getAttribute("data-pick");
        const at = picking.chosen.indexOf(name);
        if (at >= 0) picking.chosen.splice(at, 1); else picking.chosen.push(name);
        draw();
        focusFirst('.ts-chip[data-pick="' + CSS.escape(name) + '"]');
      });
    });
    const go = table.querySelector(".ts-pick-go");
    if (go) go.addEventListener("click", function () {
      send(Object.assign({}, picking.act.op, { candidates: picking.chosen.slice() }));
    });
    const cancel = table.querySelector(".ts-pick-cancel");
    if (cancel) cancel.addEventListener("click", function () { picking = null; draw(); focusFirst(".ts-club button"); });
  }

  /* a table's grouped act (break it up): its choices in a menu under the button */
  function openMenuAt(button, entry) {
    if (menu && menuOpener === button) { closeMenu(); return; }
    button.setAttribute("aria-haspopup", "menu");
    openMenu("table " + entry.owner, button, entry.act.choices, entry.act.label);
  }

  return shell.dispose;
}
