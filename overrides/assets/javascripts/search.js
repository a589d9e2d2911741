/* The site's search, around Material 9.8.2's own (overrides/course_site/adapters/material_search.py, "Material
 * 9.8.2's search, on the page").  Loaded just before Material's bundle, it wraps the Worker
 * constructor for Material's search worker, and:
 *
 * 1. starts that worker only when the reader first uses search (focuses the search box or opens
 *    search), with the documents of the page's language only: search/search_index.<language>.js,
 *    written by the build (overrides/course_site/site/search_index.py) and loaded as a script, which
 *    works from file:// too.  Material's own index file holds the configuration only.
 * 2. rewrites each query before the worker reads it: the index holds words as written (no
 *    stemmer, mkdocs.yml) and Material matches each typed word as the start of one, so
 *    - an English word also looks for its other forms: "enable" for "enabled", "enables",
 *      "enabling", "fused" for "fuse" and "fusing", "kernels" for "kernel";
 *    - dashes that begin a word are dropped: lunr reads "-x" as "without x" and fails on "--x",
 *      so `--enable_autofuse` found nothing;
 *    - words are split where the index splits them (AUTOFUSE_FLAGS, set_env.sh) and between
 *      Chinese and Latin letters ("AutoFuse融合");
 *    - Chinese typed without spaces is cut into the index's own words (jieba's, as the build
 *      indexed them), so that every word of 融合策略 is searched: Material's worker cuts it
 *      itself, but never tries a word that ends the query (adapters/material_search.py, "Material 9.8.2's search
 *      worker cuts Chinese"), so it searched 融合 alone, and 昇 for 昇腾.
 * 3. ranks first the pages that hold a typed word whole where the search had to cut it into
 *    parts: `op_summary` is searched as op and summary (so `op` also finds "options"), 融合策略 as
 *    融合 and 策略; a page with `op_summary` or 融合策略 itself comes before a page with parts.
 * 4. maps the terms each result matched back to the words the reader typed: Material shows the
 *    missing ones under a result, and passes the found ones on to highlight.
 * 5. starts a search for text that arrives without a key press (pasted from a menu, dropped,
 *    committed by an input method or by voice): Material reads the query on keyup only.
 *
 * The worker's messages (Material 9.8.2, integrations/search/worker/message): 0 setup {config,
 * docs, options}, 1 ready, 2 query (the text typed), 3 result {items: [[{location, terms, ...}]]}.
 */
(function () {
  "use strict";

  var SETUP = 0;
  var QUERY = 2;
  var RESULT = 3;

  // -- forms of an English word ---------------------------------------------------------------

  // Never taken for the base of a longer word ("noted" is not a form of "not").
  var FUNCTION_WORDS = " and are but can did does for had has her him his how its may nor not now off one our out own per she the this too two was who why yet you ";

  function isFunctionWord(word) {
    return FUNCTION_WORDS.indexOf(" " + word + " ") >= 0;
  }

  /* The words `word` may be a form of, itself included: enabled -> enabl, enable. */
  function basesOf(word) {
    var found = [word];
    function add(base) {
      if (base.length >= 3 && /[aeiouy]/.test(base) && found.indexOf(base) < 0 && !isFunctionWord(base)) found.push(base);
    }
    var match = /^(.+?)(ing|ed)$/.exec(word);
    if (match) {
      var stem = match[1];
      if (!/eed$/.test(word)) add(stem);  // "speed" is not a form of "spe"
      if (/[aeiouy]/.test(stem)) add(stem + "e");
      if (/([^aeiouslz])\1$/.test(stem)) add(stem.slice(0, -1));  // stopped, running
      if (match[2] === "ed" && /[^aeiou]i$/.test(stem)) add(stem.slice(0, -1) + "y");  // applied
    }
    if ((match = /^(.+[^aeiou])ies$/.exec(word))) {
      add(match[1] + "y");
    } else if ((match = /^(.+)es$/.exec(word))) {
      add(match[1]);
      add(match[1] + "e");
    } else if ((match = /^(.+)s$/.exec(word))) {  // "npus": npu; "status": statu, a harmless prefix
      add(match[1]);
    }
    return found;
  }

  /* A word and its regular forms: plural or third person, past, -ing. */
  function inflect(base) {
    var consonantY = /[^aeiou]y$/.test(base);
    var forms = [base];
    forms.push(/(s|x|z|ch|sh)$/.test(base) ? base + "es" : consonantY ? base.slice(0, -1) + "ies" : base + "s");
    forms.push(/e$/.test(base) ? base + "d" : consonantY ? base.slice(0, -1) + "ied" : base + "ed");
    forms.push(/ie$/.test(base) ? base.slice(0, -2) + "ying" : /[^eoy]e$/.test(base) ? base.slice(0, -1) + "ing" : base + "ing");
    if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base)) {
      forms.push(base + base.slice(-1) + "ed", base + base.slice(-1) + "ing");  // stop: stopped
    }
    return forms;
  }

  /* What to search for a typed English word (lower case): its forms, without those that start
   * with another of them (the search matches the start of a word): "enable" -> enable, enabling. */
  function formsOf(word) {
    if (word.length < 3 || isFunctionWord(word)) return [word];
    var forms = [];
    basesOf(word).forEach(function (base) {
      inflect(base).forEach(function (form) {
        if (forms.indexOf(form) < 0) forms.push(form);
      });
    });
    return forms.filter(function (form) {
      return !forms.some(function (other) {
        return other !== form && form.indexOf(other) === 0;
      });
    });
  }

  // -- queries --------------------------------------------------------------------------------

  var LUNR_SYNTAX = /^\+|[:~^*"]/;  // a part written in lunr's query syntax is left as typed
  var HAN = /(\p{Script=Han}+)/u;
  var HAN_CHARACTER = /\p{Script=Han}/u;
  // Written after each Chinese word sent to the worker (adapters/material_search.py): a Han character, so Material's
  // worker counts it into the run it cuts, and then tries the word itself; a separator for the
  // index (mkdocs.yml), so it is in no indexed word and is never searched.
  var WORD_END = "\u3007";

  /* The Chinese words of the index (lower case), and every start of one: the vocabulary the
   * reader's Chinese is cut with. */
  function vocabularyOf(docs, separator) {
    var words = new Set();
    var starts = new Set();
    var longest = 1;
    docs.forEach(function (doc) {
      ((doc.title || "") + " " + (doc.text || "")).replace(/<[^>]*>/g, " ").split(separator).forEach(function (word) {
        word = (word || "").toLowerCase();
        if (!HAN_CHARACTER.test(word) || words.has(word)) return;
        words.add(word);
        var characters = Array.from(word);
        longest = Math.max(longest, characters.length);
        for (var end = 1; end <= characters.length; end++) starts.add(characters.slice(0, end).join(""));
      });
    });
    return { words: words, starts: starts, longest: longest };
  }

  /* A run of Chinese cut into as few words of the vocabulary as it can be; its end may be the
   * start of a word (the reader is still typing), a character the index does not know is a word
   * of its own (and costs more, so that known words win). */
  function segment(run, vocabulary) {
    if (!vocabulary) return [run];
    var characters = Array.from(run);
    var best = [{ cost: 0, from: -1 }];
    for (var end = 1; end <= characters.length; end++) {
      best[end] = { cost: Infinity, from: -1 };
      for (var start = Math.max(0, end - vocabulary.longest); start < end; start++) {
        var word = characters.slice(start, end).join("");
        var cost = vocabulary.words.has(word) || (end === characters.length && vocabulary.starts.has(word)) ? 1
          : end - start === 1 ? 2 : Infinity;
        if (best[start].cost + cost < best[end].cost) best[end] = { cost: best[start].cost + cost, from: start };
      }
    }
    var words = [];
    for (var at = characters.length; at > 0; at = best[at].from) words.unshift(characters.slice(best[at].from, at).join(""));
    return words;
  }

  /* The query Material's worker gets, the words the reader typed with what each became, and the
   * typed words the search cut into parts (lower case, without leading dashes). */
  // A query's first MAX_QUERY_WORDS words, of MAX_QUERY_LENGTH characters at most: the worker's
  // time grows with every distinct word (300 took 5 s, 1,000 took 55 s: review C4).
  var MAX_QUERY_WORDS = 20;
  var MAX_QUERY_LENGTH = 200;

  function rewriteQuery(query, separator, vocabulary) {
    var parts = [];
    var words = [];
    var wholes = [];
    query.slice(0, MAX_QUERY_LENGTH).split(/\s+/).slice(0, MAX_QUERY_WORDS).forEach(function (part) {
      part = part.replace(/(^|[^\w\u00c0-\uffff])-+/g, "$1");
      if (!part) return;
      if (LUNR_SYNTAX.test(part)) {
        parts.push(part);
        return;
      }
      var pieces = 0;
      part.split(separator).forEach(function (piece) {
        piece.split(HAN).forEach(function (word) {
          if (!word) return;
          if (HAN_CHARACTER.test(word)) {
            segment(word.toLowerCase(), vocabulary).forEach(function (han) {
              pieces++;
              parts.push(han + WORD_END);
            });
            return;
          }
          pieces++;
          if (!/^[a-z]+$/i.test(word)) {
            parts.push(word);
            return;
          }
          var typed = word.toLowerCase();
          var forms = formsOf(typed);
          if (forms.length !== 1 || forms[0] !== typed) words.push([typed, forms]);
          parts.push.apply(parts, forms);
        });
      });
      // Looked for without what ends a sentence or opens a bracket: "op_summary," is op_summary.
      if (pieces > 1) wholes.push(part.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""));
    });
    return { query: parts.join(" "), words: words, wholes: wholes };
  }

  /* What a page's documents say, as one lower-case text without markup or jieba's word breaks:
   * what a typed word is looked for in whole. */
  function pageTexts(docs) {
    var texts = new Map();
    docs.forEach(function (doc) {
      var page = doc.location.split("#")[0];
      var text = ((doc.title || "") + " " + (doc.text || ""))
        .replace(/<[^>]*>/g, " ").replace(/\u200b/g, "")
        .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&")
        .toLowerCase();
      texts.set(page, (texts.get(page) || "") + " " + text);
    });
    return texts;
  }

  /* The result's pages, those holding more of the typed words whole first; otherwise in
   * Material's order. */
  function wholeFirst(groups, wholes, texts) {
    if (!wholes.length || !texts) return groups;
    return groups.map(function (group, position) {
      var text = texts.get(group[0].location.split("#")[0]) || "";
      var held = wholes.filter(function (whole) { return text.indexOf(whole) >= 0; }).length;
      return { group: group, held: held, position: position };
    }).sort(function (a, b) {
      return b.held - a.held || a.position - b.position;
    }).map(function (entry) { return entry.group; });
  }

  /* A result's matched terms, per typed word: found when one of its forms was. */
  function termsTyped(terms, words) {
    words.forEach(function (entry) {
      var typed = entry[0];
      var forms = entry[1];
      var asked = forms.filter(function (form) { return form in terms; });
      if (!asked.length) return;
      var found = asked.some(function (form) { return terms[form]; });
      asked.forEach(function (form) { delete terms[form]; });
      terms[typed] = found;
    });
    return terms;
  }

  // Node runs the pure functions above (tests/js/); a page has no `module`.
  if (typeof module == "object") {
    module.exports = { basesOf: basesOf, inflect: inflect, formsOf: formsOf, vocabularyOf: vocabularyOf, segment: segment,
      rewriteQuery: rewriteQuery, pageTexts: pageTexts, wholeFirst: wholeFirst, termsTyped: termsTyped };
    return;
  }

  // -- the worker -----------------------------------------------------------------------------

  var script = document.currentScript;
  var Native = window.Worker;
  if (!script || !Native) return;

  var root = new URL(script.getAttribute("data-base") || ".", location.href);
  var workerUrl = new URL(script.getAttribute("data-worker"), root).href;
  var languages = (script.getAttribute("data-languages") || "").split(" ").filter(Boolean);
  var indexPath = script.getAttribute("data-index");
  var loading = {};

  function pageLanguage() {
    var declared = script.getAttribute("data-language") || document.documentElement.lang;
    return languages.indexOf(declared) >= 0 ? declared : languages[0];
  }

  function loadIndex(language) {
    if (!loading[language]) {
      loading[language] = new Promise(function (resolve, reject) {
        var tag = document.createElement("script");
        tag.src = new URL(indexPath.replace("{language}", language), root).href;
        tag.onload = function () {
          var index = (self.__courseSearchIndex || {})[language];
          if (index) resolve(index);
          else reject(new Error("search: " + tag.src + " holds no index for " + language));
        };
        tag.onerror = function () {
          reject(new Error("search: could not load " + tag.src));
        };
        document.head.appendChild(tag);
      });
    }
    return loading[language];
  }

  function whenSearchIsUsed(start) {
    var toggle = document.querySelector("[data-md-toggle=search]");
    var input = document.querySelector("[data-md-component=search-query]");
    if ((toggle && toggle.checked) || (input && document.activeElement === input)) {
      start();
      return;
    }
    if (input) input.addEventListener("focus", start, { once: true });
    if (input) input.addEventListener("input", start, { once: true });
    if (toggle) toggle.addEventListener("change", start, { once: true });
  }

  /* Stands in for Material's search worker until search is used, then passes messages on. */
  class SearchWorker extends EventTarget {
    constructor(url, options) {
      super();
      this.url = url;
      this.options = options;
      this.worker = null;
      this.setup = null;
      this.waiting = [];
      this.asked = [];
      this.separator = /[\s\-]+/;
      this.vocabulary = null;
      this.texts = null;
    }

    postMessage(message) {
      if (message && message.type === SETUP) {
        this.setup = message;
        whenSearchIsUsed(this.start.bind(this));
      } else if (this.worker) {
        this.send(message);
      } else {
        this.waiting.push(message);
      }
    }

    send(message) {
      if (message && message.type === QUERY) {
        var rewritten = rewriteQuery(String(message.data), this.separator, this.vocabulary);
        this.asked.push(rewritten);
        message = { type: QUERY, data: rewritten.query };
      }
      this.worker.postMessage(message);
    }

    receive(data) {
      if (data && data.type === RESULT) {
        var asked = this.asked.shift() || { words: [], wholes: [] };
        data.data.items.forEach(function (group) {
          group.forEach(function (item) {
            item.terms = termsTyped(item.terms || {}, asked.words);
          });
        });
        data.data.items = wholeFirst(data.data.items, asked.wholes, this.texts);
      }
      return data;
    }

    start() {
      if (this.started) return;
      this.started = true;
      var worker = this;
      loadIndex(pageLanguage()).then(function (index) {
        worker.separator = new RegExp(index.config.separator);
        worker.vocabulary = vocabularyOf(index.docs, worker.separator);
        worker.texts = pageTexts(index.docs);
        worker.worker = new Native(worker.url, worker.options);
        worker.worker.addEventListener("message", function (event) {
          worker.dispatchEvent(new MessageEvent("message", { data: worker.receive(event.data) }));
        });
        worker.worker.postMessage({
          type: SETUP,
          data: { config: index.config, docs: index.docs, options: worker.setup.data.options },
        });
        worker.waiting.splice(0).forEach(worker.send, worker);
      }).catch(function (error) {
        console.error(error.message);
      });
    }

    terminate() {
      if (this.worker) this.worker.terminate();
    }
  }

  /* Material reads the query on keyup: text that comes without one (pasted from a menu, dropped,
   * an input method's or voice input's words) is passed on as if a key had been let go.  While an
   * input method composes, its letters are not the query yet. */
  function searchOnInput() {
    var input = document.querySelector("[data-md-component=search-query]");
    if (!input) return;
    function typed(event) {
      if (event.isComposing) return;
      input.dispatchEvent(new KeyboardEvent("keyup"));
    }
    input.addEventListener("input", typed);
    input.addEventListener("compositionend", typed);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", searchOnInput);
  else searchOnInput();

  window.Worker = function (url, options) {
    if (new URL(url, location.href).href === workerUrl) return new SearchWorker(url, options);
    return new Native(url, options);
  };
  window.Worker.prototype = Native.prototype;
})();
