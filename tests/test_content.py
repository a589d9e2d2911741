"""The course content as an author leaves it: valid code cells, one glossary, no avoided term.

- every code cell, after IPython turns its magics and `!` lines into Python, parses and passes
  pyflakes; the cells of a notebook are checked together, in order, as a reader runs them;
- docs/glossary.yml has every field in both languages, sorted ids, no duplicate;
- no variant that the glossary lists under `avoid` appears in the prose of a page, an answer
  file, a figure or the course plan's titles of that language (code spans, fenced code, link
  text naming a source and 《titles》 are not prose); every row of AUTHORING.md 7.1 is in the
  glossary, and each drift the December 2026 reviews found is caught.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from xml.etree import ElementTree

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
FIGURES = sorted(DOCS.rglob("images/*.svg"))
AUTHORING = ROOT / "AUTHORING.md"
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
    if str(ROOT / "overrides") not in sys.path:
        sys.path.insert(0, str(ROOT / "overrides"))
    from course_site.adapters.jupyter import notebook_language

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
# Headings

# "2.1 GE 路线" inside section 1.2 reads as section 2.1 of the course, in the page, its table of
# contents and search results ("1.2 What AutoFuse is › 2.1 The GE route"): below the page title,
# headings are numbered `## 1.` or not at all (AUTHORING.md 3.2; review 2026-12, m13).
SECTION_NUMBER = re.compile(r"^\s*\d+\.\d+(?!\d)")


def headings_of(markdown: str) -> list[tuple[int, str]]:
    """(level, text) of each heading of a Markdown text, fenced code skipped."""
    tokens = MarkdownIt("commonmark").parse(markdown)
    return [(int(token.tag[1]), tokens[i + 1].content) for i, token in enumerate(tokens) if token.type == "heading_open"]


def sub_headings_numbered_like_sections(path: Path) -> list[tuple[str | None, str]]:
    """(cell id, heading) of each heading below the title that starts with a number like 2.1."""
    if path.suffix == ".ipynb":
        sources = [(cell.get("id"), cell.source) for cell in nbformat.read(path, as_version=4).cells
                   if cell.cell_type == "markdown"]
    else:
        sources = [(None, path.read_text(encoding="utf-8"))]
    return [(cell_id, f"{'#' * level} {text}") for cell_id, source in sources for level, text in headings_of(source)
            if level > 1 and SECTION_NUMBER.match(text)]


@pytest.mark.parametrize("path", NOTEBOOKS + MARKDOWN_PAGES, ids=rel)
def test_no_sub_heading_is_numbered_like_a_section(path: Path):
    found = [f"{rel(path)}, cell {cell_id}: {heading}" for cell_id, heading in sub_headings_numbered_like_sections(path)]
    assert found == [], (
        "number headings inside a section `## 1.`, `## 2.`, and leave the ones below them unnumbered")


def test_section_like_numbers_are_found_in_sub_headings_only(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# 1.2 AutoFuse 简介\n\n## 2. 两条路线\n\n### 2.1 GE 路线\n\n```\n### 3.1 code\n```\n\n"
                    "### Inductor 路线\n\n## 3. CANN 9.0.0 之后\n", encoding="utf-8")
    assert sub_headings_numbered_like_sections(page) == [(None, "### 2.1 GE 路线")]


# ---------------------------------------------------------------------------
# Figures

SMALLEST_LABEL = 14  # AUTHORING.md 6: labels at least 14 units high


def smallest_declared_text(svg: str) -> float:
    """The smallest font size the SVG declares, as the build reads it (figures.smallest_text)."""
    if str(ROOT / "overrides") not in sys.path:
        sys.path.insert(0, str(ROOT / "overrides"))
    from course_site.page.figures import smallest_text

    return smallest_text(svg)


@pytest.mark.parametrize("path", FIGURES, ids=rel)
def test_every_figure_label_is_at_least_14_units(path: Path):
    """A smaller size, even one a later declaration overrides, widens the full-screen view the
    build computes from it and leaves the phone reader more to drag."""
    assert smallest_declared_text(path.read_text(encoding="utf-8")) >= SMALLEST_LABEL


def test_a_13_unit_label_is_found_even_when_overridden():
    svg = "<svg><style>text{font-size:15px}.cs{font-size:13px;font-size:14px}</style></svg>"
    assert smallest_declared_text(svg) == 13


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
# A source's title is quoted as it is, in its own words: 《AutoFuse 使能方式》, or a link's text.
_TITLE = re.compile(r"《[^》]*》")


def _inline_prose(tokens) -> list[str]:
    pieces, in_link = [], 0
    for token in tokens:
        if token.type == "link_open":
            in_link += 1
        elif token.type == "link_close":
            in_link -= 1
        elif token.type == "image":  # its alt text is read out, so it is prose
            pieces.extend(_inline_prose(token.children or []))
        elif token.type in _PROSE_TOKENS and not in_link:
            pieces.append(token.content)
        elif token.type in ("softbreak", "hardbreak"):
            pieces.append("\n")
    return pieces


def prose_of(markdown: str) -> str:
    """The text a reader reads as prose: no code spans, fenced code, raw HTML, link targets, link
    text (a source's title) or 《titles》; image descriptions are prose."""
    pieces = []
    for block in _MARKDOWN.parse(markdown):
        pieces.extend(_inline_prose(block.children or []))
        pieces.append("\n")
    return _TITLE.sub(" ", "".join(pieces))


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


def prose_of_figure(path: Path) -> str:
    """What a figure says: its text, title and description."""
    root = ElementTree.parse(path).getroot()
    return "\n".join(" ".join(element.itertext()) for element in root.iter()
                     if element.tag.rsplit("}", 1)[-1] in ("text", "title", "desc"))


def prose_of_file(path: Path) -> str:
    if path.suffix == ".ipynb":
        notebook = nbformat.read(path, as_version=4)
        return "\n".join(prose_of(cell.source) for cell in notebook.cells if cell.cell_type == "markdown")
    if path.suffix == ".svg":
        return prose_of_figure(path)
    return prose_of(path.read_text(encoding="utf-8"))


CONTENT = NOTEBOOKS + MARKDOWN_PAGES + ANSWER_FILES + FIGURES


def variants_in(prose: str, language: str, where: str) -> list[str]:
    return [
        f"{where}: {variant!r} (glossary entry {term_id}) in “…{prose[max(0, m.start() - 20):m.end() + 20].strip()}…”"
        for variant, pattern, term_id in avoided_variants(language)
        for m in pattern.finditer(prose)
    ]


@pytest.mark.parametrize("path", CONTENT, ids=rel)
def test_no_avoided_variant_in_the_prose(path: Path):
    assert variants_in(prose_of_file(path), language_of(path), rel(path)) == []


def plan_text(language: str) -> str:
    """The course plan's chapter and section titles and summaries (the catalog, the navigation)."""
    found = []
    for chapter in yaml.safe_load((DOCS / "course.yml").read_text(encoding="utf-8"))["chapters"]:
        for item in [chapter, *chapter.get("sections", [])]:
            for field in ("title", "summary"):
                if isinstance(item.get(field), dict):
                    found.append(item[field].get(language, ""))
    return "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_avoided_variant_in_the_course_plan(language: str):
    assert variants_in(plan_text(language), language, f"docs/course.yml ({language})") == []


# Each drift the December 2026 review of chapter 1 and the glossary found (M5, M4, L12), as it was
# written: the check above must catch every one of them.
REVIEWED_DRIFTS = {
    "zh": [
        "输出的使用者多于该值时，首次融合结束。",
        "沿轴做归约的结果。",
        "Reduce 行中的 Elementwise 算子。",
        "两个 AscBackend 的调度轴相同时按循环合并。",
        "看 profiling 结果。",
        "生成融合算子的 AscGraph dump 图。",
        "见 02.01 的调试 Dump。",
        "3.2 AutoFuse 进阶使能",
        "遇到条件时截断融合。",
        "还原成原算子、原始 GE 算子或普通 GE 算子。",
        "列出的类型不提升精度。",
        "水平融合不抬高峰值内存。",
        "多核切分的外轴和内轴。",
    ],
    "en": [
        "an elementwise operator",
        "Elementwise operators of the Reduce family",
        "when the schedule axes are the same",
        "the BiSheng compiler builds it",
        "turned back into the original GE operator",
        "see the debug dumps of 2.1",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reviewed_drift_is_caught(language: str):
    missed = [text for text in REVIEWED_DRIFTS[language] if not variants_in(prose_of(text), language, "sample")]
    assert missed == [], "add the variant to the `avoid` list of its glossary entry"


def seven_one_rows() -> list[list[str]]:
    """The table of AUTHORING.md 7.1, one list of cells per concept."""
    text = AUTHORING.read_text(encoding="utf-8")
    section = text[text.index("### 7.1"):text.index("## 8.")]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row] for row in rows[2:]]


def test_every_term_of_authoring_7_1_is_in_the_glossary():
    """The chosen zh and en term of each row is a glossary term or use (its words before any
    bracket; a row "生产者 / 消费者" names two)."""
    known = {language: set() for language in LANGUAGES}
    for term in glossary():
        for language in LANGUAGES:
            entry = term[language]
            known[language].update([entry["term"], *entry.get("uses", [])])
    missing = []
    for concept, zh, en, _avoid in seven_one_rows():
        for language, cell in (("zh", zh), ("en", en)):
            for word in re.split(r"\s+/\s+", re.split(r"[（(]", cell)[0].strip()):
                if not any(name.casefold().startswith(word.casefold()) for name in known[language]):
                    missing.append(f"{concept}: {language} {word!r}")
    assert len(seven_one_rows()) >= 13
    assert missing == []


def test_variant_check_skips_code_and_catches_prose():
    text = "用 `--codegen_compile_debug=true` 保留 codegen 产物。\n\n```bash\necho codegen\n```\n"
    prose = prose_of(text)
    pattern = avoided_pattern("codegen")
    assert [m.group(0) for m in pattern.finditer(prose)] == ["codegen"]
    assert pattern.search("codegen_compile_debug") is None


def test_variant_check_reads_image_descriptions_and_skips_source_titles():
    text = ("见[《AutoFuse 使能方式》](https://example.com/a)与 [Inductor 路径下使能 AutoFuse](b.md)，"
            "《AutoFuse 使能方式》也说了。\n\n![AscGraph dump 图的示意](./images/a.svg)\n")
    found = variants_in(prose_of(text), "zh", "sample")
    assert [line.split("'")[1] for line in found] == ["AscGraph dump 图"]


# ---------------------------------------------------------------------------
# Translation records


def translation_states():
    """Every translated file of docs/ with its state (overrides/course_site/course/translation_status.py)."""
    from helpers import LANGUAGES as SITE_LANGUAGES, course_inventory  # puts overrides/ on the path

    from course_site.languages import Languages
    from course_site.course.translation_status import MISSING, survey

    languages = Languages(SITE_LANGUAGES[0], SITE_LANGUAGES, {code: code for code in SITE_LANGUAGES})
    return [state for state in survey(course_inventory(), languages, dates=False).files if state.state != MISSING]


TRANSLATIONS = translation_states()


@pytest.mark.parametrize("state", TRANSLATIONS, ids=lambda state: f"docs/{state.translation}")
def test_every_translation_has_a_record(state):
    """An outdated translation is fine (the page says so); one that records nothing is not: nobody
    can tell whether it is up to date.  The build only logs it."""
    assert state.state != "no record", (
        f"docs/{state.translation} has no translation record. Once it says what docs/{state.original} says, "
        f"record that (AUTHORING.md, 9): .venv/bin/python tools/translations.py done docs/{state.translation}"
    )
