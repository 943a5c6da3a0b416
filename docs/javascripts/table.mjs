/* The reader's table: one component that draws a deal for every widget with cards (the case player
   first; the sandboxes, the lessons and the play table are to move onto it).

   The JavaScript draws; Python rules. A view is what the engine answered, reshaped for drawing:
     {
       seats: { A: { tags: ["dealer", …], turn: bool, out: bool, hidden: bool, menu: bool (false: no seat menu),
                     empty: "words for an empty hand" (default "no cards left"),
                     cards: [ { code, play: bool, legal: bool, back: bool (face down), classes: "…", label: "…",
                                value: "…" } ] }, … },
       trick: { number, cards: [[seat, code], …], winner },   // a completed trick stays until the next card; null: none
       cards: { code: [face, name, colour] },                 // euchre_core.app.web.card_info
       bar: "html",                                           // one line: the trick, tricks won, the score
       centre: "html",                                        // under the trick (trump, turn-up)
     }
   Layout: the book's compass (A top, B right, C bottom, D left), the trick in the middle with who
   played what, a stable size (each hand keeps the room of five cards), phone-first (fits 360 px).

   mountTable(root, { label, keys, onCard, onKey }) → { draw(view), focus(), element, dispose() }
     keys: [[key label, what it does, test(event) → action name], …] — listed on the "?" overlay;
     onKey(action, event) is called for a matching key anywhere inside the table (a click anywhere on
     it that does not land on a control puts the focus on the board, so the keys work after a click). */

import { escapeHtml } from "./engine-ui.mjs";

export const SEATS = ["A", "B", "C", "D"];
const AREA = { A: "n", B: "e", C: "s", D: "w" };   // the book's layout: A top (north), B right, C bottom, D left

export function cardFace(code, cards, extra, label) {
  const info = cards[code] || [code, code, "black"];
  return '<span class="et-card ' + escapeHtml(info[2]) + (extra || "") + '" role="img" aria-label="' + escapeHtml(label || info[1]) + '">' +
    escapeHtml(info[0]) + "</span>";
}

function cardButton(card, cards, seat) {
  const info = cards[card.code] || [card.code, card.code, "black"];
  const cls = "et-card et-play " + info[2] + (card.legal ? "" : " et-illegal") + (card.classes ? " " + card.classes : "");
  return '<button type="button" class="' + cls + '" data-seat="' + seat + '" data-card="' + escapeHtml(card.code) + '">' +
    '<span aria-hidden="true">' + escapeHtml(info[0]) + "</span>" +
    (card.value != null && card.value !== "" ? '<span class="et-value" aria-hidden="true">' + escapeHtml(card.value) + "</span>" : "") +
    '<span class="visually-hidden">' + escapeHtml(card.label || info[1]) + "</span></button>";
}

function handHtml(seat, view) {
  const s = view.seats[seat] || { cards: [] };
  if (s.waiting) return "";
  if (s.out) return '<span class="et-empty">does not play</span>';
  if (!s.cards.length) return '<span class="et-empty">' + escapeHtml(s.empty != null ? s.empty : "no cards left") + "</span>";
  if (s.hidden) {
    return '<span class="et-hidden" role="img" aria-label="' + s.cards.length + " hidden " + (s.cards.length === 1 ? "card" : "cards") + '">' +
      s.cards.map(function () { return '<span class="et-card et-back" aria-hidden="true"></span>'; }).join("") + "</span>";
  }
  return s.cards.map(function (c) {
    if (c.back) {   // a card face down (the dealing sandbox: a card dealt and not seen)
      return '<span class="et-card et-back' + (c.classes ? " " + escapeHtml(c.classes) : "") + '" role="img" aria-label="' +
        escapeHtml(c.label || "a card face down") + '"></span>';
    }
    return c.play ? cardButton(c, view.cards, seat) : cardFace(c.code, view.cards, c.classes ? " " + c.classes : "", c.label);
  }).join("");
}

export function mountTable(root, options) {
  const keys = options.keys || [];
  const box = document.createElement("div");
  box.className = "et";
  box.innerHTML =
    '<div class="et-board" role="group" tabindex="0" aria-label="' + escapeHtml(options.label || "The table") +
    (keys.length ? "; press ? for the keys" : "") + '"></div>' +
    '<div class="et-bar"><span class="et-bar-text"></span>' +
    (keys.length ? '<button type="button" class="et-help" aria-haspopup="dialog" aria-expanded="false" title="Keyboard shortcuts">' +
      '<span aria-hidden="true">?</span><span class="visually-hidden">Keyboard shortcuts</span></button>' : "") + "</div>" +
    (keys.length ? '<div class="et-keys" role="dialog" aria-label="Keyboard shortcuts" hidden><p class="et-keys-title">Keys on the table</p><dl>' +
      keys.map(function (k) { return "<dt><kbd>" + k[0].split(" / ").join("</kbd> / <kbd>") + "</kbd></dt><dd>" + escapeHtml(k[1]) + "</dd>"; }).join("") +
      '<dt><kbd>?</kbd></dt><dd>show or hide this list</dd><dt><kbd>Esc</kbd></dt><dd>close it</dd></dl>' +
      '<button type="button" class="md-button et-keys-close">Close</button></div>' : "");
  root.appendChild(box);
  const board = box.querySelector(".et-board");
  const bar = box.querySelector(".et-bar-text");
  const help = box.querySelector(".et-help");
  const overlay = box.querySelector(".et-keys");

  function showKeys(on) {
    if (!overlay) return;
    overlay.hidden = !on;
    help.setAttribute("aria-expanded", on ? "true" : "false");
    if (on) overlay.querySelector(".et-keys-close").focus();
    else board.focus();
  }
  if (help) {
    help.addEventListener("click", function () { showKeys(overlay.hidden); });
    overlay.querySelector(".et-keys-close").addEventListener("click", function () { showKeys(false); });
  }

  function onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = (event.target && event.target.tagName) || "";
    if (tag === "SELECT" || tag === "TEXTAREA" || tag === "INPUT") return;
    if (event.key === "?") {
      event.preventDefault();
      showKeys(overlay ? overlay.hidden : false);
      return;
    }
    if (event.key === "Escape" && overlay && !overlay.hidden) {
      event.preventDefault();
      showKeys(false);
      return;
    }
    for (let i = 0; i < keys.length; i++) {
      const action = keys[i][2](event);
      if (action) {
        event.preventDefault();
        options.onKey && options.onKey(action, event);
        return;
      }
    }
  }
  const scope = options.scope || root;
  scope.addEventListener("keydown", onKeyDown);

  // a click anywhere on the table that is not on a control: the keys go to the board
  function onPointer(event) {
    if (event.target.closest("button, a, select, input, textarea, summary, [tabindex]")) return;
    setTimeout(function () { board.focus({ preventScroll: true }); }, 0);
  }
  scope.addEventListener("click", onPointer);

  board.addEventListener("click", function (event) {
    const menu = event.target.closest("button[data-seat-menu]");
    if (menu && options.onSeat) {
      options.onSeat(menu.getAttribute("data-seat-menu"), menu, event);
      return;
    }
    const b = event.target.closest("button[data-card]");
    if (b && options.onCard) options.onCard(b.getAttribute("data-card"), b.getAttribute("data-seat"), event);
  });
  if (options.onHover) {
    ["pointerover", "focusin", "touchstart"].forEach(function (type) {
      board.addEventListener(type, function (event) {
        const b = event.target.closest && event.target.closest("button[data-card]");
        if (b) options.onHover(b.getAttribute("data-card"));
      }, { passive: true });
    });
  }

  function draw(view) {
    const trick = view.trick || { number: 1, cards: [], winner: null };
    const played = {};
    trick.cards.forEach(function (pc) { played[pc[0]] = pc[1]; });
    let html = "";
    SEATS.forEach(function (seat) {
      const s = view.seats[seat] || { cards: [], tags: [] };
      const tags = (s.tags || []).join(", ");
      const seatMenu = options.onSeat && s.menu !== false;   // menu: false — nothing this seat can do now
      html += '<div class="et-seat et-' + AREA[seat] + (s.turn ? " et-turn" : "") + '" data-seat="' + seat + '" role="group" aria-label="' +
        seat + (tags ? " (" + escapeHtml(tags) + ")" : "") + (s.turn ? ", to play" : "") + '">' +
        (seatMenu
          ? '<button type="button" class="et-name et-seat-button" data-seat-menu="' + seat + '" aria-haspopup="menu" aria-expanded="false">'
          : '<span class="et-name">') +
        '<span class="et-name-pill">' + seat + (tags ? " <small>" + escapeHtml(tags) + "</small>" : "") +
        (s.turn ? '<span class="et-to-play">, to play</span>' : "") + "</span>" +
        (seatMenu ? '<span class="visually-hidden">: what ' + seat + " does</span></button>" : "</span>") +
        '<span class="et-hand">' + handHtml(seat, view) + "</span></div>";
    });
    html += '<div class="et-centre">';
    if (view.trick !== null) {   // trick: null — no trick on this table (the dealing sandbox)
    html += '<div class="et-trick" role="group" aria-label="Trick ' + trick.number + " on the table" +
      (trick.winner ? ", won by " + trick.winner : "") + '">';
    SEATS.forEach(function (seat) {
      const code = played[seat];
      const wins = trick.winner === seat;
      html += '<span class="et-played et-' + AREA[seat] + (wins ? " et-wins" : "") + '">' +
        (code !== undefined && code !== null ? '<span class="et-played-seat">' + seat + "</span>" + cardFace(code, view.cards) +
          (wins ? '<span class="et-wins-word"> wins</span>' : "") : "") + "</span>";
    });
    html += "</div>";
    }
    html += (view.centre || "") + "</div>";
    const focused = board.contains(document.activeElement) && document.activeElement !== board;
    const focusedCard = focused && document.activeElement.getAttribute("data-card");
    board.innerHTML = html;
    if (focused) {
      const again = focusedCard !== null && board.querySelector('button[data-card="' + focusedCard + '"]');
      (again || board).focus({ preventScroll: true });   // the card that had the focus may be gone
    }
    bar.innerHTML = view.bar || "";
    box.classList.toggle("et-variation", !!view.variation);
  }

  return {
    element: box,
    board: board,
    draw: draw,
    focus: function () { board.focus({ preventScroll: true }); },
    dispose: function () {
      scope.removeEventListener("keydown", onKeyDown);
      scope.removeEventListener("click", onPointer);
    },
  };
}
