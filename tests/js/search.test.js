"use strict";
// search.js's pure functions: what a typed word searches for, how a query is rewritten, how
// Chinese typed without spaces is cut, and how results are ranked.  The tables are
// tests/fixtures/search/; test_search.py checks on the built site that the rewritten queries find
// the pages.
const test = require("node:test");
const assert = require("node:assert/strict");
const { load, tables, fixture } = require("./load.js");

const search = load("overrides/assets/javascripts/search.js");
const separator = () => new RegExp(tables().separator);

for (const row of fixture("search/forms.json")) {
  test(`a typed ${row.word} searches ${row.forms.join(", ")}: ${row.why}`, () => {
    assert.deepEqual([...search.formsOf(row.word)].sort(), [...row.forms].sort());
  });
}

test("the base of a form follows the rules of English endings, never a function word or a stem without a vowel", () => {
  assert.ok(search.basesOf("applied").includes("apply"));
  assert.ok(search.basesOf("stopped").includes("stop"));
  assert.ok(!search.basesOf("noted").includes("not"));
  assert.ok(!search.basesOf("speed").includes("spe"));
  assert.deepEqual(search.inflect("copy"), ["copy", "copies", "copied", "copying"]);
  assert.deepEqual(search.inflect("tie"), ["tie", "ties", "tied", "tying"]);
});

for (const row of fixture("search/queries.json")) {
  test(`${row.query} is sent as ${row.rewritten}: ${row.why}`, () => {
    assert.equal(search.rewriteQuery(row.query, separator()).query, row.rewritten);
  });
}

test("a long query is cut to its first twenty words, and to 200 characters", () => {
  const words = Array.from({ length: 300 }, (_, number) => `w${number}`);
  assert.deepEqual(search.rewriteQuery(words.join(" "), separator()).query.split(" "), words.slice(0, 20));
  assert.ok(search.rewriteQuery("x".repeat(5000), separator()).query.length <= 200);
});

// The index's Chinese words are jieba's, separated by a zero-width space (site/search_index.py).
const DOCS = [
  { location: "a.html", title: "融合\u200b策略", text: "<p>昇腾\u200b上\u200b的\u200b融合</p>" },
  { location: "b.html#x", title: "Options", text: "op summary 融合" },
  { location: "c.html", title: "op_summary", text: "<code>op_summary</code> 融合\u200b策略" },
];

test("Chinese typed without spaces is cut into the index's words, the last one perhaps unfinished", () => {
  const vocabulary = search.vocabularyOf(DOCS, separator());
  assert.deepEqual(search.segment("融合策略", vocabulary), ["融合", "策略"]);
  assert.deepEqual(search.segment("昇", vocabulary), ["昇"]);  // the start of 昇腾, still being typed
  assert.deepEqual(search.segment("融合策", vocabulary), ["融合", "策"]);
  assert.deepEqual(search.segment("融合好策略", vocabulary), ["融合", "好", "策略"]);  // 好: not in the index
  assert.deepEqual(search.segment("融合策略", null), ["融合策略"]);  // before the index is loaded
  const rewritten = search.rewriteQuery("融合策略", separator(), vocabulary);
  assert.equal(rewritten.query, "融合\u3007 策略\u3007");
  assert.deepEqual(rewritten.wholes, ["融合策略"]);
});

test("the pages holding a cut word whole come first, otherwise in the worker's order", () => {
  const texts = search.pageTexts(DOCS);
  const groups = [[{ location: "b.html#x" }], [{ location: "a.html" }], [{ location: "c.html" }]];
  const { wholes } = search.rewriteQuery("op_summary", separator());
  assert.deepEqual(wholes, ["op_summary"]);
  assert.deepEqual(search.wholeFirst(groups, wholes, texts).map((group) => group[0].location),
    ["c.html", "b.html#x", "a.html"]);
  assert.equal(search.wholeFirst(groups, [], texts), groups);
});

test("a result's matched terms are told per typed word: found when one of its forms was", () => {
  const { words } = search.rewriteQuery("enable kernels", separator());
  const terms = search.termsTyped({ enable: false, enabling: true, kernel: false }, words);
  assert.deepEqual(terms, { enable: true, kernels: false });
});
