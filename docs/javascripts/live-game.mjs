/* Play under the laws (issue 38): a rubber at C against three engine players, where the reader may break
   any law and the engine players claim and elect. Python rules on everything (euchre_core.app.live_game:
   live_new, live_open, live_act); this module draws the view on the reader's table (table.mjs) and
   forwards the reader's taps. It never reads the rulings' words: it shows them.

   The view: { record, you, deal, dealer, seats: {A: "your partner (the dealer)", …}, turn_up, trump,
   hand: [codes], counts: {A: n, …}, trick: [[seat, code]], exposed: {seat: [codes]}, tricks_won: [AC, BD],
   turn: "deal" | "speak" | "wait" | "bid" | "play" | "elect" | "answer" | "correct" | "next" | "claims" | "engine" |
   "over" ("wait": with "Play any card" on, every call passes pause: true and the table waits before each engine
   bid or card the reader could forestall; "wait" as the event lets that player act; every act is sent with
   hold: true, so the ruling it draws shows at once and an engine side's election follows by live_open),
   acts: [{event, label | card}], dealing: null | {stage, dealer, log: [words], pause} (the cards dealt at the
   table: the shuffle, the cut and the deal of Laws 22-45),
   breaches: [{event, label, card?}], claims: [{event, kind, label, laws, until}], rulings: [moment + kind,
   offender, valued], history: [{deal, headline, laws}], score: {game, games, over}, cards, error }.

   localStorage "euchre-live-v1": the record, so a game goes on after a reload; a link "#g=<record>"
   (base64url JSON) opens the same game at the same moment; "?law=N" (and "&me=X"), from the director's
   guide, begins a game with law N's ready scenario; a record the engine refuses is dropped with its
   message. */

import { escapeHtml, sandboxShell } from "./engine-ui.mjs";
import { mountTable, SEATS } from "./table.mjs";

const STORE = "euchre-live-v1";
const ANY_STORE = "euchre-live-any";   // "Play any card" kept on across reloads: the table's pauses depend on it
const ERR_RATES = [[0, "never"], [5, "rarely (5%)"], [15, "sometimes (15%)"], [30, "often (30%)"]];
const TURN_WORDS = {
  deal: "Your part in the dealing.",
  speak: "The trump card is turned. Let the first hand speak, or break a law and bid before your turn.",
  bid: "Your turn to bid.",
  play: "Your turn to play: tap a card.",
  elect: "Your side chooses the penalty.",
  answer: "Your partner asks whether you have none of the suit.",
  correct: "You hold a card of the suit: correct your revoke (laws 65, 69).",
  wait: "The table waits for you (Play any card is on): play or bid out of turn, or let the next player go on.",
  next: "The trick is complete.",
  claims: "The hand is played. Claim now if you have a claim: after the cut nothing can be claimed.",
  over: "The rubber is over.",
};

export function encodeRecord(record) {
  const bytes = new TextEncoder().encode(JSON.stringify(record));
  let bin = "";
  bytes.forEach(function (b) { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeRecord(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return JSON.parse(new TextDecoder().decode(bytes));
}

function sharedRecord() {
  const m = /(?:^|[#&])g=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (!m) return null;
  try { return decodeRecord(m[1]); } catch { return "unreadable"; }
}

function storedRecord() {
  try { return JSON.parse(window.localStorage.getItem(STORE) || "null"); } catch { return null; }
}

function button(event, label, extra) {
  return '<button type="button" class="md-button live-act' + (extra || "") + '" data-event="' + escapeHtml(event) + '">' +
    escapeHtml(label) + "</button>";
}

function lawsText(laws) {
  return laws && laws.length ? " (law" + (laws.length > 1 ? "s " : " ") + laws.join(", ") + ")" : "";
}

/* The laws cited, each a link to the law on its section's page (data-law-sections: each section's first law
   and its URL from the site's root, written in by the generator). */
function lawsHtml(laws, sections) {
  if (!laws || !laws.length) return "";
  const starts = (sections || "").split(";").filter(Boolean).map(function (pair) { return pair.split(" "); });
  const link = function (n) {
    let page = null;
    starts.forEach(function (s) { if (Number(s[0]) <= n) page = s[1]; });
    return page ? '<a href="../' + escapeHtml(page) + "#law-" + n + '">' + n + "</a>" : String(n);
  };
  return " (law" + (laws.length > 1 ? "s " : " ") + laws.map(link).join(", ") + ")";
}

export function mountLiveGame(root, engine) {
  const shell = sandboxShell(root, engine, "live-game-box",
    '<button type="button" class="md-button md-button--primary sandbox-start live-new">Deal a new game</button> ' +
    '<label class="live-rate">Your opponents make mistakes: <select class="live-err">' +
    ERR_RATES.map(function (r) { return '<option value="' + r[0] + '">' + r[1] + "</option>"; }).join("") +
    "</select></label> " +
    '<label class="live-deal-at-table"><input type="checkbox" class="live-dealing" checked> Shuffle, cut and deal at the table</label>',
    "You sit at C; the engine plays your partner A and your opponents B and D. Break any law you like: the table rules on it.");
  const box = shell.box;
  const live = shell.live;
  live.classList.add("visually-hidden");   // for screen readers: the rulings are shown once, under the table
  const area = shell.table;
  area.innerHTML =
    '<p class="sandbox-cue live-cue"></p>' +
    '<div class="live-board"></div>' +
    '<p class="live-dealt" hidden></p>' +
    '<p class="live-any-line"><label><input type="checkbox" class="live-any"> Play any card (break a law on purpose)</label></p>' +
    '<div class="live-acts" role="group" aria-label="What you can do"></div>' +
    '<div class="live-breaches" role="group" aria-label="Break a law" hidden></div>' +
    '<div class="live-claims" role="group" aria-label="Claim"></div>' +
    '<div class="live-error sandbox-error" role="alert"></div>' +
    '<section class="live-rulings" aria-label="The rulings"></section>' +
    '<details class="live-log"><summary>All the rulings of this game</summary><ol class="live-history"></ol>' +
    '<p><button type="button" class="md-button live-print">Print the rulings</button> ' +
    '<button type="button" class="md-button live-share">Copy a link to this moment</button> ' +
    '<button type="button" class="md-button live-egn">Save the game (EGN)</button> <span class="live-shared" role="status"></span></p></details>';
  const table = mountTable(area.querySelector(".live-board"), {
    label: "The table",
    onCard: function (code) { playCard(code); },
  });
  const anyBox = area.querySelector(".live-any");
  try { anyBox.checked = window.localStorage.getItem(ANY_STORE) === "1"; } catch { /* not kept */ }
  // a link to a moment where the reader broke a law out of turn (the Replay page's steps) asks for the
  // table's pauses: "#g=…&any=1"
  if (/(?:^|[#&])any=1(?:&|$)/.test(location.hash)) anyBox.checked = true;
  const errSelect = box.querySelector(".live-err");
  const dealBox = box.querySelector(".live-dealing");
  let view = null;
  let electing = false;   // the engine side's election asked for, after a held answer

  function save() {
    try { window.localStorage.setItem(STORE, JSON.stringify(view.record)); } catch { /* not kept */ }
  }

  function run(promise) {
    // data-live-busy: set while the engine answers, the engine side's election that follows included
    box.setAttribute("data-live-busy", "");
    let chained = false;
    return shell.run(promise, function (v) {
      const errorBox = area.querySelector(".live-error");
      if (v.error) {
        errorBox.textContent = "Not possible: " + v.error.message;
        live.textContent = "Not possible: " + v.error.message;
        return;
      }
      errorBox.textContent = "";
      const before = view && view.deal === v.deal ? view.rulings.length : 0;
      view = v;
      area.hidden = false;
      save();
      draw();
      const fresh = v.rulings.slice(before);
      live.textContent = fresh.map(function (r) { return r.headline + lawsText(r.laws); }).join(" ") +
        " " + (TURN_WORDS[v.turn] || "");
      // the reader's act came back held before the engine side's election (hold: true), so that the
      // ruling shows at once: now the engine elects, in one more call
      if (v.turn === "engine" && v.waiting === "elect" && !v.score.over && !electing) {
        electing = true;
        chained = true;
        run(engine.call("euchre_core.app.live_game.live_open", { record: v.record, pause: anyBox.checked }))
          .then(function () { electing = false; });
      }
    }).then(function () {
      if (!chained) box.removeAttribute("data-live-busy");
    });
  }

  function send(event) {
    if (shell.isBusy() || !view) return;
    run(engine.call("euchre_core.app.live_game.live_act",
      { record: view.record, event: event, pause: anyBox.checked, hold: true }));
  }

  function playCard(code) {
    if (!view) return;
    const pool = anyBox.checked ? view.acts.concat(view.breaches) : view.acts;
    const act = pool.find(function (a) { return a.card === code && /: play /.test(a.event); });
    if (act) send(act.event);
  }

  function seatsView() {
    const seats = {};
    SEATS.forEach(function (s) {
      const tags = [view.chairs[s] || ""];
      if (s === view.you) {
        const lawful = {};
        view.acts.forEach(function (a) { if (a.card) lawful[a.card] = true; });
        const any = {};
        if (anyBox.checked) view.breaches.forEach(function (a) { if (a.card && /: play /.test(a.event)) any[a.card] = true; });
        seats[s] = {
          tags: tags,
          out: view.out.indexOf(s) >= 0,   // his partner plays alone: he does not play (law 101)
          turn: view.turn === "play",
          menu: false,
          empty: view.dealing && view.dealing.stage ? "not dealt yet" : "no cards left",
          cards: view.hand.map(function (code) {
            const playable = !!lawful[code] || !!any[code];
            return { code: code, play: view.turn === "play" || ((view.turn === "next" || view.turn === "wait") && !!any[code]),
              legal: playable, label: view.cards[code] ? view.cards[code][1] + (lawful[code] ? "" : playable ? " (breaks a law)" : "") : code };
          }),
        };
      } else {
        const shown = view.exposed[s] || [];
        const hidden = Math.max(0, (view.counts[s] || 0) - shown.length);
        const cards = shown.map(function (code) { return { code: code, label: (view.cards[code] || [code, code])[1] + ", exposed" }; });
        for (let i = 0; i < hidden; i++) cards.push({ code: "", back: true, label: "a card face down" });
        seats[s] = { tags: tags, out: view.out.indexOf(s) >= 0, turn: false, menu: false, cards: cards,
          empty: view.dealing && view.dealing.stage ? "not dealt yet" : "no cards" };
      }
    });
    return seats;
  }

  function draw() {
    const v = view;
    const dealing = v.dealing && v.dealing.stage;
    const trump = v.trump ? { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" }[v.trump] + " trumps"
      : v.turn_up ? "turn-up " + ((v.cards[v.turn_up] || [v.turn_up])[0])
        : v.dealing.stage;
    const score = "Deal " + v.deal + " · " + trump + " · tricks: your side " + v.tricks_won[v.you === "A" || v.you === "C" ? 0 : 1] +
      ", theirs " + v.tricks_won[v.you === "A" || v.you === "C" ? 1 : 0] + " · game: " + scoreWords();
    table.draw({
      seats: seatsView(),
      trick: { number: v.trick_number, cards: v.trick, winner: v.trick_winner },
      cards: v.cards,
      bar: escapeHtml(score),
      centre: "",
    });
    area.querySelector(".live-cue").textContent = TURN_WORDS[v.turn] ||
      (v.waiting === "elect" ? "The other side is choosing…" : "The engine is playing…");
    const dealt = area.querySelector(".live-dealt");
    dealt.hidden = !v.dealing || !v.dealing.log.length || !(dealing || v.turn === "speak" || v.turn === "bid");
    dealt.textContent = v.dealing ? "The deal: " + v.dealing.log.join("; ") + "." : "";
    const acts = v.acts.filter(function (a) { return !a.card; });
    area.querySelector(".live-acts").innerHTML = acts.map(function (a) {
      return button(a.event, a.label, /^(elect|next|claims|deal|speak|correct|wait)$/.test(v.turn) ? " md-button--primary" : "") +
        (a.effect ? '<span class="live-effect">' + escapeHtml(a.effect) + "</span>" : "");
    }).join(" ");
    const breaches = v.breaches.filter(function (b) { return !b.card || !/: play /.test(b.event); });
    const br = area.querySelector(".live-breaches");
    br.hidden = !anyBox.checked || !breaches.length;
    br.innerHTML = breaches.length ? "<p>Break a law:</p>" + breaches.map(function (b) { return button(b.event, b.label, " live-breach"); }).join(" ") : "";
    area.querySelector(".live-claims").innerHTML = v.claims.length
      ? "<p><strong>Claim</strong></p>" + v.claims.map(function (c) {
        return "<p>" + button(c.event, c.label, " live-claim") + ' <span class="live-until">' + escapeHtml(c.until) + "</span></p>";
      }).join("")
      : "";
    const recent = v.rulings.slice(-3).reverse();
    area.querySelector(".live-rulings").innerHTML = recent.length
      ? "<h3>The director rules</h3>" + recent.map(rulingHtml).join("")
      : "";
    area.querySelector(".live-history").innerHTML = v.history.map(function (h) {
      return "<li>Deal " + h.deal + ": " + escapeHtml(h.headline) + escapeHtml(lawsText(h.laws)) + "</li>";
    }).join("") || "<li>No ruling yet.</li>";
  }

  function scoreWords() {
    const mine = view.you === "A" || view.you === "C" ? 0 : 1;
    const g = view.score.game;
    let words = "your side " + g[mine] + ", theirs " + g[1 - mine];
    const games = view.score.games.length;
    if (games) words += " (games played: " + games + ")";
    if (view.score.over) words += " · the rubber is over";
    return words;
  }

  function rulingHtml(r) {
    let html = '<div class="live-ruling"><p class="live-headline"><strong>' + escapeHtml(r.headline) + "</strong>" +
      lawsHtml(r.laws, root.getAttribute("data-law-sections")) + "</p>";
    if (r.who_chooses) html += "<p>" + escapeHtml(r.who_chooses) + "</p>";
    if (r.options && r.options.length) {
      html += "<ul>" + r.options.map(function (o) {
        return "<li>" + escapeHtml(o.label) + (o.effect ? ": " + escapeHtml(o.effect) : "") + "</li>";
      }).join("") + "</ul>";
    }
    (r.effects || []).forEach(function (e) { html += "<p>" + escapeHtml(e) + "</p>"; });
    if (r.valued) html += '<p class="live-valued">' + escapeHtml(r.valued) + "</p>";
    if (r.score) html += "<p>" + escapeHtml(r.score) + "</p>";
    if (r.reading) html += '<p class="live-reading">' + escapeHtml(r.reading) + "</p>";
    return html + "</div>";
  }

  box.addEventListener("click", function (event) {
    const b = event.target.closest("button[data-event]");
    if (b) send(b.getAttribute("data-event"));
  });
  anyBox.addEventListener("change", function () {
    try { window.localStorage.setItem(ANY_STORE, anyBox.checked ? "1" : "0"); } catch { /* not kept */ }
    if (!view) return;
    draw();
    // the table waits before each player while the switch is on, and goes on when it is turned off
    if (!shell.isBusy()) run(engine.call("euchre_core.app.live_game.live_open", { record: view.record, pause: anyBox.checked }));
  });
  box.querySelector(".live-new").addEventListener("click", function () {
    const seed = Math.floor(Math.random() * 1000000);
    run(engine.call("euchre_core.app.live_game.live_new",
      { seed: seed, seat: "C", err: Number(errSelect.value), dealing: dealBox.checked, pause: anyBox.checked }));
  });
  area.querySelector(".live-print").addEventListener("click", function () {
    area.querySelector(".live-log").open = true;
    window.print();
  });
  area.querySelector(".live-egn").addEventListener("click", function () {
    if (!view || shell.isBusy()) return;
    engine.call("euchre_core.app.live_game.live_egn", { record: view.record }).then(function (egn) {
      const blob = new Blob([JSON.stringify(egn, null, 1)], { type: "application/json" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "game-under-the-laws.egn";
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
      area.querySelector(".live-shared").textContent = "Saved: open it on the Replay page, or with python3 -m euchre_core replay.";
    });
  });
  area.querySelector(".live-share").addEventListener("click", function () {
    if (!view) return;
    const url = location.href.split("#")[0] + "#g=" + encodeRecord(view.record);
    const said = area.querySelector(".live-shared");
    const done = function () { said.textContent = "Link copied."; };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, function () { said.textContent = url; });
    } else {
      said.textContent = url;
    }
    history.replaceState(null, "", url);
  });

  // a law's scenario asked by the director's guide (?law=52), a shared link (#g=…), then the game this
  // browser kept
  area.hidden = true;
  const params = new URLSearchParams(location.search);
  const askedLaw = params.get("law");
  if (askedLaw && /^\d{1,3}$/.test(askedLaw)) {
    const kwargs = { law: Number(askedLaw), dealing: true, pause: anyBox.checked };
    const me = params.get("me");
    if (me && /^[ABCD]$/.test(me)) kwargs.seat = me;
    run(engine.call("euchre_core.app.live_game.live_from_scenario", kwargs).then(function (v) {
      history.replaceState(null, "", location.pathname);   // a reload goes on with this game
      return v;
    }));
    return function dispose() { table.dispose(); shell.dispose(); };
  }
  const shared = sharedRecord();
  const stored = storedRecord();
  const record = shared && shared !== "unreadable" ? shared : stored;
  if (shared === "unreadable") live.textContent = "The link's game could not be read: deal a new game.";
  if (record) {
    run(engine.call("euchre_core.app.live_game.live_open", { record: record, pause: anyBox.checked }).catch(function (error) {
      try { window.localStorage.removeItem(STORE); } catch { /* nothing kept */ }
      throw new Error("The saved game could not be opened (" + (error && error.message ? error.message : error) + "): deal a new game.");
    }));
  }

  return function dispose() {
    table.dispose();
    shell.dispose();
  };
}
