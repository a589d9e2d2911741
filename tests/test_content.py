"""The course content as an author leaves it: valid code cells, one glossary, no avoided term.

- every code cell, after IPython turns its magics and `!` lines into Python, parses and passes
  pyflakes; the cells of a notebook are checked together, in order, as a reader runs them;
- docs/glossary.yml has every field in both languages, sorted ids, no duplicate;
- no variant that the glossary lists under `avoid` appears in the prose of a page or an answer
  file of that language (code spans and fenced code are not prose).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest
import yaml
from IPython.core.inputtransformer2 import TransformerManager
from markdown_it import MarkdownIt
from pyflakes import checker, messages

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GLOSSARY = DOCS / "glossary.yml"
LANGUAGES = ("zh", "en")

# The course, and the course written in upstream's conventions (tests/fixtures/upstream_course),
# which the build accepts as it is: what the build publishes passes here too.
UPSTREAM_DOCS = ROOT / "tests" / "fixtures" / "upstream_course" / "docs"
NOTEBOOKS = sorted(p for docs in (DOCS, UPSTREAM_DOCS) for p in docs.rglob("*.ipynb"))
MARKDOWN_PAGES = sorted(p for docs in (DOCS, UPSTREAM_DOCS) for p in docs.rglob("*.md"))
ANSWER_FILES = sorted(p for docs in (DOCS, UPSTREAM_DOCS) for p in docs.glob("*/answer/*.txt"))
# A side-effect import is how the Inductor route is switched on in CANN 9.0.0 (`import inductor_npu_ext`).
ALLOWED = (messages.UnusedImport,)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def language_of(path: Path) -> str:
    return "en" if ".en." in path.name else "zh"


# ---------------------------------------------------------------------------
# Code cells


def python_of(notebook: nbformat.NotebookNode) -> list[tuple[str, str]]:
    """(cell id, Python source) of each code cell, magics and `!` lines turned into calls."""
    transform = TransformerManager().transform_cell
    return [(cell.get("id"), transform(cell.source)) for cell in notebook.cells if cell.cell_type == "code"]


def in_python(path: Path) -> bool:
    """The notebook's kernel runs Python (an xcpp notebook's cells are C++), as the build reads it."""
    from helpers import ROOT as _  # puts overrides/ on the path

    from course_site.adapters import notebook_language

    return notebook_language(path) in ("python", "python3", "ipython", "ipython3")


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if in_python(p)], ids=rel)
def test_code_cells_parse_and_pass_pyflakes(path: Path):
    notebook = nbformat.read(path, as_version=4)
    cells = python_of(notebook)
    for cell_id, source in cells:
        try:
            ast.parse(source)
        except SyntaxError as error:
            pytest.fail(f"{rel(path)}, cell {cell_id}: {error.msg} at line {error.lineno}")
    # One program, cell after cell: names defined in an earlier cell are known in later ones.
    program, owners = [], []
    for cell_id, source in cells:
        lines = source.splitlines() or [""]
        program.extend(lines)
        owners.extend([cell_id] * len(lines))
    tree = ast.parse("\n".join(program))
    found = checker.Checker(tree, rel(path), builtins={"get_ipython"})
    problems = [
        f"{rel(path)}, cell {owners[m.lineno - 1]}: {m.message % m.message_args}"
        for m in found.messages
        if not isinstance(m, ALLOWED) and not guarded(m, "\n".join(program))
    ]
    assert problems == []


def guarded(message, program: str) -> bool:
    """`x = x if 'x' in globals() else default`: upstream's guard for a name an earlier run of the
    notebook may have set; pyflakes calls the first `x` undefined."""
    return isinstance(message, messages.UndefinedName) and re.search(
        r"""['"]%s['"]\s+in\s+globals\(\)""" % re.escape(message.message_args[0]), program) is not None


def test_a_name_guarded_by_globals_is_not_undefined():
    source = "import os\noriginal_dir = original_dir if 'original_dir' in globals() else os.getcwd()\nprint(flgas)"
    found = checker.Checker(ast.parse(source), "x.ipynb").messages
    assert [m.message_args[0] for m in found if not guarded(m, source)] == ["flgas"]


def test_pyflakes_check_catches_a_typo(tmp_path):
    """The check above can fail: an undefined name in a later cell is reported with its cell id."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("import os\nflags = os.environ.get('AUTOFUSE_FLAGS')", id="one"),
        nbformat.v4.new_code_cell("%env AUTOFUSE_FLAGS=--enable_autofuse=true\nprint(flgas)", id="two"),
    ]
    path = tmp_path / "typo.ipynb"
    nbformat.write(notebook, path)
    cells = python_of(nbformat.read(path, as_version=4))
    tree = ast.parse("\n".join(source for _, source in cells))
    found = checker.Checker(tree, "typo.ipynb", builtins={"get_ipython"})
    assert [m.message % m.message_args for m in found.messages] == ["undefined name 'flgas'"]


# ---------------------------------------------------------------------------
# Glossary


def glossary() -> list[dict]:
    return yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))["terms"]


def test_glossary_entries_are_complete_and_sorted():
    terms = glossary()
    ids = [term["id"] for term in terms]
    assert ids == sorted(ids), "keep the entries sorted by id"
    assert len(ids) == len(set(ids)), "an id is used twice"
    allowed = {"term", "uses", "definition", "avoid"}
    for term in terms:
        for language in LANGUAGES:
            entry = term.get(language)
            assert isinstance(entry, dict), f"{term['id']}: no {language} entry"
            assert set(entry) <= allowed, f"{term['id']} ({language}): unknown fields {set(entry) - allowed}"
            assert entry.get("term") and entry.get("definition"), f"{term['id']} ({language}): term and definition"
            assert "\n" not in entry["definition"].strip(), f"{term['id']} ({language}): a one-line definition"
            for field in ("uses", "avoid"):
                assert isinstance(entry.get(field, []), list), f"{term['id']} ({language}): {field} is a list"


_MARKDOWN = MarkdownIt("commonmark").enable("table")
_PROSE_TOKENS = {"text"}


def prose_of(markdown: str) -> str:
    """The text a reader reads as prose: no code spans, fenced code, raw HTML or link targets."""
    pieces = []
    for block in _MARKDOWN.parse(markdown):
        for token in block.children or []:
            if token.type in _PROSE_TOKENS:
                pieces.append(token.content)
            elif token.type in ("softbreak", "hardbreak"):
                pieces.append("\n")
        pieces.append("\n")
    return "".join(pieces)


def avoided_pattern(variant: str) -> re.Pattern:
    """Whole words for Latin text (`codegen` but not `codegen_compile_debug`), plain for Chinese."""
    body = re.escape(variant)
    if re.match(r"[A-Za-z0-9_]", variant[0]):
        body = r"(?<![\w-])" + body
    if re.match(r"[A-Za-z0-9_]", variant[-1]):
        body += r"(?![\w-])"
    return re.compile(body)


def avoided_variants(language: str) -> list[tuple[str, re.Pattern, str]]:
    return [
        (variant, avoided_pattern(variant), term["id"])
        for term in glossary()
        for variant in term[language].get("avoid", [])
    ]


def prose_of_file(path: Path) -> str:
    if path.suffix == ".ipynb":
        notebook = nbformat.read(path, as_version=4)
        return "\n".join(prose_of(cell.source) for cell in notebook.cells if cell.cell_type == "markdown")
    return prose_of(path.read_text(encoding="utf-8"))


CONTENT = NOTEBOOKS + MARKDOWN_PAGES + ANSWER_FILES


@pytest.mark.parametrize("path", CONTENT, ids=rel)
def test_no_avoided_variant_in_the_prose(path: Path):
    prose = prose_of_file(path)
    found = [
        f"{rel(path)}: {variant!r} (glossary entry {term_id}) in “…{prose[max(0, m.start() - 20):m.end() + 20].strip()}…”"
        for variant, pattern, term_id in avoided_variants(language_of(path))
        for m in pattern.finditer(prose)
    ]
    assert found == []


def test_variant_check_skips_code_and_catches_prose():
    text = "用 `--codegen_compile_debug=true` 保留 codegen 产物。\n\n```bash\necho codegen\n```\n"
    prose = prose_of(text)
    pattern = avoided_pattern("codegen")
    assert [m.group(0) for m in pattern.finditer(prose)] == ["codegen"]
    assert pattern.search("codegen_compile_debug") is None


# ---------------------------------------------------------------------------
# Translation records


def translation_states():
    """Every translated file of docs/ with its state (overrides/course_site/translation_status.py)."""
    from helpers import LANGUAGES as SITE_LANGUAGES  # puts overrides/ on the path

    from course_site.languages import Languages
    from course_site.translation_status import MISSING, survey

    languages = Languages(SITE_LANGUAGES[0], SITE_LANGUAGES, {code: code for code in SITE_LANGUAGES})
    return [state for state in survey(DOCS, languages, dates=False).files if state.state != MISSING]


TRANSLATIONS = translation_states()


@pytest.mark.parametrize("state", TRANSLATIONS, ids=lambda state: f"docs/{state.translation}")
def test_every_translation_has_a_record(state):
    """An outdated translation is fine (the page says so); one that records nothing is not: nobody
    can tell whether it is up to date.  The build only logs it."""
    assert state.state != "no record", (
        f"docs/{state.translation} has no translation record. Once it says what docs/{state.original} says, "
        f"record that (AUTHORING.md, 9): .venv/bin/python tools/translations.py done docs/{state.translation}"
    )
