/* The sandbox of the dealing laws (22-45, 72-73) on their law pages, on the reader's table (table.mjs):
   the ready scenario (euchre_core/data/dealing_scenarios.json) replayed by
   euchre_core.laws.dealing.DealingProcedure, drawn as the four seats in the book's compass (the dealer
   marked), the pack in the middle (a face-down stack with its count; who shuffled; the cut in two parts),
   the packets dealt (face down; face up when exposed) and the trump card turned. The reader acts by
   clicking a seat (a small menu of that player's acts usable now) or the pack (what is found at the
   table), elects with buttons named in the book's words, or follows the book's next step.
   The JavaScript only draws and forwards: which acts are usable, the rulings and the outcome are
   Python's (euchre_core.app.sandbox.dealing_*); it follows the penalty sandbox (penalty-sandbox.mjs). */

import { escapeHtml, popupMenu, sandboxShell, START_BUTTON } from "./engine-ui.mjs";
import { cardFace, mountTable, SEATS } from "./table.mjs";
import { answer } from "./answers.mjs";

export function mountDealingSandbox(root, engine) {
  const law = Number(root.getAttribute("data-law"));
  const shell = sandboxShell(root, engine, "dealing-sandbox", START_BUTTON,
    "Go on with this deal step by step, or make another mistake in the dealing yourself and see how the engine rules.");
  const box = shell.box;
  const table = shell.table;
  const live = shell.live;
  live.classList.add("visually-hidden");   // for screen readers: the ruling is shown once, on the table's panel
  let view = null;
  let tableView = null;     // the table component, made on the first answer
  let menu = null;          // the open menu (a seat's, or the pack's)
  let panel = null;

  function run(promise) {
    return shell.run(promise, function (v) {
      const before = view ? view.rulings.length : 0;
      const fresh = v.rulings.slice(before);
      // an earlier ruling is not shown as if it were about this act (reviewer R14); an election just made is
      const prevLast = view && view.rulings.length ? view.rulings[view.rulings.length - 1] : null;
      const newLast = v.rulings.length ? v.rulings[v.rulings.length - 1] : null;
      rulingIsFresh = fresh.length > 0 || !!(newLast && prevLast && newLast.chosen !== prevLast.chosen);
      view = v;
      draw();
      if (v.error) {
        live.textContent = "Not allowed: " + v.error.message;
      } else if (fresh.length) {
        live.textContent = fresh.map(function (r) { return r.irregularity + " (laws " + r.laws.join(", ") + "): " + r.text; }).join(" ");
      } else if (v.outcome) {
        live.textContent = v.outcome_words + "." + (v.outcome_text ? " " + v.outcome_text : "");
      } else {
        live.textContent = v.log.length ? v.log[v.log.length - 1] + "." : "";
      }
    });
  }

  let acted = false;   // the reader has pressed something of the sandbox: its next action takes the focus
  let rulingIsFresh = false;
  function send(event) {
    if (shell.isBusy() || !view) return;
    acted = true;
    run(answer("euchre_core.app.sandbox.dealing_act", { law: law, events: view.events, event: event }));
  }

  /* back one act (a settled example can be tried another way from before its last act): the events
     but the last folded again, the one before it applied */
  function undo() {
    if (shell.isBusy() || !view || view.events.length < 2) return;
    acted = true;
    const events = view.events;
    run(answer("euchre_core.app.sandbox.dealing_act", { law: law, events: events.slice(0, -2), event: events[events.length - 2] }));
  }

  box.querySelector(".sandbox-start").addEventListener("click", function (event) {
    view = null;
    acted = true;
    table.hidden = false;
    event.currentTarget.textContent = "Start again";   // once started, the same button starts the scenario again
    run(answer("euchre_core.app.sandbox.dealing_start", { law: law }));
  });

  /* ---------------------------------------------------------------- the table */

  function lawLinks(laws) {
    return laws.map(function (n) {
      // the law on this page, else on the page of every law (laws/print/, from Material's site root)
      if (document.getElementById("law-" + n)) return '<a href="#law-' + n + '">law ' + n + "</a>";
      const root = window.__md_scope;
      return root ? '<a href="' + escapeHtml(new URL("laws/print/#law-" + n, root).href) + '">law ' + n + "</a>" : "law " + n;
    }).join(", ");
  }

  function act(event, label, extra) {
    return '<button type="button" class="md-button sandbox-act' + (extra || "") + '" data-event="' + escapeHtml(event) + '">' +
      escapeHtml(label) + "</button>";
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
      label: "The dealing sandbox's table: a seat's name opens what that player does, the pack what is found at the table",
      scope: table,
      // not N or P: Material's keys for the next and previous page (the menus keep their own keys)
      keys: [
        ["A / B / C / D", "open that player's acts", function (e) {
          return !inMenu(e) && /^[abcd]$/i.test(e.key) ? "seat-" + e.key.toUpperCase() : null;
        }],
        ["T", "open the pack's menu: what is found at the table", function (e) { return !inMenu(e) && /^t$/i.test(e.key) ? "pack" : null; }],
        ["→", "the book's next step", function (e) { return !inMenu(e) && e.key === "ArrowRight" ? "next" : null; }],
        ["↑ / ↓", "move in an open menu; Esc closes it", function () { return null; }],
        ["Enter", "do the act in focus", function () { return null; }],
      ],
      onSeat: openMenu,
      onKey: function (action, event) {
        event.stopPropagation();   // the page's own shortcuts do not act on the same key
        if (action === "next") {
          if (view && view.next) send(view.next.event);
          return;
        }
        const seat = action === "pack" ? "table" : action.slice(5);
        const opener = tableView.board.querySelector('[data-seat-menu="' + seat + '"]');
        if (opener) openMenu(seat, opener);
      },
    });
    panel = document.createElement("div");
    panel.className = "sb-panel dl-panel";
    table.appendChild(panel);
    panel.addEventListener("click", function (event) {
      if (event.target.closest(".dl-undo")) { undo(); return; }
      const b = event.target.closest("button[data-event]");
      if (b) send(b.getAttribute("data-event"));
    });
  }

  function inMenu(event) {
    return !!(event.target && event.target.closest && event.target.closest(".dl-menu"));
  }

  function closeMenu(refocus) {
    if (menu) menu.close(refocus);
  }


  function menuHtml(acts) {
    // single acts as buttons; a choice (how many cards the cutter lifts, the packets) as a labelled row
    let html = "";
    const groups = [];
    acts.forEach(function (a) {
      if (!a.group) {
        html += '<button type="button" role="menuitem" class="md-button" data-event="' + escapeHtml(a.event) + '">' +
          escapeHtml(a.label) + "</button>";
      } else if (groups.indexOf(a.group) < 0) {
        groups.push(a.group);
        html += '<div class="dl-choice" role="group" aria-label="' + escapeHtml(a.group) + '"><span class="dl-choice-label">' +
          escapeHtml(a.group) + "</span>" + acts.filter(function (b) { return b.group === a.group; }).map(function (b) {
          return '<button type="button" role="menuitem" class="md-button" data-event="' + escapeHtml(b.event) +
            '" aria-label="' + escapeHtml(b.label) + '">' + escapeHtml(b.choice) + "</button>";
        }).join("") + "</div>";
      }
    });
    return html;
  }

  function openMenu(seat, opener) {
    const again = menu && menu.element.getAttribute("data-seat") === seat;
    closeMenu(false);
    if (again) { opener.focus(); return; }
    const acts = (view && view.acts[seat]) || [];
    if (!acts.length) return;
    const title = seat === "table" ? "What is found at the table" : "What " + seat + " does";
    menu = popupMenu({
      holder: tableView.element,
      opener: opener,
      className: "sb-menu dl-menu",
      titleClass: "sb-menu-title",
      title: title,
      items: menuHtml(acts),
      data: { seat: seat },
      currentOpener: function () { return tableView.board.querySelector('[data-seat-menu="' + seat + '"]'); },
      onChoose: function (b) {
        closeMenu(false);
        send(b.getAttribute("data-event"));
        tableView.focus();
      },
      onClose: function () { menu = null; },
    });
  }

  function stack(count, label, extra) {
    return '<span class="dl-stack' + (extra || "") + '" role="img" aria-label="' + escapeHtml(label) + '">' +
      '<span class="et-card et-back" aria-hidden="true"></span><span class="dl-count" aria-hidden="true">' + count + "</span></span>";
  }

  function centreHtml(v) {
    const p = v.pack;
    let html = '<div class="dl-centre">';
    if (v.phase === "cut" && p.cut) {
      // the cut: the two parts, side by side, before the dealer unites them and deals
      html += '<div class="dl-stacks">' + stack(p.cut.lifted, p.cut.lifted + " cards lifted by " + p.cut.by) +
        stack(p.cut.left, p.cut.left + " cards left") + "</div>";
    } else if (p.count) {
      html += '<div class="dl-stacks">' + stack(p.count, "the pack: " + p.count + (p.count === 1 ? " card" : " cards") + ", face down") +
        (v.turn_up ? '<span class="dl-turnup" role="img" aria-label="the trump card turned: ' +
          escapeHtml((v.cards[v.turn_up] || [v.turn_up, v.turn_up])[1]) + '">' + cardFace(v.turn_up, v.cards) + "</span>" : "") + "</div>";
    } else if (v.turn_up) {
      html += '<div class="dl-stacks">' + cardFace(v.turn_up, v.cards) + "</div>";
    }
    (v.seen || []).forEach(function (c) {   // a card named as seen, faced or marked: face up, with what happened to it
      const name = (v.cards[c.card] || [c.card, c.card])[1];
      html += '<p class="dl-seen">' + cardFace(c.card, v.cards) + " <span>the " + escapeHtml(name) + " " + escapeHtml(c.what) + "</span></p>";
    });
    const facts = [];
    facts.push(p.shuffled.length ? "shuffled by " + p.shuffled.join(", then ") : "not shuffled yet");
    if (p.cut) facts.push("cut by " + p.cut.by + ": " + p.cut.lifted + " lifted, " + p.cut.left + " left");
    if (v.turn_up) facts.push("turned: " + escapeHtml((v.cards[v.turn_up] || [v.turn_up, v.turn_up])[1]));
    html += '<p class="dl-facts">' + facts.join("; ") + "</p>";
    if (v.acts.table.length) {
      html += '<button type="button" class="et-seat-button dl-pack-button" data-seat-menu="table" aria-haspopup="menu" aria-expanded="false">' +
        "The pack…<span class=\"visually-hidden\">: what is found at the table</span></button>";
    }
    return html + "</div>";
  }

  function draw() {
    const v = view;
    ensureTable();
    closeMenu(false);
    // the book's static example above the widget says the same as the first ruling: shown once
    root.querySelectorAll(":scope > ul, :scope > p:not(.sandbox p)").forEach(function (e) { e.hidden = true; });
    // what the reader can do now, in one line (issue 26); its control takes the focus after his act
    const seatsWord = "choose a seat’s name (A, B, C or D) for what that player does" + (v.acts && v.acts.table.length ? ", or the pack for what is found at the table" : "");
    const whos = v.pending ? v.pending.words.map(function (w) { return w.who; }) : [];
    const electing = v.pending && v.pending.who_elects ? v.pending.who_elects   // from the typed chooser rule (Python)
      : !whos.length ? "choose" : whos.some(function (w) { return w !== whos[0]; }) ? "either side chooses" : whos[0] + " choose";
    table.querySelector(".sandbox-cue").textContent = v.pending
      ? "First the election: " + electing + " one of the options below (law 85)" +
        (v.next ? "; the book’s choice is marked" : "") + ". Nothing else can happen until then."
      : v.next ? "Follow the book with “Next in the book”, or " + seatsWord + "."
        : v.outcome ? "The deal is settled: undo the last act to try another way, or start again."
          : seatsWord[0].toUpperCase() + seatsWord.slice(1) + ".";
    table.querySelector(".sandbox-title").innerHTML = "<strong>" + escapeHtml(v.title || "") + "</strong> — " +
      escapeHtml(v.dealer) + " deals" + (v.dealing !== v.dealer ? " (" + escapeHtml(v.dealing) + " is dealing)" : "") + ".";
    const exposed = {};   // a card exposed, in whichever hand it lies: by whom
    (v.exposed || []).forEach(function (x) { exposed[x.card] = x.by; });
    const seats = {};
    SEATS.forEach(function (seat) {
      const tags = [];
      if (seat === v.dealer) tags.push("dealer");
      if (seat === v.dealing && v.dealing !== v.dealer) tags.push("dealing");
      if (v.pack.cut && v.pack.cut.by === seat) tags.push("cutter");
      const hand = v.hands[seat] || [];
      seats[seat] = {
        tags: tags,
        turn: false,
        menu: v.acts[seat].length > 0,
        empty: v.phase === "shuffle" || v.phase === "cut" ? "" : "no cards yet",
        cards: hand.map(function (code) {
          if (exposed[code]) {
            return { code: code, classes: "sb-exposed dl-exposed", label: (v.cards[code] || [code, code])[1] + " (exposed by " + exposed[code] + ")" };
          }
          return { code: code, back: true, label: "a card dealt to " + seat + ", face down" };
        }),
      };
    });
    tableView.draw({
      seats: seats,
      trick: null,
      cards: v.cards,
      bar: "<strong>" + escapeHtml(v.phase_words) + "</strong>" + (v.packets.length ? " · packets " + v.packets.map(function (pk) {
        return pk[0] + " " + pk[1];
      }).join(", ") : ""),
      centre: centreHtml(v),
    });

    let html = '<p class="sandbox-error" role="alert"' + (v.error ? "" : " hidden") + ">" +
      (v.error ? "Not allowed: " + escapeHtml(v.error.message) : "") + "</p>";
    // the latest ruling, once, in plain words; an election's options as buttons in the book's words
    const last = v.rulings.length ? v.rulings[v.rulings.length - 1] : null;
    const bookChoice = v.pending && v.next && v.pending.words.some(function (w) { return w.event === v.next.event; }) ? v.next.event : null;
    if (v.pending) {
      const pw = v.pending.words;
      const who = pw.length ? pw[0].who : "";
      const both = pw.some(function (w) { return w.who !== who; });
      html += '<div class="sb-ruling sandbox-election"><p><strong>' + escapeHtml(v.pending.irregularity) + "</strong> (" +
        lawLinks(v.pending.laws) + "): " + escapeHtml(v.pending.text) + "</p><p><strong>" +
        // who elects, from the ruling's typed chooser rule (the dealer alone: laws 44, 72; either side: 73)
        escapeHtml(v.pending.who_chooses || ((both ? "Either side" : who) + " choose")) + "</strong> The election is made once, and finally (" +
        lawLinks([85]) + "):</p>" +
        '<div class="sb-buttons">' + pw.map(function (w) {
          // the book's own choice is marked on its option: the election has no second button for it
          return act(w.event, (both ? w.who + ": " + w.label : w.label) + (bookChoice === w.event ? " (the book’s choice)" : ""),
            bookChoice === w.event ? " dl-book" : "");
        }).join("") + "</div></div>";
    } else if (last && rulingIsFresh) {
      html += '<div class="sb-ruling"><p><strong>' + escapeHtml(last.irregularity) + "</strong> (" + lawLinks(last.laws) + "): " +
        escapeHtml(last.text) + (last.chosen ? " <strong>Chosen: " + escapeHtml(chosenWords(last)) + ".</strong>" : "") + "</p></div>";
    }
    if (v.next && !bookChoice) {
      html += '<p class="dl-next">' + act(v.next.event, "Next in the book: " + v.next.label, " md-button--primary dl-next-button") + "</p>";
    }   // otherwise the cue above the table says what can be done
    if (v.outcome) {
      const o = v.outcome;
      html += '<div class="sb-summary dl-summary"><p><strong>' + escapeHtml(v.outcome_words) + ".</strong> " +
        (v.outcome_text ? escapeHtml(v.outcome_text) : "") + "</p>" +
        o.notes.map(function (n) { return "<p>" + escapeHtml(n[0].toUpperCase() + n.slice(1)) + ".</p>"; }).join("") +
        (v.laws_applied.length ? "<p>Laws applied: " + lawLinks(v.laws_applied) + ".</p>" : "") + "</div>";
    }
    if (v.events.length >= 2) html += '<p><button type="button" class="md-button dl-undo">Undo the last act</button></p>';
    html += '<details class="sb-history"><summary>What happened (' + v.log.length + (v.log.length === 1 ? " act" : " acts") +
      ", " + v.rulings.length + (v.rulings.length === 1 ? " ruling" : " rulings") + ')</summary><ol class="dl-log">' +
      v.log.map(function (e) { return "<li>" + escapeHtml(e) + "</li>"; }).join("") + '</ol><ol class="sandbox-rulings">' +
      v.rulings.map(function (r) {
        return "<li><em>" + escapeHtml(r.irregularity) + "</em> (" + lawLinks(r.laws) + "): " + escapeHtml(r.text) +
          (r.chosen ? " <strong>Chosen: " + escapeHtml(chosenWords(r)) + ".</strong>" : "") + "</li>";
      }).join("") + "</ol></details>";
    panel.innerHTML = html;
    const primary = table.querySelector(v.pending ? ".sandbox-election .sandbox-act" : v.outcome ? ".dl-undo" : ".dl-next-button");
    if (primary && acted) primary.focus({ preventScroll: true });
  }

  function chosenWords(r) {
    const o = (r.options || []).filter(function (x) { return x.id === r.chosen; })[0];
    return o ? o.text[0].toUpperCase() + o.text.slice(1) : r.chosen;
  }

  return shell.dispose;
}
