"use strict";
// quiz.js's grader, on the tables its Python twin (quizzes/kinds.py, quizzes/flags.py) is tested
// on: fixtures/quiz/flag_answers.json (every answer kind: verdict and reason) and
// fixtures/quiz/normalisation.json.  The grading tables are the build's own, handed over as the
// page's progress data hands them (window.quizProgressData).
const test = require("node:test");
const assert = require("node:assert/strict");
const { load, tables, fixture } = require("./load.js");

const quiz = load("quizzes/quiz.js", { window: { quizProgressData: tables().quiz } });
const ANSWERS = fixture("quiz/flag_answers.json");

function graded(row) {
  const forms = [row.key, ...(row.also || [])];
  const right = quiz.verdict(quiz.spec("short-answer", { kind: row.kind, forms: forms }), row.answer);
  // As the page says it: a reason only for a flag string.
  const found = tables().quiz.kinds[row.kind] === "flags" ? quiz.reasons(row.answer, row.key, row.kind) : [];
  return { right, first: found.length ? found[0] : null };
}

ANSWERS.forEach((row, number) => {
  test(`${row.kind} ${JSON.stringify(row.answer)} is ${row.correct ? "right" : "wrong"}${row.reason ? `, ${row.reason}` : ""}`, () => {
    const { right, first } = graded(row);
    assert.deepEqual([right, first && first.code], [row.correct, row.reason]);
    // The item and variable the message names are those Python finds.
    const python = tables().first_reasons[number];
    assert.deepEqual(first && { code: first.code, item: first.item, variable: first.variable || "" }, python);
  });
});

test("the table has right and wrong answers of every answer kind the build knows", () => {
  for (const kind of Object.keys(tables().quiz.kinds)) {
    assert.deepEqual(new Set(ANSWERS.filter((row) => row.kind === kind).map((row) => row.correct)), new Set([true, false]), kind);
  }
});

for (const row of fixture("quiz/normalisation.json")) {
  test(`a short answer loses the whitespace at its ends only: ${row.case}`, () => {
    assert.equal(quiz.normalise(row.text), row.normalised);
  });
}

test("the characters a short answer loses at its ends are Python's, over the whole Basic Multilingual Plane", () => {
  const removed = [];
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const w = String.fromCharCode(c);
    if (quiz.normalise(w + "a" + w) === "a") removed.push(c);
  }
  assert.deepEqual(removed, tables().whitespace);
  assert.equal(removed.length, 25);
});

test("a choice answer fits its question only as its options' letters, in order, each once", () => {
  const multiple = quiz.spec("multiple", "AC", 4);
  assert.equal(quiz.verdict(multiple, "AC"), true);
  assert.equal(quiz.verdict(multiple, "A"), false);
  for (const unfit of ["CA", "AA", "E", "ac", "", null]) assert.equal(quiz.verdict(multiple, unfit), null, unfit);
  assert.equal(quiz.verdict(quiz.spec("single", "B", 3), "AB"), null);
  assert.equal(quiz.verdict(quiz.spec("single", "B", 3), "B"), true);
  assert.equal(quiz.verdict(quiz.spec("true-false", "Y", 2), "N"), false);
  assert.equal(quiz.verdict(quiz.spec("true-false", "Y", 2), "A"), null);
  assert.equal(quiz.verdict(quiz.spec("short-answer", { kind: "text", forms: ["x"] }), " \t"), null);
});

test("the expected answer shown under a wrong one follows the reader's order, so that the first difference is real", () => {
  const key = "--enable_autofuse=true;--autofuse_enable_pass=reduce";
  const typed = "--autofuse_enable_pass=Reduce;--enable_autofuse=true";
  const shown = quiz.expectedFor(typed, key, "AUTOFUSE_FLAGS");
  assert.equal(shown, "--autofuse_enable_pass=reduce;--enable_autofuse=true");
  assert.equal(quiz.firstDifference(typed, shown), "--autofuse_enable_pass=".length);
  assert.equal(quiz.expectedFor("/tmp/x/", "/tmp/y", "path"), "/tmp/y/");
  assert.equal(quiz.firstDifference("same", "same"), -1);
});
