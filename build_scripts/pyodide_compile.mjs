/* The browser's Python, pre-compiled by the Python that runs it: Pyodide under Node, at build time.

   node build_scripts/pyodide_compile.mjs PYODIDE_DIR WHEEL OUT_DIR

   Boots Pyodide (node_modules/pyodide: the exact CPython of the wasm), installs the engine's wheel,
   imports every module of euchre_core and asks it a few questions of each kind (so that the modules
   it imports lazily are loaded too), then writes to OUT_DIR:

   * python_stdlib.zip       the standard library modules the runtime and the engine imported (module
                             by module), as .pyc only (unchecked-hash pycs written by py_compile, the
                             public API: nothing is compiled in the reader's browser);
   * python_stdlib_rest.zip  the rest of the standard library, also pre-compiled, loaded on demand
                             (the first import of one of its modules: the console), with the module
                             _euchre_stdlib_rest in the first zip that knows its names;
   * engine_pyc.zip          euchre_core/.../__pycache__/NAME.cpython-3XX.pyc for the engine's wheel;
   * manifest.json           the Python version, the magic number, the modules of each part, timings.

   Called by build_scripts/pyodide_runtime.py (which caches the result by the hash of its inputs). */

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, outDir] = process.argv.slice(2).map((p) => resolve(p));
if (!outDir) {
  console.error("usage: node pyodide_compile.mjs PYODIDE_DIR WHEEL OUT_DIR");
  process.exit(2);
}
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: (s) => console.error(s) });
const booted = performance.now();
pyodide.FS.mkdirTree("/tmp/in");
pyodide.FS.mkdirTree("/tmp/out");
pyodide.FS.writeFile("/tmp/in/python_stdlib.zip", readFileSync(join(pyodideDir, "python_stdlib.zip")));
pyodide.FS.writeFile("/tmp/in/engine.whl", readFileSync(wheelPath));
// installed the way the browser installs it (Pyodide's package loader: its imports are needed too)
await pyodide.loadPackage(wheelPath, { messageCallback: () => {}, errorCallback: (s) => console.error(s) });

// biome-ignore lint/complexity/noUselessStringRaw: raw, so that a backslash in the Python program reaches Python as written
const PROGRAM = String.raw`
import importlib, importlib.util, json, os, pkgutil, site, sys, zipfile

# the modules the runtime itself loaded while booting and installing the wheel
booted = set(sys.modules)

import euchre_core
for m in pkgutil.walk_packages(euchre_core.__path__, "euchre_core."):
    if not m.name.endswith(("__main__", ".cli")):   # the command line is not the browser's
        importlib.import_module(m.name)
from euchre_core.app import lessons, sandbox, web

# one question of each kind the site asks (their lazy imports come in too)
for name, kwargs in [
    ("euchre_core.app.web.case_step", {"case_id": "I", "step": 3}),
    ("euchre_core.app.web.what_if", {"case_id": "I", "step": 3, "card": "JC"}),
    ("euchre_core.app.web.what_if", {"case_id": "I", "step": 1, "card": "QS"}),
    ("euchre_core.app.web.run_snippet", {"code": "1 + 1"}),
    ("euchre_core.app.sandbox.start", {"law": 52}),
    ("euchre_core.app.sandbox.custom", {"seed": 1}),
    ("euchre_core.app.sandbox.dealing_start", {"law": 44}),
    ("euchre_core.app.sandbox.table_start", {"law": 16}),
    ("euchre_core.app.lessons.table_new", {"seed": 1}),
    ("euchre_core.formats.cases.list_cases", {}),
]:
    json.loads(web.call(name, kwargs))

stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))
# the stdlib's files that Python read: the modules (and packages) imported so far
used = set()
for module in list(sys.modules.values()):
    f = getattr(module, "__file__", None) or ""
    if f.startswith(stdlib_zip + "/"):
        used.add(f[len(stdlib_zip) + 1:])
src = zipfile.ZipFile("/tmp/in/python_stdlib.zip")
entries = [i for i in src.infolist() if not i.is_dir()]
core = [i for i in entries if i.filename in used or not i.filename.endswith(".py")]
rest = [i for i in entries if i.filename.endswith(".py") and i.filename not in used]

def dotted(entry):
    name = entry[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name

os.makedirs("/tmp/pyc", exist_ok=True)

def pyc(data, filename):
    """The pyc of source bytes, by the standard library's public py_compile (the pyc a
    "python -m compileall --invalidation-mode unchecked-hash" writes): named "filename" in
    tracebacks, never checked against a source (the browser has none to check)."""
    import py_compile  # here: the modules imported so far are counted above (the browser needs it not)

    with open("/tmp/pyc/source.py", "wb") as f:
        f.write(data)
    py_compile.compile(
        "/tmp/pyc/source.py",
        cfile="/tmp/pyc/source.pyc",
        dfile=filename,
        doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    with open("/tmp/pyc/source.pyc", "rb") as f:
        return f.read()

REST = "/lib/python_stdlib_rest.zip"
finder = '''"""The rest of the standard library (module by module: a package may be split between the two zips),
fetched on the first import of one of its modules."""
import sys, zipimport

NAMES = frozenset(%r)
PATH = %r
_load = None
_loaded = False


class RestOfTheStdlib:
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        global _loaded
        if name not in NAMES:
            return None
        if not _loaded:
            _load()
            _loaded = True
            sys.path.append(PATH)
        parent = name.rpartition(".")[0]
        return zipimport.zipimporter(PATH + "/" + (parent.replace(".", "/") + "/" if parent else "")).find_spec(name)


def install(load):
    """load(): writes the rest's zip at PATH (synchronously)."""
    global _load
    _load = load
    if RestOfTheStdlib not in sys.meta_path:
        sys.meta_path.append(RestOfTheStdlib)
''' % (sorted(dotted(i.filename) for i in rest), REST)

def write(path, items, zip_root):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in items:
            data = src.read(info)
            name = info.filename
            if name.endswith(".py"):
                data = pyc(data, zip_root + "/" + name)
                name = name[:-3] + ".pyc"
            zi = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(zi, data)
        if zip_root == stdlib_zip:
            zi = zipfile.ZipInfo("_euchre_stdlib_rest.pyc", date_time=(2020, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(zi, pyc(finder.encode(), zip_root + "/_euchre_stdlib_rest.py"))

write("/tmp/out/python_stdlib.zip", core, stdlib_zip)
write("/tmp/out/python_stdlib_rest.zip", rest, REST)

# the engine: a __pycache__ pyc beside each module, for where the wheel is installed
packages = site.getsitepackages()[0]
tag = sys.implementation.cache_tag
engine = zipfile.ZipFile("/tmp/in/engine.whl")
with zipfile.ZipFile("/tmp/out/engine_pyc.zip", "w", zipfile.ZIP_DEFLATED) as out:
    for name in engine.namelist():
        if name.endswith(".py"):
            folder, _, file = name.rpartition("/")
            target = f"{folder}/__pycache__/{file[:-3]}.{tag}.pyc"
            zi = zipfile.ZipInfo(target, date_time=(2020, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(zi, pyc(engine.read(name), packages + "/" + name))

json.dumps({
    "python": sys.version.split()[0],
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "cache_tag": tag,
    "stdlib_zip": stdlib_zip,
    "site_packages": packages,
    "booted": len(booted),
    "core": sorted(i.filename for i in core),
    "rest": sorted(i.filename for i in rest),
})
`;
const manifest = JSON.parse(pyodide.runPython(PROGRAM));
manifest.seconds = { boot: (booted - started) / 1000, total: (performance.now() - started) / 1000 };
mkdirSync(outDir, { recursive: true });
for (const name of ["python_stdlib.zip", "python_stdlib_rest.zip", "engine_pyc.zip"]) {
  writeFileSync(join(outDir, name), pyodide.FS.readFile("/tmp/out/" + name));
}
writeFileSync(join(outDir, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
console.log(JSON.stringify({ python: manifest.python, core: manifest.core.length, rest: manifest.rest.length, seconds: manifest.seconds }));
