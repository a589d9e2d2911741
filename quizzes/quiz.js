/* Quizzes and course progress. No dependencies, no network: the page carries
   its questions, answer keys, strings (data-quiz-ui) and, on the home page,
   the question ids of every section. */
(function () {
  "use strict";

  var PREFIX = "autofuse-quiz:";
  // A choice answer: Y or N, or letters A-H in order, each once.
  var CHOICE = /^(?:[YN]|(?=.)A?B?C?D?E?F?G?H?)$/;
  // This visit's answers; used alone when localStorage is unavailable (blocked, private mode, full).
  var memory = {};
  var storage = null;
  try {
    storage = window.localStorage;
    storage.setItem(PREFIX, "");
    storage.removeItem(PREFIX);
  } catch (e) {
    storage = null;
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

  function stored(id) {
    try {
      return id in memory ? memory[id] : storage && storage.getItem(PREFIX + id);
    } catch (e) {
      return null;
    }
  }

  function read(id) {
    try {
      var saved = JSON.parse(stored(id));
      // Anything else under our key (hand-edited, another version's format) counts as unanswered.
      // An answer is a choice's letters or the text typed for a short answer.
      if (saved && typeof saved.a === "string" && typeof saved.c === "boolean" && (CHOICE.test(saved.a) || normalise(saved.a))) {
        return saved;
      }
    } catch (e) {}
    return null;
  }

  function write(id, saved) {
    memory[id] = saved && JSON.stringify(saved);
    try {
      if (saved) storage.setItem(PREFIX + id, memory[id]);
      else storage.removeItem(PREFIX + id);
    } catch (e) {}
  }

  function forgetAll() {
    memory = {};
    try {
      var keys = [];
      for (var i = 0; i < storage.length; i++) keys.push(storage.key(i));
      keys.forEach(function (key) {
        if (key.indexOf(PREFIX) === 0) storage.removeItem(key);
      });
    } catch (e) {}
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return values[name];
    });
  }

  function each(root, selector, fn) {
    Array.prototype.forEach.call(root.querySelectorAll(selector), fn);
  }

  function initQuiz(form) {
    var ui = JSON.parse(form.getAttribute("data-quiz-ui"));
    var questions = form.querySelectorAll(".quiz-question");
    var score = form.querySelector(".quiz-score");
    var retry = form.querySelector(".quiz-retry");

    function isShort(question) {
      return question.getAttribute("data-quiz-kind") === "short-answer";
    }

    // The letters chosen ("AC"), or the text typed for a short answer.
    function chosen(question) {
      if (isShort(question)) return question.querySelector(".quiz-input").value;
      var answer = "";
      each(question, "input", function (input) {
        if (input.checked) answer += input.value;
      });
      return answer;
    }

    function mark(holder, className, glyph) {
      holder.className = className;
      holder.querySelector(".quiz-mark").textContent = glyph;
    }

    function clear(question) {
      question.removeAttribute("data-quiz-result");
      question.removeAttribute("data-quiz-graded");
      question.querySelector(".quiz-status").textContent = "";
      var explanation = question.querySelector(".quiz-explanation");
      explanation.hidden = true;
      explanation.textContent = "";
      each(question, ".quiz-option", function (option) {
        mark(option, "quiz-option", "");
      });
      each(question, ".quiz-answer-field", function (field) {
        mark(field, "quiz-answer-field", "");
      });
    }

    function grade(question, save) {
      var short = isShort(question);
      var answer = chosen(question);
      var status = question.querySelector(".quiz-status");
      if (short ? !normalise(answer) : !answer) {
        clear(question);
        status.textContent = short ? ui.type : ui.choose;
        return;
      }
      var key = question.getAttribute("data-quiz-key");
      var correct;
      if (short) {
        correct = JSON.parse(key).indexOf(normalise(answer)) >= 0;
        // What was checked: typing that changes it drops the verdict (see "input" below).
        question.setAttribute("data-quiz-graded", normalise(answer));
        mark(question.querySelector(".quiz-answer-field"), "quiz-answer-field " + (correct ? "quiz-right" : "quiz-wrong"),
          correct ? "✓" : "✗");
      } else {
        correct = answer === key;
        each(question, "input", function (input) {
          var right = key.indexOf(input.value) >= 0;
          var wrong = input.checked && !right;
          mark(input.parentNode, "quiz-option" + (right ? " quiz-right" : wrong ? " quiz-wrong" : ""),
            right ? "✓" : wrong ? "✗" : "");
        });
      }
      question.setAttribute("data-quiz-result", correct ? "correct" : "incorrect");
      status.textContent = correct ? ui.correct : fill(ui.incorrect, { answer: question.getAttribute("data-quiz-answer") });
      // The explanation lives once on the page, in the solution block; show a copy here.
      var solution = document.getElementById(question.getAttribute("data-quiz-solution"));
      var text = solution && solution.querySelector(".quiz-solution-explanation");
      var explanation = question.querySelector(".quiz-explanation");
      explanation.textContent = "";
      if (text) {
        explanation.appendChild(text.cloneNode(true));
        explanation.hidden = false;
      }
      if (save) write(question.getAttribute("data-quiz-id"), { a: answer, c: correct });
      updateScore();
    }

    // Does a saved answer fit this question? A choice must name its options (a radio group
    // takes one); a short answer must have text.
    function fits(question, saved) {
      if (isShort(question)) return !!normalise(saved.a);
      var inputs = question.querySelectorAll("input");
      var matched = 0;
      Array.prototype.forEach.call(inputs, function (input) {
        if (saved.a.indexOf(input.value) >= 0) matched++;
      });
      return CHOICE.test(saved.a) && matched === saved.a.length && (inputs[0].type !== "radio" || matched === 1);
    }

    function restore(question) {
      var id = question.getAttribute("data-quiz-id");
      var saved = read(id);
      if (!saved || !fits(question, saved)) {
        // One that does not fit is dropped, so the home page stops counting it too.
        if (stored(id)) write(id, null);
        return;
      }
      if (isShort(question)) {
        question.querySelector(".quiz-input").value = saved.a;
      } else {
        each(question, "input", function (input) {
          input.checked = saved.a.indexOf(input.value) >= 0;
        });
      }
      grade(question, false);
    }

    function updateScore() {
      var answered = form.querySelectorAll("[data-quiz-result]").length;
      var correct = form.querySelectorAll('[data-quiz-result="correct"]').length;
      score.textContent = answered ? fill(ui.score, { correct: correct, total: questions.length }) : "";
    }

    function drop(question) {
      clear(question);
      write(question.getAttribute("data-quiz-id"), null);
      updateScore();
    }

    each(form, ".quiz-question", function (question) {
      var kind = question.getAttribute("data-quiz-kind");
      var check = question.querySelector(".quiz-check");
      if (check) {
        check.hidden = false;
        check.addEventListener("click", function () {
          grade(question, true);
        });
      }
      question.addEventListener("change", function () {
        // A short answer is checked by its button or Enter only, never on typing or leaving the box.
        if (kind === "short-answer") return;
        if (kind !== "multiple") return grade(question, true);
        // A changed selection is not checked yet: drop the old verdict rather than show a stale one.
        drop(question);
      });
      question.addEventListener("input", function (event) {
        if (kind !== "short-answer" || !question.hasAttribute("data-quiz-result")) return;
        if (normalise(event.target.value) !== question.getAttribute("data-quiz-graded")) drop(question);
      });
      question.addEventListener("keydown", function (event) {
        // Enter that confirms an input method's composition (pinyin) is not a check.
        if (event.isComposing || event.keyCode === 229) return;
        if (event.key === "Enter" && event.target.tagName === "INPUT") {
          event.preventDefault();
          grade(question, true);
        }
      });
      restore(question);
    });

    form.addEventListener("submit", function (event) {
      event.preventDefault();
    });
    retry.hidden = false;
    retry.addEventListener("click", function () {
      each(form, ".quiz-question", function (question) {
        each(question, "input", function (input) {
          if (input.type === "text") input.value = "";
          else input.checked = false;
        });
        clear(question);
        write(question.getAttribute("data-quiz-id"), null);
      });
      updateScore();
      form.querySelector("input").focus();
    });
    updateScore();
  }

  function initProgress(panel) {
    var ui = JSON.parse(panel.getAttribute("data-quiz-ui"));
    var sections = JSON.parse(panel.querySelector(".quiz-progress-data").textContent);
    var actions = panel.querySelector(".quiz-progress-actions");

    function show(row, answered, correct) {
      row.querySelector('[data-quiz-count="answered"]').textContent = answered;
      row.querySelector('[data-quiz-count="correct"]').textContent = correct;
    }

    function render() {
      var answered = 0;
      var correct = 0;
      each(panel, "tbody tr[data-quiz-section]", function (row) {
        var rowAnswered = 0;
        var rowCorrect = 0;
        (sections[row.getAttribute("data-quiz-section")] || []).forEach(function (id) {
          var saved = read(id);
          if (saved) {
            rowAnswered++;
            if (saved.c) rowCorrect++;
          }
        });
        show(row, rowAnswered, rowCorrect);
        answered += rowAnswered;
        correct += rowCorrect;
      });
      show(panel.querySelector("tfoot tr"), answered, correct);
    }

    actions.hidden = false;
    actions.querySelector("button").addEventListener("click", function () {
      if (!window.confirm(ui.confirm)) return;
      forgetAll();
      render();
      actions.querySelector(".quiz-progress-status").textContent = ui.cleared;
    });
    // Another tab answered, or the page came back from the back/forward cache.
    window.addEventListener("storage", render);
    window.addEventListener("pageshow", render);
    render();
  }

  each(document, "form.quiz", initQuiz);
  each(document, ".quiz-progress", initProgress);
})();
