"""Bring courses of cann-learning-hub into the site, unedited, with a plan written from their own words.

    .venv/bin/python tools/import_course.py CHECKOUT (COURSE ... | --all) [-f mkdocs.yml]
        [--replace] [--repository URL] [--tutorials URL] [--keep-refused]

CHECKOUT is a checkout of cann-learning-hub (or its tutorials/ folder); COURSE a course folder
of tutorials/ (`hixl_development`); --all: every folder there with a README.md or a notebook.  For each:

1. the folder is copied into docs/<course>/ as it is, byte for byte (hidden files and folders, which
   the build never reads, are left out); a course already in docs/ is replaced only with --replace;
2. its plan, docs/<course>/course.yml, is written from upstream's own words: the course's title and
   first paragraph from its README.md; each chapter's title from the heading above its table in
   the README (`### 第一章：…`), and its summary from the paragraph under that heading or under
   "章节概述" in the chapter's README.md; each section's title from its row (`| 1.1 章节介绍 | … |
   ✅ 已发布 |`, matched to its notebook by the row's link or its number), else from the notebook's
   first heading; a row with no notebook is a section coming soon; a chapter's README.md is its
   first section (titled by its first heading), as upstream's folder shows it first.  Every English text is the
   Chinese one, marked `untranslated: [en]` (tools/check_course.py and the translation report
   count them).  The CANN version and the anchor of the online environments come from the README
   when it has them; "report an error" goes to --repository (upstream's, on GitCode), and a link
   that leaves the course's folder (`../../docs/…`) to the file in upstream's repository (--tutorials);
3. the folder is added to mkdocs.yml's `extra.courses`;
4. the site is checked as the build checks it (tools/check_course.py), and each notebook it refuses
   is marked `left_out:` in its plan with the problem, which names the fix upstream should make
   (--keep-refused: left in; the build then stops on them).

Prints what it wrote, each section left out and why, and the check's verdict.  Exits with 1 when the
site still has a problem no section can be left out for (a course's plan, a home page).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "overrides"), str(ROOT / "tools")]

import yaml  # noqa: E402
from markdown_it import MarkdownIt  # noqa: E402
from pymdownx.slugs import slugify  # noqa: E402

import check_course  # noqa: E402
from course_site.course.page_links import read_markdown  # noqa: E402
from quizzes.cell_ids import read_notebook  # noqa: E402

UPSTREAM = "https://gitcode.com/cann/cann-learning-hub"
TUTORIALS = f"{UPSTREAM}/blob/master/tutorials"  # where upstream's hosting site shows tutorials/'s files
DEFAULT, OTHER = "zh", "en"  # upstream writes Chinese; the site's other language
_MARKDOWN = MarkdownIt("commonmark").enable(["table"])
# What the README's tables say of a chapter or a section while the plan is drawn up, not plan keys.
FOLDER, HEADING, INTRO = "readme folder", "readme heading", "readme intro"
READ_FROM_README = {FOLDER, HEADING, INTRO}
_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)*)[\s_.]")  # "1.1 章节介绍", "01.01 …", "01_chapter_intro"
_UNPUBLISHED = ("⏳", "未发布", "建设中", "规划中", "开发中")
_FOLDER_IN_HEADING = re.compile(r"\s*[（(]\s*`?([\w.-]+)/`?\s*[)）]\s*$")  # "第 1 章：… (`01_sft_and_wordle/`)"


@dataclass
class Row:
    number: tuple[int, ...] | None
    title: str
    links: list[str]
    unpublished: bool


@dataclass
class Table:
    heading: str | None
    intro: str | None  # the paragraph between the heading and the table
    rows: list[Row] = field(default_factory=list)
    folder: str | None = None  # the chapter's folder when the heading names it (`05_attention_operators/`)


# ---------------------------------------------------------------------------
# Reading upstream's README


def readme_tables(text: str) -> list[Table]:
    """Every table of a README whose rows name sections: the heading above each, its paragraph."""
    tokens = _MARKDOWN.parse(text)
    tables, heading, intro = [], None, None
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "heading_open" and token.tag != "h1":
            heading, intro = _plain(tokens[index + 1]), None
        elif token.type == "paragraph_open" and heading is not None and intro is None:
            intro = _plain(tokens[index + 1])
        elif token.type == "table_open":
            rows, index = _rows(tokens, index)
            found = [row for row in rows if row.number is not None]
            if found:
                tables.append(_table(heading, intro, found))
            continue
        elif token.type == "html_block" and "<table" in token.content:
            found = _html_rows(token.content)
            if found:
                tables.append(_table(heading, intro, found))
        index += 1
    return tables


def _table(heading: str | None, intro: str | None, rows: list[Row]) -> Table:
    named = _FOLDER_IN_HEADING.search(heading or "")
    return Table(_FOLDER_IN_HEADING.sub("", heading) if heading else None, intro, rows, named[1] if named else None)


def _plain(inline) -> str:
    """An inline token's text as a reader sees it (no `**`, no link syntax)."""
    parts = []
    for child in inline.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return " ".join("".join(parts).split())


def _rows(tokens, index: int) -> tuple[list[Row], int]:
    rows, cells, in_body = [], [], False
    while tokens[index].type != "table_close":
        token = tokens[index]
        if token.type == "tbody_open":
            in_body = True
        elif token.type == "tr_open":
            cells = []
        elif token.type == "inline" and in_body:
            links = [str(c.attrs.get("href", "")) for c in token.children or [] if c.type == "link_open"]
            cells.append((_plain(token), links))
        elif token.type == "tr_close" and in_body and cells:
            rows.append(_row(cells))
        index += 1
    return rows, index + 1


def _row(cells: list[tuple[str, list[str]]]) -> Row:
    title = cells[0][0]
    number = _NUMBER.match(title + " ")
    links = [link for _, found in cells for link in found]
    status = " ".join(text for text, _ in cells[1:])
    return Row(tuple(int(n) for n in number[1].split(".")) if number else None, title, links,
               any(word in status for word in _UNPUBLISHED))


def _html_rows(html: str) -> list[Row]:
    """Rows of a raw HTML table (`<tr><td>01</td><td>课程与实践流程介绍</td>…`): number, then title."""
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", html, flags=re.DOTALL):
        cells = [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.DOTALL)]
        if len(cells) >= 2 and re.fullmatch(r"\d+(?:\.\d+)*", cells[0]):
            rows.append(Row(tuple(int(n) for n in cells[0].split(".")), f"{cells[0]} {cells[1]}", [], False))
    return rows


def listed_courses(readme: Path) -> dict[str, tuple[str, str]]:
    """tutorials/README.md's list of courses: by folder, (title, description) of its row
    (`| Conv 算子开发实战教程 | … | [conv_operator_development](./conv_operator_development) | ✅ 已发布 |`)."""
    if not readme.is_file():
        return {}
    found = {}
    tokens = _MARKDOWN.parse(readme.read_text(encoding="utf-8"))
    rows = []
    for index, token in enumerate(tokens):
        if token.type == "table_open":
            cells: list = []
            for inner in tokens[index:]:
                if inner.type == "table_close":
                    break
                if inner.type == "tr_open":
                    cells = []
                elif inner.type == "inline":
                    cells.append((_plain(inner), [str(c.attrs.get("href", "")) for c in inner.children or [] if c.type == "link_open"]))
                elif inner.type == "tr_close" and cells:
                    rows.append(cells)
    for cells in rows:
        for _, links in cells:
            for link in links:
                name = link.strip("./")
                if name and "/" not in name and "://" not in link:
                    found.setdefault(name, (cells[0][0], cells[1][0] if len(cells) > 1 else ""))
    return found


def first_heading(text: str) -> str | None:
    titles = read_markdown([text]).titles
    return " ".join(titles[0].replace("**", "").split()) if titles else None


def first_paragraph(text: str) -> str | None:
    tokens = _MARKDOWN.parse(text)
    return next((_plain(tokens[i + 1]) for i, t in enumerate(tokens) if t.type == "paragraph_open"), None)


def chapter_overview(text: str) -> str | None:
    """The paragraph under a chapter README's "章节概述" heading."""
    tokens = _MARKDOWN.parse(text)
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and "概述" in _plain(tokens[index + 1]):
            return next((_plain(tokens[i + 1]) for i in range(index + 2, len(tokens)) if tokens[i].type == "paragraph_open"), None)
    return None


# ---------------------------------------------------------------------------
# Writing the plan


def notebook_title(path: Path) -> str:
    notebook = read_notebook(path.read_text(encoding="utf-8"))
    title = first_heading("\n\n".join(c.source for c in notebook.cells if c.cell_type == "markdown"))
    return title or path.stem


def number_of(name: str) -> tuple[int, ...] | None:
    found = _NUMBER.match(name)
    return tuple(int(n) for n in found[1].split(".")) if found else None


class Texts(dict):
    """A title or summary in each language, written on one line (`{zh: …, en: …, untranslated: [en]}`)."""


def texts(zh: str) -> Texts:
    """A title or summary upstream wrote in Chinese: the same text in English, marked untranslated."""
    return Texts({DEFAULT: zh, OTHER: zh, "untranslated": [OTHER]})


class _PlanDumper(yaml.SafeDumper):
    pass


_PlanDumper.add_representer(Texts, lambda dumper, data: dumper.represent_mapping(
    "tag:yaml.org,2002:map", data, flow_style=True))


def course_plan(course: Path, repository: str, source: str | None = None, listed: tuple[str, str] | None = None,
                environments_heading: str = "在线体验环境") -> dict:
    """The plan of the course folder `course` (a copy of upstream's), as course.yml holds it.
    `listed`: the course's title and description in tutorials/README.md's list of courses, for a
    course without a README of its own."""
    readme = course / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    # A chapter's README lists its sections too (no heading of its own is the chapter's title).
    tables = readme_tables(text) + [Table(None, None, table.rows)
                                    for chapter_readme in sorted(course.glob("*/README.md"))
                                    for table in readme_tables(chapter_readme.read_text(encoding="utf-8"))]
    notebooks = sorted(p.relative_to(course).as_posix() for p in course.rglob("*.ipynb")
                       if not any(part.startswith(".") for part in p.relative_to(course).parts)
                       and not p.name.endswith(f".{OTHER}.ipynb"))  # a translation is found by its suffix
    by_name = {posixpath_name(n): n for n in notebooks}
    by_number: dict[tuple[int, ...], list[str]] = {}
    for name in notebooks:
        number = number_of(name.rsplit("/", 1)[-1])
        if number:
            by_number.setdefault(number, []).append(name)
    placed: set[str] = set()
    chapters: dict[str, dict] = {}
    for table in tables:
        sections, folders = [], []
        for row in table.rows:
            if row.links and not any(link.endswith(".ipynb") or ".ipynb&" in link or posixpath_name(link) in by_name
                                     for link in row.links) and not any("://" in link for link in row.links):
                continue  # a row of slides or another document of the course, not a section
            file = next((by_name[posixpath_name(link)] for link in row.links if posixpath_name(link) in by_name), None)
            if file is None and row.number and len(by_number.get(row.number, [])) == 1:
                file = by_number[row.number][0]
            if file is not None and file not in placed:
                placed.add(file)
                folders.append(file.rsplit("/", 1)[0] if "/" in file else ".")
                sections.append({"file": file.rsplit("/", 1)[-1], "title": texts(row.title), FOLDER: folders[-1]})
            elif file is None and table.heading is not None:  # a chapter README's rows name sections placed already
                sections.append({"title": texts(row.title)})
        if not folders and not (table.folder and all(row.unpublished for row in table.rows)):
            continue  # a table of slides or of other documents: the README shows it
        folder = max(set(folders), key=folders.count) if folders else table.folder  # else a chapter coming soon
        chapter = chapters.setdefault(folder, {"chapter": folder, "sections": []})
        chapter["sections"] += [s for s in sections if s.get(FOLDER, folder) == folder]
        chapter.setdefault(HEADING, table.heading)
        chapter.setdefault(INTRO, table.intro)
    for name in notebooks:  # notebooks no row names: after their chapter's rows, by their file names
        if name not in placed:
            folder = name.rsplit("/", 1)[0] if "/" in name else "."
            chapter = chapters.setdefault(folder, {"chapter": folder, "sections": []})
            chapter["sections"].append({"file": name.rsplit("/", 1)[-1], "title": texts(notebook_title(course / name))})
    plan: dict = {"title": texts(first_heading(text) or (listed[0] if listed else course.name))}
    if first_paragraph(text) or listed and listed[1]:
        plan["summary"] = texts(first_paragraph(text) if text else listed[1])
    plan["name"] = course.name
    plan["repository"] = repository
    if source:
        plan["source"] = source
    version = re.search(r"CANN\s*版本\s*\|\s*([\d.]+)", text)
    if version:
        plan["cann_version"] = version[1]
    if any(first_heading_text == environments_heading for first_heading_text in _headings(text)):
        anchor = slugify(case="lower")(environments_heading, "-")
        plan["environments"] = {DEFAULT: anchor, OTHER: anchor}
    plan["chapters"] = [_chapter(course, chapter) for _, chapter in sorted(chapters.items(), key=_chapter_order)]
    return plan


def _headings(text: str) -> list[str]:
    tokens = _MARKDOWN.parse(text)
    return [_plain(tokens[i + 1]) for i, t in enumerate(tokens) if t.type == "heading_open"]


def _chapter_order(item: tuple[str, dict]) -> tuple:
    folder = item[0]
    number = number_of(folder.rsplit("/", 1)[-1])
    return (number is None, number or (), folder)


def _chapter(course: Path, chapter: dict) -> dict:
    folder = chapter["chapter"]
    readme = course / folder / "README.md"
    readme_text = readme.read_text(encoding="utf-8") if readme.is_file() and folder != "." else ""
    title = chapter.get(HEADING) or first_heading(readme_text) or folder
    summary = chapter.get(INTRO) or chapter_overview(readme_text)
    sections = [{key: value for key, value in section.items() if key not in READ_FROM_README} for section in chapter["sections"]]
    if readme_text:  # the chapter's own page upstream (its folder shows it): the chapter's first section
        sections.insert(0, {"file": "README.md", "title": texts(first_heading(readme_text) or title)})
    found = {"chapter": folder, "title": texts(title)}
    if summary:
        found["summary"] = texts(summary)
    found["sections"] = _unique_titles(sections)
    return found


def _unique_titles(sections: list[dict]) -> list[dict]:
    """Two sections of a chapter with one title (two notebooks titled by their first heading):
    the later ones get their file's number."""
    seen: set[str] = set()
    for section in sections:
        title = section["title"][DEFAULT]
        if title in seen and section.get("file"):
            title = f"{section['file'].split('_')[0]} {title}"
            section["title"] = texts(title)
        seen.add(title)
    return sections


def posixpath_name(link: str) -> str:
    """The notebook a README row links (`01_x/01.01_a.ipynb`, or `…&scanFilePath=tutorials/c/01_x/01.01_a.ipynb`)."""
    found = re.search(r"([\w.-]+/[\w.-]+\.ipynb)(?:$|[?#&])", link)
    return found[1] if found else link


# ---------------------------------------------------------------------------
# Copying, mkdocs.yml, and the check


def copy_course(source: Path, target: Path, replace: bool) -> None:
    if target.exists():
        if not replace:
            raise SystemExit(f"{target} exists: --replace to import the course again")
        shutil.rmtree(target)
    shutil.copytree(source, target, symlinks=True, ignore=lambda folder, names: [n for n in names if n.startswith(".")])


def add_to_courses(config_file: Path, folder: str) -> bool:
    """Add `folder` to mkdocs.yml's `extra.courses` (a flow list on one line, as the file writes
    it), keeping the rest of the file as it is; whether it was added."""
    text = config_file.read_text(encoding="utf-8")
    found = re.search(r"^(\s+courses:\s*)\[(.*?)\]\s*$", text, flags=re.MULTILINE)
    if found is None:
        raise SystemExit(f"{config_file}: no `courses: [...]` line under extra")
    listed = [item.strip().strip("\"'") for item in found[2].split(",") if item.strip()]
    if folder in listed:
        return False
    listed.append(folder)
    line = found[1] + "[" + ", ".join(f'"{item}"' for item in listed) + "]"
    config_file.write_text(text[:found.start()] + line + text[found.end():], encoding="utf-8")
    return True


def write_plan(path: Path, plan: dict) -> None:
    header = ("# Written by tools/import_course.py from upstream's README.md and notebooks: the course's\n"
              "# settings and plan (overrides/course_site/course/settings.py).  English texts are the Chinese\n"
              "# ones until translated: remove `untranslated: [en]` from a title once it is.\n")
    path.write_text(header + yaml.dump(plan, Dumper=_PlanDumper, allow_unicode=True, sort_keys=False, width=200),
                    encoding="utf-8")


def leave_out_refused(config_file: Path, docs: Path, courses: list[str]) -> tuple[check_course.Checked, list[str]]:
    """Check the site; mark each refused notebook of the imported `courses` left out, with its
    problems; check again.  Returns the last check and what was left out."""
    checked = check_course.check(config_file)
    if checked.model is None:
        return checked, []
    by_file: dict[str, list[str]] = {}
    for problem in checked.problems:
        by_file.setdefault(check_course.file_of(problem), []).append(str(problem))
    left = []
    for name, (verdict, files) in check_course.notebook_verdicts(checked).items():
        course = name.split("/", 1)[0]
        if verdict != check_course.REFUSED or course not in courses:
            continue
        # Each problem as the check says it, without the notebook's own path in front.
        reasons = [" ".join(message.split()).removeprefix(f"docs/{name}").lstrip(": ")
                   for file in files.split(", ") for message in by_file.get(file, [])]
        plan_file = docs / course / "course.yml"
        plan = _with_texts(yaml.safe_load(plan_file.read_text(encoding="utf-8")))
        relative = name[len(course) + 1:]
        for chapter in plan["chapters"]:
            for section in chapter["sections"]:
                if chapter["chapter"] + "/" + section.get("file", "") == relative:
                    section["left_out"] = "; ".join(reasons)
        write_plan(plan_file, plan)
        left.append(f"docs/{name}: " + "; ".join(reasons))
    return (check_course.check(config_file) if left else checked), left


def _with_texts(data):
    """A plan read back, its titles and summaries written on one line again."""
    if isinstance(data, dict):
        if DEFAULT in data and all(isinstance(v, (str, list)) for v in data.values()):
            return Texts(data)
        return {key: _with_texts(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_with_texts(item) for item in data]
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/import_course.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", type=Path)
    parser.add_argument("courses", nargs="*")
    parser.add_argument("--all", action="store_true", help="every folder of tutorials/ with a README.md or a notebook")
    parser.add_argument("-f", "--config-file", type=Path, default=ROOT / "mkdocs.yml")
    parser.add_argument("--replace", action="store_true", help="import a course that docs/ has already again")
    parser.add_argument("--repository", default=UPSTREAM, help=f"where 'report an error' goes (default {UPSTREAM})")
    parser.add_argument("--tutorials", default=TUTORIALS,
                        help=f"where upstream's tutorials/ folder is shown: links out of a course lead there (default {TUTORIALS})")
    parser.add_argument("--keep-refused", action="store_true", help="leave no refused notebook out of the plan")
    arguments = parser.parse_args(argv)
    tutorials = arguments.checkout / "tutorials" if (arguments.checkout / "tutorials").is_dir() else arguments.checkout
    names = sorted(p.name for p in tutorials.iterdir() if p.is_dir() and not p.name.startswith(".")
                   and ((p / "README.md").is_file() or any(p.rglob("*.ipynb")))) if arguments.all else arguments.courses
    if not names:
        parser.error("name the courses to import, or --all")
    config_file = arguments.config_file.resolve()
    docs = config_file.parent / "docs"
    hub_list = listed_courses(tutorials / "README.md")
    for name in names:
        source = tutorials / name
        if not source.is_dir():
            raise SystemExit(f"{source}: no such course folder")
        copy_course(source, docs / name, arguments.replace)
        plan = course_plan(docs / name, arguments.repository, f"{arguments.tutorials.rstrip('/')}/{name}",
                           hub_list.get(name))
        write_plan(docs / name / "course.yml", plan)
        added = add_to_courses(config_file, name)
        sections = [s for c in plan["chapters"] for s in c["sections"]]
        print(f"docs/{name}: {len(plan['chapters'])} chapters, {sum(1 for s in sections if s.get('file'))} notebooks, "
              f"{sum(1 for s in sections if not s.get('file'))} sections coming soon"
              + ("; added to extra.courses" if added else ""))
    checked, left = (check_course.check(config_file), []) if arguments.keep_refused else \
        leave_out_refused(config_file, docs, names)
    for line in left:
        print(f"left out: {line}")
    print(check_course.report(checked.problems) if checked.problems else check_course.summary(checked))
    if checked.model is not None:
        print("\n".join(check_course.notes(checked.model)))
    return 0 if checked.ok else 1


if __name__ == "__main__":
    sys.exit(main())
