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

  // A short answer as it is compared: all whitespace removed (the characters of \s, written
  // out), then one pair of matching surrounding quotes; letter case counts. The same function
  // as normalise_answer in quizzes/model.py; tests/test_quiz_browser.py runs both on one table.
  function normalise(text) {
    var squeezed = text.replace(/[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/g, "");
    var first = squeezed.charAt(0);
    if (squeezed.length >= 2 && (first === '"' || first === "'") && squeezed.charAt(squeezed.length - 1) === first) {
      return squeezed.slice(1, -1);
    }
    return squeezed;
  }

  // The saved answer's text, or null: anything else under our key (hand-edited, another
  // version's format) counts as unanswered. A stored verdict, if any, is never trusted.
  function read(id) {
    try {
      var saved = JSON.parse(stored(id));
      if (saved && typeof saved.a === "string") return saved.a;
    } catch (e) {}
    return null;
  }

  // ---------------------------------------------------------------------------------------
  // Grading, the same everywhere: an answer is checked against the key of the page it is
  // counted on, so a stored answer is right or wrong by today's key.

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
      var text = normalise(answer);
      return text ? q.key.indexOf(text) >= 0 : null;
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

  // ---------------------------------------------------------------------------------------
  // Progress: per section, from the data every page carries.

  // The data comes from the language's progress script (script.quiz-progress-data, run just
  // before this one); its sections' pages are relative to that script.
  var dataScript = document.querySelector("script.quiz-progress-data");
  var dataBase = dataScript ? dataScript.src : document.baseURI;
  var data = window.quizProgressData || { ui: {}, sections: [] };
  var progressUi = data.ui;

  function count(section) {
    var result = { answered: 0, correct: 0, total: section.questions.length };
    section.questions.forEach(function (entry) {
      var right = verdict(spec(entry[1], entry[2], entry[3]), read(entry[0]));
      if (right !== null) result.answered++;
      if (right) result.correct++;
    });
    return result;
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
    // A tick on each link, in a navigation, to a section whose questions are all answered (not on
    // links to a place in a page: the table of contents).
    each(document, "nav a[href]", function (link) {
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
      if (correct) status.textContent = ui.correct;
      else sayAnswer(status, ui.incorrect, fieldset.getAttribute("data-quiz-answer"), kindOf(fieldset) === "short-answer");
      // The explanation lives once on the page, in the solution block; show a copy here.
      var solution = document.getElementById(fieldset.getAttribute("data-quiz-solution"));
      var text = solution && solution.querySelector(".quiz-solution-explanation");
      var explanation = fieldset.querySelector(".quiz-explanation");
      explanation.textContent = "";
      if (text) {
        explanation.appendChild(text.cloneNode(true));
        explanation.hidden = false;
      }
    }

    // "Wrong. The answer: {answer}"; a short answer is code, shown as code and broken only
    // after a ";" (a browser would break "--enable_autofuse" after its dashes).
    function sayAnswer(status, template, answer, asCode) {
      var at = template.indexOf("{answer}");
      if (at < 0) {
        status.textContent = template;
        return;
      }
      status.textContent = template.slice(0, at);
      if (asCode) {
        var code = document.createElement("code");
        answer.split(";").forEach(function (part, index, parts) {
          var last = index === parts.length - 1;
          var piece = document.createElement("span");
          piece.className = "quiz-unbroken";
          piece.textContent = last ? part : part + ";";
          code.appendChild(piece);
          if (!last) code.appendChild(document.createElement("wbr"));
        });
        status.appendChild(code);
      } else {
        status.appendChild(document.createTextNode(answer));
      }
      status.appendChild(document.createTextNode(template.slice(at + "{answer}".length)));
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
      show(fieldset, answer, verdict(specOf(fieldset), answer));
      // Said where the reader is, in the question's live status line; blocked storage is said once, above.
      if (!write(fieldset.getAttribute("data-quiz-id"), { a: answer }) && !blocked) {
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
      var c = { answered: 0, correct: 0, total: questions.length };
      questions.forEach(function (fieldset) {
        var right = verdict(specOf(fieldset), read(fieldset.getAttribute("data-quiz-id")));
        if (right !== null) c.answered++;
        if (right) c.correct++;
      });
      score.textContent = c.answered ? fill(ui.score, c) : "";
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
    retry.hidden = false;
    retry.addEventListener("click", function () {
      var any = questions.some(function (fieldset) {
        return read(fieldset.getAttribute("data-quiz-id")) !== null;
      });
      // Like the reset on the home page: stored answers go only when the reader confirms.
      if (any && !window.confirm(ui.retry_confirm)) return;
      questions.forEach(function (fieldset) {
        write(fieldset.getAttribute("data-quiz-id"), null);
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
        if (id !== null && fieldset.getAttribute("data-quiz-id") !== id) return;
        if (id !== null && hasUncheckedInput(fieldset, before)) return;
        restore(fieldset);
      });
      updateScore();
    });
  }

  // Another tab answered or reset (`storage`), or the page came back from the back/forward cache.
  // `before`: what was stored under the id until then (the storage event's old value).
  function refreshAll(id, before) {
    quizzes.forEach(function (refresh) {
      refresh(id, before);
    });
    showProgress();
  }

  // ---------------------------------------------------------------------------------------
  // Following other tabs and history: a form shows what is stored, except what the reader is
  // typing or choosing in this tab and has not checked yet.

  // What the question's inputs hold: the letters chosen, or the text typed.
  function inputOf(fieldset) {
    var text = fieldset.querySelector(".quiz-input");
    if (text) return text.value;
    var answer = "";
    each(fieldset, "input", function (input) {
      if (input.checked) answer += input.value;
    });
    return answer;
  }

  // The inputs differ from what the form showed for the answer stored until now (`before`, as
  // stored: the same reading as read()); an answer that did not fit showed as nothing.
  function hasUncheckedInput(fieldset, before) {
    var shown = null;
    try {
      var saved = JSON.parse(before);
      if (saved && typeof saved.a === "string") shown = saved.a;
    } catch (e) {}
    var kind = fieldset.getAttribute("data-quiz-kind");
    var key = fieldset.getAttribute("data-quiz-key");
    var question = spec(kind, kind === "short-answer" ? JSON.parse(key) : key, fieldset.querySelectorAll("input").length);
    if (verdict(question, shown) === null) shown = "";
    return inputOf(fieldset) !== shown;
  }

  // Another tab checked or reset a question: this tab follows, unless the reader has unchecked
  // input in it here (that tab's verdict shows at the next check or visit).
  function followOtherTabs(event) {
    if (event.key === null) refreshAll(null);
    else if (event.key.indexOf(PREFIX) === 0) refreshAll(event.key.slice(PREFIX.length), event.oldValue);
  }

  // Back, Forward or the back/forward cache: the browser may put back the inputs as they were when
  // the reader left, which need not be what is stored now; the stored answers are shown.
  // A first visit is left alone: the reader may already be typing.
  function showStoredOnReturn(event) {
    var navigation = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    if (event.persisted || (navigation && navigation.type === "back_forward")) refreshAll(null);
  }

  each(document, "form.quiz", initQuiz);
  each(document, ".quiz-reset-all", initReset);
  showProgress();
  window.addEventListener("storage", followOtherTabs);
  window.addEventListener("pageshow", showStoredOnReturn);
})();
