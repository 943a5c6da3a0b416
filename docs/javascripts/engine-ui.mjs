/* Small pieces shared by the engine's widgets: cards drawn as the site draws them
   (build_scripts/cards_html.py: <span class="card red" role="img" aria-label="10 of diamonds">10♦</span>)
   and the engine's status line (loading progress, "ready", a readable error, Stop for a long answer). */

export function escapeHtml(text) {
  return String(text == null ? "" : text).replace(/[&<>"']/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
  });
}

/* `cards` maps a code to [face, name, colour], as the engine sends it (euchre_core.app.web.card_info). */
export function cardHtml(code, cards) {
  const info = cards[code] || [code, code, "black"];
  return '<span class="card ' + escapeHtml(info[2]) + '" role="img" aria-label="' + escapeHtml(info[1]) + '">' +
    escapeHtml(info[0]) + "</span>";
}

/* A small menu of acts, opened under the control that opened it (a seat's name, a person, the pack), as
   the sandboxes draw them: a title, the items (buttons with role="menuitem", given as HTML), and Close.
   The first item takes the focus; ↑/↓ move between the items, Esc closes. A click on an item calls
   onChoose(button) (the menu stays open: onChoose closes it when it should).
     popupMenu({holder, opener, className, titleClass, titleHidden, title, items, data, currentOpener, onChoose, onClose})
       → {element, close(refocus)}: close() gives the focus back to the opener (close(false) does not);
     holder: the element the menu is placed in (positioned under the opener); data: {name: value} set
     as data-NAME on the menu; currentOpener(): the opener now, when the widget redraws it meanwhile;
     onClose(): told when the menu closes, however it closes. */
export function popupMenu(o) {
  const menu = document.createElement("div");
  menu.className = o.className;
  menu.setAttribute("role", "menu");
  menu.setAttribute("aria-label", o.title);
  Object.keys(o.data || {}).forEach(function (k) { menu.setAttribute("data-" + k, o.data[k]); });
  menu.innerHTML = '<p class="' + o.titleClass + '"' + (o.titleHidden ? ' aria-hidden="true"' : "") + ">" + escapeHtml(o.title) + "</p>" +
    o.items + '<button type="button" role="menuitem" class="md-button" data-close>Close</button>';
  o.holder.appendChild(menu);
  const rect = o.opener.getBoundingClientRect();
  menu.style.top = Math.max(0, rect.bottom - o.holder.getBoundingClientRect().top + 4) + "px";
  o.opener.setAttribute("aria-expanded", "true");
  let open = true;
  function close(refocus) {
    if (!open) return;
    open = false;
    menu.remove();
    if (o.onClose) o.onClose();
    const opener = o.currentOpener ? o.currentOpener() : o.opener;
    if (!opener) return;
    opener.setAttribute("aria-expanded", "false");
    if (refocus !== false && opener.isConnected) opener.focus();
  }
  menu.addEventListener("click", function (event) {
    const b = event.target.closest("button");
    if (!b) return;
    if (b.hasAttribute("data-close")) close();
    else o.onChoose(b);
  });
  menu.addEventListener("keydown", function (event) {
    const items = Array.prototype.slice.call(menu.querySelectorAll("button"));
    const i = items.indexOf(document.activeElement);
    if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); close(); }
    else if (event.key === "ArrowDown") { event.preventDefault(); items[(i + 1) % items.length].focus(); }
    else if (event.key === "ArrowUp") { event.preventDefault(); items[(i - 1 + items.length) % items.length].focus(); }
  });
  menu.querySelector("button").focus();
  return { element: menu, close: close };
}

/* A response whose body may be gzip-compressed (a NAME.gz copy the build wrote beside a file): the same
   response with the body inflated as it arrives (DecompressionStream, native), of Content-Type `type`.
   A host that already decoded it (Content-Encoding) gives the plain bytes: they pass as they are (the
   gzip magic number decides). Used by answers.mjs (the page's answers) and engine-worker.mjs (the
   runtime); no DOM here, so the worker may import it. */
export async function gunzipped(response, type) {
  if (!response.body) return response;
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.done ? new Uint8Array(0) : first.value;
  let body = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) body = body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { status: 200, headers: { "Content-Type": type } });
}

const WORDS = {
  idle: "",
  loading: "Fetching the rules engine (once per visit)…",
  ready: "The rules engine is ready.",
};

/* What the engine is doing while a reader waits for its first answer, in a reader's words, from its
   status (engine.mjs onStatus: the megabytes received while the runtime downloads, then "almost
   ready" while it starts): "" once it is ready or failed (the caller says what comes next). The
   download is about 7 MB: seconds on a fast line, a minute or more on a slow phone. */
export function startingWords(s) {
  if (!s || s.phase === "ready" || s.phase === "error") return "";
  if (s.phase === "loading" && s.message === "almost ready") {
    return "Starting the rules engine on this device: almost ready…";
  }
  if (s.phase === "loading" && /MB$/.test(s.message || "")) {
    return "Fetching the rules engine (once per visit): " + s.message + "…";
  }
  return "Fetching the rules engine (once per visit; about 7 MB, which can take a minute on a slow connection)…";
}

/* The status line of one widget. busy(true) shows "Working…" and, after a second, a Stop button
   (it restarts the engine's worker: for a computation that does not end). */
export function statusView(element, engine) {
  element.innerHTML =
    '<span class="engine-status-text" role="status"></span> ' +
    '<span class="engine-status-progress" aria-hidden="true"></span> ' +
    '<button type="button" class="md-button engine-stop" hidden>Stop</button>' +
    '<button type="button" class="md-button engine-retry" hidden>Try again</button>';
  const text = element.querySelector(".engine-status-text");
  const progress = element.querySelector(".engine-status-progress");
  const stop = element.querySelector(".engine-stop");
  const retry = element.querySelector(".engine-retry");
  let phase = null;
  let busyTimer = null;
  let problem = null;
  let used = false;   // the reader has asked this widget something (busy, or a problem reported)

  stop.addEventListener("click", function () {
    stop.hidden = true;
    engine.stop();
  });
  retry.addEventListener("click", function () {
    engine.stop();   // a fresh worker: Python is started again
  });

  function show(s) {
    // offline without the runtime: said by the widget the reader used, not by every widget of the page
    // (five lines in each status line above it pushed the page and left that one half under the header)
    if (s.phase === "error" && s.offline && !used) {
      retry.hidden = true;
      element.setAttribute("data-phase", "idle");
      text.textContent = "";
      progress.textContent = "";
      phase = null;
      return;
    }
    retry.hidden = s.phase !== "error";
    element.setAttribute("data-phase", problem ? "error" : s.phase);
    if (problem) return;
    if (s.phase !== phase) {
      phase = s.phase;
      // idle: nothing to say (the answers in the page need no engine; "starts when you use it" stayed on
      // screen after the reader had used it, the reviewer's R5); fetching, ready and errors are said
      text.textContent = s.phase === "error" ? s.message : s.phase === "idle" ? "" : WORDS[s.phase] || s.message;
    }
    progress.textContent = s.phase === "loading" && s.message ? "(" + s.message + ")" : "";
  }

  const unsubscribe = engine.onStatus(show);
  return {
    busy: function (on) {
      clearTimeout(busyTimer);
      if (on) {
        used = true;
        busyTimer = setTimeout(function () {
          if (engine.status().phase !== "ready") return;
          element.setAttribute("data-phase", "busy");
          text.textContent = "Working…";
          stop.hidden = false;
        }, 1000);
      } else {
        stop.hidden = true;
        if (element.getAttribute("data-phase") === "busy") {
          phase = null;
          show(engine.status());
        }
      }
    },
    problem: function (error) {
      clearTimeout(busyTimer);
      stop.hidden = true;
      problem = error;
      element.setAttribute("data-phase", "error");
      text.textContent = error && error.message ? error.message : String(error);
      problem = null;
      phase = "problem";
      // what the reader's press led to, whole on the screen: below the sticky header (scroll-margin-top,
      // engine.css), not past the screen's foot
      if (used) {
        const r = element.getBoundingClientRect();
        const header = document.querySelector(".md-header");
        const top = header ? header.getBoundingClientRect().bottom : 0;
        if (r.top < top || r.bottom > window.innerHeight) element.scrollIntoView({ block: "nearest" });
      }
      used = true;
    },
    dispose: function () {
      clearTimeout(busyTimer);
      unsubscribe();
    },
  };
}

export const START_BUTTON = '<button type="button" class="md-button md-button--primary sandbox-start">Try it in the sandbox</button>';

/* The shell the sandboxes share (the play, the dealing, the tables): one line saying what the sandbox
   offers (`intro`, until it is started: then the sandbox's own line says what to do next), the start
   button(s), the status line, the area the widget draws into, a live region, and `run(promise, onView)`
   which marks the widget busy while the engine answers and reports a failure on the status line. Once
   started, "Try it in the sandbox" is no longer the primary action: the sandbox's own next step is. */
export function sandboxShell(root, engine, kind, buttonsHtml, intro) {
  const box = document.createElement("div");
  box.className = "sandbox" + (kind ? " " + kind : "");
  box.innerHTML =
    (intro ? '<p class="sandbox-intro">' + escapeHtml(intro) + "</p>" : "") +
    "<p>" + buttonsHtml + "</p>" +
    '<div class="engine-status sandbox-status"></div>' +
    '<div class="sandbox-table" hidden></div>' +
    '<div class="sandbox-live" role="status" aria-live="polite"></div>';
  root.appendChild(box);
  const status = statusView(box.querySelector(".sandbox-status"), engine);
  let busy = false;
  return {
    box: box,
    table: box.querySelector(".sandbox-table"),
    live: box.querySelector(".sandbox-live"),
    isBusy: function () { return busy; },
    run: function (promise, onView) {
      const intro = box.querySelector(".sandbox-intro");
      if (intro) intro.hidden = true;
      const start = box.querySelector(".sandbox-start");
      if (start) start.classList.remove("md-button--primary");
      busy = true;
      status.busy(true);
      // an answer that is not in the page waits for the engine (fetched once per visit): said where the
      // reader is looking, on the sandbox's own line, not only on the status line above (reviewer R13)
      const cue = box.querySelector(".sandbox-cue");
      const said = cue ? cue.textContent : "";
      const waiting = setTimeout(function () {
        if (!cue || !cue.isConnected) return;
        cue.textContent = engine.status().phase === "ready" ? "Working…"
          : "Fetching the rules engine for this (once per visit): a moment…";
      }, 400);
      return promise.then(function (v) {
        clearTimeout(waiting);
        busy = false;
        status.busy(false);
        onView(v);
      }).catch(function (error) {
        clearTimeout(waiting);
        if (cue && cue.isConnected) cue.textContent = said;
        busy = false;
        status.busy(false);
        status.problem(error);
      });
    },
    dispose: function () { status.dispose(); },
  };
}
