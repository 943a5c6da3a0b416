/* The offline book, in the page: registers the service worker that build_scripts/offline.mjs writes
   with Workbox (a built site only: under `mkdocs serve` the page's switch is off and any worker left
   at this address is removed), and says what is kept:

   - the indicator at the foot of every page ([data-offline-indicator]): "Saving the book for
     offline use…", then "The book is ready offline";
   - "Make the live examples available offline" (the indicator, and [data-offline-runtime] on the
     engine page): fetches the Python runtime ahead (about 9 MB), which the worker keeps in this
     build's runtime cache; without it the runtime is kept the first time Python starts;
   - "A newer edition is ready — reload": a new build's worker waits (it never serves its pages
     beside the old build's); the reader's reload lets it take over, then the page reloads.

   Nothing here decides anything about the book: it only reports what the browser has kept. */

const meta = document.querySelector('meta[name="euchre-offline"]');
const supported = "serviceWorker" in navigator && "caches" in window;
let registration = null;
let state = "none";             // none | saving | ready | unsupported | failed
let runtime = "unknown";        // unknown | missing | saving | saved
let runtimeProgress = "";
let reloading = false;
let lastUpdateCheck = 0;

function siteRoot() {
  try {
    return new URL(JSON.parse(document.getElementById("__config").textContent).base + "/", location.href);
  } catch {
    return new URL("../", import.meta.url);
  }
}

const RUNTIME_FILES = [
  "pyodide-lock.json",
  "pyodide.mjs",
  "pyodide.asm.mjs.gz",
  "pyodide.asm.wasm.gz",
  "python_stdlib.zip",
  "python_stdlib_rest.zip",
];

/* The runtime's URLs: the fixed files and the engine's wheel, named in the lock file. */
async function runtimeUrls(fromCacheOnly) {
  const base = new URL("pyodide/", siteRoot());
  const urls = RUNTIME_FILES.map(function (name) { return new URL(name, base).href; });
  const lockUrl = urls[0];
  const response = fromCacheOnly ? await caches.match(lockUrl) : await fetch(lockUrl);
  if (!response || !response.ok) return null;
  const lock = await response.json();
  Object.values(lock.packages || {}).forEach(function (entry) {
    if (entry.file_name) urls.push(new URL(entry.file_name, base).href);
  });
  return urls;
}

async function checkRuntime() {
  if (!supported) return;
  try {
    const urls = await runtimeUrls(true);
    if (!urls) {
      runtime = "missing";
    } else {
      const hits = await Promise.all(urls.map(function (url) { return caches.match(url); }));
      runtime = hits.every(Boolean) ? "saved" : "missing";
    }
  } catch {
    runtime = "missing";
  }
  render();
}

/* Fetch every runtime file through the service worker (which keeps it), reading each body to the end. */
async function saveRuntime() {
  if (runtime === "saving") return;
  runtime = "saving";
  runtimeProgress = "";
  render();
  try {
    if (!navigator.serviceWorker.controller) throw new Error("the book is not saved yet");
    const urls = await runtimeUrls(false);
    if (!urls) throw new Error("the runtime's list could not be fetched");
    let received = 0;
    for (const url of urls) {
      const response = await fetch(url);
      if (!response.ok) throw new Error("HTTP " + response.status + " for " + url.split("/").pop());
      const reader = response.body.getReader();
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        received += chunk.value.byteLength;
        const text = (received / 1e6).toFixed(1) + " MB";
        if (text !== runtimeProgress) {
          runtimeProgress = text;
          render();
        }
      }
    }
    await checkRuntime();
  } catch (error) {
    runtime = "missing";
    runtimeProgress = "";
    render();
    say("The live examples could not be saved: " + (navigator.onLine === false ? "you are offline." : error.message));
  }
}

function say(text) {
  document.querySelectorAll("[data-offline-indicator] .euchre-offline__note").forEach(function (note) {
    note.textContent = text;
  });
}

function runtimeButton(inFooter) {
  const button = document.createElement("button");
  button.type = "button";
  // in the footer, not Material's .md-button (the site's red button text is for the page's white)
  button.className = inFooter ? "euchre-offline__save" : "md-button euchre-offline__save";
  button.textContent = "Make the live examples available offline";
  button.title = "Fetch the Python runtime now (about 9 MB), so that the live examples work without a network";
  button.addEventListener("click", saveRuntime);
  return button;
}

function renderInto(root, withBookState) {
  const parts = [];
  if (withBookState) {
    const text = {
      none: "",
      saving: "Saving the book for offline use…",
      ready: "✓ The book is ready offline.",
      unsupported: "This browser cannot keep the book for offline use.",
      failed: "The book could not be saved for offline use.",
    }[state];
    if (text) parts.push(text);
  }
  const key = state + "|" + runtime + "|" + runtimeProgress + "|" + withBookState;
  if (root.getAttribute("data-offline-state") === key) return;
  root.setAttribute("data-offline-state", key);
  root.setAttribute("data-book", state);
  root.setAttribute("data-runtime", runtime);
  root.textContent = "";
  const line = document.createElement("span");
  line.className = "euchre-offline__state";
  line.textContent = parts.join(" ");
  root.appendChild(line);
  if (state === "ready") {
    if (runtime === "saved") {
      const saved = document.createElement("span");
      saved.className = "euchre-offline__runtime";
      saved.textContent = (parts.length ? " " : "") + "The live examples are saved too.";
      root.appendChild(saved);
    } else if (runtime === "saving") {
      const saving = document.createElement("span");
      saving.className = "euchre-offline__runtime";
      saving.textContent = (parts.length ? " " : "") + "Saving the live examples… " + runtimeProgress;
      root.appendChild(saving);
    } else if (runtime === "missing") {
      root.appendChild(document.createTextNode(" "));
      root.appendChild(runtimeButton(withBookState));
    }
  } else if (!withBookState && state !== "unsupported") {
    const wait = document.createElement("span");
    wait.textContent = "The live examples can be saved for offline use once the book is saved.";
    root.appendChild(wait);
  }
  const note = document.createElement("span");
  note.className = "euchre-offline__note";
  root.appendChild(note);
}

function render() {
  document.querySelectorAll("[data-offline-indicator]").forEach(function (root) { renderInto(root, true); });
  document.querySelectorAll("[data-offline-runtime]").forEach(function (root) { renderInto(root, false); });
}

/* "A newer edition is ready — reload": shown while a new build's worker waits. */
function showUpdate(waiting) {
  if (document.querySelector(".euchre-update")) return;
  const notice = document.createElement("div");
  notice.className = "euchre-update";
  notice.setAttribute("role", "alert");
  const text = document.createElement("span");
  text.textContent = "A newer edition is ready — ";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "euchre-update__reload";
  button.textContent = "reload";
  button.addEventListener("click", function () {
    reloading = true;
    button.disabled = true;
    waiting.postMessage({ type: "SKIP_WAITING" });
  });
  notice.appendChild(text);
  notice.appendChild(button);
  document.body.appendChild(notice);
}

function watch(reg) {
  registration = reg;
  const follow = function (worker) {
    if (!worker) return;
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(worker);
      if (worker.state === "activated" || worker.state === "redundant") update();
    });
  };
  if (reg.waiting && navigator.serviceWorker.controller) showUpdate(reg.waiting);
  follow(reg.installing);
  reg.addEventListener("updatefound", function () {
    follow(reg.installing);
    update();
  });
  update();
}

function update() {
  if (!registration) return;
  if (registration.active) {
    if (state !== "ready") {
      state = "ready";
      checkRuntime();
    }
  } else {
    state = registration.installing || registration.waiting ? "saving" : "failed";
  }
  render();
}

async function start() {
  if (!meta) return;
  if (!supported) {
    state = meta.content === "on" ? "unsupported" : "none";
    render();
    return;
  }
  if (meta.content !== "on") {
    // mkdocs serve (or a build without the offline copy): no worker may answer for this site
    const regs = await navigator.serviceWorker.getRegistrations();
    regs.forEach(function (reg) {
      if (reg.scope.indexOf(siteRoot().href) === 0) reg.unregister();
    });
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (reloading) location.reload();
    else update();
  });
  state = "saving";
  render();
  // after the page's own load: the book's download does not compete with the first page
  if (document.readyState !== "complete") {
    await new Promise(function (resolve) { window.addEventListener("load", resolve, { once: true }); });
  }
  try {
    const url = new URL(meta.getAttribute("data-sw"), location.href);
    const reg = await navigator.serviceWorker.register(url.href, { scope: siteRoot().href, updateViaCache: "none" });
    watch(reg);
    lastUpdateCheck = Date.now();
  } catch (error) {
    state = "failed";
    render();
    console.warn("the offline copy could not be registered: " + error.message);
  }
}

/* Each page Material announces (instant navigation too): draw the indicators of the new page; at
   most every ten minutes, ask whether a newer edition was published. */
function onPage() {
  render();
  if (registration && Date.now() - lastUpdateCheck > 600000 && navigator.onLine !== false) {
    lastUpdateCheck = Date.now();
    registration.update().catch(function () {});
  }
}

window.euchreOffline = {
  state: function () { return { book: state, runtime: runtime }; },
  saveRuntime: saveRuntime,
};

start();
window.euchrePage.onPage(onPage);  /* each page, also after instant navigation (theme.js) */
