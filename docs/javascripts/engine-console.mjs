/* The console: an editable Python snippet, run in the console's own worker (euchre_core.app.web.run_snippet).

   Mounted by engine.mjs on <div class="engine-console"> holding a code block, with the console's engine
   (window.euchreConsole: a Python of its own, apart from the widgets', started when a snippet is first
   run, so that no snippet can change what a widget computes). The code block stays for readers without
   JavaScript (and for print); with it, the block becomes a text area with Run, Reset (the text), Restart
   (a fresh Python: nothing kept from earlier snippets, its memory given back) and, while a snippet runs,
   Stop (for a loop that does not end). A snippet that leaves its Python holding more than MEMORY_LIMIT,
   or that breaks it, has it restarted, and the console says so; a connection to another host, refused by
   the page's Content-Security-Policy, is said in plain words rather than as the browser's error. */

import { escapeHtml, statusView } from "./engine-ui.mjs";

let counter = 0;
const MB = 1048576;
const MEMORY_LIMIT = 256 * MB;   // the heap a snippet may leave behind (Python with the engine holds about 30 MB)
const REFUSED = "This page allows no connection to other hosts (Content-Security-Policy)";
const RESTARTED = "The console's Python was restarted: the next snippet starts afresh, with nothing kept from earlier ones.";

function hostsOf(urls) {
  const hosts = [];
  urls.forEach(function (url) {
    let host = url;
    try {
      host = new URL(url).host || url;
    } catch {
      // a bare host name (Python's sockets)
    }
    if (hosts.indexOf(host) < 0) hosts.push(host);
  });
  return hosts;
}

export function mountConsole(root, engine) {
  const pre = root.querySelector("pre");
  if (!pre) return function () {};
  const original = (pre.querySelector("code") || pre).textContent.replace(/\n$/, "");
  const id = "engine-console-" + ++counter;
  const box = document.createElement("div");
  box.className = "ec";
  box.innerHTML =
    '<label class="ec-label" for="' + id + '">Python (editable; Ctrl+Enter runs it)</label>' +
    '<textarea id="' + id + '" class="ec-code" spellcheck="false" autocapitalize="off" autocomplete="off" wrap="off" rows="' +
    Math.min(Math.max(original.split("\n").length + 1, 4), 24) + '"></textarea>' +
    '<div class="ec-buttons">' +
    '<button type="button" class="md-button md-button--primary ec-run">Run</button> ' +
    '<button type="button" class="md-button ec-reset">Reset</button> ' +
    '<button type="button" class="md-button ec-restart">Restart</button> ' +
    '<span class="engine-status" data-phase="idle"></span></div>' +
    '<div class="ec-result" role="status" aria-live="polite" aria-label="Output"></div>';
  pre.replaceWith(box);
  const code = box.querySelector("textarea");
  const result = box.querySelector(".ec-result");
  const run = box.querySelector(".ec-run");
  code.value = original;
  const status = statusView(box.querySelector(".engine-status"), engine);
  let running = 0;
  let alive = true;

  function show(output, error, note) {
    let html = "";
    if (output) html += '<pre class="ec-output"><code tabindex="0">' + escapeHtml(output) + "</code></pre>";
    if (error) {
      html += '<p class="ec-error"><strong>Error:</strong> ' + escapeHtml(error) + "</p>";
    }
    if (note) html += '<p class="ec-note">' + escapeHtml(note) + "</p>";
    if (!output && !error && !note) html = '<p class="ec-quiet">(no output)</p>';
    result.innerHTML = html;
  }

  function answered(answer) {
    const refused = answer.refused || [];
    let error = answer.error;
    if (refused.length) {
      // the browser's words ("TypeError: Failed to fetch", "NetworkError") say nothing of why
      error = REFUSED + ": " + hostsOf(refused).join(", ") + " was refused.";
    }
    let note = "";
    if (answer.memory > MEMORY_LIMIT) {
      engine.reset();   // a wasm memory never shrinks: only a fresh worker gives it back
      note = "The snippet left the console's Python holding " + Math.round(answer.memory / MB) + " MB. " + RESTARTED;
    }
    show(answer.output, error, note);
  }

  function go() {
    const mine = ++running;
    run.setAttribute("aria-disabled", "true");
    result.innerHTML = '<p class="ec-quiet">Running…</p>';
    status.busy(true);
    engine.call("euchre_core.app.web.run_snippet", { code: code.value }).then(function (answer) {
      if (!alive || mine !== running) return;
      status.busy(false);
      run.removeAttribute("aria-disabled");
      answered(answer);
    }, function (error) {
      if (!alive || mine !== running) return;
      status.busy(false);
      run.removeAttribute("aria-disabled");
      if (error.type === "EngineFailure") {
        // Python itself broke (out of memory, a fatal error): a fresh one for the next snippet
        engine.reset();
        show("", error.message, RESTARTED);
        return;
      }
      show("", error.message);
    });
  }

  run.addEventListener("click", function () {
    if (run.getAttribute("aria-disabled") !== "true") go();
  });
  box.querySelector(".ec-reset").addEventListener("click", function () {
    code.value = original;
    result.innerHTML = "";
    code.focus();
  });
  box.querySelector(".ec-restart").addEventListener("click", function () {
    running += 1;   // a snippet still running is abandoned with its worker
    status.busy(false);
    run.removeAttribute("aria-disabled");
    engine.reset();
    show("", "", RESTARTED);
  });
  code.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (run.getAttribute("aria-disabled") !== "true") go();
    }
  });
  // the console's own Python starts when the reader first edits or runs a snippet (not on arrival)
  code.addEventListener("input", function () { engine.ready(); }, { once: true });

  return function dispose() {
    alive = false;
    status.dispose();
  };
}
