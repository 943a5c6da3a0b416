/* "Replay a game": an EGN record on the reader's table (mount: <div class="egn-replay">).

   The reader opens an .egn file (picker, drag and drop, paste, or a link that carries the record) and
   steps through it deal by deal on the same table as the cases: the bidding, trick by trick, the game's
   running score, EGN's annotations with their marks and the recorded alternative lines at their step,
   and in the play the double-dummy value and every card that keeps it. Any legal card opens the
   reader's own branch (checked by the laws, finished by the solver); branches can be branched again,
   left, shared by link and exported as EGN alternative lines. Everything runs in this browser (Python
   under Pyodide: euchre_core.app.egn_view); the record is never uploaded anywhere.

   Link: #egn=<the record, deflated, base64url>&d=<deal>&s=<step>&m=<the branch's cards, comma-separated> */

import { mountTable, SEATS, cardFace } from "./table.mjs";
import { escapeHtml } from "./engine-ui.mjs";
import { answer } from "./answers.mjs";
import { encodeRecord } from "./live-game.mjs";

// The engine's bounds (euchre_core.kernel.limits.LIMITS; tests/test_boundary.py compares them):
// "text", an EGN record in UTF-8 bytes (a file, a paste, a link's record once inflated), and "link",
// the characters of a link's #egn= record (deflated, base64url).
const MAX_RECORD_BYTES = 1000000;
const MAX_LINK_CHARS = 200000;
const fmt = function (n) { return n.toLocaleString("en-US"); };

const MARK_WORDS = { "[??]": "blunder", "[?]": "mistake", "[?!]": "dubious", "[!?]": "interesting", "[!]": "good", "[!!]": "brilliant" };

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// What the page says of a link it does not open (nothing of it is sent to Python).
class LinkError extends Error {}
const UNREADABLE = "The link's record cannot be read (it was cut or changed).";
const FEED = 1024;  // deflated bytes given to the decompressor at a time: at most about 1 MB comes out of each

async function inflate(code) {
  // Stops reading at MAX_RECORD_BYTES: a crafted link (a "deflate bomb") inflates no further than that.
  if (code.length > MAX_LINK_CHARS) {
    throw new LinkError("This link is longer than " + fmt(MAX_LINK_CHARS) + " characters, the most a link to this page carries: its record was not opened.");
  }
  if (!/^[A-Za-z0-9_-]*$/.test(code)) throw new LinkError(UNREADABLE);
  const b64 = code.replace(/-/g, "+").replace(/_/g, "/");
  let binary;
  try {
    binary = atob(b64 + "===".slice((b64.length + 3) % 4));
  } catch {
    throw new LinkError(UNREADABLE);
  }
  const bytes = Uint8Array.from(binary, function (ch) { return ch.charCodeAt(0); });
  const inflater = new DecompressionStream("deflate-raw");
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  let stopped = false;
  (async function () {  // fed a little at a time, so that what is inflated ahead of the reader stays small
    try {
      for (let i = 0; i < bytes.length && !stopped; i += FEED) {
        await writer.ready;
        await writer.write(bytes.subarray(i, i + FEED));
      }
      if (!stopped) await writer.close();
    } catch { /* the reader below reports it */ }
  })();
  const chunks = [];
  let total = 0;
  try {
    for (;;) {
      const part = await reader.read();
      if (part.done) break;
      total += part.value.byteLength;
      if (total > MAX_RECORD_BYTES) {
        stopped = true;
        reader.cancel().catch(function () {});
        throw new LinkError("This link's record is larger than " + fmt(MAX_RECORD_BYTES) +
          " bytes once inflated, the most this page reads: reading stopped there and the record was not opened.");
      }
      chunks.push(part.value);
    }
  } catch (error) {
    stopped = true;
    throw error instanceof LinkError ? error : new LinkError(UNREADABLE);
  }
  const all = new Uint8Array(total);
  let at = 0;
  chunks.forEach(function (c) { all.set(c, at); at += c.byteLength; });
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(all);
  } catch {
    throw new LinkError(UNREADABLE);
  }
}

function recordBytes(t) {
  // UTF-8 bytes of a text, counted only when its length (in UTF-16 units, never more) does not exceed the bound
  return t.length > MAX_RECORD_BYTES ? t.length : new TextEncoder().encode(t).length;
}

function parseHash() {
  // {egn, d, s, m} of the address; {error} instead when the link is too long or not well formed
  const hash = location.hash || "";
  if (hash.length > MAX_LINK_CHARS + 1000) {  // the record and the position: never decoded when longer
    return { error: "This link is longer than " + fmt(MAX_LINK_CHARS) + " characters, the most a link to this page carries: its record was not opened." };
  }
  const out = {};
  for (const part of hash.replace(/^#/, "").split("&")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    try {
      out[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1));
    } catch {  // URIError: a malformed % escape ("%E0%A4%A", "%zz")
      return { error: "This link is damaged (a malformed % escape in its " + JSON.stringify(part.slice(0, Math.min(i, 12))) + " part): its record cannot be read." };
    }
  }
  return out;
}

export function mountEgnReplay(root) {
  if (root.dataset.mounted) return;
  root.dataset.mounted = "1";
  root.innerHTML =
    '<div class="er-open">' +
    '<p class="er-drop" tabindex="0">Drop an <code>.egn</code> file here, or ' +
    '<label class="md-button md-button--primary er-file">choose a file<input type="file" accept=".egn,.json,application/json" hidden></label> ' +
    '<button type="button" class="md-button er-example">try an example</button></p>' +
    '<details class="er-paste"><summary>Paste a record</summary><label class="visually-hidden" for="er-text">EGN record</label>' +
    '<textarea id="er-text" rows="6" spellcheck="false" placeholder="{&quot;fileType&quot;: &quot;Euchre Game Notation&quot;, …}"></textarea>' +
    '<button type="button" class="md-button er-open-text">Open</button></details>' +
    '<p class="er-privacy">The record is read by the engine in this browser; nothing is uploaded.</p></div>' +
    '<p class="er-status" role="status" aria-live="polite"></p>' +
    '<div class="er-laws" hidden></div>' +
    '<div class="er-game" hidden>' +
    '<div class="er-head"></div>' +
    '<p class="er-deal-row"><label>Deal <select class="er-deal"></select></label></p>' +
    '<div class="er-controls" role="toolbar" aria-label="Step through the deal">' +
    '<button type="button" class="md-button" data-act="first">First</button>' +
    '<button type="button" class="md-button" data-act="prev">Previous</button>' +
    '<span class="er-pos" aria-live="off"></span>' +
    '<button type="button" class="md-button md-button--primary" data-act="next">Next</button>' +
    '<button type="button" class="md-button" data-act="last">Last</button></div>' +
    '<p class="er-cue"></p>' +
    '<div class="er-table"></div>' +
    '<div class="er-side">' +
    '<div class="er-branch" hidden></div>' +
    '<div class="er-notes"></div>' +
    '<div class="er-alts"></div>' +
    '<p class="er-dd"></p>' +
    '<p class="er-calls"></p>' +
    '<p class="er-tools"><button type="button" class="md-button er-values" aria-pressed="false">Show values</button> ' +
    '<button type="button" class="md-button er-share">Copy a link to this position</button> ' +
    '<button type="button" class="md-button er-export">Export EGN (with my branches)</button></p>' +
    "</div></div>";

  const status = root.querySelector(".er-status");
  const gameBox = root.querySelector(".er-game");
  const dealSelect = root.querySelector(".er-deal");
  const pos = root.querySelector(".er-pos");
  const side = {
    branch: root.querySelector(".er-branch"), notes: root.querySelector(".er-notes"), alts: root.querySelector(".er-alts"),
    dd: root.querySelector(".er-dd"), calls: root.querySelector(".er-calls"),
  };
  const valuesButton = root.querySelector(".er-values");
  let text = null;        // the record's text
  let game = null;        // egn_open's answer
  let deal = 0;
  let step = 0;
  let current = null;     // egn_step's answer at (deal, step)
  let branch = null;      // {step, moves, answer, at}: the reader's line from the record's step
  let branches = [];      // every branch the reader opened, for the export
  let showValues = false;
  let busy = false;

  const table = mountTable(root.querySelector(".er-table"), {
    label: "The game's table",
    scope: root,
    keys: [
      ["← / →", "previous / next step", function (e) { return e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null; }],
      ["Home / End", "the deal's start / end", function (e) { return e.key === "Home" ? "first" : e.key === "End" ? "last" : null; }],
      ["PgUp / PgDn", "previous / next deal", function (e) { return e.key === "PageUp" ? "deal-prev" : e.key === "PageDown" ? "deal-next" : null; }],
      ["Esc", "back to the record from a branch", function (e) { return e.key === "Escape" && branch ? "leave" : null; }],
    ],
    onKey: act,
    onCard: playCard,
  });

  function say(message, isError) {
    status.textContent = message || "";
    status.classList.toggle("er-error", !!isError);
  }

  function ask(name, kwargs) {
    return answer(name, kwargs);
  }

  async function open(recordText, at) {
    if (busy) return;
    if (recordBytes(recordText) > MAX_RECORD_BYTES) {  // nothing this large is sent to Python
      say("This record is larger than " + fmt(MAX_RECORD_BYTES) + " bytes, the most this page reads: it was not opened.", true);
      return;
    }
    busy = true;
    say("Reading the record…");
    const lawsBox = root.querySelector(".er-laws");
    lawsBox.hidden = true;
    if (/"lawEvents"\s*:/.test(recordText)) {   // a game played under the laws (Play under the laws)
      try {
        const v = await ask("euchre_core.app.live_game.live_replay", { text: recordText });
        busy = false;
        gameBox.hidden = true;
        lawsBox.innerHTML = lawGameHtml(v);
        lawsBox.hidden = false;
        const rulings = v.deals.reduce(function (n, d) { return n + d.rulings.length; }, 0);
        say("A game played under the laws: " + v.deals.length + (v.deals.length === 1 ? " deal" : " deals") + ", " + rulings +
          (rulings === 1 ? " ruling" : " rulings") + ", every deal ruled again by the engine from its cards and events: the same rulings.");
      } catch (error) {
        busy = false;
        say("This record cannot be replayed: " + (error && error.message ? error.message : String(error)), true);
      }
      return;
    }
    try {
      const g = await ask("euchre_core.app.egn_view.egn_open", { text: recordText });
      text = recordText;
      game = g;
      branches = [];
      branch = null;
      dealSelect.innerHTML = g.deals.map(function (d) {
        const res = d.result ? d.result.text : (d.complete ? "" : "unfinished");
        return '<option value="' + d.index + '">' + (d.index + 1) + ". " + escapeHtml(res) +
          " · game A–C " + d.score_after.AC + ", B–D " + d.score_after.BD + "</option>";
      }).join("");
      root.querySelector(".er-head").innerHTML = head(g);
      gameBox.hidden = false;
      say(g.deals.length + (g.deals.length === 1 ? " deal" : " deals") + " checked by the engine: every call and card is legal.");
      busy = false;
      await go(at && at.d < g.deals.length ? at.d : 0, at ? at.s : 0);
      if (at && at.m && at.m.length) await openBranch(step, at.m);
    } catch (error) {
      busy = false;
      gameBox.hidden = !game;
      say("This record cannot be replayed: " + (error && error.message ? error.message : String(error)), true);
    }
  }

  function lawGameHtml(v) {
    const link = new URL("../play/", location.href).pathname + "#g=" + encodeRecord(v.record);
    return "<p>Game: A–C " + v.game.AC + ", B–D " + v.game.BD + '. <a class="md-button md-button--primary" href="' + escapeHtml(link) +
      '">Play it on under the laws</a></p><ol class="er-law-deals">' + v.deals.map(function (d) {
      return "<li><strong>Deal " + d.deal + "</strong> (" + d.dealer + " deals; A–C " + d.points.AC + ", B–D " + d.points.BD + ")" +
        (d.rulings.length ? "<ul>" + d.rulings.map(function (r) {
          return "<li>" + escapeHtml(r.headline) + " (law" + (r.laws.length > 1 ? "s " : " ") + r.laws.join(", ") + ")" +
            (r.chosen ? " — elected: " + escapeHtml(r.chosen) : "") + "</li>";
        }).join("") + "</ul>" : " no ruling") + stepsHtml(v.record, d) + "</li>";
    }).join("") + "</ol>";
  }

  // a deal's events in words, each of the reader's own acts a link that opens the game just before it
  // (the record cut there: the engine plays the same way up to it)
  function stepsHtml(record, d) {
    if (!d.steps || !d.steps.length) return "";
    const k = d.deal - 1;
    const page = new URL("../play/", location.href).pathname + "#g=";
    return '<details class="er-steps"><summary>Step through the deal (' + d.steps.length + " events)</summary><ol>" +
      d.steps.map(function (st) {
        const words = escapeHtml(st.words);
        if (!st.mine) return "<li>" + words + "</li>";
        const cut = Object.assign({}, record);
        const dealing = record.dealing;
        if (st.phase === "dealing") {
          cut.deals = record.deals.slice(0, k).concat([[]]);
          cut.dealing = dealing.slice(0, k).concat([dealing[k].slice(0, st.i)]);
        } else {
          cut.deals = record.deals.slice(0, k).concat([record.deals[k].slice(0, st.i)]);
          if (dealing) cut.dealing = dealing.slice(0, k + 1);
        }
        // "&any=1": the game opens with "Play any card" on, so the table waits where the reader acted out of turn
        return '<li><a href="' + escapeHtml(page + encodeRecord(cut) + "&any=1") + '" title="Open the game just before this">' + words + "</a></li>";
      }).join("") + "</ol></details>";
  }

  function head(g) {
    // the players' names when the record has them (the seat letters alone otherwise)
    const named = SEATS.filter(function (s) { return g.players[s]; });
    const players = named.length ? named.map(function (s) { return s + " = " + escapeHtml(g.players[s]); }).join(", ") + " · " : "";
    return (g.title ? "<h2 class=\"er-title\">" + escapeHtml(g.title) + "</h2>" : "") +
      (g.description ? "<p>" + escapeHtml(g.description) + "</p>" : "") +
      '<p class="er-meta">' + players + "partners A–C and B–D · rules: " + escapeHtml(g.rules_words || g.rules) +
      (g.winning_score ? " · game to " + g.winning_score : "") + (g.date ? " · " + escapeHtml(g.date) : "") + "</p>";
  }

  async function go(d, s) {
    if (!game) return;
    d = Math.max(0, Math.min(game.deals.length - 1, d | 0));
    const last = game.deals[d].steps;
    s = Math.max(0, Math.min(last, s | 0));
    try {
      current = await ask("euchre_core.app.egn_view.egn_step", { text: text, deal: d, step: s });
      deal = d;
      step = s;
      dealSelect.value = String(d);
      draw();
    } catch (error) {
      say(error.message || String(error), true);
    }
  }

  async function openBranch(fromStep, moves) {
    try {
      const b = await ask("euchre_core.app.egn_view.egn_branch", { text: text, deal: deal, step: fromStep, moves: moves });
      branch = { step: fromStep, moves: moves, answer: b, at: Math.min(moves.length, b.steps.length - 1) };
      if (!branches.some(function (x) { return x.deal === deal && x.step === fromStep && x.moves.join() === moves.join(); })) {
        branches.push({ deal: deal, step: fromStep, moves: moves.slice() });
      }
      say("Your branch: " + moves.join(", ") + (b.solver_moves.length ? "; the engine plays the rest for both sides." : "."));
      draw();
    } catch (error) {
      say((error && error.message) || String(error), true);
    }
  }

  function leave() {
    branch = null;
    say("Back on the record.");
    draw();
  }

  function act(action) {
    if (!game) return;
    if (branch) {
      const last = branch.answer.steps.length - 1;
      if (action === "leave") return leave();
      if (action === "prev" && branch.at === 0) return leave();
      const at = action === "first" ? 0 : action === "prev" ? branch.at - 1 : action === "next" ? branch.at + 1 : action === "last" ? last : branch.at;
      if (action === "deal-prev" || action === "deal-next") { branch = null; return go(deal + (action === "deal-next" ? 1 : -1), 0); }
      branch.at = Math.max(0, Math.min(last, at));
      return draw();
    }
    const last = game.deals[deal].steps;
    if (action === "first") return go(deal, 0);
    if (action === "prev") return step > 0 ? go(deal, step - 1) : deal > 0 ? go(deal - 1, game.deals[deal - 1].steps) : null;
    if (action === "next") return step < last ? go(deal, step + 1) : deal < game.deals.length - 1 ? go(deal + 1, 0) : null;
    if (action === "last") return go(deal, last);
    if (action === "deal-prev") return go(deal - 1, 0);
    if (action === "deal-next") return go(deal + 1, 0);
  }

  function playCard(code) {
    const s = state();
    if (!s || s.phase !== "play" || (s.legal_cards || []).indexOf(code) < 0) {
      if (s && s.phase === "play" && s.to_move && (s.hands[s.to_move] || []).indexOf(code) >= 0) {
        // not legal: the engine says why (the law), through the branch call
        const moves = branch ? branchMoves(branch.at).concat([code]) : [code];
        openBranch(branch ? branch.step : step, moves);
      }
      return;
    }
    if (branch) {
      const moves = branchMoves(branch.at).concat([code]);
      return openBranch(branch.step, moves);
    }
    const next = current.next;
    if (next && next[1] === "play " + code) return act("next");      // the record's own card: step on
    openBranch(step, [code]);
  }

  function branchMoves(k) {
    const all = branch.moves.concat(branch.answer.solver_moves.map(function (m) { return m[1]; }));
    return all.slice(0, k);
  }

  function state() {
    return branch ? branch.answer.steps[branch.at] : current;
  }

  function draw() {
    const s = state();
    if (!s) return;
    const info = game.deals[deal];
    const dd = branch ? null : s.dd;
    const best = dd ? dd.best : [];
    const nextCard = !branch && current.next && current.next[1].indexOf("play ") === 0 ? current.next[1].slice(5) : null;
    const seats = {};
    SEATS.forEach(function (seat) {
      const hand = s.hands[seat] || [];
      const turn = seat === s.to_move && s.phase === "play";
      const tags = game.players[seat] ? [game.players[seat]] : [];
      if (seat === s.dealer) tags.push("dealer");
      if (seat === s.maker) tags.push("maker");
      if (s.alone === seat) tags.push("alone");
      seats[seat] = {
        tags: tags, turn: seat === s.to_move, out: false, hidden: false,
        cards: hand.map(function (c) {
          if (!turn) return { code: c };
          const legal = s.legal_cards.indexOf(c) >= 0;
          const isBest = best.indexOf(c) >= 0;
          const name = s.cards[c] ? s.cards[c][1] : c;
          const v = dd && dd.moves[c] !== undefined ? dd.moves[c] : null;
          return {
            code: c, play: true, legal: legal,
            classes: (c === nextCard ? "et-next" : "") + (isBest && legal ? " et-best" : ""),
            label: (legal ? (c === nextCard ? "play the " + name + " (the record's card)" : "play the " + name + " instead (your branch)") :
              name + ": not a legal card here; select to see why") + (isBest && legal ? "; keeps the best result" : "") +
              (v !== null ? "; makers take " + v + " with best play" : ""),
            value: showValues && legal && v !== null ? String(v) : null,
          };
        }),
      };
    });
    const won = s.tricks_won || {};
    const score = current.score_before;
    const bar = "<strong>Deal " + (deal + 1) + "</strong> · " + (s.phase === "play" || s.phase === "over" ? "trick " + s.trick.number + " · " : escapeHtml(phaseWord(s.phase)) + " · ") +
      "tricks A–C <strong>" + (won.AC || 0) + "</strong>, B–D <strong>" + (won.BD || 0) + "</strong> · game A–C " + score.AC + ", B–D " + score.BD;
    const centre = '<p class="et-trump">' + (s.trump ? "Trump <strong>" + suitWord(s.trump) + "</strong>" : "Bidding") +
      '<span class="et-turnup"> · up-card ' + cardFace(s.turn_up, s.cards) + "</span></p>" +
      (s.result ? '<p class="et-result">' + escapeHtml(s.result.text) + " · " + escapeHtml(s.result.points_text) + "</p>" : "");
    table.draw({ seats: seats, trick: s.trick, cards: s.cards, bar: bar, centre: centre, variation: !!branch });
    const total = branch ? branch.answer.steps.length - 1 : info.steps;
    const at = branch ? branch.at : step;
    pos.textContent = (branch ? "Branch: step " : "Step ") + at + " of " + total;
    setDisabled("first", at === 0);
    setDisabled("prev", at === 0 && deal === 0 && !branch);
    setDisabled("next", at === total && (branch || deal === game.deals.length - 1));
    setDisabled("last", at === total);
    drawSide(s);
    root.querySelector(".er-cue").textContent = cue(s, at, total);
    writeHash();
  }

  /* What the reader can do now, in one line (issue 26). */
  function cue(s, at, total) {
    if (branch) {
      return at < total ? "Your branch: step through it with Next (or →), play another card to branch again, or go back to the record (Esc)."
        : "Your branch is played out: play another card at an earlier step, or go back to the record (Esc).";
    }
    if (at === total) {
      return deal < game.deals.length - 1 ? "Deal " + (deal + 1) + " is over: Next goes on to deal " + (deal + 2) + "."
        : "The game is over: choose a deal above to see it again, or open another record.";
    }
    if (s.phase === "play") {
      return "Step through with Next (or →); " + (s.to_move || "the player to play") +
        "’s framed card is the record’s, and any other legal card of his opens your own branch.";
    }
    return "Step through the " + (s.phase === "discard" ? "dealer’s discard" : "bidding") + " with Next (or →); the play follows.";
  }

  function setDisabled(act, off) {
    const b = root.querySelector('[data-act="' + act + '"]');
    if (off) b.setAttribute("aria-disabled", "true");
    else b.removeAttribute("aria-disabled");
  }

  function phaseWord(phase) {
    return { bid1: "bidding, first round", bid2: "bidding, second round", discard: "the dealer's discard", play: "the play", over: "the end" }[phase] || phase;
  }

  function suitWord(letter) {
    return { C: "clubs", D: "diamonds", H: "hearts", S: "spades" }[letter] || letter;
  }

  function drawSide(s) {
    if (branch) {
      side.branch.hidden = false;
      const mine = branch.moves.map(function (m) { return escapeHtml(m); }).join(", ");
      side.branch.innerHTML = "<p><strong>Your branch</strong> from step " + branch.step + ": " + mine +
        (branch.answer.solver_moves.length ? ", then the engine's best play for both sides" : "") + ". " +
        (branch.answer.result ? escapeHtml(branch.answer.result.text) + " (the record: " +
          escapeHtml(game.deals[deal].result ? game.deals[deal].result.text : "unfinished") + ")." : "") +
        ' <button type="button" class="md-button er-leave">Back to the record</button></p>';
      side.branch.querySelector(".er-leave").addEventListener("click", leave);
    } else {
      side.branch.hidden = true;
      side.branch.innerHTML = "";
    }
    const notes = branch ? [] : current.annotations;
    side.notes.innerHTML = notes.length ? '<h3 class="er-h">Annotation</h3>' + notes.map(function (n) {
      return '<p class="er-note">' + (n.mark ? '<span class="er-mark er-mark-' + escapeHtml(n.meaning) + '" title="' +
        escapeHtml(MARK_WORDS[n.mark] || "") + '">' + escapeHtml(n.mark.replace(/[[\]]/g, "")) +
        '<span class="visually-hidden"> (' + escapeHtml(n.meaning) + ")</span></span> " : "") + escapeHtml(n.text) + "</p>";
    }).join("") : "";
    const alts = branch ? [] : current.alternatives;
    side.alts.innerHTML = alts.length ? '<h3 class="er-h">Alternative line recorded here</h3>' + alts.map(function (a) {
      return '<p class="er-alt"><span class="er-moves">' + a.moves.map(escapeHtml).join(" ") + "</span>" +
        a.notes.map(function (n) { return "<br>" + (n.mark ? "<strong>" + escapeHtml(n.mark) + "</strong> " : "") + escapeHtml(n.text); }).join("") + "</p>";
    }).join("") : "";
    const dd = branch ? null : current.dd;
    side.dd.innerHTML = dd ? "Best play from here: the makers take <strong>" + dd.makers_tricks + "</strong> " + (dd.makers_tricks === 1 ? "trick" : "tricks") + ". Cards that keep it: " +
      dd.best.map(function (c) { return cardFace(c, s.cards); }).join(" ") + "." : "";
    // in words, cards and suits with their signs ("C discards Q♣"), not the record's codes
    const said = s.said || (s.calls || []).map(function (c) { return c[0] + " " + c[1]; });
    const next = current.next_words || (current.next ? current.next.join(" ") : "");
    side.calls.innerHTML = said.length ? "<strong>The bidding:</strong> " + said.map(escapeHtml).join(", ") +
      (next && !branch ? ". <strong>Next:</strong> " + escapeHtml(next) + "." : ".") : "";
  }

  async function writeHash() {
    // the position in the address bar without the record (the share button adds it)
    const h = parseHash();
    if (!h.egn) return;
    history.replaceState(null, "", "#egn=" + h.egn + "&d=" + deal + "&s=" + (branch ? branch.step : step) +
      (branch ? "&m=" + encodeURIComponent(branchMoves(branch.at).join(",")) : ""));
  }

  async function share() {
    const code = await deflate(text);
    if (code.length > MAX_LINK_CHARS) { say("This record is too large to carry in a link (more than " + fmt(MAX_LINK_CHARS) + " characters); export it instead.", true); return; }
    const url = location.href.split("#")[0] + "#egn=" + code + "&d=" + deal + "&s=" + (branch ? branch.step : step) +
      (branch ? "&m=" + encodeURIComponent(branchMoves(branch.at).join(",")) : "");
    history.replaceState(null, "", url);
    try {
      await navigator.clipboard.writeText(url);
      say("A link to this position is in your clipboard (the record travels in the link, not to a server).");
    } catch {
      say("The link to this position is now in the address bar.");
    }
  }

  async function exportRecord() {
    try {
      const out = await ask("euchre_core.app.egn_view.egn_export", { text: text, branches: branches });
      const blob = new Blob([out], { type: "application/json" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = (game.title || "game").replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 60) + ".egn";
      document.body.appendChild(a);
      a.click();
      a.remove();
      say("Exported" + (branches.length ? " with " + branches.length + " branch" + (branches.length === 1 ? "" : "es") + " as alternative lines." : "."));
    } catch (error) {
      say(error.message || String(error), true);
    }
  }

  function readFile(file) {
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) { say("This file is larger than " + fmt(MAX_RECORD_BYTES) + " bytes, the most this page reads: not an EGN record it can open.", true); return; }
    file.text().then(function (t) { open(t); });
  }

  root.querySelector(".er-file input").addEventListener("change", function (e) { readFile(e.target.files[0]); });
  const drop = root.querySelector(".er-drop");
  ["dragenter", "dragover"].forEach(function (n) { drop.addEventListener(n, function (e) { e.preventDefault(); drop.classList.add("er-over"); }); });
  ["dragleave", "drop"].forEach(function (n) { drop.addEventListener(n, function () { drop.classList.remove("er-over"); }); });
  drop.addEventListener("drop", function (e) { e.preventDefault(); readFile(e.dataTransfer.files[0]); });
  root.querySelector(".er-open-text").addEventListener("click", function () { open(root.querySelector("#er-text").value); });
  root.querySelector(".er-example").addEventListener("click", function () {
    say("Starting the engine…");
    ask("euchre_core.app.egn_view.example_egn", {}).then(function (t) { open(t); }, function (e) { say(e.message || String(e), true); });
  });
  root.querySelector(".er-controls").addEventListener("click", function (e) {
    const b = e.target.closest("[data-act]");
    if (b && b.getAttribute("aria-disabled") !== "true") act(b.dataset.act);
  });
  dealSelect.addEventListener("change", function () { branch = null; go(+dealSelect.value, 0); });
  valuesButton.addEventListener("click", function () {
    showValues = !showValues;
    valuesButton.setAttribute("aria-pressed", showValues ? "true" : "false");
    draw();
  });
  root.querySelector(".er-share").addEventListener("click", share);
  root.querySelector(".er-export").addEventListener("click", exportRecord);

  const h = parseHash();
  if (h.error) {
    say(h.error, true);
  } else if (h.egn) {
    say("Opening the record from the link…");
    inflate(h.egn).then(function (t) {
      return open(t, { d: +(h.d || 0), s: +(h.s || 0), m: h.m ? h.m.split(",").filter(Boolean) : [] }).then(function () {
        // a shared position opens with its table in view (the intro and the picker are above it)
        if (game) root.querySelector(".er-deal-row").scrollIntoView({ block: "start" });
      });
    }, function (error) { say(error instanceof LinkError ? error.message : UNREADABLE, true); });
  }
  return function dispose() { table.dispose(); };
}
