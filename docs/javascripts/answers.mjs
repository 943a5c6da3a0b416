/* Answers for the widgets: what the book fixes comes from data computed at build time by the engine;
   only what was not precomputed goes to Python (window.euchreEngine, engine.mjs).

   answer(name, kwargs) → Promise of the same JSON that window.euchreEngine.call(name, kwargs) gives:
                          from the page's precomputed data when it holds that answer, else from the
                          live engine (which starts Python if it is not up).
   has(name, kwargs)    → true when the answer is precomputed (no Python needed).
   warm()               → start Python now (on the first sign that the reader is going off the book:
                          a pointer over, focus on or touch of a card whose answer is not precomputed).

   Until the precomputed data exists this is a pass-through to the live engine. */

function engine() {
  return new Promise(function (resolve) {
    if (window.euchreEngine) resolve(window.euchreEngine);
    else window.addEventListener("euchre-engine", function () { resolve(window.euchreEngine); }, { once: true });
  });
}

export function has(name, kwargs) {
  return false;
}

export function answer(name, kwargs) {
  return engine().then(function (e) { return e.call(name, kwargs || {}); });
}

export function warm() {
  return engine().then(function (e) { return e.ready(); });
}
