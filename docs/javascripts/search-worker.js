/* The site's search worker (issue 36): the theme's own (Material's lunr worker, whose address the build
   writes below), started by the site's search (search.js), with the index's words and the reader's words
   read alike.

   The theme gives every word of a query a trailing wildcard ("reneged" → reneged*), and lunr runs no
   pipeline on a wildcard term: a stop word was searched as a prefix ("a" found "Ask", "at" found
   "attention"), and no form of a word found another. The index is built through lunr's pipeline
   (mkdocs.yml: the search plugin's pipeline: trimmer, stopWordFilter, stemmer), whose functions are
   made the site's own here before the theme builds it, and each word of the query goes through the same:
   - the trimmer: the punctuation around a word and a possessive taken off ("alone;", "“alone”" → alone;
     the dealer's → dealer);
   - dropped if it is a stop word (lunr's list, less the words the laws use as words: "all" of "all four
     passed", config.euchre_kept), unless the query has nothing else (a first letter typed);
   - read through the forms a stemmer cannot join and the players' words for the laws' (the index's
     config.euchre_forms, written by build_scripts/search_index.py: dealt → deal, loner and lone → alone,
     looked → see, deck → pack), in the index as in the query;
   - stemmed by lunr's stemmer (reneged, reneging → reneg; euchred → euchr), so that the theme's wildcard
     finds every form (reneg*).
   The results' terms are given back as the reader's words (the page's highlighting, ?h=renege).
   A query in the theme's own syntax (quotes, +, -, ~, ^, *, field:) is left as typed. Messages are the
   theme's worker protocol (SETUP {config, docs, options}, READY, QUERY a string, RESULT {items,
   suggest}), and WARM {url, options} (below): the worker fetches the index itself and sets it up as a
   SETUP. Ours is registered before the theme's worker is loaded, so it reads the setup and the query
   first. */
(function () {
  "use strict";

  var SETUP = 0;
  var QUERY = 2;
  var separator = /[\s-]+/;
  var forms = {};
  var kept = new Set();  // lunr's stop words that are words here (config.euchre_kept)

  function token(word) {
    return new self.lunr.Token(word, {});
  }

  // The index's stems, as lunr's stemmer made them while the theme built the index. A query's whole word
  // is searched as its stem exactly ("stem^1": the theme adds no wildcard to a boosted term), and lunr's
  // search pipeline stems it again, which would change some stems ("expos" → "expo"): the stemmer leaves
  // a term that is already one of the index's stems as it is, once the index is built.
  var stems = new Set();
  var built = false;

  // A word's punctuation is not the word: the theme splits the text at its separator (spaces, hyphens,
  // commas, colons, brackets), and what is left around a word stayed a term of its own ("alone;",
  // "“alone”", "dealer's" were three more terms, each found by "alon*", each rare and so ranked high).
  // The trimmer takes off the punctuation before and after a word and a possessive "'s" (the dealer's
  // → dealer), in the index and in the query alike; a card's suit symbol is not punctuation (J♣ stays).
  function trim(word) {
    return word.replace(/^\p{P}+/u, "").replace(/\p{P}+$/u, "").replace(/['\u2019]s$/u, "");
  }

  function ownTrimmer(lunr) {
    var trimmer = function (t) {
      var word = trim(t.toString());
      return word ? t.update(function () { return word; }) : null;  // punctuation alone is no term
    };
    trimmer.label = "trimmer";
    lunr.Pipeline.registeredFunctions.trimmer = trimmer;
    lunr.trimmer = trimmer;
  }

  function ownStopWords(lunr) {
    var filter = lunr.stopWordFilter;
    var stopWordFilter = function (t) {
      return kept.has(t.toString()) ? t : filter(t);
    };
    stopWordFilter.label = "stopWordFilter";
    lunr.Pipeline.registeredFunctions.stopWordFilter = stopWordFilter;
    lunr.stopWordFilter = stopWordFilter;
  }

  function ownStemmer(lunr) {
    var stem = lunr.stemmer;
    var stemmer = function (t, i, tokens) {
      if (built && stems.has(t.toString())) return t;
      if (!built) {  // the index's words read through the same forms as the reader's (lone hand → alone)
        var word = t.toString();
        if (Object.hasOwn(forms, word)) t.update(function () { return String(forms[word]); });
      }
      var out = stem(t, i, tokens);
      if (!built && out) stems.add(out.toString());
      return out;
    };
    stemmer.label = "stemmer";
    stemmer.ownStems = true;
    lunr.Pipeline.registeredFunctions.stemmer = stemmer;
    lunr.stemmer = stemmer;
  }

  var said = {};  // the query's terms -> the reader's words (the results' highlighting and "Missing:")

  function words(query) {
    var lunr = self.lunr;
    said = {};
    if (!lunr || /["+~^*:]|(^|\s)-/.test(query)) return query;
    var all = query.toLowerCase().split(separator).map(trim).filter(Boolean);
    var out = [];
    all.forEach(function (w, i) {
      if (!lunr.stopWordFilter(token(w))) return;
      var stem = lunr.stemmer(token(Object.hasOwn(forms, w) ? String(forms[w]) : w)).toString();
      said[stem] = w;
      // the last word may be still being typed: a prefix (the theme's wildcard); the others whole
      out.push(i < all.length - 1 ? stem + "^1" : stem);
    });
    return out.length ? out.join(" ") : query;
  }

  /* Built ahead (issue 36): the site's search (search.js) starts this worker at the page's load, or when
     search is first opened, and sends WARM {url, options}; the worker fetches the index
     itself (the page's thread neither parses nor copies it) and sets it up as the theme's SETUP would. */
  var WARM = "euchre-warm";
  var warming = false;

  function warm(message) {
    warming = true;
    fetch(message.url)
      .then(function (response) {
        if (!response.ok) throw new Error("search index: HTTP " + response.status);
        return response.json();
      })
      .then(function (index) {
        var data = { config: index.config, docs: index.docs, options: message.options || {} };
        self.dispatchEvent(new MessageEvent("message", { data: { type: SETUP, data: data } }));
      })
      .catch(function (error) {
        warming = false;  // asked again, it tries again
        console.error(error);
        post({ type: FAILED, data: String(error && error.message ? error.message : error) });
      });
  }

  self.addEventListener("message", function (event) {
    var message = event.data;
    if (!message) return;
    if (message.type === WARM && typeof message.url === "string") {
      event.stopImmediatePropagation();  // not the theme's message
      if (!warming) warm(message);
      return;
    }
    if (message.type === SETUP && message.data && message.data.config) {
      var config = message.data.config;
      if (self.lunr && !self.lunr.stemmer.ownStems) {  // before the theme's handler builds the index
        ownTrimmer(self.lunr);
        ownStopWords(self.lunr);
        ownStemmer(self.lunr);
      }
      built = false;
      stems.clear();
      try { if (config.separator) separator = new RegExp(config.separator); } catch { /* the default */ }
      if (config.euchre_forms && typeof config.euchre_forms === "object") forms = config.euchre_forms;
      if (Array.isArray(config.euchre_kept)) kept = new Set(config.euchre_kept.map(String));
    } else if (message.type === QUERY && typeof message.data === "string") {
      built = true;  // the theme answers a query once its index is ready
      message.data = words(message.data);
    }
  });

  // The results name the terms found; the reader's own words are put back (the page highlights "renege",
  // not the stem "reneg", and the theme's "Missing:" says the word typed).
  function spoken(result) {
    if (!result || !Array.isArray(result.items)) return;
    result.items.forEach(function (group) {
      (group || []).forEach(function (item) {
        if (!item || !item.terms) return;
        var terms = {};
        Object.keys(item.terms).forEach(function (term) {
          terms[Object.hasOwn(said, term) ? said[term] : term] = item.terms[term];
        });
        item.terms = terms;
      });
    });
  }

  var RESULT = 3;
  var FAILED = "euchre-failed";  // the index could not be fetched (search.js says so)
  var post = self.postMessage.bind(self);
  self.postMessage = function (message, options) {
    if (message && message.type === RESULT) spoken(message.data);
    return post(message, options);
  };

  // the theme's worker, named by the build (build_scripts/search_index.name_theme_worker: the placeholder
  // below replaced by its path from here). Not from this script's query: a copy served offline by the
  // service worker has its cached address, without the query.
  // A renderer whose build does not name it (Zensical: no hooks) has theme.js's ?theme=, read online.
  var theme = "@THEME_WORKER@";
  if (theme.charAt(0) === "@") theme = new URL(self.location.href).searchParams.get("theme") || "";
  var url = theme ? new URL(theme, self.location.href) : null;
  if (!url || url.origin !== self.location.origin) throw new Error("search-worker.js: no theme worker named");
  importScripts(url.href);
})();
