"""What several test modules share: the real configuration, building sites, finding pages.

Test modules import from here (and from tools/browsing.py), never from each other.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import unicodedata
from pathlib import Path
from urllib.parse import urlsplit

import pypdfium2
from bs4 import BeautifulSoup
from mkdocs.utils.yaml import yaml_load

import warm_mkdocs

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EDGE_SITE = ROOT / "tests" / "fixtures" / "edge_site"
TRANSLATION_SITE = ROOT / "tests" / "fixtures" / "translation_site"
UPSTREAM_COURSE = ROOT / "tests" / "fixtures" / "upstream_course"  # upstream's conventions (issue 18)
UPSTREAM_MISSING_TRANSLATION = "01_basics/images/flow.en.svg"  # removed before the build
# A checkout of cann-learning-hub in miniature, whose courses the upstream_course site imports.
UPSTREAM_HUB = ROOT / "tests" / "fixtures" / "upstream_hub"
HUB_COURSES = ("op_basics", "op_advanced")
AXE = ROOT / "tests" / "vendor" / "axe.min.js"  # test-only, never published
sys.path.insert(0, str(ROOT / "tools"))  # tools/browsing.py
sys.path.insert(0, str(ROOT / "overrides"))  # the site's build package, course_site

from course_site.course import printed  # noqa: E402  (found through the path above)


def load_config(path: Path = ROOT / "mkdocs.yml") -> dict:
    """mkdocs.yml as MkDocs reads it (its !ENV tags and INHERIT resolved), not validated."""
    with open(path, encoding="utf-8") as f:
        return yaml_load(f)


def course_settings(docs: Path = DOCS) -> dict:
    """A course's course.yml as the build reads it (its !ENV tags resolved), not validated: the
    AutoFuse course's, at docs/ itself, unless another course folder is given."""
    with open(docs / "course.yml", encoding="utf-8") as f:
        return yaml_load(f)


def site_languages(config: dict | None = None) -> tuple[str, ...]:
    """The i18n plugin's languages, the default first: the one list the site uses."""
    config = config or load_config()
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    languages = [entry["locale"] for entry in i18n["languages"] if entry.get("build", True)]
    default = next(entry["locale"] for entry in i18n["languages"] if entry.get("default"))
    return (default, *(code for code in languages if code != default))


def course_inventory(config_file: Path = ROOT / "mkdocs.yml"):
    """The course's files as the build lists them (course_site.course.inventory), for a site's mkdocs.yml."""
    from course_site.course.inventory import of_config_file

    return of_config_file(config_file)


LANGUAGES = site_languages()
DEFAULT_LANGUAGE = LANGUAGES[0]
PRINT_PAGE = f"{printed.NAME}.html"  # a print page's file name (course_site/course/printed.py)


def quiz_languages(codes: tuple[str, ...] = LANGUAGES, folders=()) -> tuple:
    """The quiz engine's languages (quizzes.language.QuizLanguage), the default first, made from
    the site's strings tables as the build makes them."""
    from course_site.strings import load_tables, table_path
    from quizzes.language import QuizLanguage

    tables = load_tables(codes, folders)
    return tuple(QuizLanguage.from_table(code, tables[code]["quiz"], str(table_path(code, folders))) for code in codes)


QUIZ_LANGUAGES = quiz_languages()
QUIZ = {language.code: language for language in QUIZ_LANGUAGES}


def hook_paths(config_file: Path = ROOT / "mkdocs.yml") -> list[str]:
    """The hooks of a configuration, as absolute paths."""
    return [str((config_file.parent / hook).resolve()) for hook in load_config(config_file).get("hooks", [])]


def site_path_prefix() -> str:
    """'/autofuse-course/' from the site_url in mkdocs.yml."""
    return urlsplit(load_config()["site_url"]).path


def language_of(path: Path | str) -> str:
    parts = Path(path).name.split(".")
    return parts[-2] if len(parts) >= 3 and parts[-2] in LANGUAGES[1:] else DEFAULT_LANGUAGE


def page_for(source: Path, docs: Path, site: Path) -> Path:
    """docs/a/x.ipynb -> site/a/x.html; docs/a/x.en.ipynb -> site/en/a/x.html."""
    relative = source.relative_to(docs).as_posix()
    language = language_of(relative)
    if language != DEFAULT_LANGUAGE:
        relative = relative.replace(f".{language}.", ".")
        return site / language / re.sub(r"\.(ipynb|md)$", ".html", relative)
    return site / re.sub(r"\.(ipynb|md)$", ".html", relative)


def notebook_pages(site: Path, docs: Path = DOCS) -> list[str]:
    return sorted(page_for(source, docs, site).relative_to(site).as_posix() for source in docs.rglob("*.ipynb"))


def pages_of(site: Path) -> list[str]:
    """Every page of a built site a reader reads on screen: not 404.html, nor the print pages
    (print_pages_of), each of which has tests of its own."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name not in ("404.html", PRINT_PAGE))


def print_pages_of(site: Path) -> list[str]:
    """The print pages of a built site: the course's, then each chapter's, in each language."""
    return sorted((p.relative_to(site).as_posix() for p in site.rglob(PRINT_PAGE)), key=lambda p: (p.count("/"), p))


def twin_of(page: str) -> str:
    for language in LANGUAGES[1:]:
        if page.startswith(f"{language}/"):
            return page[len(language) + 1:]
    return f"{LANGUAGES[1]}/{page}"


def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def search_index(site: Path, language: str) -> dict:
    """The search index of one language's pages, as the build writes it
    (search/search_index.<language>.js: `(...)["<language>"]=<the index as JSON>;`)."""
    text = (site / "search" / f"search_index.{language}.js").read_text(encoding="utf-8")
    match = re.fullmatch(r'\(\w+=self\.\w+\|\|\{\}\)\[("[^"]+")\]=(.*);\s*', text, re.DOTALL)
    assert match and json.loads(match[1]) == language, f"unexpected search index script: {text[:200]}"
    return json.loads(match[2])


def search_documents(site: Path, languages: tuple[str, ...] = LANGUAGES) -> list[dict]:
    return [doc for language in languages for doc in search_index(site, language)["docs"]]


def axe_violations(page) -> list[dict]:
    """axe-core's violations on a Playwright page: id, impact and the first few elements."""
    if not page.evaluate("typeof axe !== 'undefined'"):  # once per page: a second copy costs 0.2 s to parse
        page.add_script_tag(path=str(AXE))
    return page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))")


# -- a page on paper: Chromium's PDF, its text read with pypdfium2 (requirements-test.txt) -------
#
# Chromium names some CJK glyphs by another character that shares them (⼀ for 一, which NFKC
# undoes; ⻔ for 门 and 戶 for 户, which it does not), so both sides are compared after NFKC,
# without white space, and a paragraph's CJK characters need only mostly be as written.

CJK = "[\u2e80-\u2fdf\u3400-\u9fff\uf900-\ufaff]"  # ideographs and the radicals that stand for them
OTHER_CJK = 0.1  # of the CJK characters of a piece of text, at most this share (or one) written otherwise


def squeezed(text: str) -> str:
    # A font draws the full-width tilde of "20%～48%" with the wave dash's glyph, named 〜, and
    # the en dash of "NF1011–NF1015" with the figure dash's, named ‒.
    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).replace("\u301c", "~")
    return re.sub("[\u2010-\u2015]", "-", text)


def is_cjk(c: str) -> bool:
    return re.fullmatch(CJK, c) is not None


def found(words: str, text: str) -> bool:
    """`words` in the PDF's squeezed `text`: everything but CJK characters as written, and CJK
    characters as written but for one in ten (Chromium names a glyph some CJK characters share by
    one of them: ⻅ for 见, 戶 for 户)."""
    words = squeezed(words)
    if words in text:
        return True
    pattern = "".join(CJK if is_cjk(c) else re.escape(c) for c in words)
    cjk = [i for i, c in enumerate(words) if is_cjk(c)]
    for match in re.finditer(f"(?=({pattern}))", text):  # overlapping: the first look-alike may hide the real one
        same = sum(match.group(1)[i] == words[i] for i in cjk)
        if same >= len(cjk) - max(1, int(OTHER_CJK * len(cjk))):
            return True
    return False


CHUNK = 12  # characters


def printed(paragraph: str, text: str) -> bool:
    """A paragraph is in the PDF when nearly all its pieces are: a page may end inside it, and
    text extraction does not always keep a page's parts in reading order."""
    words = squeezed(paragraph)
    chunks = [words[i:i + CHUNK] for i in range(0, len(words), CHUNK)]
    return sum(found(chunk, text) for chunk in chunks) >= max(1, len(chunks) - 1) if len(chunks) > 2 else found(words, text)


def pdf_pages(pdf: bytes) -> list[str]:
    """Each page's text, as PDFium (Chromium's own PDF library) reads it."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [squeezed(page.get_textpage().get_text_range()) for page in document]
    finally:
        document.close()


def pdf_text(pdf: bytes) -> str:
    return "".join(pdf_pages(pdf))



class BuildFailed(AssertionError):
    pass


# Builds under way in this process, so that a run which stops on one failed build need not wait
# for the others to finish (stop_builds), and none starts after that.
RUNNING_BUILDS: set[warm_mkdocs.Run] = set()
_BUILDS_LOCK = threading.Lock()
_BUILDS_STOPPED = threading.Event()


def build_site(config_file: Path, site_dir: Path, cache_dir: Path | None = None) -> subprocess.CompletedProcess:
    """mkdocs build --strict; raises BuildFailed with the build's own error first."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if cache_dir is not None:
        env["NOTEBOOK_CACHE_DIR"] = str(cache_dir)
    arguments = ["build", "--strict", "-f", str(config_file), "-d", str(site_dir)]
    process = warm_mkdocs.start(arguments, config_file.parent, env)
    with _BUILDS_LOCK:
        RUNNING_BUILDS.add(process)
        if _BUILDS_STOPPED.is_set():
            process.kill()
    try:
        stdout, stderr = process.communicate()
    finally:
        RUNNING_BUILDS.discard(process)
    result = subprocess.CompletedProcess([sys.executable, "-m", "mkdocs", *arguments], process.returncode, stdout, stderr)
    if result.returncode != 0:
        raise BuildFailed(f"mkdocs build failed for {config_file}:\n{build_error(result)}")
    return result


def stop_builds() -> None:
    """Stop every build under way or yet to start (their results are no longer wanted)."""
    with _BUILDS_LOCK:
        _BUILDS_STOPPED.set()
        for process in RUNNING_BUILDS:
            process.kill()


def build_error(result: subprocess.CompletedProcess) -> str:
    """The lines of a failed build's log that say why, its errors first, without the INFO noise."""
    log = (result.stdout + result.stderr).splitlines()
    wanted = [line for line in log if not line.startswith("INFO") and "jieba" not in line.lower()
              and not line.startswith(("Building prefix", "Loading model", "Prefix dict", "Dumping model"))]
    first = next((number for number, line in enumerate(wanted) if line.startswith("ERROR")), 0)
    return "\n".join((wanted[first:] + wanted[:first])[:40])


ONE_PAGE_COURSE = "[{chapter: ch, title: {zh: 章, en: Ch}, sections: [{file: x.ipynb, title: {zh: 页, en: Page}}]}]"


def notebook_json(*cells: dict, nbformat_minor: int = 5, nbformat: int = 4) -> str:
    """A notebook's file text, Python kernel, made of `cells`."""
    return json.dumps({
        "cells": list(cells),
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": nbformat, "nbformat_minor": nbformat_minor,
    })


def markdown_cell(cell_id: str, source: str) -> dict:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": source}


def build_small_site(tmp_path: Path, files: dict[str, str], course: str,
                     symlinks: dict[str, str] | None = None, extra_hooks: tuple[Path, ...] = (),
                     extra: str = "", settings: str = "") -> subprocess.CompletedProcess:
    """Build docs made of `files` with the real configuration; return the finished process.

    `course` is the YAML of the course's chapters (flow style), written to docs/course.yml, of a
    course whose figures keep the palette as the AutoFuse course's do, unless `files` has one;
    `symlinks`: docs-relative name -> what the
    link points to, as written; `extra_hooks`: hook files after the site's own (a test's way to act
    during the build); `extra`: YAML lines under mkdocs.yml's `extra:`, indented; `settings`: more
    top-level YAML of mkdocs.yml.  The build may fail: tests of bad input assert on the message.
    """
    docs = tmp_path / "docs"
    files = {"course.yml": f'title: {{zh: "测试课程", en: "Test course"}}\nname: test\npalette: true\nchapters: {course}\n',
             **files}
    # Chapter ends link the home page's catalog; a real home page has one (AUTHORING 3.4).
    files = {name: text + "\n<!-- course-catalog -->\n"
             if re.fullmatch(r"index(\.\w+)?\.md", name) and "course-catalog" not in text else text
             for name, text in files.items()}
    for name, text in files.items():
        path = docs / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for name, target in (symlinks or {}).items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).symlink_to(target)
    config = tmp_path / "mkdocs.yml"
    hooks = "\n".join(f"  - {path}" for path in [*hook_paths(), *extra_hooks])
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: docs\ntheme:\n  custom_dir: {ROOT / 'overrides'}\n"
        f"hooks:\n{hooks}\nwatch: []\n" + (f"extra:\n{extra}" if extra else "") + settings,
        encoding="utf-8",
    )
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(tmp_path / "cache"))
    return strict_build(config, tmp_path / "site", tmp_path, env)


def strict_build(config: Path, site_dir: Path, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """`python -m mkdocs build --strict -f config -d site_dir`, run in `cwd` with exactly `env`, as a
    fork of a Python that has the stack imported (warm_mkdocs.py); the build may fail."""
    return warm_mkdocs.run(["build", "--strict", "-f", str(config), "-d", str(site_dir)], cwd, env)
