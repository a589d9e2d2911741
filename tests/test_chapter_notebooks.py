"""Checks for the course notebooks under docs/.

- every notebook is valid nbformat 4.5+, with cell ids, cleared outputs and the python3 kernel;
- every Chinese notebook x.ipynb has an English twin x.en.ipynb (and the other way round) with the
  same cells: same ids, same order, same cell types;
- every answer cell (`!cat ./answer/...`) names an existing file in the notebook's language, and
  running it in a real Jupyter kernel prints exactly that file;
- (exercise cells against answer files, and zh against en, are checked with the quiz engine's own
  parser in tests/test_quiz_validation.py);
- markdown cells use no raw HTML and no Mermaid;
- every image a notebook references exists next to it.

Run: python -m pytest tests/test_chapter_notebooks.py -q
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from helpers import DEFAULT_LANGUAGE, DOCS, LANGUAGES, ROOT, language_of
from quizzes.sources import answer_file_of

NOTEBOOKS = sorted(p for p in DOCS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
ORIGINALS = [p for p in NOTEBOOKS if language_of(p) == DEFAULT_LANGUAGE]

IMAGE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<src>[^)\s]+)(?:\s+\"[^\"]*\")?\)")

HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
FENCE = re.compile(r"^```.*?^```[ \t]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?:.+?)\1", re.DOTALL)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def read(path: Path) -> nbformat.NotebookNode:
    with open(path, encoding="utf-8") as f:
        return nbformat.read(f, as_version=nbformat.NO_CONVERT)


def twins_of(path: Path) -> list[Path]:
    """The other languages' versions of a notebook."""
    language = language_of(path)
    stem = path.name.removesuffix(".ipynb").removesuffix("" if language == DEFAULT_LANGUAGE else f".{language}")
    return [path.with_name(f"{stem}.ipynb" if code == DEFAULT_LANGUAGE else f"{stem}.{code}.ipynb")
            for code in LANGUAGES if code != language_of(path)]


def answer_cells(nb) -> list:
    """Every cell the quiz engine reads as an answer cell (its own pattern, not a copy)."""
    return [c for c in nb.cells if c.cell_type == "code" and answer_file_of(c.source)]


def answer_path(notebook: Path, cell) -> Path:
    return notebook.parent / answer_file_of(cell.source)


def read_text(path: Path) -> str:
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


NOTEBOOKS_WITH_ANSWERS = [p for p in NOTEBOOKS if answer_cells(read(p))]


def ids(paths: list[Path]) -> list[str]:
    return [rel(p) for p in paths]


def test_there_are_notebooks():
    assert NOTEBOOKS, "no notebooks found under docs/"


# ---------------------------------------------------------------------------
# Format


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_notebook_format(path: Path):
    nb = read(path)
    nbformat.validate(nb)
    assert nb.nbformat == 4, f"{rel(path)}: nbformat {nb.nbformat}, expected 4"
    assert nb.nbformat_minor >= 5, f"{rel(path)}: nbformat_minor {nb.nbformat_minor}, cell ids need 4.5+"
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3", f"{rel(path)}: kernelspec is not python3"
    seen = set()
    for index, cell in enumerate(nb.cells):
        cell_id = cell.get("id")
        assert cell_id, f"{rel(path)}: cell {index} has no id"
        assert cell_id not in seen, f"{rel(path)}: duplicate cell id {cell_id!r}"
        seen.add(cell_id)
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{rel(path)}: code cell {cell_id!r} has outputs; clear them"
            assert cell.execution_count is None, f"{rel(path)}: code cell {cell_id!r} has an execution count"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_markdown_is_plain(path: Path):
    """Markdown cells are rendered by nbconvert: no raw HTML, no Mermaid."""
    for cell in read(path).cells:
        if cell.cell_type != "markdown":
            continue
        assert "```mermaid" not in cell.source, f"{rel(path)}: cell {cell.id!r} uses Mermaid"
        prose = CODE_SPAN.sub("", FENCE.sub("", cell.source))
        tag = HTML_TAG.search(prose)
        assert tag is None, f"{rel(path)}: cell {cell.id!r} contains raw HTML {tag.group(0)!r}"


# ---------------------------------------------------------------------------
# Language twins


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_has_language_twins(path: Path):
    missing = [rel(twin) for twin in twins_of(path) if not twin.exists()]
    assert missing == [], (
        f"{rel(path)} has no translation at {', '.join(missing)}: the site builds it with a notice, "
        "but the course is published in every language (AUTHORING.md, section 2)"
    )


@pytest.mark.parametrize("path", ORIGINALS, ids=ids(ORIGINALS))
def test_twins_have_the_same_cells(path: Path):
    original = [(c.id, c.cell_type) for c in read(path).cells]
    for twin in (t for t in twins_of(path) if t.exists()):  # a missing one fails test_has_language_twins
        translated = [(c.id, c.cell_type) for c in read(twin).cells]
        assert translated == original, f"{rel(path)} and {rel(twin)} differ in cell ids, order or types"


# ---------------------------------------------------------------------------
# Answer cells and files


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_answer_cells_name_existing_files_in_the_right_language(path: Path):
    for cell in answer_cells(read(path)):
        target = answer_path(path, cell)
        assert target.is_file(), f"{rel(path)}: answer cell {cell.id!r} names a missing file {rel(target)}"
        assert language_of(target) == language_of(path), f"{rel(path)}: prints {target.name}, another language's file"
        text = read_text(target)
        assert "\r" not in text, f"{rel(target)}: use LF line endings"
        assert text.endswith("\n"), f"{rel(target)}: end the file with a newline"


@pytest.mark.parametrize("path", NOTEBOOKS_WITH_ANSWERS, ids=ids(NOTEBOOKS_WITH_ANSWERS))
def test_answer_cell_prints_the_answer_file(path: Path):
    """Run only the answer cell in a fresh python3 kernel, from the notebook's folder."""
    from nbclient import NotebookClient

    nb = read(path)
    cells = answer_cells(nb)
    runner = nbformat.v4.new_notebook()
    runner.metadata = nb.metadata
    runner.cells = [nbformat.v4.new_code_cell(c.source, id=c.id) for c in cells]
    client = NotebookClient(
        runner,
        timeout=60,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    for original, executed in zip(cells, runner.cells):
        expected = read_text(answer_path(path, original))
        streams = [o for o in executed.outputs if o.output_type == "stream"]
        others = [o for o in executed.outputs if o.output_type != "stream"]
        assert not others, f"{rel(path)}: answer cell produced {others}"
        assert all(o.name == "stdout" for o in streams), f"{rel(path)}: answer cell wrote to stderr: {streams}"
        printed = "".join(o.text for o in streams)
        # IPython runs `!cmd` through a pseudo-terminal, which turns each "\n" into "\r\n".
        printed = printed.replace("\r\n", "\n")
        assert printed == expected, f"{rel(path)}: the answer cell does not print {answer_path(path, original).name} exactly"


# ---------------------------------------------------------------------------
# Images


def image_refs() -> list[tuple[Path, str, str]]:
    refs = []
    for path in NOTEBOOKS:
        for cell in read(path).cells:
            if cell.cell_type == "markdown":
                for match in IMAGE.finditer(FENCE.sub("", cell.source)):
                    refs.append((path, match["src"], match["alt"]))
    return refs


IMAGE_REFS = image_refs()


@pytest.mark.parametrize(
    "path,src,alt", IMAGE_REFS, ids=[f"{rel(p)}:{src}" for p, src, _ in IMAGE_REFS]
)
def test_image_reference(path: Path, src: str, alt: str):
    assert alt.strip(), f"{rel(path)}: image {src} has no alt text"
    assert not re.match(r"^[a-z]+:|^//", src), f"{rel(path)}: image {src} is not a local file"
    name = Path(src).name
    if name.endswith(".svg"):
        assert language_of(name) == language_of(path), f"{rel(path)}: uses {src}, another language's figure"
    target = (path.parent / src).resolve()
    assert target.is_file(), f"{rel(path)}: figure {src} does not exist"
