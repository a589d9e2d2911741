"""The ledger of quoted identifiers (docs/sources.yml): every option, environment variable, log
format, NF code, API, file and folder name the course quotes in inline code, in Markdown cells and
answer files of both languages, has a record that says where it comes from; so has every option,
environment variable and option key of a taught API that its code quotes (fenced blocks, code cells).

tools/sources_ledger.py reads the ledger and matches the course against it; tools/check_sources.py
re-checks the records against snapshots of the sources (tested here on a repository made for it).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import check_sources  # noqa: E402
import sources_ledger  # noqa: E402
from sources_ledger import Location, Matcher, Record, Span  # noqa: E402


@pytest.fixture(scope="module")
def records():
    return sources_ledger.load()


@pytest.fixture(scope="module")
def spans():
    return sources_ledger.course_spans()


def test_the_ledger_loads_and_every_identifier_names_its_line(records):
    identifiers = [r for r in records if r.location]
    assert len(identifiers) > 300
    for record in identifiers:
        assert record.location.line >= 1 and record.location.path, record
        assert len(record.location.commit) >= 7, record
    assert {r.kind for r in records} >= {"option", "env", "log", "code", "api", "file", "folder", "course", "general"}


def test_every_nf_code_the_course_names_has_a_record(records, spans):
    codes = {span.text for span in spans if span.text.startswith("NF")}
    recorded = {r.quote for r in records if r.kind == "code"}
    assert codes and codes <= recorded, sorted(codes - recorded)


def test_every_quoted_identifier_has_a_record(records, spans):
    """The course quotes nothing in inline code that the ledger does not account for."""
    matcher = Matcher(records)
    languages = {"en" if ".en." in span.where else "zh" for span in spans}
    assert languages == {"en", "zh"} and any("/answer/" in span.where for span in spans)
    problems = [f"{span.where}: `{span.text}` — no record for {', '.join(missing)}"
                for span in spans if (missing := matcher.unaccounted(span))]
    assert not problems, (f"{len(problems)} quotes have no record in docs/sources.yml "
                          "(add one, with its repository, commit, path and line):\n  " + "\n  ".join(problems))


def test_the_ledger_is_not_published():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = config.split("exclude_docs: |\n", 1)[1].split("\n\n", 1)[0]
    assert "sources.yml" in block.split(), "add sources.yml to exclude_docs in mkdocs.yml"


# ---------------------------------------------------------------------------
# The matcher, on records made for the test


def _record(quote, kind="option", text=None):
    return Record(quote, kind, Location("o/r", "abcdef1", "f.md", 1, text or quote))


SMALL = [
    _record("--enable_autofuse"),
    _record("AUTOFUSE_FLAGS", "env"),
    _record("op_summary_{timestamp}.csv", "file"),
    _record("$HOME/ascend/log/debug/plog/plog-<pid>_*.log", "file"),
    _record("Find option: <…> in env AUTOFUSE_FLAGS, value: <…>.", "log", "Find option: %s in env AUTOFUSE_FLAGS, value: %s."),
    _record("Realize persistent kernel box <…> because <…>.", "log"),
    _record("Realize persistent kernel box <…> because node <…> <…>.", "log"),
    _record("is heavy op", "log"),
    _record("NF1010", "code"),
    Record("x", "course", None, "the example's tensor"),
    Record("export", "general", None, "Bash builtin"),
    Record("true", "general", None, "option value"),
]


def _missing(text, link=None):
    return Matcher(SMALL).unaccounted(Span(text, "test", link))


@pytest.mark.parametrize("text", [
    "--enable_autofuse",
    "enable_autofuse=true",  # the option written without its dashes is the same identifier
    'export AUTOFUSE_FLAGS="--enable_autofuse=true"',
    "op_summary_<timestamp>.csv", "op_summary_*.csv", "op_summary_{时间戳}.csv",  # one record, any placeholder
    "plog-<pid>_*.log",  # a file by its last part
    "Find option: --enable_autofuse in env AUTOFUSE_FLAGS, value: true.",  # a line the format prints
    "Find option: <option> in env AUTOFUSE_FLAGS",  # a run of it
    "… because node x is heavy op.",  # a format whose placeholder holds another record
    "NF1010", "x",
])
def test_what_a_record_accounts_for(text):
    assert _missing(text) == []


@pytest.mark.parametrize("text, missing", [
    ("--enable_autofuses", ["--enable_autofuses"]),  # a misspelt option
    ("--autofuse_enable_pass=reduce", ["--autofuse_enable_pass"]),
    ("export AUTOFUSE_FLAG=1", ["AUTOFUSE_FLAG"]),
    ("Find option: --enable_autofuse in env AUTOFUSE_FLAG, value: true.", ["AUTOFUSE_FLAG"]),  # not the format
    ("op_summary_<timestamp>.json", ["op_summary_….json"]),
    ("NF1011", ["NF1011"]),
    ("torch_npu.foo()", ["torch_npu.foo"]),
])
def test_what_no_record_accounts_for(text, missing):
    found = _missing(text)
    assert found and set(missing) <= set(found), found


def test_a_format_of_placeholders_and_punctuation_accounts_for_nothing_else():
    """`{hostname}_{pid}` names a folder of the profiler; it is no licence for every word with an underscore,
    nor `*_ratio` for any column that ends so, nor `${INSTALL_DIR}` for every variable."""
    records = SMALL + [_record("{hostname}_{pid}", "folder"), _record("*_ratio", "column"),
                       _record("${INSTALL_DIR}", "folder")]
    matcher = Matcher(records)
    for text, missing in [("simplify_data", "simplify_data"), ("made_up_name.py", "made_up_name.py"),
                          ("$MADE_UP_DIR/bin", "MADE_UP_DIR/bin")]:
        assert missing in matcher.unaccounted(Span(text, "test", None)), text
    for text in ["{hostname}_{pid}", "<hostname>_<pid>", "*_ratio", "${INSTALL_DIR}"]:
        assert matcher.unaccounted(Span(text, "test", None)) == [], text


def test_a_link_to_the_file_it_names_cites_itself():
    assert _missing("appendix.md") == ["appendix.md"]
    assert _missing("appendix.md", link="https://github.com/hicann/ge/blob/9d821ee/docs/appendix.md") == []


# ---------------------------------------------------------------------------
# The course's code: which of its words are read


def test_code_is_read_for_options_variables_and_keys_not_for_its_own_names(tmp_path, monkeypatch):
    """An option in a fenced block and in a code cell is read, and so are an environment variable
    and a key of a taught API; the cell's own variables, a Python constant and Python's own keyword
    argument are not."""
    monkeypatch.setattr(sources_ledger, "ROOT", tmp_path)
    markdown = textwrap.dedent("""\
        Compare the inputs too, with `--compare-input`:

        ```bash
        export AUTOFUSE_FLAGS="--enable_autofuse=true"
        python3 fusion_precision_analyzer.py --af-open-graph open/Build.json
        ```
        """)
    code = textwrap.dedent("""\
        import os
        import torch_npu

        flags = "--codegen_compile_debug=true"
        WARMUP_STEPS = 5
        os.environ["AUTOFUSE_DFX_FLAGS"] = flags
        prof = torch_npu.profiler
        config = prof._ExperimentalConfig(export_type=[prof.ExportType.Text])
        print(sorted(os.listdir("."), key=len), end=""
              % ())
        %env TORCH_COMPILE_DEBUG=1
        """)
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(markdown, id="text"),
                                               nbformat.v4.new_code_cell(code, id="code")])
    (tmp_path / "docs" / "01_x").mkdir(parents=True)
    nbformat.write(notebook, str(tmp_path / "docs" / "01_x" / "01.01_x.ipynb"))
    where = "docs/01_x/01.01_x.ipynb#"
    assert [(span.text, span.where) for span in sources_ledger.course_spans(tmp_path / "docs")] == [
        ("--compare-input", where + "text"),  # inline code, as before
        ("--codegen_compile_debug", where + "code"),  # an option in a code cell (in a local's value)
        ("AUTOFUSE_DFX_FLAGS", where + "code"),  # set through os.environ
        ("TORCH_COMPILE_DEBUG", where + "code"),  # %env; the `% ()` line above is Python's operator
        ("export_type", where + "code"),  # a keyword of torch_npu's profiler, through the alias prof
        ("--af-open-graph", where + "text"),  # an option in a fenced block
        ("--enable_autofuse", where + "text"),
        ("AUTOFUSE_FLAGS", where + "text"),  # exported
    ]  # not flags, WARMUP_STEPS, prof, config (the cell's own), nor key, end (Python's)

def _ledger(tmp_path, body):
    path = tmp_path / "sources.yml"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def test_a_record_twice_or_without_its_line_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(sources_ledger, "ROOT", tmp_path)
    path = _ledger(tmp_path, """\
        identifiers:
        - quote: op_summary_<timestamp>.csv
          kind: file
          at: o/r@abcdef1:f.md:3
        - quote: op_summary_*.csv
          kind: file
          at: o/r@abcdef1:f.md:4
        - quote: --max_fusion_size
          kind: option
          at: o/r:f.md
        - quote: "<pid>"
          kind: file
          at: o/r@abcdef1:f.md:5
        course:
        - quote: x
        """)
    with pytest.raises(sources_ledger.LedgerError) as error:
        sources_ledger.load(path)
    message = str(error.value)
    assert "'op_summary_*.csv' is recorded twice" in message
    assert "'--max_fusion_size'): needs quote, kind and at" in message
    assert "'<pid>' is nothing but a placeholder" in message
    assert "course #1 ('x'): needs quote and why" in message


# ---------------------------------------------------------------------------
# tools/check_sources.py, on a repository made for the test


def _git(repo, *args):
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                        "GIT_COMMITTER_EMAIL": "t@t", "HOME": str(repo), "PATH": "/usr/bin:/bin"})
    return subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()


def test_check_sources_tells_unchanged_moved_vanished_and_wrong(tmp_path, monkeypatch, capsys):
    repo = tmp_path / "work"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "docs").mkdir()
    (repo / "docs" / "a.md").write_text("one\n--stay\n--move\n--vanish\n", encoding="utf-8")
    (repo / "docs" / "b.md").write_text("--goes-elsewhere\n", encoding="utf-8")
    _git(repo, "add", "-A")
    first = _git(repo, "commit", "-qm", "first")
    (repo / "docs" / "a.md").write_text("one\n--stay\nnew line\n--move\n", encoding="utf-8")
    (repo / "docs" / "b.md").unlink()
    (repo / "c.md").write_text("x\n--goes-elsewhere\n", encoding="utf-8")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "second")
    at = f"o/r@{first[:10]}:docs"
    monkeypatch.setattr(sources_ledger, "ROOT", tmp_path)
    ledger = _ledger(tmp_path, f"""\
        identifiers:
        - {{quote: --stay, kind: option, at: "{at}/a.md:2"}}
        - {{quote: --move, kind: option, at: "{at}/a.md:3"}}
        - {{quote: --vanish, kind: option, at: "{at}/a.md:4"}}
        - {{quote: --goes-elsewhere, kind: option, at: "{at}/b.md:1"}}
        - {{quote: --wrong, kind: option, at: "{at}/a.md:1"}}
        - {{quote: docs, kind: folder, at: "{at}/a.md:1", text: ""}}
        - {{quote: b.md, kind: file, at: "{at}/b.md:1", text: ""}}
        - {{quote: old, kind: file, at: "o/r@{'0' * 40}:x.md:1", text: "", stored_index: true}}
        """)
    status = check_sources.main(["--ledger", str(ledger), "--mirror", str(tmp_path / "none"),
                                 "--repo", f"o/r={repo / '.git'}", "--all"])
    out = capsys.readouterr().out
    assert "wrong: 1, vanished: 2, moved: 2, not-checked: 1, unchanged: 2" in out
    assert "now docs/a.md:4" in out and "now c.md:2" in out
    assert "does not hold '--wrong'" in out
    assert status == 1


def test_check_sources_says_which_repository_has_no_snapshot(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sources_ledger, "ROOT", tmp_path)
    ledger = _ledger(tmp_path, """\
        identifiers:
        - {quote: --x, kind: option, at: "o/r@abcdef1:a.md:1"}
        """)
    assert check_sources.main(["--ledger", str(ledger), "--mirror", str(tmp_path)]) == 2
    assert "o/r: NO SNAPSHOT, 1 records not checked" in capsys.readouterr().out
