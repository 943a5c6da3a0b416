/* The console: an editable Python snippet, run in the engine's worker (euchre_core.app.web.run_snippet).

   Mounted by engine.mjs on <div class="engine-console"> holding a code block: the code block stays
   for readers without JavaScript (and for print); with it, the block becomes a text area with Run,
   Reset and, while a snippet runs, Stop (which restarts the engine: for a loop that does not end). */

import { escapeHtml, statusView } from "./engine-ui.mjs";

let counter = 0;

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

  function show(output, error) {
    let html = "";
    if (output) html += '<pre class="ec-output"><code tabindex="0">' + escapeHtml(output) + "</code></pre>";
    if (error) {
      html += '<p class="ec-error"><strong>Error:</strong> ' + escapeHtml(error) + "</p>";
    }
    if (!output && !error) html = '<p class="ec-quiet">(no output)</p>';
    result.innerHTML = html;
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
      show(answer.output, answer.error);
    }, function (error) {
      if (!alive || mine !== running) return;
      status.busy(false);
      run.removeAttribute("aria-disabled");
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
  code.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (run.getAttribute("aria-disabled") !== "true") go();
    }
  });
  box.addEventListener("focusin", function () { engine.ready(); }, { once: true });

  return function dispose() {
    alive = false;
    status.dispose();
  };
}
