/* Quizzes and course progress. No dependencies, no network: the page carries
   its questions, answer keys, strings (data-quiz-ui) and, on the home page,
   the question ids of every section. */
(function () {
  "use strict";

  var PREFIX = "autofuse-quiz:";
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

  function read(id) {
    var raw = null;
    try {
      raw = id in memory ? memory[id] : storage && storage.getItem(PREFIX + id);
      var saved = raw && JSON.parse(raw);
      // Anything else under our key (hand-edited, another version's format) counts as unanswered.
      // An answer is Y or N, or letters A-H in order, each once.
      if (saved && /^(?:[YN]|(?=.)A?B?C?D?E?F?G?H?)$/.test(saved.a) && typeof saved.c === "boolean") return saved;
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

    function chosen(question) {
      var answer = "";
      each(question, "input", function (input) {
        if (input.checked) answer += input.value;
      });
      return answer;
    }

    function clear(question) {
      question.removeAttribute("data-quiz-result");
      question.querySelector(".quiz-status").textContent = "";
      var explanation = question.querySelector(".quiz-explanation");
      explanation.hidden = true;
      explanation.textContent = "";
      each(question, ".quiz-option", function (option) {
        option.className = "quiz-option";
        option.querySelector(".quiz-mark").textContent = "";
      });
    }

    function grade(question, save) {
      var answer = chosen(question);
      var status = question.querySelector(".quiz-status");
      if (!answer) {
        clear(question);
        status.textContent = ui.choose;
        return;
      }
      var key = question.getAttribute("data-quiz-key");
      var correct = answer === key;
      question.setAttribute("data-quiz-result", correct ? "correct" : "incorrect");
      each(question, "input", function (input) {
        var right = key.indexOf(input.value) >= 0;
        var wrong = input.checked && !right;
        var option = input.parentNode;
        option.className = "quiz-option" + (right ? " quiz-right" : wrong ? " quiz-wrong" : "");
        option.querySelector(".quiz-mark").textContent = right ? "✓" : wrong ? "✗" : "";
      });
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

    function restore(question) {
      var saved = read(question.getAttribute("data-quiz-id"));
      if (!saved) return;
      var inputs = question.querySelectorAll("input");
      var matched = 0;
      Array.prototype.forEach.call(inputs, function (input) {
        if (saved.a.indexOf(input.value) >= 0) matched++;
      });
      // A saved answer must fit this question's options (and a radio group takes one);
      // one that does not is dropped, so the home page stops counting it too.
      if (matched !== saved.a.length || (inputs[0].type === "radio" && matched !== 1)) {
        write(question.getAttribute("data-quiz-id"), null);
        return;
      }
      Array.prototype.forEach.call(inputs, function (input) {
        input.checked = saved.a.indexOf(input.value) >= 0;
      });
      grade(question, false);
    }

    function updateScore() {
      var answered = form.querySelectorAll("[data-quiz-result]").length;
      var correct = form.querySelectorAll('[data-quiz-result="correct"]').length;
      score.textContent = answered ? fill(ui.score, { correct: correct, total: questions.length }) : "";
    }

    each(form, ".quiz-question", function (question) {
      var multiple = question.getAttribute("data-quiz-kind") === "multiple";
      var check = question.querySelector(".quiz-check");
      if (check) {
        check.hidden = false;
        check.addEventListener("click", function () {
          grade(question, true);
        });
      }
      question.addEventListener("change", function () {
        if (!multiple) return grade(question, true);
        // A changed selection is not checked yet: drop the old verdict rather than show a stale one.
        clear(question);
        write(question.getAttribute("data-quiz-id"), null);
        updateScore();
      });
      question.addEventListener("keydown", function (event) {
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
          input.checked = false;
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
