/* Quizzes and the reader's progress. No dependencies, no network: the page carries its
   questions, answer keys and words (data-quiz-ui), and loads its language's progress data of
   the course (script.quiz-progress-data, run before this script), from which the navigation,
   the catalog and the end of a chapter show what the reader has done. quizzes/README.md describes the behaviour. */
(function () {
  "use strict";

  var PREFIX = "autofuse-quiz:";
  // A choice answer: Y or N, or letters A-H in order, each once.
  var CHOICE = /^(?:[YN]|(?=.)A?B?C?D?E?F?G?H?)$/;
  var LETTERS = "ABCDEFGH";
  var ARROWS = /^Arrow/;

  // ---------------------------------------------------------------------------------------
  // Stored answers: localStorage under PREFIX + question id, as {"a": "AC"} (the letters chosen,
  // or the text typed). Reading, saving and removing are tried one by one: a full storage still
  // reads and removes; a blocked one (the getter throws) keeps answers for this visit only.

  var storage = null;
  var blocked = false;
  try {
    storage = window.localStorage;
    storage.getItem(PREFIX);
  } catch (e) {
    storage = null;
    blocked = true;
  }
  // This visit's answers that storage did not take (blocked, or full): id -> text, or null once removed.
  var memory = {};

  function stored(id) {
    if (Object.prototype.hasOwnProperty.call(memory, id)) return memory[id];
    try {
      return storage ? storage.getItem(PREFIX + id) : null;
    } catch (e) {
      return null;
    }
  }

  // True when storage took it; otherwise it is kept in memory for this visit.
  function write(id, saved) {
    var text = saved ? JSON.stringify(saved) : null;
    try {
      if (!storage) throw new Error("no storage");
      if (text === null) storage.removeItem(PREFIX + id);
      else storage.setItem(PREFIX + id, text);
      delete memory[id];
      return true;
    } catch (e) {
      memory[id] = text;
      return false;
    }
  }

  function forgetAll() {
    memory = {};
    try {
      var keys = [];
      for (var i = 0; i < storage.length; i++) keys.push(storage.key(i));
      keys.forEach(function (key) {
        if (key && key.indexOf(PREFIX) === 0) storage.removeItem(key);
      });
    } catch (e) {}
  }

  // A short answer as typed, without the whitespace at its two ends (the characters of \s,
  // written out); inside, every character counts. The same function as normalise_answer in
  // quizzes/model.py; tests/test_quiz_browser.py runs both on one table.
  function normalise(text) {
    return text.replace(/^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$/g, "");
  }

  // ---------------------------------------------------------------------------------------
  // Flag strings, read as GE reads them: quizzes/flags.py says how and from which source, and
  // hands over its SPEC in the progress data; tests/fixtures/quiz/flag_answers.json is the
  // table both are tested on.

  var FLAGS = "AUTOFUSE_FLAGS";
  var MASTER = "--enable_autofuse";
  var FULL_WIDTH = "；＝，－“”‘’\u3000";
  var QUOTES = "\"'“”‘’";
  var REASONS = ["export", "quotes", "full_width", "space", "missing_prefix", "case", "wrong_variable",
    "separator", "malformed", "duplicate", "unknown_key", "master_off", "different"];

  function flagSpec() {
    return (window.quizProgressData && window.quizProgressData.flags) || { spec: {}, passes: [] };
  }

  // C++ getline splitting: nothing trimmed, a delimiter at the very end adds no empty part.
  function split(text, delimiter) {
    var parts = text.split(delimiter);
    if (parts[parts.length - 1] === "") parts.pop();
    return parts;
  }

  // GetAutofuseFlagValue: the first item that contains the name decides.
  function firstValue(items, option) {
    for (var i = 0; i < items.length; i++) {
      if (items[i].indexOf(option) < 0) continue;
      var keyAndValue = items[i].split("=");
      if (keyAndValue.length !== 2) return null;
      if (keyAndValue[0] === option) return keyAndValue[1];
    }
    return null;
  }

  function unique(list) {
    return list.filter(function (x, i) { return list.indexOf(x) === i; }).sort();
  }

  function typed(value, option) {
    if (option.type === "bool") return value === "true";
    if (option.type === "int") return /^[0-9]+$/.test(value) ? parseInt(value, 10) : option["default"];
    // The precision blacklist: one trailing ASCII punctuation character dropped, empty parts kept.
    if (option.type === "set") return unique(value.replace(/[!-\/:-@\[-`{-~]$/, "").split(","));
    if (option.type === "path") return value.length > 1 && value.charAt(value.length - 1) === "/" ? value.slice(0, -1) : value;
    return value;
  }

  function byDefault(option) {
    if (option.type === "bool") return false;
    if (option.type === "set" || option.type === "passes") return [];
    return option["default"] === undefined ? null : option["default"];
  }

  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  // The settings GE ends up with, only those off their defaults; none when the master switch is off.
  function settings(text, variable) {
    var spec = flagSpec().spec[variable] || {};
    var items = split(text, ";");
    var stored = {};
    items.forEach(function (item) {
      var keyAndValue = split(item, "=");
      if (keyAndValue.length === 2) stored[keyAndValue[0]] = keyAndValue[1];
    });
    var result = {};
    Object.keys(spec).forEach(function (key) {
      var option = spec[key];
      if (option.type === "passes") return;
      var value = option.first ? firstValue(items, key) : Object.prototype.hasOwnProperty.call(stored, key) ? stored[key] : null;
      if (value !== null && !same(typed(value, option), byDefault(option))) result[key] = typed(value, option);
    });
    if (variable === FLAGS) {
      if (!result[MASTER]) return {};
      if (Object.prototype.hasOwnProperty.call(stored, "--autofuse_enable_pass")) {
        var off = split(stored["--autofuse_disable_pass"] || "", ",");
        var on = unique(split(stored["--autofuse_enable_pass"], ",")).filter(function (kind) {
          return flagSpec().passes.indexOf(kind) >= 0 && off.indexOf(kind) < 0;
        });
        if (on.length) result.passes = on;
      }
    }
    return result;
  }

  function canonical(text, variable) {
    var s = settings(text, variable);
    var sorted = {};
    Object.keys(s).sort().forEach(function (key) { sorted[key] = s[key]; });
    return JSON.stringify(sorted);
  }

  // What an answer is compared by, per normaliser; the build names each answer kind's normaliser
  // (quizzes/kinds.py KINDS, in the progress data), so that this script never names a kind.
  var NORMALISERS = {
    text: function (text) { return text; },
    path: function (text) { return text.length > 1 && text.charAt(text.length - 1) === "/" ? text.slice(0, -1) : text; },
    flags: canonical
  };

  // Without the progress data (it failed to load), every answer as text.
  function normaliserOf(kind) {
    return ((window.quizProgressData || {}).kinds || {})[kind] || "text";
  }

  function compared(text, kind) {
    return NORMALISERS[normaliserOf(kind)](normalise(text), kind);
  }

  function owner(key) {
    var spec = flagSpec().spec;
    var found = null;
    Object.keys(spec).forEach(function (variable) {
      if (found === null && Object.prototype.hasOwnProperty.call(spec[variable], key)) found = variable;
    });
    return found;
  }

  function firstOf(text, characters) {
    for (var i = 0; i < text.length; i++) if (characters.indexOf(text.charAt(i)) >= 0) return text.charAt(i);
    return null;
  }

  // Why an answer does not read as the key, as flags.reasons: [{code, item, variable}], in REASONS order.
  function reasons(answer, key, variable) {
    var text = normalise(answer);
    var found = [];
    var head = /^(?:export\s+)?(AUTOFUSE_(?:DFX_)?FLAGS)\s*=/.exec(text);
    if (head) found.push({ code: "export", item: head[0].trim(), variable: head[1] });
    var quote = firstOf(text, QUOTES);
    if (quote) found.push({ code: "quotes", item: quote });
    var wide = firstOf(text, FULL_WIDTH);
    if (wide) found.push({ code: "full_width", item: wide });
    var counted = {};
    split(text, ";").filter(Boolean).forEach(function (item) {
      var parts = split(item, "=");
      var name = parts[0];
      if (parts.length !== 2) {
        var many = item.split("--").length - 1 > 1 || name.indexOf(",") >= 0;
        found.push({ code: many ? "separator" : "malformed", item: item });
        return;
      }
      var value = parts[1];
      if (/\s/.test(item)) {
        found.push({ code: "space", item: name !== name.trim() ? name : item });
        return;
      }
      var home = owner(name);
      var option = home ? flagSpec().spec[home][name] : {};
      var lower = value.toLowerCase();
      var wrongCase = value !== lower && (
        (option.type === "bool" && (lower === "true" || lower === "false")) ||
        (option.type === "passes" && split(lower, ",").some(function (k) { return flagSpec().passes.indexOf(k) >= 0; })));
      if (home === null && name.indexOf("--") !== 0 && owner("--" + name.replace(/^-+/, ""))) {
        found.push({ code: "missing_prefix", item: name });
      } else if ((home === null && owner(name.toLowerCase())) || wrongCase) {
        found.push({ code: "case", item: item });
      } else if (home && home !== variable) {
        found.push({ code: "wrong_variable", item: name, variable: home });
      } else if (home === null) {
        found.push({ code: "unknown_key", item: name });
      } else if (Object.prototype.hasOwnProperty.call(counted, name) && counted[name] !== value) {
        found.push({ code: "duplicate", item: name });
      }
      if (!Object.prototype.hasOwnProperty.call(counted, name)) counted[name] = value;
    });
    var mine = settings(text, variable);
    var theirs = settings(normalise(key), variable);
    if (variable === FLAGS && !Object.keys(mine).length && Object.keys(theirs).length) {
      found.push({ code: "master_off", item: MASTER });
    }
    if (!found.length && !same(canonical(text, variable), canonical(normalise(key), variable))) {
      var differing = unique(Object.keys(mine).concat(Object.keys(theirs))).filter(function (k) {
        return !same(mine[k], theirs[k]);
      });
      var first = differing[0] || "";
      found.push({ code: "different", item: first === "passes" ? "--autofuse_enable_pass" : first });
    }
    return found.sort(function (a, b) { return REASONS.indexOf(a.code) - REASONS.indexOf(b.code); });
  }

  // The key's form to show under the reader's answer: a flag string's items in the reader's order,
  // where the reader named them, so that the first difference is a real one.
  function expectedFor(answer, form, kind) {
    var text = normalise(answer);
    var named = normaliserOf(kind);
    if (named === "path" && text.charAt(text.length - 1) === "/" && form.charAt(form.length - 1) !== "/") return form + "/";
    if (named !== "flags") return form;
    var plain = text.toLowerCase().replace(/[；＝]/g, function (c) { return c === "；" ? ";" : "="; });
    var items = split(form, ";").filter(Boolean);
    var at = items.map(function (item, index) {
      var bare = item.split("=")[0].replace(/^-+/, "").toLowerCase();
      var position = plain.indexOf(bare);
      return { item: item, position: position < 0 ? plain.length + index : position };
    });
    at.sort(function (a, b) { return a.position - b.position; });
    return at.map(function (entry) { return entry.item; }).join(";");
  }

  // The first position at which two texts differ, or -1.
  function firstDifference(a, b) {
    for (var i = 0; i < Math.max(a.length, b.length); i++) if (a.charAt(i) !== b.charAt(i)) return i;
    return -1;
  }

  // What is stored for a question: {"a": the latest answer checked, "f": the first one, when it
  // was checked before the solution or an explanation was shown, "r": 1 once they were shown
  // before any answer}. An entry of an older version, {"a": …} alone, counts its answer as the
  // first. Anything else under our key (hand-edited) counts as unanswered; a stored verdict, if
  // any, is never trusted.
  function record(id) {
    try {
      var saved = JSON.parse(stored(id));
      if (saved && typeof saved === "object" && !Array.isArray(saved)) return saved;
    } catch (e) {}
    return null;
  }

  // The latest answer's text, or null.
  function read(id) {
    var saved = record(id);
    return saved && typeof saved.a === "string" ? saved.a : null;
  }

  // The answer given at the first try, or null: none yet, or given after the solution was shown.
  function firstTry(id) {
    var saved = record(id);
    if (!saved || typeof saved.a !== "string") return null;
    if (!("f" in saved) && !("r" in saved)) return saved.a;
    return typeof saved.f === "string" ? saved.f : null;
  }

  // The solution or an explanation of an unanswered question was shown: its answer will not count
  // as a first try, here, after a reload or in the other language.
  function reveal(id) {
    if (record(id)) return;
    write(id, { r: 1 });
  }

  // The reader checked an answer: the first one is kept apart, unless the solution came first.
  function answered(id, answer) {
    var saved = record(id) || {};
    var next = { a: answer };
    if (typeof saved.a === "string") {
      if (typeof firstTry(id) === "string") next.f = firstTry(id);
      else next.r = 1;
    } else if (saved.r) {
      next.r = 1;
    } else {
      next.f = answer;
    }
    return write(id, next);
  }

  // ---------------------------------------------------------------------------------------
  // Grading, the same everywhere: an answer is checked against the key of the page it is
  // counted on, so a stored answer is right or wrong by today's key.

  // key: "Y", "AC"…; for a short answer {"kind": text, path or a variable of GE, "forms": [...]}.
  function spec(kind, key, count) {
    return {
      kind: kind,
      key: key,
      letters: kind === "true-false" ? "YN" : kind === "short-answer" ? "" : LETTERS.slice(0, count)
    };
  }

  // null when the answer does not fit the question (not one of its options, two for a radio
  // group, no text), else true or false.
  function verdict(q, answer) {
    if (typeof answer !== "string") return null;
    if (q.kind === "short-answer") {
      if (!normalise(answer)) return null;
      var mine = compared(answer, q.key.kind);
      return q.key.forms.some(function (form) { return compared(form, q.key.kind) === mine; });
    }
    if (!CHOICE.test(answer)) return null;
    for (var i = 0; i < answer.length; i++) if (q.letters.indexOf(answer.charAt(i)) < 0) return null;
    if (q.kind !== "multiple" && answer.length !== 1) return null;
    return answer === q.key;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return values[name];
    });
  }

  function each(root, selector, fn) {
    Array.prototype.forEach.call(root.querySelectorAll(selector), fn);
  }

  // Node runs the grader above (tests/js/); a page has no `module`.
  if (typeof module == "object") {
    module.exports = { normalise: normalise, settings: settings, compared: compared, reasons: reasons,
      expectedFor: expectedFor, firstDifference: firstDifference, spec: spec, verdict: verdict };
    return;
  }

  // ---------------------------------------------------------------------------------------
  // Progress: per section, from the data every page carries.

  // The data comes from the language's progress script (script.quiz-progress-data, run just
  // before this one); its sections' pages are relative to that script.
  var dataScript = document.querySelector("script.quiz-progress-data");
  var dataBase = dataScript ? dataScript.src : document.baseURI;
  var data = window.quizProgressData || { ui: {}, sections: [] };
  var progressUi = data.ui;

  // answered: the latest answers that fit; correct: the answers right at the first try.
  function tally(questions) {
    var result = { answered: 0, correct: 0, total: questions.length };
    questions.forEach(function (q) {
      if (verdict(q.spec, read(q.id)) !== null) result.answered++;
      if (verdict(q.spec, firstTry(q.id))) result.correct++;
    });
    return result;
  }

  function count(section) {
    return tally(section.questions.map(function (entry) {
      return { id: entry[0], spec: spec(entry[1], entry[2], entry[3]) };
    }));
  }

  function withoutHash(url) {
    return url.split("#")[0].split("?")[0];
  }

  function showProgress() {
    var bySection = {};
    var all = { answered: 0, correct: 0, total: 0 };
    data.sections.forEach(function (section) {
      var c = count(section);
      bySection[section.section] = c;
      all.answered += c.answered;
      all.correct += c.correct;
      all.total += c.total;
      section.page = withoutHash(new URL(section.url, dataBase).href);
      section.done = c.answered === c.total;
    });
    // Counts in the catalog and at the end of a chapter; each says how many questions it has until then.
    each(document, "[data-progress-section]", function (slot) {
      var c = bySection[slot.getAttribute("data-progress-section")];
      if (!c) return;
      if (!slot.hasAttribute("data-progress-empty")) slot.setAttribute("data-progress-empty", slot.textContent);
      var state = c.answered === 0 ? "none" : c.answered < c.total ? "some" : "done";
      slot.setAttribute("data-progress-state", state);
      slot.textContent = state === "none" ? slot.getAttribute("data-progress-empty")
        : fill(progressUi[state === "done" ? "section_done" : "section_count"], c);
    });
    each(document, "[data-progress-total]", function (total) {
      total.textContent = blocked ? progressUi.not_kept : fill(progressUi.total, all);
      total.hidden = !blocked && all.answered === 0;
    });
    // The reset control only when there is progress to reset.
    each(document, "[data-progress-actions]", function (actions) {
      actions.hidden = blocked || all.answered === 0;
    });
    // A tick on each link of the navigation (not the language menu) to a section all answered.
    each(document, ".md-nav--primary a[href]", function (link) {
      var done = link.getAttribute("href").indexOf("#") < 0 && data.sections.some(function (section) {
        return section.done && section.page === withoutHash(link.href);
      });
      var tick = link.querySelector(".quiz-tick");
      if (done && !tick) {
        tick = document.createElement("span");
        tick.className = "quiz-tick";
        tick.setAttribute("role", "img");
        tick.setAttribute("aria-label", progressUi.done);
        tick.textContent = "✓";
        link.appendChild(tick);
      } else if (!done && tick) {
        link.removeChild(tick);
      }
    });
  }

  function initReset(button) {
    var status = document.querySelector("[data-progress-status]");
    button.addEventListener("click", function () {
      if (!window.confirm(progressUi.reset_confirm)) return;
      forgetAll();
      refreshAll(null);
      if (status) status.textContent = progressUi.reset_done;
      // The button is gone with the progress: focus its status rather than the top of the page.
      if (status) {
        status.setAttribute("tabindex", "-1");
        status.focus();
      }
    });
  }

  // ---------------------------------------------------------------------------------------
  // Quizzes.

  var quizzes = [];

  function initQuiz(form) {
    var ui = JSON.parse(form.getAttribute("data-quiz-ui"));
    var questions = Array.prototype.slice.call(form.querySelectorAll(".quiz-question"));
    var score = form.querySelector(".quiz-score");
    var retry = form.querySelector(".quiz-retry");
    var note = form.querySelector(".quiz-note");
    var arrowDown = false; // an arrow key is down: a radio it selects is not an answer yet

    function kindOf(fieldset) {
      return fieldset.getAttribute("data-quiz-kind");
    }

    function specOf(fieldset) {
      var kind = kindOf(fieldset);
      var key = fieldset.getAttribute("data-quiz-key");
      return spec(kind, kind === "short-answer" ? JSON.parse(key) : key, fieldset.querySelectorAll("input").length);
    }

    // The letters chosen ("AC"), or the text typed for a short answer.
    function chosen(fieldset) {
      if (kindOf(fieldset) === "short-answer") return fieldset.querySelector(".quiz-input").value;
      var answer = "";
      each(fieldset, "input", function (input) {
        if (input.checked) answer += input.value;
      });
      return answer;
    }

    function mark(holder, className, glyph) {
      holder.className = className;
      holder.querySelector(".quiz-mark").textContent = glyph;
    }

    function clearView(fieldset) {
      fieldset.removeAttribute("data-quiz-result");
      fieldset.removeAttribute("data-quiz-graded");
      fieldset.querySelector(".quiz-status").textContent = "";
      var diff = fieldset.querySelector(".quiz-diff");
      if (diff) diff.parentNode.removeChild(diff);
      var explanation = fieldset.querySelector(".quiz-explanation");
      explanation.hidden = true;
      explanation.textContent = "";
      each(fieldset, ".quiz-option", function (option) {
        mark(option, "quiz-option", "");
      });
      each(fieldset, ".quiz-answer-field", function (field) {
        mark(field, "quiz-answer-field", "");
      });
    }

    // Show a verdict: ✓ on a right choice, ✗ on a wrong one, and on a right option the reader
    // did not choose a word ("missed", the mark's data-missed, shown by the stylesheet), so that it
    // never looks like a chosen one.
    function show(fieldset, answer, correct) {
      var key = fieldset.getAttribute("data-quiz-key");
      if (kindOf(fieldset) === "short-answer") {
        fieldset.setAttribute("data-quiz-graded", normalise(answer));
        mark(fieldset.querySelector(".quiz-answer-field"), "quiz-answer-field " + (correct ? "quiz-right" : "quiz-wrong"),
          correct ? "✓" : "✗");
      } else {
        each(fieldset, "input", function (input) {
          var right = key.indexOf(input.value) >= 0;
          var holder = input.parentNode;
          if (input.checked) mark(holder, "quiz-option " + (right ? "quiz-right" : "quiz-wrong"), right ? "✓" : "✗");
          else mark(holder, "quiz-option" + (right ? " quiz-missed" : ""), "");
        });
      }
      fieldset.setAttribute("data-quiz-result", correct ? "correct" : "incorrect");
      var status = fieldset.querySelector(".quiz-status");
      if (kindOf(fieldset) === "short-answer") sayShort(fieldset, status, answer, correct);
      else if (correct) status.textContent = ui.correct;
      else sayAnswer(status, ui.incorrect, fieldset.getAttribute("data-quiz-answer"));
      // The explanation lives once on the page, in the solution block; show a copy here.
      var solution = document.getElementById(fieldset.getAttribute("data-quiz-solution"));
      var text = solution && solution.querySelector(".quiz-solution-explanation");
      var explanation = fieldset.querySelector(".quiz-explanation");
      explanation.textContent = "";
      if (text) {
        explanation.appendChild(text.cloneNode(true));
        explanation.hidden = false;
        reveal(fieldset.getAttribute("data-quiz-id"));
      }
    }

    // Text with `code` spans, as the reasons are written, into an element.
    function withCode(holder, text) {
      text.split("`").forEach(function (part, index) {
        if (!part) return;
        if (index % 2) {
          var code = document.createElement("code");
          code.textContent = part;
          holder.appendChild(code);
        } else {
          holder.appendChild(document.createTextNode(part));
        }
      });
    }

    // A short answer's verdict: right or wrong, why (for a flag string, when the table knows),
    // and when wrong the reader's answer over the expected one, the first difference marked.
    function sayShort(fieldset, status, answer, correct) {
      var q = specOf(fieldset);
      var found = normaliserOf(q.key.kind) === "flags" ? reasons(answer, q.key.forms[0], q.key.kind) : [];
      status.textContent = correct ? ui.correct : ui.wrong;
      fieldset.setAttribute("data-quiz-reason", found.length ? found[0].code : "");
      if (found.length) {
        status.appendChild(document.createTextNode(" "));
        var why = document.createElement("span");
        why.className = "quiz-reason";
        // A space in the item is shown, as in the answer below: in code it would be invisible.
        var item = found[0].item.replace(/\s/g, "\u2423");
        withCode(why, fill(ui.reasons[found[0].code], { item: item, variable: found[0].variable || "" }));
        status.appendChild(why);
      }
      if (correct) return;
      var mine = normalise(answer);
      var expected = expectedFor(answer, normalise(q.key.forms[0]), q.key.kind);
      var at = firstDifference(mine, expected);
      var diff = document.createElement("div");
      diff.className = "quiz-diff";
      [[ui.yours, mine, "quiz-diff-yours"], [ui.expected, expected, "quiz-diff-expected"]].forEach(function (row) {
        var line = document.createElement("div");
        line.className = "quiz-diff-row " + row[2];
        var name = document.createElement("span");
        name.className = "quiz-diff-label";
        name.textContent = row[0];
        var code = document.createElement("code");
        code.appendChild(document.createTextNode(row[1].slice(0, at)));
        var mark = document.createElement("mark");
        var character = row[1].charAt(at);
        // A space, or the end of the text, is marked as a visible box.
        mark.textContent = character === "" ? "\u00a0" : /\s/.test(character) ? "\u2423" : character;
        // Break opportunities around the mark: without them a phone may push it past the edge.
        if (at >= 0) {
          code.appendChild(document.createElement("wbr"));
          code.appendChild(mark);
          code.appendChild(document.createElement("wbr"));
        }
        code.appendChild(document.createTextNode(row[1].slice(at + 1)));
        line.appendChild(name);
        line.appendChild(code);
        diff.appendChild(line);
      });
      var where = document.createElement("p");
      where.className = "quiz-diff-where";
      where.textContent = fill(ui.difference, { n: at + 1 });
      diff.appendChild(where);
      status.parentNode.insertBefore(diff, status.nextSibling);
    }

    // "Wrong. The answer: {answer}", for a choice question.
    function sayAnswer(status, template, answer) {
      var at = template.indexOf("{answer}");
      if (at < 0) {
        status.textContent = template;
        return;
      }
      status.textContent = template.slice(0, at) + answer + template.slice(at + "{answer}".length);
    }

    // The reader's explicit act: a click or tap on an option, Enter or Space, the check button.
    function grade(fieldset) {
      var answer = chosen(fieldset);
      var short = kindOf(fieldset) === "short-answer";
      if (short ? !normalise(answer) : !answer) {
        clearView(fieldset);
        fieldset.querySelector(".quiz-status").textContent = short ? ui.type : ui.choose;
        return;
      }
      // Stored before the verdict is shown: the explanation the verdict shows reveals the solution.
      var saved = answered(fieldset.getAttribute("data-quiz-id"), answer);
      show(fieldset, answer, verdict(specOf(fieldset), answer));
      // Said where the reader is, in the question's live status line; blocked storage is said once, above.
      if (!saved && !blocked) {
        fieldset.querySelector(".quiz-status").textContent += " " + ui.not_saved;
      }
      updateScore();
      showProgress();
    }

    // What is stored for a question, shown: its answer checked by today's key. Nothing stored
    // (or nothing that fits): the question as new.
    function restore(fieldset) {
      var answer = read(fieldset.getAttribute("data-quiz-id"));
      var right = verdict(specOf(fieldset), answer);
      if (kindOf(fieldset) === "short-answer") {
        fieldset.querySelector(".quiz-input").value = right === null ? "" : answer;
      } else {
        each(fieldset, "input", function (input) {
          input.checked = right !== null && answer.indexOf(input.value) >= 0;
        });
      }
      clearView(fieldset);
      if (right !== null) show(fieldset, answer, right);
    }

    // The score is the stored answers, each as last checked: the same count the catalog shows.
    function updateScore() {
      var c = tally(questions.map(function (fieldset) {
        return { id: fieldset.getAttribute("data-quiz-id"), spec: specOf(fieldset) };
      }));
      score.textContent = c.answered ? fill(ui.score, c) : "";
      retry.hidden = !c.answered;
    }

    questions.forEach(function (fieldset) {
      var kind = kindOf(fieldset);
      var check = fieldset.querySelector(".quiz-check");
      var spaceOnChecked = false;
      if (check) {
        check.hidden = false;
        check.addEventListener("click", function () {
          grade(fieldset);
        });
      }
      fieldset.addEventListener("click", function (event) {
        if (event.target.type !== "radio") return;
        // Arrow keys move through a radio group and select as they go: that is looking, not answering.
        if (arrowDown) {
          clearView(fieldset);
          fieldset.querySelector(".quiz-status").textContent = ui.pending_choice;
        } else {
          grade(fieldset);
        }
      });
      fieldset.addEventListener("change", function (event) {
        // A changed selection is not checked yet: the old verdict goes from view, the stored
        // answer stays until the reader checks again.
        if (event.target.type === "checkbox" && fieldset.hasAttribute("data-quiz-result")) {
          clearView(fieldset);
          fieldset.querySelector(".quiz-status").textContent = ui.pending_multiple;
        }
      });
      fieldset.addEventListener("input", function (event) {
        if (kind !== "short-answer" || !fieldset.hasAttribute("data-quiz-result")) return;
        if (normalise(event.target.value) !== fieldset.getAttribute("data-quiz-graded")) clearView(fieldset);
      });
      fieldset.addEventListener("keydown", function (event) {
        if (ARROWS.test(event.key)) arrowDown = true;
        // Enter that confirms an input method's composition (pinyin) is not a check.
        if (event.isComposing || event.keyCode === 229) return;
        if (event.key === "Enter" && event.target.tagName === "INPUT") {
          event.preventDefault();
          // Enter on an option answers with it, as Space does, even when it is not selected yet.
          if (event.target.type === "radio") event.target.checked = true;
          grade(fieldset);
        }
        // Space on a radio that is already selected changes nothing, so no click follows: check here.
        if (event.key === " " && event.target.type === "radio") spaceOnChecked = event.target.checked;
      });
      fieldset.addEventListener("keyup", function (event) {
        if (ARROWS.test(event.key)) arrowDown = false;
        if (event.key === " " && event.target.type === "radio" && spaceOnChecked) {
          spaceOnChecked = false;
          grade(fieldset);
        }
      });
      restore(fieldset);
    });

    form.addEventListener("submit", function (event) {
      event.preventDefault();
    });
    retry.addEventListener("click", function () {
      var any = questions.some(function (fieldset) {
        return read(fieldset.getAttribute("data-quiz-id")) !== null;
      });
      // Like the reset on the home page: stored answers go only when the reader confirms.
      if (any && !window.confirm(ui.retry_confirm)) return;
      // The answers go; that the solutions were seen stays, so a second round is no first try.
      questions.forEach(function (fieldset) {
        var id = fieldset.getAttribute("data-quiz-id");
        write(id, record(id) ? { r: 1 } : null);
        restore(fieldset);
      });
      updateScore();
      showProgress();
      form.querySelector("input").focus();
    });
    if (blocked) {
      note.textContent = ui.not_kept;
      note.hidden = false;
    }
    form.addEventListener("pointerdown", function () {
      arrowDown = false;
    });
    updateScore();

    quizzes.push(function (id, before) {
      questions.forEach(function (fieldset) {
        if (id === null || fieldset.getAttribute("data-quiz-id") === id && !hasUncheckedInput(fieldset, before)) restore(fieldset);
      });
      updateScore();
    });
  }

  // Another tab answered or reset (`storage`, `before` the old value), or Back or Forward.
  function refreshAll(id, before) {
    quizzes.forEach(function (refresh) {
      refresh(id, before);
    });
    showProgress();
  }

  // Opening a solution block shows the answer: its question's next answer is no first try.
  each(document, "details.quiz-solution", function (details) {
    details.addEventListener("toggle", function () {
      var fieldset = details.open && document.querySelector('fieldset[data-quiz-solution="' + details.id + '"]');
      if (!fieldset) return;
      reveal(fieldset.getAttribute("data-quiz-id"));
    });
  });

  // Other tabs and history show what is stored, except input the reader has not checked here.

  // The inputs differ from what the answer stored until now (`before`) showed.
  function hasUncheckedInput(fieldset, before) {
    var text = fieldset.querySelector(".quiz-input"), held = "", shown = null;
    if (text) held = text.value;
    else each(fieldset, "input:checked", function (input) { held += input.value; });
    try { shown = JSON.parse(before).a; } catch (e) {}
    var kind = fieldset.getAttribute("data-quiz-kind"), key = fieldset.getAttribute("data-quiz-key");
    if (verdict(spec(kind, kind === "short-answer" ? JSON.parse(key) : key, fieldset.querySelectorAll("input").length), shown) === null) shown = "";
    return held !== shown;
  }

  function followOtherTabs(event) {
    if (event.key === null) refreshAll(null);
    else if (event.key.indexOf(PREFIX) === 0) refreshAll(event.key.slice(PREFIX.length), event.oldValue);
  }

  // Back or Forward (inputs may come back as left), not a first visit (the reader may be typing).
  function showStoredOnReturn(event) {
    var navigation = performance.getEntriesByType("navigation")[0];
    if (event.persisted || (navigation && navigation.type === "back_forward")) refreshAll(null);
  }

  each(document, "form.quiz", initQuiz);
  each(document, ".quiz-reset-all", initReset);
  showProgress();
  window.addEventListener("storage", followOtherTabs);
  window.addEventListener("pageshow", showStoredOnReturn);
})();
