/* The penalty sandbox on a law's page: the ready scenario in which the irregularity happens
   (euchre_core/data/scenarios.json), then the reader acts: elects the penalty as the
   non-offending side, plays on (any card of any seat: a lawful play, a revoke, a lead out of
   turn — the engine decides which), exposes cards, asks, quits tricks, claims a revoke, and
   sees the rulings and the score. "Your own deal" starts a seeded deal from the bidding.
   The JavaScript only draws and forwards: euchre_core.app.sandbox (Python) rules on everything. */

import { cardHtml, escapeHtml, popupMenu, sandboxShell, START_BUTTON } from "./engine-ui.mjs";
import { mountTable } from "./table.mjs";
import { answer } from "./answers.mjs";

const SEATS = ["A", "B", "C", "D"];
// The reader's chair, when the director's guide sent him here having said who did it (?me=C): the seats
// are marked from his side of the table.
const CHAIR = ["you", "on your left", "your partner", "on your right"];

function readerSeat() {
  const me = new URLSearchParams(location.search).get("me");
  return me && SEATS.indexOf(me) >= 0 ? me : null;
}

export function mountSandbox(root, engine) {
  const law = Number(root.getAttribute("data-law"));
  const shell = sandboxShell(root, engine, "",
    START_BUTTON + ' ' +
    '<button type="button" class="md-button sandbox-own">Your own deal</button>',
    "Play this hand on at the table, make an irregularity yourself and see how the engine rules, or deal a hand of your own.");
  const box = shell.box;
  const table = shell.table;
  const live = shell.live;
  live.classList.add("visually-hidden");   // for screen readers: the ruling is shown once, on the table's panel
  let view = null;
  let base = null;      // for the reader's own deal
  let verb = "play";
  let acted = false;    // the reader has pressed something of the sandbox: its next action takes the focus

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

  function send(event) {
    if (shell.isBusy() || !view) return;
    acted = true;
    const kwargs = { law: base ? null : law, events: view.events, event: event };
    if (base) kwargs.base = base;
    run(answer("euchre_core.app.sandbox.act", kwargs));   // precomputed for the ready scenario, else Python
  }

  box.querySelector(".sandbox-start").addEventListener("click", function () {
    base = null;
    view = null;
    acted = true;
    table.hidden = false;
    run(answer("euchre_core.app.sandbox.start", { law: law }));
  });
  box.querySelector(".sandbox-own").addEventListener("click", function () {
    const seed = Math.floor(Math.random() * 100000);
    view = null;
    acted = true;
    table.hidden = false;
    run(answer("euchre_core.app.sandbox.custom", { seed: seed }).then(function (v) {
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
    return "Tricks: " + Object.keys(score.tricks_won).map(function (k) { return k.split("").join("–") + " " + score.tricks_won[k]; }).join(", ") +
      ". Points: " + Object.keys(score.points).map(function (k) { return k.split("").join("–") + " " + score.points[k]; }).join(", ") + ".";
  }

  /* ---------------------------------------------------------------- the table */

  const SUITS = { C: "♣ clubs", D: "♦ diamonds", H: "♥ hearts", S: "♠ spades" };
  let tableView = null;     // the table component (table.mjs), made on the first answer
  let menu = null;          // the open seat menu
  let panel = null;

  function lawLinks(laws) {
    return laws.map(function (n) { return "law " + n; }).join(", ");
  }

  function ensureTable() {
    if (tableView) return;
    table.innerHTML = "";
    const title = document.createElement("p");
    title.className = "sandbox-title";
    table.appendChild(title);
    const cue = document.createElement("p");
    cue.className = "sandbox-cue";
    table.appendChild(cue);
    const holder = document.createElement("div");
    table.appendChild(holder);
    tableView = mountTable(holder, {
      label: "The sandbox's table: a card plays it, a seat's name opens what that player does",
      scope: table,
      keys: [["Tab", "move between the seats' names and the cards", function () { return null; }],
        ["Enter", "play the card in focus, or open the seat's menu", function () { return null; }]],
      onCard: function (code, seat) { send(seat + ": " + verb + " " + code); setVerb("play"); },
      onSeat: openMenu,
    });
    panel = document.createElement("div");
    panel.className = "sb-panel";
    table.appendChild(panel);
    panel.addEventListener("click", function (event) {
      const b = event.target.closest("button[data-event]");
      if (b) send(b.getAttribute("data-event"));
      if (event.target.closest("button[data-cancel]")) { setVerb("play"); draw(); }
    });
  }

  function setVerb(v) { verb = v; }

  function closeMenu() {
    if (menu) menu.close();
  }

  function openMenu(seat, opener) {
    const again = menu && menu.element.getAttribute("data-seat") === seat;
    closeMenu();
    if (again) return;
    const side = seat === "A" || seat === "C" ? "AC" : "BD";
    // only what he can do now: a revoke corrected while it is his and not yet established, a claim once
    // a card has been played (the reviewer's R11)
    const mine = (view.revokes || []).some(function (r) { return r.seat === seat && !r.established && !r.corrected; });
    const items = [
      ["", "expose", "Expose a card…"],
      [seat + ": throw", "", "Throw down his hand"],
      [seat + ": ask", "", "Ask his partner (“Have you none?”)"],
      [seat + ": attention", "", "Call attention to the trick"],
    ].concat(mine ? [["", "correct", "Correct a revoke with…"]] : [],
      played(view) ? [[side + ": claim revoke", "", "Claim a revoke (" + side.split("").join(" and ") + ")"]] : []);
    menu = popupMenu({
      holder: tableView.element,
      opener: opener,
      className: "sb-menu",
      titleClass: "sb-menu-title",
      title: "What " + seat + " does",
      items: items.map(function (it) {
        return '<button type="button" role="menuitem" class="md-button" data-event="' + escapeHtml(it[0]) + '" data-verb="' + it[1] + '">' +
          escapeHtml(it[2]) + "</button>";
      }).join(""),
      data: { seat: seat },
      currentOpener: function () { return tableView.board.querySelector('[data-seat-menu="' + seat + '"]'); },
      onChoose: function (b) {
        const v = b.getAttribute("data-verb");
        closeMenu();
        if (v) { setVerb(v); pendingSeat = seat; draw(); return; }
        send(b.getAttribute("data-event"));
      },
      onClose: function () { menu = null; },
    });
  }
  let pendingSeat = null;

  /* What the reader can do now, in one line, and the one control that does it (issue 26): an election
     comes before any play, the making before the first card, a full trick is quitted, a finished hand
     is cut. */
  function nextStep(v) {
    if (verb !== "play") {
      return { cue: "Choose the card " + (pendingSeat || "") + (verb === "expose" ? " exposes" : " corrects his revoke with") + ", or cancel.", primary: null };
    }
    if (v.pending) {
      const who = (v.words && v.words.length && v.words[v.words.length - 1].who) || v.pending.chooser.split("").join(" and ");
      return { cue: "First the election: " + who + " choose one of the options below (law 85). No card can be played until then.",
        primary: ".sandbox-election .sandbox-act", choice: true };
    }
    if (v.regular && v.regular.length) {
      const discard = v.making === "discard";
      // the making's acts are the reader's choice: focused, none set out as the one to press
      return { cue: "The making comes first: " + (discard ? v.actor + ", the dealer, discards a card" : "choose what " + v.actor + " says") +
        " (the buttons under the table); then the play.", primary: ".sandbox-making .sandbox-act", choice: true };
    }
    if (v.score.complete) return { cue: "The hand is over: cut for the next deal, or start the sandbox again.", primary: ".sandbox-act[data-event='cut']" };
    if (v.quit_due) {
      return { cue: "The trick is complete, still face up: turn and quit it. A revoke in it is established once it is quitted " +
        "(law 64), and can then be claimed with the buttons below.", primary: ".sandbox-act[data-event='quit']" };
    }
    // the irregularities are made as at the table (the reviewer's R11: how to lead out of turn was never said)
    const claim = played(v) ? " If a player did not follow suit though he could, his adversaries claim a revoke with the buttons under the table." : "";
    return { cue: (v.actor ? v.actor + " to play: choose one of the outlined cards. A card of another player is played out of turn. " : "") +
      "A player’s letter opens what else he can do (expose a card, throw down his hand …)." + claim,
      primary: v.actor ? ".sb-legal" : null };
  }

  /* The tricks already quitted, in one line (a scenario may open after them: the reviewer's R4, the
     revoke of law 64's example was nowhere to be seen): "Trick 1: B Q♥, C 7♦ (a revoke), D 9♥, A A♥; A wins." */
  function soFar(v) {
    const tricks = (v.tricks || []).slice(0, v.quit_due ? -1 : undefined);
    if (!tricks.length) return "";
    return '<p class="sb-sofar"><strong>Played so far.</strong> ' + tricks.map(function (t, i) {
      return "Trick " + (i + 1) + ": " + t.cards.map(function (c) {
        const revoke = (v.revokes || []).some(function (r) { return r.seat === c[0] && r.card === c[1] && r.trick === i + 1; });
        return c[0] + " " + cardHtml(c[1], v.cards) + (revoke ? " (a revoke)" : "");
      }).join(", ") + "; " + t.winner + " wins.";
    }).join(" ") + "</p>";
  }

  /* a card has been played in this hand: a revoke can be claimed */
  function played(v) {
    return v.trick.length > 0 || (v.tricks || []).length > 0;
  }

  function draw() {
    const v = view;
    ensureTable();
    const next = nextStep(v);
    table.querySelector(".sandbox-cue").textContent = next.cue;
    // the book's static example above the widget says the same as the first ruling: shown once
    root.querySelectorAll(":scope > ul, :scope > p:not(.sandbox p)").forEach(function (e) { e.hidden = true; });
    table.querySelector(".sandbox-title").innerHTML = "<strong>" + escapeHtml(v.title || "") + "</strong> — " +
      (v.trump ? "trumps " + escapeHtml(SUITS[v.trump] || v.trump) + ", made by " + escapeHtml(v.makers.split("").join(" and ")) +
        (v.alone ? ", " + v.alone + " alone" : "") : "turn-up " + cardHtml(v.turn_up, v.cards)) + ".";
    const seats = {};
    SEATS.forEach(function (seat) {
      const tags = [];
      if (seat === v.dealer) tags.push("dealer");
      const me = readerSeat();
      if (me) tags.push(CHAIR[(SEATS.indexOf(seat) - SEATS.indexOf(me) + 4) % 4]);
      seats[seat] = {
        tags: tags,
        turn: v.actor === seat && !v.pending && !v.quit_due,
        out: v.out.indexOf(seat) >= 0,
        cards: (v.hands[seat] || []).map(function (code) {
          const exposed = v.exposed && v.exposed[seat] && v.exposed[seat].indexOf(code) >= 0;
          const legal = v.actor === seat && !v.pending && v.legal.indexOf(code) >= 0;   // the election first
          const called = (v.called || []).some(function (c) { return c[0] === seat && c[1] === code; });
          const name = v.cards[code] ? v.cards[code][1] : code;
          const what = verb === "play" ? "plays" : verb === "expose" ? "exposes" : "corrects his revoke with";
          // during an election no card can be played (the cue says so): the cards are not buttons then
          return { code: code, play: !v.pending || verb !== "play", legal: true, classes: "sandbox-card" + (legal ? " legal sb-legal" : "") + (exposed ? " exposed sb-exposed" : "") + (called ? " sb-called" : ""),
            label: seat + " " + what + " the " + name + (exposed ? " (exposed)" : "") + (called ? " (called: to be played at the first lawful opportunity)" : "") + (legal ? " (lawful)" : "") };
        }),
      };
    });
    const won = v.score.tricks_won;
    tableView.draw({
      seats: seats,
      // a complete trick stays face up until it is turned and quitted (law 64)
      trick: v.quit_due && !v.trick.length && v.tricks && v.tricks.length
        ? { number: v.tricks.length, cards: v.tricks[v.tricks.length - 1].cards, winner: v.tricks[v.tricks.length - 1].winner }
        : { number: (won.AC || 0) + (won.BD || 0) + 1, cards: v.trick, winner: null },
      cards: v.cards,
      bar: "<strong>Tricks</strong> A–C " + (won.AC || 0) + ", B–D " + (won.BD || 0) + " · points A–C " + (v.score.points.AC || 0) +
        ", B–D " + (v.score.points.BD || 0),
      centre: "",
    });
    let html = '<p class="sandbox-error" role="alert" hidden></p>' + soFar(v);
    if (verb !== "play") {
      html += '<p class="sb-mode"><strong>Choose the card ' + escapeHtml(pendingSeat || "") + (verb === "expose" ? " exposes" : " corrects his revoke with") +
        '.</strong> <button type="button" class="md-button" data-cancel>Cancel</button></p>';
    }
    // the latest ruling, once, in plain words; an election's options as buttons in the book's words
    const last = v.rulings.length ? v.rulings[v.rulings.length - 1] : null;
    const words = v.words && v.words.length ? v.words[v.words.length - 1] : null;
    if (v.pending) {
      const pw = v.words[v.rulings.indexOf(v.rulings.filter(function (r) { return r.event === v.pending.event && r.irregularity === v.pending.irregularity; })[0])] || words;
      html += '<div class="sb-ruling sandbox-election"><p><strong>' + escapeHtml(v.pending.irregularity) + "</strong> (" + lawLinks(v.pending.laws) + "): " +
        escapeHtml(v.pending.text) + "</p><p><strong>" + escapeHtml(pw.who) + " choose" + (pw.who.indexOf(" and ") > 0 ? "" : "s") + "</strong> (law 85: once, and finally):</p><div class=\"sb-buttons\">";
      pw.options.forEach(function (o) {
        if (o.id === "call-suit") {
          ["C", "D", "H", "S"].forEach(function (s) {
            html += act(v.pending.chooser + ": choose call-suit " + s, "Call " + SUITS[s].split(" ")[1]);
          });
        } else {
          html += act(v.pending.chooser + ": choose " + o.id, o.label);
        }
      });
      html += "</div>";
      // what each option does (the engine made each election and compared: ruling_words.moment), as the guide says it
      const opts = v.moment && v.moment.status === "choose" ? v.moment.options : [];
      if (opts.length) {
        html += '<ul class="sb-effects">' + opts.map(function (o) {
          return "<li><strong>" + escapeHtml(o.label) + "</strong>" + (o.effect.length ? ": " + escapeHtml(o.effect.join("; ")) : "") + ".</li>";
        }).join("") + "</ul>";
      }
      html += "</div>";
    } else if (last) {
      // the ruling now (euchre_core.app.ruling_words.moment, as the director's guide says it): Law 53's
      // false lead that all three followed stands, with nothing to elect
      const m = v.moment;
      const final = m && m.status === "stands" ? "<p><strong>Nothing can be rectified: no penalty, no election. Play goes on.</strong></p>" : "";
      html += '<div class="sb-ruling"><p><strong>' + escapeHtml(last.irregularity) + "</strong> (" + lawLinks(last.laws) + "): " + escapeHtml(last.text) +
        (words && words.chosen && (!m || m.status !== "stands") ? " <strong>" + escapeHtml(words.who) + " chose: " + escapeHtml(words.chosen) + ".</strong>" : "") + "</p>" + final + "</div>";
    }
    if (v.requirements && v.requirements.length) {
      html += '<p class="sb-force">In force: ' + v.requirements.map(escapeHtml).join("; ") + ".</p>";
    }
    if (v.regular && v.regular.length) {
      html += '<p class="sandbox-bidding">The making:</p><div class="sb-buttons sandbox-making">' + v.regular.map(function (e, i) { return act(e, (v.regular_words || [])[i] || e); }).join("") + "</div>";
    }
    const controls = [];
    // while an election is pending nothing else can happen (the cue says so): no quitting, no claim
    if (v.quit_due && !v.pending) controls.push(act("quit", "Turn and quit the trick"));
    const active = 4 - (v.out || []).length;
    if (!v.pending && v.actor && v.trick.length >= 2 && v.trick.length === active - 1) {
      // the trick gathered before the last player has played to it: law 60's irregularity
      controls.push(act("quit", "Quit the trick without " + v.actor + "’s card (law 60)"));
    }
    if (v.score.complete) controls.push(act("cut", "Cut for the next deal"));
    if (!v.pending && !v.score.complete && !(v.regular && v.regular.length) && played(v)) {
      controls.push(act("AC: claim revoke", "A and C claim a revoke"), act("BD: claim revoke", "B and D claim a revoke"));
    }
    if (controls.length) html += '<div class="sb-buttons">' + controls.join("") + "</div>";
    if (v.score.complete) {
      html += '<div class="sb-summary"><p><strong>The hand is over.</strong> ' + escapeHtml(scoreText(v.score)) +
        (v.score.entries || []).map(function (e) {
          return " " + escapeHtml(e.what) + ": " + escapeHtml(e.side) + " " + e.points + " (" + lawLinks(e.laws) + ").";
        }).join("") + "</p><p>Laws applied: " + uniqueLaws(v).map(function (n) {
          return '<a href="#law-' + n + '">law ' + n + "</a>";
        }).join(", ") + ".</p></div>";
    }
    html += '<details class="sb-history"><summary>Every ruling (' + v.rulings.length + ')</summary><ol class="sandbox-rulings">' +
      v.rulings.map(function (r, i) {
        const w = v.words ? v.words[i] : null;
        return "<li><em>" + escapeHtml(r.irregularity) + "</em> (" + lawLinks(r.laws) + "): " + escapeHtml(r.text) +
          (w && w.chosen ? " <strong>Elected: " + escapeHtml(w.chosen) + ".</strong>" : "") + "</li>";
      }).join("") + "</ol></details>";
    html += '<p class="sandbox-score">' + escapeHtml(scoreText(v.score)) + (v.score.complete ? "" : " (the hand is not finished)") + "</p>";
    panel.innerHTML = html;
    const primary = next.primary && table.querySelector(next.primary);
    if (primary) {
      // an election's options are the reader's choice: none is set out as the one to press
      if (primary.classList.contains("md-button") && !next.choice) primary.classList.add("md-button--primary");
      if (acted) primary.focus({ preventScroll: true });
    }
  }

  function uniqueLaws(v) {
    const seen = [];
    v.rulings.forEach(function (r) { r.laws.forEach(function (n) { if (seen.indexOf(n) < 0) seen.push(n); }); });
    (v.score.entries || []).forEach(function (e) { e.laws.forEach(function (n) { if (seen.indexOf(n) < 0) seen.push(n); }); });
    return seen.sort(function (a, b) { return a - b; });
  }

  function act(event, label) {
    return '<button type="button" class="md-button sandbox-act" data-event="' + escapeHtml(event) + '">' + escapeHtml(label) + "</button>";
  }

  return shell.dispose;
}
