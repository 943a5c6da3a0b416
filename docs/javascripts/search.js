/* The site's search (issue 36): the header's search box, run without the theme's script.

   The reader's first search used to load the theme's script (Material's, 35 kB, half a second of set-up
   on a phone in one task) and wait for the theme to fetch and parse the 480 kB index twice on the
   page's thread and copy it to its worker. Now the box is the site's own component
   (overrides/partials/search.html: the theme's markup and stylesheet, not its component), and this
   script talks to the site's search worker (search-worker.js, the theme's lunr worker with the
   players' forms of a word), which fetches and builds the index itself, off the page's thread, from
   the page's load (or at once when search is opened first). The theme's script,
   when it comes, has no search to mount and fetches no index.

   What the reader gets is the theme's search, as its docs describe it:
   - the search button (a phone) or the box (a wide screen) opens it with the field focused; "/", "s"
     or "f" anywhere else too; Escape or Tab closes it; the reset button empties it;
   - each key typed searches (the worker answers the whole query, the last word as a prefix); the
     results come grouped by page, the best sections first and the others folded under "N more on this
     page" (the theme's own rendering: templates/search/index.tsx), 10 at first and more as the list is
     scrolled to its end; the words found are marked, the words not found listed as "Missing";
   - Enter opens the best result, the arrows move through the results, → takes the suggested word;
   - a result's link carries the words found (?h=): the page opened marks them (mark[data-md-highlight]),
     at most 20 words;
   - ?q=words in the address opens search with those words.
   The counts and labels are the theme's translations (the page's __config), the markup its classes. */
(function () {
  "use strict";

  var SETUP_WORDS = "euchre-warm";  // search-worker.js: fetch and build the index named
  var READY = 1;
  var QUERY = 2;
  var RESULT = 3;
  var NOT_FETCHED = "euchre-failed";  // search-worker.js: the index could not be fetched
  var FIRST = 10;  // results rendered at once; more as the list is scrolled to its end
  var MORE = 10;
  var SEARCH_KEYS = ["/", "s", "f"];
  var HERE = document.currentScript ? document.currentScript.src : null;

  function pageConfig() {
    var element = document.getElementById("__config");
    if (!element) return null;
    try {
      return JSON.parse(element.textContent);
    } catch (error) {
      console.error(error);
      return null;
    }
  }

  var config = pageConfig();
  var box = document.querySelector("[data-euchre-search]");
  var toggle = document.getElementById("__search");
  if (!config || !config.search || !box || !toggle || !HERE) return;

  var base = new URL(config.base || ".", document.baseURI);
  var form = box.querySelector("form");
  var input = box.querySelector(".md-search__input");
  var suggestion = box.querySelector(".md-search__suggest");
  var scrollwrap = box.querySelector(".md-search__scrollwrap");
  var meta = box.querySelector(".md-search-result__meta");
  var list = box.querySelector(".md-search-result__list");
  var initializing = meta.textContent.trim();  // the theme's "Initializing search", from the page
  var features = Array.isArray(config.features) ? config.features : [];
  var suggest = features.indexOf("search.suggest") >= 0;

  function say(key, count) {
    var words = (config.translations && config.translations[key]) || key;
    return count === undefined ? words : words.replace("#", String(count));
  }

  /* The worker: started once, at the page's load or when search is first opened (below). */
  var worker = null;
  var ready = false;
  var asked = null;  // the query last sent to the worker

  function start() {
    if (worker) {
      if (lost) warmUp();  // the index could not be fetched: asked again when search is opened again
      return;
    }
    if (!window.Worker) return failed();
    try {
      var own = new URL("search-worker.js", HERE);
      own.searchParams.set("theme", new URL(config.search, base).pathname);  // see search-worker.js
      worker = new Worker(own.href);
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", failed);
      warmUp();
    } catch (error) {
      console.error(error);
      failed();
    }
  }

  var lost = false;  // the worker could not fetch the index

  function warmUp() {
    lost = false;
    meta.textContent = initializing;
    worker.postMessage({
      type: SETUP_WORDS,
      url: new URL("search/search_index.json", base).href,
      options: { suggest: suggest },
    });
  }

  function failed() {
    ready = false;
    meta.textContent = "Search could not start on this page: reload it to try again.";
  }

  function notFetched() {
    lost = true;
    meta.textContent = "The search index could not be fetched: check the connection, then open search again.";
  }

  function onMessage(event) {
    var message = event.data;
    if (!message) return;
    if (message.type === READY) {
      ready = true;
      query(true);
    } else if (message.type === NOT_FETCHED) {
      notFetched();
    } else if (message.type === RESULT && message.data && Array.isArray(message.data.items)) {
      show(message.data);
    }
  }

  function query(again) {
    var wanted = input.value;
    if (!ready) return;
    if (!again && wanted === asked) return;
    asked = wanted;
    if (!wanted.trim()) {
      show({ items: [] });
      return;
    }
    worker.postMessage({ type: QUERY, data: wanted });
  }

  /* The results, as the theme renders them. */
  var pending = [];  // the result groups not rendered yet (more as the list is scrolled)

  function show(result) {
    var items = result.items;
    if (items.length === 0) meta.textContent = asked ? say("search.result.none") : say("search.result.placeholder");
    else if (items.length === 1) meta.textContent = say("search.result.one");
    else meta.textContent = say("search.result.other", items.length);
    list.textContent = "";
    pending = items.slice();
    render(FIRST);
    showSuggestion(result.suggest);
  }

  function render(count) {
    var fragment = document.createDocumentFragment();
    pending.splice(0, count).forEach(function (group) {
      if (Array.isArray(group) && group.length) fragment.appendChild(renderGroup(group));
    });
    list.appendChild(fragment);
  }

  function onScroll() {
    if (pending.length && scrollwrap.scrollTop + scrollwrap.clientHeight >= scrollwrap.scrollHeight - 16) render(MORE);
  }

  function href(item) {
    var url = new URL(item.location, base);
    if (features.indexOf("search.highlight") >= 0) {
      var found = Object.keys(item.terms || {}).filter(function (term) { return item.terms[term]; });
      url.searchParams.set("h", found.join(" "));
    }
    return url.href;
  }

  function html(tag, className, markup) {
    var element = document.createElement(tag);
    if (className) element.className = className;
    if (markup) element.innerHTML = markup;  // the index's own text, marked by the worker (the theme's way)
    return element;
  }

  function renderItem(item, parent, teaser) {
    var link = document.createElement("a");
    link.href = href(item);
    link.className = "md-search-result__link";
    link.tabIndex = -1;
    var article = html("article", "md-search-result__article md-typeset");
    article.setAttribute("data-md-score", Number(item.score || 0).toFixed(2));
    if (parent) article.appendChild(html("div", "md-search-result__icon md-icon"));
    article.appendChild(html(parent ? "h1" : "h2", "", String(item.title || "")));
    if (teaser && item.text) article.insertAdjacentHTML("beforeend", String(item.text));
    var missing = Object.keys(item.terms || {}).filter(function (term) { return !item.terms[term]; });
    if (teaser && missing.length) {
      var terms = html("p", "md-search-result__terms");
      terms.textContent = say("search.result.term.missing") + ": ";
      missing.forEach(function (term, i) {
        if (i) terms.appendChild(document.createTextNode(" "));
        terms.appendChild(document.createElement("del")).textContent = term;
      });
      article.appendChild(terms);
    }
    link.appendChild(article);
    return link;
  }

  /* One page's results: the page, its sections as good as the best in view, the others folded. */
  function renderGroup(group) {
    var docs = group.slice();
    var threshold = docs[0].score;
    var at = docs.findIndex(function (doc) { return String(doc.location).indexOf("#") < 0; });
    if (at < 0) at = 0;
    var page = docs.splice(at, 1)[0];
    var cut = docs.findIndex(function (doc) { return doc.score < threshold; });
    if (cut < 0) cut = docs.length;
    var best = docs.slice(0, cut);
    var more = docs.slice(cut);
    var item = document.createElement("li");
    item.className = "md-search-result__item";
    item.appendChild(renderItem(page, true, at === 0 && cut === 0));
    best.forEach(function (doc) { item.appendChild(renderItem(doc, false, true)); });
    if (more.length) {
      var details = document.createElement("details");
      details.className = "md-search-result__more";
      var summary = document.createElement("summary");
      summary.tabIndex = -1;
      summary.appendChild(document.createElement("div")).textContent =
        more.length === 1 ? say("search.result.more.one") : say("search.result.more.other", more.length);
      details.appendChild(summary);
      more.forEach(function (doc) { details.appendChild(renderItem(doc, false, true)); });
      details.addEventListener("toggle", function () {
        // a fold closed above the list's top keeps its place in view (as in the theme)
        if (!details.open && details.offsetTop <= scrollwrap.scrollTop) scrollwrap.scrollTo({ top: details.offsetTop });
      });
      item.appendChild(details);
    }
    return item;
  }

  /* The suggested end of the last word (the theme's search.suggest), shown behind the words typed. */
  function showSuggestion(words) {
    if (!suggestion) return;
    var typed = input.value.split(/([\s-]+)/);
    var last = typed[typed.length - 1];
    if (suggest && Array.isArray(words) && words.length && last) {
      var word = String(words[words.length - 1]);
      if (word.indexOf(last) === 0) typed[typed.length - 1] = word;
    } else {
      typed = [];
    }
    suggestion.textContent = typed.join("").replace(/\s/g, "\u00a0");
  }

  /* Open and close. */
  function isOpen() {
    return toggle.checked;
  }

  function setOpen(open) {
    if (toggle.checked !== open) {
      toggle.checked = open;
      toggle.dispatchEvent(new Event("change"));
    }
  }

  /* On a phone the open search covers the page, and the page under it is held where it was, as the
     theme does (its scroll lock: the body fixed at its scroll, once the overlay has grown, 400 ms; let go
     100 ms after search closes). Without it the overlay's growing circle widens the page and a phone
     zooms out. Once the theme's script has run, its own lock does this. */
  var NARROW = window.matchMedia ? window.matchMedia("(max-width: 59.984375em)") : null;
  var held = null;  // the page's scroll when it was held
  var holding = 0;

  function holdPage(open) {
    clearTimeout(holding);
    holding = setTimeout(function () {
      var body = document.body;
      if (open && isOpen() && held === null && NARROW && NARROW.matches && !body.hasAttribute("data-md-scrolllock") &&
          !(window.euchrePage && window.euchrePage.theme() === "ready")) {
        held = window.scrollY;
        body.setAttribute("data-md-scrolllock", "");
        body.style.top = -held + "px";
      } else if (!open && !isOpen() && held !== null) {
        var y = held;
        held = null;
        body.removeAttribute("data-md-scrolllock");
        body.style.top = "";
        if (y) window.scrollTo(0, y);
      }
    }, open ? 400 : 100);
  }

  function onToggle() {
    holdPage(isOpen());
    list.hidden = !isOpen();
    list.setAttribute("role", isOpen() ? "list" : "presentation");
    if (isOpen()) {
      start();
      if (document.activeElement !== input) input.focus();
    } else if (document.activeElement === input) {
      input.blur();
    }
  }

  function bestResult() {
    var best = null;
    var score = -Infinity;
    list.querySelectorAll("a.md-search-result__link").forEach(function (link) {
      var s = parseFloat(link.firstElementChild ? link.firstElementChild.getAttribute("data-md-score") : "");
      if (s > score) {
        score = s;
        best = link;
      }
    });
    return best;
  }

  function stepThrough(up) {
    var stops = [input].concat(Array.prototype.slice.call(
      list.querySelectorAll(":not(details) > a[href], summary, details[open] a[href]")
    ));
    var at = Math.max(0, stops.indexOf(document.activeElement));
    stops[(at + stops.length + (up ? -1 : 1)) % stops.length].focus();
  }

  function inField(element) {
    return !!(element && element.closest && element.closest("input, textarea, select, [contenteditable]:not([contenteditable=false])"));
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (!isOpen()) {
      if (SEARCH_KEYS.indexOf(event.key) >= 0 && !inField(event.target)) {
        event.preventDefault();
        setOpen(true);
        input.focus();
        input.select();
      }
      return;
    }
    var active = document.activeElement;
    switch (event.key) {
      case "Enter":
        if (active === input) {
          event.preventDefault();
          var best = bestResult();
          if (best) best.click();
        }
        break;
      case "Escape":
      case "Tab":
        setOpen(false);  // and the box loses the focus (onToggle)
        break;
      case "ArrowUp":
      case "ArrowDown":
        event.preventDefault();
        stepThrough(event.key === "ArrowUp");
        break;
      case "ArrowRight":
        if (active === input && suggestion && suggestion.textContent && input.selectionStart === input.value.length) {
          input.value = suggestion.textContent.replace(/\u00a0/g, " ");
          query(false);
        }
        break;
      default:
        // a letter typed with a result focused goes to the box
        if (event.key.length === 1 && event.key !== " " && active !== input && !inField(active)) input.focus();
    }
  }

  input.addEventListener("focus", function () {
    start();
    // after the tap's own work: a tap on the phone's search button focuses the field and then checks the box
    setTimeout(function () { if (document.activeElement === input) setOpen(true); });
  });
  input.addEventListener("input", function () { query(false); });
  input.addEventListener("keyup", function () { query(false); });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  form.addEventListener("reset", function () {
    setTimeout(function () {
      query(false);
      showSuggestion(null);
      input.focus();
    });
  });
  toggle.addEventListener("change", onToggle);
  // the phone's search button: the field is focused in the tap itself (a phone shows its keyboard only then)
  document.querySelectorAll("header [for=__search]").forEach(function (label) {
    label.addEventListener("click", function () { input.focus(); });  // its focus starts the worker
  });
  list.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("a")) setOpen(false);
  });
  scrollwrap.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("keydown", onKey);

  /* The index built ahead, from the page's load: the worker fetches and builds it off the page's thread
     (on a phone at 4x, about 0.9 s from the worker's start to its READY), so that a search tapped a
     second after the load does not wait for it; not before the load, so that the page's own files come
     first. A task of its own after the load event, so that the load's own listeners run first. */
  if (location.protocol !== "file:") {
    if (document.readyState === "complete") setTimeout(start);
    else window.addEventListener("load", function () { setTimeout(start); }, { once: true });
  }

  /* ?q=words: search opened with them. */
  var asking = new URLSearchParams(location.search).get("q");
  if (asking) {
    input.value = asking;
    setOpen(true);
  }

  /* The words a search found, marked on the page it opened (?h=, the results' links): each text of the
     page's content that holds one, as the theme's highlighter does (any word containing it). */
  function mark(root) {
    // words (a letter or a digit in each), at most 20 of at most 50 signs: an address typed or tampered with
    // is not a pattern to run wild
    var words = (new URLSearchParams(location.search).get("h") || "").split(/[\s*+\-:~^]+/)
      .filter(function (w) { return w.length <= 50 && /[\p{L}\p{N}]/u.test(w); }).slice(0, 20);
    if (!words.length) return;
    var pattern = new RegExp("(" + words.map(function (w) { return w.replace(/[|\\{}()[\]^$+*?.-]/g, "\\$&"); }).join("|") + ")", "gi");
    var content = root.querySelector("[data-md-component=content]") || root.querySelector(".md-content");
    if (!content) return;
    var walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    var found = [];
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      var parent = node.parentElement;
      if (!parent || !parent.offsetHeight || parent.closest("script, style, mark, textarea")) continue;
      pattern.lastIndex = 0;
      if (pattern.test(node.nodeValue)) found.push(node);
    }
    found.forEach(function (text) {
      var fragment = document.createDocumentFragment();
      var value = text.nodeValue;
      var from = 0;
      value.replace(pattern, function (match, _word, at) {
        fragment.appendChild(document.createTextNode(value.slice(from, at)));
        var marked = document.createElement("mark");
        marked.setAttribute("data-md-highlight", "");
        marked.textContent = match;
        fragment.appendChild(marked);
        from = at + match.length;
        return match;
      });
      fragment.appendChild(document.createTextNode(value.slice(from)));
      text.replaceWith(fragment);
    });
  }

  if (window.euchrePage) window.euchrePage.onPage(mark);  // also after each instant navigation
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { mark(document); });
  else mark(document);
})();
