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

const WORDS = {
  idle: "The book’s answers are in the page; Python starts only when you leave the book.",
  loading: "Loading Python…",
  ready: "Engine ready.",
};

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

  stop.addEventListener("click", function () {
    stop.hidden = true;
    engine.stop();
  });
  retry.addEventListener("click", function () {
    engine.stop();   // a fresh worker: Python is started again
  });

  function show(s) {
    retry.hidden = s.phase !== "error";
    element.setAttribute("data-phase", problem ? "error" : s.phase);
    if (problem) return;
    if (s.phase !== phase) {
      phase = s.phase;
      text.textContent = s.phase === "error" ? s.message : WORDS[s.phase] || s.message;
    }
    progress.textContent = s.phase === "loading" && s.message !== WORDS.loading ? s.message : "";
  }

  const unsubscribe = engine.onStatus(show);
  return {
    busy: function (on) {
      clearTimeout(busyTimer);
      if (on) {
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
    },
    dispose: function () {
      clearTimeout(busyTimer);
      unsubscribe();
    },
  };
}

export const START_BUTTON = '<button type="button" class="md-button sandbox-start">Try it in the sandbox</button>';

/* The shell the sandboxes share (the play, the dealing, the tables): the start button(s), the
   status line, the area the widget draws into, a live region, and `run(promise, onView)` which
   marks the widget busy while the engine answers and reports a failure on the status line. */
export function sandboxShell(root, engine, kind, buttonsHtml) {
  const box = document.createElement("div");
  box.className = "sandbox" + (kind ? " " + kind : "");
  box.innerHTML =
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
      busy = true;
      status.busy(true);
      return promise.then(function (v) {
        busy = false;
        status.busy(false);
        onView(v);
      }).catch(function (error) {
        busy = false;
        status.busy(false);
        status.problem(error);
      });
    },
    dispose: function () { status.dispose(); },
  };
}
