"use strict";
// What the node tests share: the browser scripts loaded as a page loads them, the tables the build
// hands them, and the test tables of tests/fixtures/.
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { execFileSync } = require("node:child_process");

const ROOT = path.resolve(__dirname, "..", "..");

// A browser script run as a page runs it, except that it has a `module`, to which it hands its pure
// functions before it reaches for the page; `globals` stand in for the page's (window...).
function load(file, globals = {}) {
  const names = Object.keys(globals);
  const module = { exports: {} };
  const run = vm.compileFunction(fs.readFileSync(path.join(ROOT, file), "utf8"), ["module", ...names],
    { filename: path.join(ROOT, file) });
  run(module, ...names.map((name) => globals[name]));
  return module.exports;
}

// What the build hands the scripts (tests/js/tables.py), read from the project's Python.
let built = null;
function tables() {
  if (built === null) {
    const venv = path.join(ROOT, ".venv", "bin", "python");
    const python = process.env.PYTHON || (fs.existsSync(venv) ? venv : "python3");
    built = JSON.parse(execFileSync(python, [path.join(__dirname, "tables.py")], { encoding: "utf8" }));
  }
  return built;
}

function fixture(name) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, "tests", "fixtures", name), "utf8"));
}

module.exports = { load, tables, fixture };
