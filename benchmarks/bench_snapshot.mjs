/* Pyodide's memory snapshot, under Node: its size and the boot from it against a boot from scratch
   (issue 16: a candidate for a faster runtime; not kept, see ARCHITECTURE.md).
   Run: node benchmarks/bench_snapshot.mjs [runs]. Prints numbers, no assertions. */
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const INDEX = fileURLToPath(new URL("../node_modules/pyodide/", import.meta.url));
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + INDEX).href);
const runs = Number(process.argv[2] || 3);
const scratch = [], fromSnapshot = [];
let snapshot = null;
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const py = await loadPyodide({ indexURL: INDEX, _makeSnapshot: true });
  scratch.push(performance.now() - t);
  if (!snapshot) snapshot = py.makeMemorySnapshot();
  t = performance.now();
  const again = await loadPyodide({ indexURL: INDEX, _loadSnapshot: snapshot });
  again.runPython("1 + 1");
  fromSnapshot.push(performance.now() - t);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (xs) => xs.map(Math.round).join(", ");
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB, gzip -6 ${(gzipSync(snapshot, { level: 6 }).length / 1e6).toFixed(1)} MB`);
console.log(`boot from scratch:  median ${Math.round(median(scratch))} ms (runs ${ms(scratch)})`);
console.log(`boot from snapshot: median ${Math.round(median(fromSnapshot))} ms (runs ${ms(fromSnapshot)})`);
