/* The engine's Web Worker: Python (Pyodide) running euchre_core, shared by every widget of the page.

   Started by engine.mjs (new Worker(..., {type: "module"})). Every URL is computed from this
   script's own URL, so the site works under any sub-path and asks nothing of any other host:
   the runtime and the engine's wheel are in ../pyodide/ (build_scripts/pyodide_runtime.py puts
   them there at build time; the wheel is fetched with an integrity check from the lock file).

   Messages in:  {type: "call", id, name, kwargs}   name: "euchre_core.<module>.<function>"
   Messages out: {type: "status", phase: "loading" | "ready" | "error", message, ...}
                 {type: "boot"}                      once per loadPyodide call (for the tests)
                 {type: "result", id, json}          the JSON of euchre_core.app.web.call()
                 {type: "result", id, error}         when Python itself is not available          */

const RUNTIME = new URL("../pyodide/", import.meta.url);
let web = null;          // the euchre_core.app.web module (a PyProxy) once Python is up
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
boot().then(bootDone, function (error) {
  fail("Python could not start (" + shortMessage(error) + ")");
});

function status(phase, message, extra) {
  if (failure && phase !== "error") return;   // after a failure, no more progress
  postMessage(Object.assign({ type: "status", phase: phase, message: message }, extra || {}));
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
  return plainFetch(input, init).then(function (response) {
    if (!response.ok) {
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
    fail("Python could not start: " + fileName(input) + " could not be downloaded (" + shortMessage(error) + ")");
    throw error;
  });
}
let lastReport = 0;
function report() {
  const now = performance.now();
  if (now - lastReport < 150) return;
  lastReport = now;
  const mb = (n) => (n / 1048576).toFixed(1);
  status("loading", "Loading Python: " + mb(received) + (expected ? " of " + mb(expected) : "") + " MB", {
    received: received,
    expected: expected,
  });
}

async function boot() {
  const started = performance.now();
  status("loading", "Loading Python…");
  let pyodideModule;
  try {
    pyodideModule = await import(new URL("pyodide.mjs", RUNTIME).href);
  } catch (error) {
    return fail("the Python runtime (pyodide.mjs) could not be loaded");
  }
  self.fetch = countingFetch;
  postMessage({ type: "boot" });
  let pyodide;
  try {
    pyodide = await pyodideModule.loadPyodide({
      indexURL: RUNTIME.href,
      lockFileURL: new URL("pyodide-lock.json", RUNTIME).href,
      packageBaseUrl: RUNTIME.href,
      packages: ["euchre-core"],
      stdout: function () {},
      stderr: function () {},
    });
  } catch (error) {
    return fail("Python could not start (" + shortMessage(error) + ")");
  } finally {
    self.fetch = plainFetch;
  }
  status("loading", "Starting the engine…");
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

self.onmessage = async function (event) {
  const message = event.data || {};
  if (message.type !== "call") return;
  const id = message.id;
  const name = String(message.name || "");
  if (!/^euchre_core\.[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/.test(name)) {
    postMessage({ type: "result", id: id, error: { message: "only euchre_core's public functions can be called", type: "InputError", laws: [], field: "name" } });
    return;
  }
  await booted;
  if (!web) {
    postMessage({ type: "result", id: id, error: { message: failure || "Python is not running", type: "EngineUnavailable", laws: [], field: null } });
    return;
  }
  let json;
  try {
    json = web.call(name, JSON.stringify(message.kwargs || {}));
  } catch (error) {
    postMessage({ type: "result", id: id, error: { message: "the engine failed: " + shortMessage(error), type: "EngineFailure", laws: [], field: null } });
    return;
  }
  postMessage({ type: "result", id: id, json: json });
};
