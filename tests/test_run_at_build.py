"""Cells the site runs are contained (issue 21, item 3; review S5, U2): they run in a copy of
their chapter folder with none of the builder's variables, cannot leave a file in docs/, and a
cell that exits or kills its kernel stops the build naming the notebook and the cell.

These call run_at_build.outputs directly on small notebooks (a kernel each, no site build)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from course_site.course import inventory, run_at_build
from course_site.errors import SiteError


def write_notebook(docs: Path, *sources: str, name: str = "ch/x.ipynb") -> Path:
    notebook = nbformat.v4.new_notebook(
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})
    notebook.cells = [nbformat.v4.new_code_cell(source, id=f"cell{number}", metadata={"tags": ["run-at-build"]})
                      for number, source in enumerate(sources, 1)]
    path = docs / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def run(docs: Path, notebook: Path, cache: Path) -> dict[str, str]:
    """The cells' outputs, the course listed as a build lists it (an answer/ and data/ kept off the site)."""
    config = docs.parent / "mkdocs.yml"
    config.write_text("site_name: t\nexclude_docs: |\n  answer/\n  data/\n", encoding="utf-8")
    src_uri = notebook.relative_to(docs).as_posix()
    outputs = run_at_build.outputs(inventory.of_config_file(config), src_uri, cache, f"docs/{src_uri}")
    return {cell: output.text for cell, output in outputs.items()}


def files_under(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*")}


@pytest.fixture
def docs(tmp_path) -> Path:
    (tmp_path / "docs" / "ch" / "data").mkdir(parents=True)
    (tmp_path / "docs" / "ch" / "data" / "sample.txt").write_text("样例\n", encoding="utf-8")
    return tmp_path / "docs"


def test_a_cell_reads_its_chapter_data_and_writes_only_into_a_copy(docs, tmp_path):
    notebook = write_notebook(
        docs,
        "print(open('data/sample.txt', encoding='utf-8').read().strip())",
        "open('written.md', 'w', encoding='utf-8').write('# a page')\nprint(open('written.md', encoding='utf-8').read())",
    )
    before = files_under(docs)
    assert run(docs, notebook, tmp_path / "cache") == {"cell1": "样例\n", "cell2": "# a page\n"}
    assert files_under(docs) == before


def test_a_cell_sees_none_of_the_builders_variables(docs, tmp_path, monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "ghs_secret")
    monkeypatch.setenv("ACTIONS_RUNTIME_TOKEN", "runtime_secret")
    monkeypatch.setenv("CI", "true")
    notebook = write_notebook(
        docs, "import os\nprint([os.environ.get(name) for name in ('GITHUB_TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'CI')])")
    assert run(docs, notebook, tmp_path / "cache") == {"cell1": "[None, None, None]\n"}


def test_relative_paths_do_not_reach_the_repository(docs, tmp_path):
    """The review's S5: `../../.git/config` printed the repository's git config onto a page."""
    git = docs.parent / ".git"
    git.mkdir()
    (git / "config").write_text("[remote]\n  token = SECRET\n", encoding="utf-8")
    notebook = write_notebook(docs, "print(open('../../.git/config').read())")
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert str(error.value).startswith("docs/ch/x.ipynb: cell cell1 (tagged run-at-build) failed: FileNotFoundError")
    assert "SECRET" not in str(error.value)


def test_symbolic_links_are_not_copied_for_the_cells(docs, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET", encoding="utf-8")
    (docs / "ch" / "data" / "link.txt").symlink_to(secret)
    notebook = write_notebook(docs, "import os\nprint(sorted(os.listdir('data')))")
    assert run(docs, notebook, tmp_path / "cache") == {"cell1": "['sample.txt']\n"}


def test_a_cell_that_writes_into_docs_by_an_absolute_path_stops_the_build(docs, tmp_path):
    """The review's S5: a cell wrote a page that the English pass then published outside the plan."""
    target = docs / "ch" / "planted.en.md"
    notebook = write_notebook(docs, f"open({str(target)!r}, 'w', encoding='utf-8').write('# planted')")
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert str(error.value).startswith(
        "docs/ch/x.ipynb: cells tagged run-at-build wrote into the docs folder: ch/planted.en.md")


@pytest.mark.parametrize("sources, cell", [
    (("print(1)", "exit()", "print(2)"), "cell2"),
    (("print(1)", "exit()"), "cell2"),  # the review's U2: exit() in the last cell passed
])
def test_a_cell_that_calls_exit_stops_the_build_naming_it(docs, tmp_path, sources, cell):
    notebook = write_notebook(docs, *sources)
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert str(error.value).startswith(f"docs/ch/x.ipynb: cell {cell} (tagged run-at-build) calls exit()")


def test_a_cell_that_kills_its_kernel_stops_the_build_naming_it(docs, tmp_path):
    notebook = write_notebook(docs, "print(1)", "import os\nos._exit(3)", "print(2)")
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert str(error.value).startswith("docs/ch/x.ipynb: cell cell2 (tagged run-at-build) killed the Python kernel")


def test_a_cell_that_does_not_finish_stops_the_build_in_one_line_naming_it(docs, tmp_path, monkeypatch):
    """The review's rab_forever: the message was nbclient's multi-line preview of the cell."""
    monkeypatch.setattr(run_at_build, "TIMEOUT", 2)
    notebook = write_notebook(docs, "print(1)", "while True:\n    pass")
    with pytest.raises(SiteError) as error:
        run(docs, notebook, tmp_path / "cache")
    assert str(error.value) == ("docs/ch/x.ipynb: cell cell2 (tagged run-at-build) did not finish in 2 s\n"
                                "  expected: cells that finish in a few seconds")
