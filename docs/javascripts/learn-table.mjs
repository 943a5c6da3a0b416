/* The play table of lesson 10 ("play against the engine") on the reader's table (table.mjs).

   The reader sits at C (the bottom of the book's compass) with A, the engine, as partner opposite;
   B and D, the engine too, are the adversaries. Python rules (euchre_core.app.lessons: table_new,
   table_view, table_act, table_engine, through window.euchreEngine); this module draws and forwards.

   What the reader sees: his hand as playable cards in his seat (the lawful ones enabled, the others
   marked, the engine's reason given when one is chosen); the other hands as card backs; what each
   seat said in the making at the seat; the turn-up or the trump in the centre; the trick with who
   played what; a completed trick held until he moves on (a click on the table, Space, N or the
   button); the last trick on demand (L); the trick, tricks won and the score in one line; the end of
   a deal (its last trick, its result, the score) held until he deals again; the log oldest first.

   localStorage "euchre-table-v1": the record {seed, seat, strength, actions} (unchanged from the
   earlier table, so a stored game goes on); one that cannot be read or that the engine refuses is
   dropped with a message, and a fresh table is dealt. "euchre-learn-v1".play counts the deals and
   rubbers played (learn.js shows them on the lessons' index). */

import { escapeHtml, startingWords } from "./engine-ui.mjs";
import { cardFace, mountTable, SEATS } from "./table.mjs";
import { warm } from "./answers.mjs";

const TABLE_STORE = "euchre-table-v1";
const PROGRESS_STORE = "euchre-learn-v1";
const STEP_DELAY_MS = 350;
const SUIT_WORDS = { C: "\u2663 clubs", D: "\u2666 diamonds", H: "\u2665 hearts", S: "\u2660 spades" };
const MAKING = { bid1: true, bid2: true, take: true, alone: true, callcard: true };

function countPlayed(before, after) {
  let p = { ex: {}, play: { deals: 0, rubbers: 0 } };
  try {
    const stored = JSON.parse(window.localStorage.getItem(PROGRESS_STORE) || "null");
    if (stored && typeof stored === "object" && stored.ex) p = stored;
  } catch { /* unreadable: counted afresh */ }
  p.play = p.play && typeof p.play === "object" ? p.play : { deals: 0, rubbers: 0 };
  p.play.deals = (Number(p.play.deals) || 0) + Math.max(1, after.deal_number - before.deal_number);
  if (after.over && !before.over) p.play.rubbers = (Number(p.play.rubbers) || 0) + 1;
  try { window.localStorage.setItem(PROGRESS_STORE, JSON.stringify(p)); } catch { /* not kept */ }
}

function side(pair) { return pair.split("").join(" "); }

export function mountPlayTable(root, engine) {
  root.textContent = "";
  root.classList.add("pt");
  let view = null;        // the engine's last answer (euchre_core.app.lessons.table_view)
  let busy = false;       // a call to the engine is under way
  let held = null;        // {kind: "trick" | "deal", trick, text}: shown until the reader moves on
  let showLast = false;   // the last trick shown on demand (L)
  let note = "";          // a refused card's reason, or the record's fate
  let disposed = false;
  let timer = null;
  let generation = 0;         // a new rubber makes the answers still on their way to an older one void
  let keyboardHere = false;   // the focus is (or was last) in the table: the focus may follow the play
  function onFocusIn(event) {
    if (root.contains(event.target)) keyboardHere = true;
    else if (event.target !== document.body) keyboardHere = false;
  }
  document.addEventListener("focusin", onFocusIn);

  root.innerHTML =
    '<div class="table-controls"><button type="button" class="md-button table-new">New rubber</button>' +
    '<label class="table-strength-label">Engine strength <select class="table-strength">' +
    '<option value="easy">easy (4 deals)</option><option value="default" selected>default (24 deals)</option>' +
    '<option value="strong">strong (64 deals)</option></select></label></div>' +
    '<p class="table-notice" role="alert" hidden></p><p class="table-facts"></p><div class="table-holder"></div>' +
    '<p class="table-status" role="status" aria-live="polite"></p>' +
    '<div class="table-actions" role="group" aria-label="Your choices"></div>' +
    '<p class="table-last"></p>' +
    '<div class="table-log-box"><p class="table-log-title" id="table-log-title">What has happened (oldest first)</p>' +
    '<ol class="table-log" aria-labelledby="table-log-title" tabindex="0"></ol></div>';
  const newButton = root.querySelector(".table-new");
  const strength = root.querySelector(".table-strength");
  const facts = root.querySelector(".table-facts");
  const notice = root.querySelector(".table-notice");   // the stored record's fate, until the reader acts
  const actions = root.querySelector(".table-actions");
  const status = root.querySelector(".table-status");
  const last = root.querySelector(".table-last");
  const log = root.querySelector(".table-log");

  const table = mountTable(root.querySelector(".table-holder"), {
    label: "The play table: you are C, at the bottom; A, your partner, is opposite",
    scope: root,
    keys: [
      ["\u2190 / \u2192", "move between your cards", function (e) {
        return (e.key === "ArrowLeft" || e.key === "ArrowRight") && !e.target.closest(".table-log") ? e.key : null;
      }],
      ["1 / 2 / 3 / 4 / 5", "play your first, second \u2026 card (or discard it)", function (e) {
        return /^[1-6]$/.test(e.key) ? "card" : null;
      }],
      ["P", "pass (in the making)", function (e) { return e.key === "p" || e.key === "P" ? "pass" : null; }],
      ["Space / N", "go on: the next trick, or deal again", function (e) {
        if (e.key === "n" || e.key === "N") return "next";
        return e.key === " " && !e.target.closest("button, a, .table-log") ? "next" : null;
      }],
      ["L", "show or hide the last trick", function (e) { return e.key === "l" || e.key === "L" ? "last" : null; }],
    ],
    onCard: function (code) { chooseCard(code); },
    onKey: onKey,
  });
  /* a click on the table (not on a card or a button) goes on when a trick or a deal is held */
  table.board.addEventListener("click", function (event) {
    if (event.target.closest("button")) return;
    if (held) goOn();
  });

  function onKey(action, event) {
    event.stopPropagation();   // Material's own keys (n, p: the next and previous page) are not for the table's
    if (action === "ArrowLeft" || action === "ArrowRight") {
      const cards = Array.prototype.slice.call(table.board.querySelectorAll(".et-seat.et-s button[data-card]"));
      if (!cards.length) return;
      const i = cards.indexOf(document.activeElement);
      const step = action === "ArrowRight" ? 1 : -1;
      cards[i < 0 ? (step > 0 ? 0 : cards.length - 1) : (i + step + cards.length) % cards.length].focus();
    } else if (action === "card") {
      const cards = table.board.querySelectorAll(".et-seat.et-s button[data-card]");
      const b = cards[Number(event.key) - 1];
      if (b) chooseCard(b.getAttribute("data-card"));
    } else if (action === "pass") {
      const pass = view && view.legal.filter(function (a) { return a.action === "pass"; })[0];
      if (pass && !held) act(pass.action);
    } else if (action === "next") {
      if (held) goOn();
    } else if (action === "last") {
      showLast = !showLast;
      draw();
    }
  }

  function say(lines) {
    (lines || []).forEach(function (line) {   /* in the order things happened: the newest last, kept in view */
      const li = document.createElement("li");
      li.textContent = line;
      log.appendChild(li);
    });
    while (log.children.length > 80) log.removeChild(log.firstChild);
    log.scrollTop = log.scrollHeight;
  }

  function save() {
    if (!view) return;
    try { window.localStorage.setItem(TABLE_STORE, JSON.stringify(view.record)); } catch { /* not kept */ }
  }

  function cardName(code) { return view && view.cards[code] ? view.cards[code][1] : code; }

  function trickOf(t, number) {
    return { number: number, cards: t ? t.cards : [], winner: t ? t.winner : null };
  }

  /* ------------------------------------------------------------------ drawing */

  function draw() {
    if (!view) return;
    const v = view;
    const dealHeld = held && held.kind === "deal";
    const playing = !held && v.your_turn && v.legal.some(function (a) { return !!a.card; });
    const cardAction = {};
    v.legal.forEach(function (a) { if (a.card) cardAction[a.card] = a; });
    const seats = {};
    SEATS.forEach(function (s) {
      const tags = [];
      if (s === "C") tags.push("you");
      else if (s === "A") tags.push("partner");
      if (s === v.dealer && !dealHeld) tags.push("dealer");
      if (!dealHeld && v.bids[s]) tags.push(v.bids[s]);
      const seat = { tags: tags, turn: !held && !v.over && v.actor === s, out: !dealHeld && v.out.indexOf(s) >= 0,
        hidden: s !== "C", cards: [] };
      if (dealHeld) {
        seat.cards = [];
      } else if (s === "C") {
        seat.cards = v.hand.map(function (code) {
          const a = cardAction[code];
          const why = v.illegal[code];
          return { code: code, play: playing, legal: !!a,
            label: a ? a.label : cardName(code) + ": may not be played now" + (why ? " (" + why.reason + ", law " + why.laws.join(", ") + ")" : "") };
        });
      } else {
        for (let i = 0; i < v.counts[s]; i++) seat.cards.push({ code: "" });
      }
      seats[s] = seat;
    });
    let trick;
    let caption = "";
    if (held) {
      trick = held.trick;
    } else if (showLast && v.last_trick) {
      trick = trickOf(v.last_trick, v.tricks_played);
      caption = "The last trick (L hides it)";
    } else {
      trick = { number: v.tricks_played + 1, cards: v.trick, winner: null };
    }
    let centre;
    if (dealHeld) {
      centre = '<p class="et-trump">Deal ' + held.deal + " is over</p>";
    } else if (caption) {
      centre = '<p class="et-trump">' + escapeHtml(caption) + "</p>";
    } else if (v.trump) {
      centre = '<p class="et-trump">Trump <strong>' + escapeHtml(SUIT_WORDS[v.trump]) + "</strong></p>";   // who made it: at his seat
    } else {
      centre = '<p class="et-trump"><span class="et-turnup">' + (v.phase === "bid2" ? "Turned down " : "Turn-up ") +
        cardFace(v.turn_up, v.cards) + "</span></p>";
    }
    const score = v.score;
    const won = dealHeld ? held.won : v.tricks_won;
    const bar = (dealHeld ? "<strong>Deal " + held.deal + " is over</strong>"
      : MAKING[v.phase] ? "<strong>Deal " + v.deal_number + "</strong>: the making"
      : "<strong>Trick " + (held ? held.trick.number : Math.min(5, v.tricks_played + 1)) + "</strong>") +
      " \u00b7 tricks A C " + won.AC + ", B D " + won.BD + " \u00b7 game A C " + score.AC + ", B D " + score.BD;
    const hadFocus = root.contains(document.activeElement);
    table.draw({ seats: seats, trick: trick, cards: v.cards, bar: bar, centre: centre });
    table.element.classList.toggle("pt-held", !!held);

    /* the line over the table: the deal, who deals, the games of the rubber */
    const games = v.rubber.games.map(function (g) { return side(g.winner) + (g.value === 2 ? " (double)" : ""); });
    facts.textContent = "Deal " + (dealHeld ? held.deal : v.deal_number) + ": " + (dealHeld ? held.dealer : v.dealer) +
      " deals. Games won: " + (games.length ? games.join(", ") : "none yet") + "." +
      (v.rubber.over ? " The rubber is over: " + side(v.rubber.winner) + " win, " + v.rubber.points[v.rubber.winner] +
        " points to " + v.rubber.points[v.rubber.winner === "AC" ? "BD" : "AC"] + "." : "");

    /* the reader's choices: the making's words as buttons, or going on */
    actions.textContent = "";
    if (held) {
      if (held.kind === "trick") {
        actions.appendChild(button("Next trick", "table-next", goOn));
      } else {
        if (!v.over) actions.appendChild(button("Deal the next hand", "table-deal-again", goOn));
      }
    } else if (v.your_turn) {
      v.legal.forEach(function (a) {
        if (!a.card) actions.appendChild(button(a.label, "table-action", function () { act(a.action); }));
      });
    }
    if (v.over) actions.appendChild(button("Play another rubber", "table-again", function () { newRubber(); }));
    newButton.textContent = v.over ? "Play another rubber" : "New rubber";
    newButton.hidden = v.over;

    let words = note;
    if (!words) {
      if (held && held.kind === "trick") words = held.text + (v.your_turn ? " Your lead: play a card, or go on." : " Go on when you are ready.");
      else if (dealHeld) words = "Deal " + held.deal + " is over: " + held.text;
      else if (v.over) words = "The rubber is over.";
      else if (v.your_turn) {
        words = !playing ? "Your turn: what do you say?" : v.phase === "discard" ? "Your turn: discard a card."
          : "Your turn: play a card." + (Object.keys(v.illegal).length ? " A crossed-out card may not be played now (choose it to see why)." : "");
      }
      else words = v.actor + (v.actor === "A" ? " (your partner)" : "") + " is thinking\u2026";
    }
    status.textContent = words;
    last.textContent = v.previous && !dealHeld ? "Last deal: " + v.previous.text : "";   // while it is held, the status says it
    root.setAttribute("data-phase", held ? "held" : v.over ? "over" : v.your_turn ? "your-turn" : "engine");
    if (hadFocus && !root.contains(document.activeElement)) table.focus();   // the focused button was drawn again
  }

  function button(label, cls, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    // going on (the next trick, the next deal, another rubber) is the one thing to do: set out as such
    b.className = "md-button " + cls + (/^table-(next|deal-again|again)$/.test(cls) ? " md-button--primary" : "");
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  /* the focus follows what the reader may do, when he is using the table (the focus is in it) */
  /* On a phone the reader's choices in the making (the bid buttons, under the table) may be below the
     screen's edge: brought up just enough, his hand stays in view above them. */
  function showChoices() {
    if (!view || !view.your_turn || held || !MAKING[view.phase] || !actions.querySelector("button")) return;
    const r = actions.getBoundingClientRect();
    if (r.bottom > window.innerHeight || r.top < 0) actions.scrollIntoView({ block: "nearest" });
  }

  function focusChoice() {
    const active = document.activeElement;
    if (!keyboardHere || !(active === document.body || root.contains(active))) return;
    const target = held ? actions.querySelector(".table-next, .table-deal-again")
      : table.board.querySelector(".et-seat.et-s button[data-card]:not(.et-illegal)") || actions.querySelector("button");
    if (target && target !== active) target.focus({ preventScroll: true });
  }

  /* ------------------------------------------------------------------ playing */

  function chooseCard(code) {
    if (!view || busy) return;
    const a = view.legal.filter(function (x) { return x.card === code; })[0];
    if (a) {
      act(a.action);
      return;
    }
    const why = view.illegal[code];
    note = "You may not play the " + cardName(code) + (why ? ": " + why.reason + " (law " + why.laws.join(", ") + ")." : " now.");
    draw();
    note = "";
  }

  function receive(next) {
    const before = view;
    if (next.deal_number !== before.deal_number || (next.over && !before.over)) countPlayed(before, next);
    view = next;
    save();
    say(next.said);
    showLast = false;
    // the next deal's turn-up goes in the log when the reader deals on, not while the table says the deal is over
    if (!(next.deal_number > before.deal_number)) say(next.said_next);
    if (next.deal_number > before.deal_number || (next.over && !before.over)) {
      const tricks = next.previous ? next.previous.tricks : [];
      const t = tricks.length ? tricks[tricks.length - 1] : null;
      const wonBy = { AC: 0, BD: 0 };
      tricks.forEach(function (x) { wonBy[x.winner === "A" || x.winner === "C" ? "AC" : "BD"] += 1; });
      held = { kind: "deal", deal: before.deal_number, dealer: before.dealer, trick: trickOf(t, tricks.length),
        text: next.previous ? next.previous.text : "", won: wonBy, later: next.said_next || [] };
    } else if (next.tricks_played > before.tricks_played && next.last_trick) {
      const w = next.last_trick.winner;
      held = { kind: "trick", trick: trickOf(next.last_trick, next.tricks_played),
        text: (w === "C" ? "You take" : w + " takes") + " trick " + next.tricks_played + "." };
    }
    draw();
    focusChoice();
    showChoices();
    engineTurns();
  }

  function fail(error) {
    busy = false;
    status.textContent = "The engine could not go on: " + (error && error.message ? error.message : error);
    root.setAttribute("data-phase", "error");
  }

  function act(action) {
    if (busy || !view || !view.your_turn) return;
    if (held && held.later) say(held.later);
    held = null;
    notice.hidden = true;
    busy = true;
    const g = generation;
    engine.call("euchre_core.app.lessons.table_act", { record: view.record, action: action }).then(function (next) {
      if (g !== generation || disposed) return;
      busy = false;
      receive(next);
    }, function (error) { if (g === generation) fail(error); });
  }

  function engineTurns() {
    if (disposed || held || !view || view.your_turn || view.over || busy) {
      if (view && !held) root.setAttribute("data-phase", view.over ? "over" : view.your_turn ? "your-turn" : "engine");
      return;
    }
    busy = true;
    root.setAttribute("data-phase", "engine");
    const g = generation;
    timer = window.setTimeout(function () {
      timer = null;
      engine.call("euchre_core.app.lessons.table_engine", { record: view.record }).then(function (next) {
        if (g !== generation || disposed) return;
        busy = false;
        receive(next);
      }, function (error) { if (g === generation) fail(error); });
    }, STEP_DELAY_MS);
  }

  function goOn() {
    if (!held) return;
    if (held.later) say(held.later);
    held = null;
    draw();
    focusChoice();
    showChoices();
    engineTurns();
  }

  function start(record, message) {
    root.classList.remove("pt-unseated");
    const g = ++generation;
    busy = true;
    held = null;
    note = "";
    // what is happening while the first answer waits for the engine: its download, in megabytes, then
    // its start (a slow phone takes a minute or more), then the deal (issue 36)
    const lead = message ? message + " " : "";
    const unsubscribe = engine.onStatus(function (s) {
      if (g !== generation || disposed || !busy) return;
      status.textContent = lead + (startingWords(s) || (record ? "Setting out your table…" : "Dealing…"));
    });
    const request = record ? engine.call("euchre_core.app.lessons.table_view", { record: record })
      : engine.call("euchre_core.app.lessons.table_new", { strength: strength.value });
    request.finally(unsubscribe).catch(function () { /* reported below */ });
    request.then(function (v) {
      if (g !== generation || disposed) return;
      busy = false;
      view = v;
      strength.value = v.record.strength || "default";
      save();
      say([(record ? "Your table, as you left it: deal " : "A new rubber. Deal ") + v.deal_number + ": " + v.dealer + " deals."]);
      if (message) {
        notice.textContent = message;
        notice.hidden = false;
      }
      draw();
      showChoices();
      engineTurns();
    }, function (error) {
      if (g !== generation || disposed) return;
      busy = false;
      if (record) {   /* a stored record the engine refuses (tampered, or from another version): a fresh table */
        try { window.localStorage.removeItem(TABLE_STORE); } catch { /* ignore */ }
        start(null, "Your saved table could not be read (" + (error && error.message ? error.message : error) + "): a new rubber is dealt.");
      } else {
        fail(error);
      }
    });
  }

  function newRubber() {   // at any time: an answer still on its way to the old rubber is dropped
    if (timer) { window.clearTimeout(timer); timer = null; }
    log.textContent = "";
    last.textContent = "";
    notice.hidden = true;
    start(null);
  }

  newButton.addEventListener("click", newRubber);
  strength.addEventListener("change", function () {
    if (view && !busy) {
      view.record.strength = strength.value;
      save();
    }
  });

  let saved = null;
  let message = "";
  const raw = (function () { try { return window.localStorage.getItem(TABLE_STORE); } catch { return null; } })();
  if (raw) {
    try { saved = JSON.parse(raw); } catch { saved = null; }
    if (!saved || typeof saved !== "object" || Array.isArray(saved)) {
      saved = null;
      message = "Your saved table could not be read: a new rubber is dealt.";
      try { window.localStorage.removeItem(TABLE_STORE); } catch { /* ignore */ }
    }
  }
  /* Python is not started because the page was opened (ARCHITECTURE.md, "When Python starts"): the
     reader sits down (or resumes the stored rubber) with a click; a pointer over, the focus in or a
     touch of the table starts Python meanwhile, so that the deal is quick to come. */
  root.setAttribute("data-phase", "seated-not");
  root.classList.add("pt-unseated");   // the empty table, its log and "New rubber" wait for the reader
  const sit = document.createElement("button");
  sit.type = "button";
  sit.className = "md-button md-button--primary table-sit";
  sit.textContent = saved ? "Resume your rubber" : "Sit down and deal";
  actions.appendChild(sit);
  status.textContent = (message ? message + " " : "") +
    "You play C, with A your partner: sit down and the engine deals (the first time it is fetched, a few MB).";
  let warmed = false;
  function warmUp() {
    if (warmed) return;
    warmed = true;
    warm().catch(function () { /* start() reports it */ });
  }
  ["pointerover", "focusin", "touchstart"].forEach(function (type) {
    root.addEventListener(type, warmUp, { passive: true, once: true });
  });
  sit.addEventListener("click", function () {
    if (view || busy) return;
    actions.textContent = "";
    start(saved, message);
  });
  newButton.addEventListener("click", function () { sit.remove(); }, { once: true });

  return function dispose() {
    disposed = true;
    document.removeEventListener("focusin", onFocusIn);
    if (timer) window.clearTimeout(timer);
    table.dispose();
  };
}
