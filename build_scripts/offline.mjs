/* The offline book: the service worker, written by Workbox (workbox-build's generateSW) into a built
   site. Run by build_scripts/offline.py after `mkdocs build` (hooks.py on_post_build):

     node build_scripts/offline.mjs SITE_DIR

   - precached on the first visit (versioned by each file's hash, Workbox's revisions): every page,
     each page's answers (answers.json.gz: answers.mjs fetches that copy first), the stylesheets,
     scripts, images, icons, the manifest and the search index; not Material's lunr language files
     (the site's search is in English) nor the source maps;
   - the Pyodide runtime (site/pyodide/, about 6 MB on the wire) is not precached: it is cached the
     first time it is fetched (CacheFirst) in a cache named after the hash of that folder, so a build
     that changes the engine never mixes its lock file with an older wheel; the prologue of sw.js
     deletes the other runtime caches when this worker takes over;
   - no skipWaiting: a new build waits until the reader chooses to reload (docs/javascripts/offline.mjs
     posts SKIP_WAITING), so a page is never served from two builds; clientsClaim, so the first visit
     is controlled as soon as the book is saved.

   Prints one line of JSON: {precached: files, bytes, runtimeCache}. */

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { generateSW } from "workbox-build";

const siteDir = process.argv[2];
if (!siteDir) {
  console.error("usage: node build_scripts/offline.mjs SITE_DIR");
  process.exit(2);
}

/* The runtime's version: the hash of every file under pyodide/ (names and bytes). */
function runtimeHash() {
  const hash = createHash("sha256");
  const folder = join(siteDir, "pyodide");
  let names = [];
  try {
    names = readdirSync(folder).sort();
  } catch {
    return "none";
  }
  for (const name of names) {
    const path = join(folder, name);
    if (!statSync(path).isFile()) continue;
    hash.update(name + "\0");
    hash.update(readFileSync(path));
  }
  return hash.digest("hex").slice(0, 16);
}

const runtimeCache = "euchre-pyodide-" + runtimeHash();

/* Put before Workbox's code in sw.js (so that a build that changes only the runtime changes sw.js):
   the name of this build's runtime cache, and on activation the removal of any other build's. */
const prologue = `/* The Euchre Laws service worker, written by build_scripts/offline.mjs with workbox-build. */
self.EUCHRE_RUNTIME_CACHE = ${JSON.stringify(runtimeCache)};
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("euchre-pyodide-") === 0 && name !== self.EUCHRE_RUNTIME_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }));
});
self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "EUCHRE_RUNTIME_CACHE" && event.ports && event.ports[0]) {
    event.ports[0].postMessage({ cache: self.EUCHRE_RUNTIME_CACHE });
  }
});
`;

const result = await generateSW({
  globDirectory: siteDir,
  globPatterns: [
    "**/*.html",
    "**/*.{css,js,mjs}",
    "**/answers.json.gz",
    "search/search_index.json",
    "**/*.{svg,png,ico,webmanifest}",
  ],
  globIgnores: [
    "pyodide/**",
    "assets/javascripts/lunr/**",
    "**/*.map",
    "sw.js",
    "assets/screens/**",
  ],
  swDest: join(siteDir, "sw.js"),
  // Material's own assets carry their hash in the name already
  dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.min\.(js|css)$/,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  directoryIndex: "index.html",
  // a page's address with a query (a search result's ?h=, the guide's ?me=C for a sandbox) is the same page:
  // the site is static (GitHub Pages ignores queries), the page's own script reads the query, so every
  // parameter is ignored in finding the cached copy (Workbox's default ignores utm_ and fbclid only, and
  // every search result then failed offline); the precache route still answers only with a precached path's
  // entry (ARCHITECTURE.md, "Offline and the phone": why not matchOptions' ignoreSearch)
  ignoreURLParametersMatching: [/.*/],
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  skipWaiting: false,
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
  runtimeCaching: [
    {
      urlPattern: /\/pyodide\/[^/]+$/,
      handler: "CacheFirst",
      options: { cacheName: runtimeCache, cacheableResponse: { statuses: [200] } },
    },
  ],
});
const swPath = join(siteDir, "sw.js");
writeFileSync(swPath, prologue + readFileSync(swPath, "utf8"));
for (const warning of result.warnings) console.error("workbox: " + warning);
console.log(JSON.stringify({ precached: result.count, bytes: result.size, runtimeCache: runtimeCache }));
