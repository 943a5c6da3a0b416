/* The engine's Web Worker: Python (Pyodide) running euchre_core, shared by every widget of the page;
   a second one, of role "console", runs the console's snippets (the reader's code) with a Python of its own.

   Started by engine.mjs (new Worker(..., {type: "module"}); the console's from a blob: URL that imports
   this file, so that the page's Content-Security-Policy is its own too). Every URL is computed from this
   script's own URL, so the site works under any sub-path and asks nothing of any other host:
   the runtime and the engine's wheel are in ../pyodide/ (build_scripts/pyodide_runtime.py puts
   them there at build time; the wheel is fetched with an integrity check from the lock file).

   The first message, on the worker itself: {type: "connect", role: "widgets" | "console", port}; from then
   on everything goes through that MessagePort, and the worker's own onmessage takes nothing more (what a
   snippet posts with js.postMessage reaches the page's Worker object, which nobody listens to).
   Messages in (on the port):  {type: "call", id, name, kwargs}   name: "euchre_core.<module>.<function>";
                 the widgets' worker refuses the console's run_snippet, the console's worker every other name
   Messages out (on the port): {type: "status", phase: "loading" | "ready" | "error", message, ...}
                 {type: "boot"}                      once per loadPyodide call (for the tests)
                 {type: "result", id, json}          the JSON of euchre_core.app.web.call(); the console's
                                                     also {refused: [URL], memory: bytes of its Python}
                 {type: "result", id, error}         when Python itself is not available          */

import { gunzipped } from "./engine-ui.mjs";

const RUNTIME = new URL("../pyodide/", import.meta.url);
let web = null;          // the euchre_core.app.web module (a PyProxy) once Python is up
let pyodideRuntime = null;   // the runtime itself (the console's worker reads its memory's size)
let role = null;         // "widgets" or "console", from the connect message
let port = null;         // the page's MessagePort; messages wait in `outbox` until it arrives
const outbox = [];
let refused = [];        // the console's: URLs the page's policy refused during the snippet now running
const SNIPPET = "euchre_core.app.web.run_snippet";
let connectedNow;
const connected = new Promise(function (resolve) { connectedNow = resolve; });   // the role is known

function send(message) {
  if (port) port.postMessage(message);
  else outbox.push(message);
}
let failure = null;      // why Python could not start (a sentence for the reader)
let bootDone;
const booted = new Promise(function (resolve) { bootDone = resolve; });   // settles on success or failure

/* A runtime file that cannot be fetched (blocked, offline) may make Pyodide fail outside the promise
   of loadPyodide, which then never settles: such an error ends the start, with its reason. */
function bootProblem(event) {
  if (web) return;
  if (event.preventDefault) event.preventDefault();   // reported to the reader, not to the console
  fail("Python could not start (" + shortMessage(event.reason || event.error || event.message) + ")");
}
self.addEventListener("unhandledrejection", bootProblem);
self.addEventListener("error", bootProblem);

function status(phase, message, extra) {
  if (failure && phase !== "error") return;   // after a failure, no more progress
  send(Object.assign({ type: "status", phase: phase, message: message }, extra || {}));
}

/* Count the bytes of the runtime as they arrive, so the widgets can show honest progress. */
let received = 0;
let expected = 0;
const plainFetch = self.fetch.bind(self);
function fileName(input) {
  const url = String((input && input.url) || input);
  return url.split("?")[0].split("/").pop();
}
/* Pyodide only warns when the wasm file cannot be fetched, and then waits for ever: a runtime file
   that cannot be downloaded ends the start at once, naming the file. */
function countingFetch(input, init) {
  const url = String((input && input.url) || input);
  if (GZIPPED.some(function (name) { return fileName(url) === name; })) return gzippedFetch(url, init);
  const early = prefetched.get(url.split("?")[0]);
  if (early) {
    prefetched.delete(url.split("?")[0]);
    return early;
  }
  return countingFetchPlain(input, init);
}
function countingFetchPlain(input, init, optional) {
  return plainFetch(input, init).then(function (response) {
    if (!response.ok) {
      if (optional) return response;
      fail("Python could not start: " + fileName(input) + " could not be downloaded (HTTP " + response.status + ")");
      return response;
    }
    const length = Number(response.headers.get("content-length")) || 0;
    if (!response.body || response.headers.get("content-encoding")) return response;
    expected += length;
    const counter = new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        report();
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }, function (error) {
    // an optional file (a compressed copy) that cannot be fetched is not a failure: the caller falls back
    if (!optional) fail("Python could not start: " + fileName(input) + " could not be downloaded (" + shortMessage(error) + ")");
    throw error;
  });
}
/* The runtime's big files are also in the site gzip-compressed (build_scripts/pyodide_runtime.py,
   gzipped_copy): NAME.gz is fetched and inflated here as it arrives (DecompressionStream, native), so a
   host that does not compress sends 3.5 MB instead of 9.6 MB for the wasm. A host that decodes the .gz
   for us (Content-Encoding) gives the plain bytes: they are passed on as they are (the gzip magic number
   decides). Without DecompressionStream, or when NAME.gz is missing, the plain file is fetched. */
const GZIPPED = ["pyodide.asm.wasm"];
const TYPES = { wasm: "application/wasm", mjs: "text/javascript" };
function gzippedFetch(url, init) {
  const plain = function () { return countingFetchPlain(url, init); };
  if (typeof DecompressionStream !== "function") return plain();
  const type = TYPES[url.split("?")[0].split(".").pop()] || "application/octet-stream";
  // the integrity of the plain file cannot be checked on the compressed one: it is not asked for these
  const options = Object.assign({}, init || {});
  delete options.integrity;
  return countingFetchPlain(url.split("?")[0] + ".gz", options, true).then(function (response) {
    return response.ok ? gunzipped(response, type) : plain();
  }, plain);
}
let lastReport = 0;
function report() {
  const now = performance.now();
  if (now - lastReport < 150) return;
  lastReport = now;
  const mb = (n) => (n / 1048576).toFixed(1);
  status("loading", mb(received) + (expected ? " of " + mb(expected) : "") + " MB", {
    received: received,
    expected: expected,
  });
}

/* What the start needs is asked for at once, in parallel: the lock file (then the engine's wheel, whose
   name and sha256 it gives: prefetched and checked here, while the runtime downloads, instead of after
   Python has started), the runtime's JavaScript (pyodide.asm.mjs, from its .gz copy when it can) and
   pyodide.mjs; Pyodide fetches the wasm and the standard library as soon as it is called. */
const prefetched = new Map();   // URL → Promise of a Response, taken once by countingFetch
function lockAndWheel() {
  return countingFetchPlain(new URL("pyodide-lock.json", RUNTIME).href).then(function (response) {
    if (!response.ok) throw new Error("pyodide-lock.json could not be downloaded (HTTP " + response.status + ")");
    return response.text();
  }).then(function (text) {
    try {
      const entry = JSON.parse(text).packages["euchre-core"];
      if (entry && entry.file_name && /^[0-9a-f]{64}$/.test(entry.sha256) && self.crypto && crypto.subtle) {
        const url = new URL(entry.file_name, RUNTIME).href;
        prefetched.set(url, countingFetchPlain(url).then(function (response) {
          if (!response.ok) return response;
          return response.arrayBuffer().then(function (bytes) {
            return crypto.subtle.digest("SHA-256", bytes).then(function (digest) {
              const hex = Array.from(new Uint8Array(digest), function (b) { return b.toString(16).padStart(2, "0"); }).join("");
              if (hex !== entry.sha256) throw new Error(entry.file_name + " does not match its sha256 in pyodide-lock.json");
              return new Response(bytes, { status: 200, headers: response.headers });
            });
          });
        }));
      }
    } catch {
      // a lock file that cannot be read here is left to Pyodide, which says what is wrong with it
    }
    return text;
  });
}
function runtimeScript() {
  const plain = function () {
    return import(new URL("pyodide.asm.mjs", RUNTIME).href).then(function (m) { return m.default; });
  };
  if (typeof DecompressionStream !== "function") return plain();
  return countingFetchPlain(new URL("pyodide.asm.mjs.gz", RUNTIME).href, {}, true).then(function (response) {
    if (!response.ok) return plain();
    return gunzipped(response, "text/javascript").then(function (r) { return r.blob(); }).then(function (blob) {
      const url = URL.createObjectURL(new Blob([blob], { type: "text/javascript" }));
      return import(url).then(function (m) {
        URL.revokeObjectURL(url);
        return m.default;
      });
    });
  }).catch(plain);
}

async function boot() {
  const started = performance.now();
  status("loading", "");
  const lock = lockAndWheel();
  const script = runtimeScript();
  script.catch(function () {});
  lock.catch(function () {});
  let pyodideModule;
  try {
    pyodideModule = await import(new URL("pyodide.mjs", RUNTIME).href);
  } catch {
    return fail("the Python runtime (pyodide.mjs) could not be loaded");
  }
  self.fetch = countingFetch;
  send({ type: "boot" });
  let pyodide;
  try {
    pyodide = await pyodideModule.loadPyodide({
      indexURL: RUNTIME.href,
      lockFileContents: lock,
      packageBaseUrl: RUNTIME.href,
      packages: ["euchre-core"],
      // experimental in Pyodide (documented for service workers): the runtime's JavaScript, loaded above
      // from its compressed copy; a promise, which Pyodide awaits where it would import the file itself
      createPyodideModule: script,
      stdout: function () {},
      stderr: function () {},
    });
  } catch (error) {
    return fail("Python could not start (" + shortMessage(error) + ")");
  } finally {
    self.fetch = plainFetch;
  }
  pyodideRuntime = pyodide;
  status("loading", "almost ready");
  const loaded = performance.now();
  try {
    restOfTheStdlib(pyodide);
  } catch (error) {
    return fail("the standard library could not be set up (" + shortMessage(error) + ")");
  }
  try {
    web = pyodide.pyimport("euchre_core.app.web");
  } catch (error) {
    return fail("the engine could not be loaded (" + shortMessage(error) + ")");
  }
  if (failure) return;
  await connected;
  try {
    if (role === "console") guardTheConsole(pyodide);
  } catch (error) {
    return fail("the console could not be set up (" + shortMessage(error) + ")");
  }
  const imported = performance.now();
  status("ready", "ready", { ms: Math.round(imported - started), importMs: Math.round(imported - loaded) });
}

/* A pre-compiled runtime (build_scripts/pyodide_compile.mjs) ships only the standard library modules
   the engine uses; the first import of any other (in the console) fetches the rest, synchronously
   (a worker may), before Python looks for it: _euchre_stdlib_rest knows their names. */
function restOfTheStdlib(pyodide) {
  if (!pyodide.runPython("import importlib.util\nimportlib.util.find_spec('_euchre_stdlib_rest') is not None")) return;
  pyodide.registerJsModule("_euchre_stdlib_fetch", {
    load: function () {
      const request = new XMLHttpRequest();
      request.open("GET", new URL("python_stdlib_rest.zip", RUNTIME).href, false);
      request.responseType = "arraybuffer";
      request.send(null);
      if (request.status !== 200) throw new Error("python_stdlib_rest.zip could not be downloaded (HTTP " + request.status + ")");
      pyodide.FS.writeFile("/lib/python_stdlib_rest.zip", new Uint8Array(request.response));
    },
  });
  pyodide.runPython("import _euchre_stdlib_rest, _euchre_stdlib_fetch\n_euchre_stdlib_rest.install(_euchre_stdlib_fetch.load)");
}

function fail(message) {
  if (failure) return;
  failure = message;
  status("error", message);
  bootDone();
}

function shortMessage(error) {
  const text = String((error && error.message) || error || "unknown error");
  const lines = text.trim().split("\n").filter(Boolean);
  // a Python error: its last line ("TypeError: ..."), never the stack
  const last = lines.length ? lines[lines.length - 1] : text;
  return last.length > 200 ? last.slice(0, 200) + "…" : last;
}

/* The console's worker: a connection to another host is refused by the page's policy (inherited through
   the blob: URL) and reported here as a securitypolicyviolation event; Python's own sockets (urllib,
   http.client) never reach the browser's network, so an audit hook (which a snippet cannot remove) refuses
   them with the same sentence. Both are recorded, and the console says so in plain words. */
const REFUSED = "This page allows no connection to other hosts (Content-Security-Policy)";
self.addEventListener("securitypolicyviolation", function (event) {
  if (role !== "console" || !event.blockedURI) return;
  try {
    const url = new URL(event.blockedURI);
    if (url.origin !== RUNTIME.origin && refused.length < 20) refused.push(url.href);
  } catch {
    // "eval", "inline", "wasm-eval": not a host; the snippet's own error says what was refused
  }
});
function guardTheConsole(pyodide) {
  pyodide.registerJsModule("_euchre_console", {
    host: new URL(RUNTIME).hostname,
    refused: function (url) {
      if (refused.length < 20) refused.push(String(url));
    },
    message: REFUSED,
  });
  pyodide.runPython([
    // no urllib.parse here: the engine's own modules never need the rest of the standard library
    "import sys, _euchre_console",
    "def _euchre_network_guard(event, args, _c=_euchre_console, _str=str, _e=PermissionError):",
    "    if event == 'urllib.Request':",
    "        url = _str(args[0])",
    "        where = url.partition('://')[2].partition('/')[0].rpartition('@')[2]",
    "        host = where.rpartition(']')[0].lstrip('[') if where.startswith('[') else where.partition(':')[0]",
    "    elif event in ('socket.connect', 'socket.getaddrinfo'):",
    "        where = args[1] if event == 'socket.connect' else args",
    "        host = _str(where[0]) if isinstance(where, tuple) and where else ''",
    "        url = host",
    "    else:",
    "        return",
    "    if host and host != _c.host:",
    "        _c.refused(url)",
    "        raise _e(_c.message + ': ' + url)",
    "sys.addaudithook(_euchre_network_guard)",
    "del _euchre_network_guard",
  ].join("\n"));
}
function memoryBytes() {
  try {
    return pyodideRuntime._module.HEAPU8.byteLength;
  } catch {
    return 0;
  }
}

async function onCall(event) {
  const message = event.data || {};
  if (message.type !== "call") return;
  const id = message.id;
  const name = String(message.name || "");
  if (!/^euchre_core\.[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/.test(name)) {
    send({ type: "result", id: id, error: { message: "only euchre_core's public functions can be called", type: "InputError", laws: [], field: "name" } });
    return;
  }
  if ((name === SNIPPET) !== (role === "console")) {
    const why = role === "console" ? "the console's engine runs snippets only" : "snippets run in the console's own engine";
    send({ type: "result", id: id, error: { message: why, type: "InputError", laws: [], field: "name" } });
    return;
  }
  await booted;
  if (!web) {
    send({ type: "result", id: id, error: { message: failure || "Python is not running", type: "EngineUnavailable", laws: [], field: null } });
    return;
  }
  refused = [];
  let json;
  try {
    json = web.call(name, JSON.stringify(message.kwargs || {}));
  } catch (error) {
    send({ type: "result", id: id, error: { message: "the engine failed: " + shortMessage(error), type: "EngineFailure", laws: [], field: null } });
    return;
  }
  if (role !== "console") {
    send({ type: "result", id: id, json: json });
    return;
  }
  // a refused request is reported by an event queued after the refusal: let it arrive
  await new Promise(function (resolve) { setTimeout(resolve, 30); });
  send({ type: "result", id: id, json: json, refused: refused.slice(), memory: memoryBytes() });
}

/* The page's port, once: from then on the worker's own onmessage takes nothing. */
self.onmessage = function (event) {
  const message = event.data || {};
  if (port || message.type !== "connect" || !(message.port instanceof MessagePort)) return;
  role = message.role === "console" ? "console" : "widgets";
  port = message.port;
  port.onmessage = onCall;
  self.onmessage = null;
  connectedNow();
  outbox.splice(0).forEach(function (queued) { port.postMessage(queued); });
};

// started last, when every declaration above is initialised
boot().then(bootDone, function (error) {
  fail("Python could not start (" + shortMessage(error) + ")");
});
