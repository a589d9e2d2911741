"""Write a course of N sections, chapter 1 cloned into every planned section, for measuring.

    .venv/bin/python tools/generated_course.py DESTINATION SECTIONS

DESTINATION gets `docs/` (the real home pages and glossary, chapter 1 as it is, then copies of its
four sections in as many chapters as SECTIONS needs, and the real course.yml with this course's
chapters), `mkdocs.yml` (the real configuration, inherited) and `plain.yml` (the same notebooks built by Material and
mkdocs-jupyter alone, the baseline of tools/benchmark.py).  Chapters take 4, 4 and 7 sections in
turn, like the real plan, so 15 sections are the real plan's shape and 45 are three times it.
"""

from __future__ import annotations

import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
import yaml
from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "overrides")]  # quizzes/, and the site's build package course_site
CHAPTER_SIZES = (4, 4, 7)
FIRST_CHAPTER = "01_basic_overview"


@dataclass(frozen=True)
class GeneratedCourse:
    root: Path
    config: Path  # our site
    plain_config: Path  # Material + mkdocs-jupyter only
    sections: int
    notebooks: int


def chapter_sizes(sections: int) -> list[int]:
    sizes, pattern = [], 0
    while sum(sizes) < sections:
        sizes.append(min(CHAPTER_SIZES[pattern % len(CHAPTER_SIZES)], sections - sum(sizes)))
        pattern += 1
    return sizes


def real_config(repo: Path) -> dict:
    with open(repo / "mkdocs.yml", encoding="utf-8") as f:
        return yaml_load(f)


def write_course(destination: Path, sections: int, repo: Path = ROOT) -> GeneratedCourse:
    if destination.exists():
        shutil.rmtree(destination)
    docs = destination / "docs"
    source_docs = repo / "docs"
    docs.mkdir(parents=True)
    for top in source_docs.iterdir():
        if top.is_file():
            shutil.copy(top, docs / top.name)
    chapter_one = source_docs / FIRST_CHAPTER
    originals = sorted(p for p in chapter_one.glob("*.ipynb") if ".en." not in p.name)
    plan = []
    for number, size in enumerate(chapter_sizes(sections), start=1):
        name = FIRST_CHAPTER if number == 1 else f"{number:02d}_generated"
        folder = docs / name
        if number == 1 and size == len(originals):
            shutil.copytree(chapter_one, folder)
            files = [p.name for p in originals]
        else:
            files = _clone_chapter(chapter_one, originals, folder, number, size)
        plan.append({
            "chapter": name,
            "title": {"zh": f"第 {number} 章", "en": f"Chapter {number}"},
            "summary": {"zh": "生成的章节。", "en": "A generated chapter."},
            "sections": [
                {"file": file, "title": {"zh": f"{number}.{index} 小节", "en": f"{number}.{index} Section"}}
                for index, file in enumerate(files, start=1)
            ],
        })
    for chapter in plan:  # each page titled as the plan titles it, as the course writes its own
        for section in chapter["sections"]:
            for language, suffix in (("zh", ""), ("en", ".en")):
                _retitle(docs / chapter["chapter"] / section["file"].replace(".ipynb", f"{suffix}.ipynb"),
                         section["title"][language])
    config = real_config(repo)
    hooks = [str((repo / hook).resolve()) for hook in config.get("hooks", [])]
    ours = {
        "INHERIT": str(repo / "mkdocs.yml"),
        "docs_dir": "docs",
        "theme": {"custom_dir": str(repo / "overrides")},
        "hooks": hooks,
        "watch": [str(repo / "overrides"), str(repo / "quizzes")],
    }
    with open(source_docs / "course.yml", encoding="utf-8") as f:
        course_settings = yaml_load(f)
    course_settings["chapters"] = plan
    (docs / "course.yml").write_text(yaml.safe_dump(course_settings, allow_unicode=True, sort_keys=False), encoding="utf-8")
    # The baseline keeps the real Markdown and search settings, drops everything of ours.
    (destination / "no-overrides").mkdir()
    plain = {
        "INHERIT": str(repo / "mkdocs.yml"),
        "docs_dir": "docs",
        "theme": {"custom_dir": str(destination / "no-overrides")},
        "plugins": [p for p in config["plugins"] if _plugin_name(p) in ("search", "mkdocs-jupyter")],
        "hooks": [],
        "watch": [],
    }
    (destination / "mkdocs.yml").write_text(yaml.safe_dump(ours, allow_unicode=True, sort_keys=False), encoding="utf-8")
    plain_text = yaml.safe_dump(plain, allow_unicode=True, sort_keys=False)
    # The loader resolved the cache folder's !ENV tag; the baseline must follow NOTEBOOK_CACHE_DIR too.
    # (Without the site's hook nothing names the builder's cache folder: the generated folder's own.)
    plain_text = plain_text.replace("    cache_dir: ''\n", "    cache_dir: !ENV [NOTEBOOK_CACHE_DIR, .cache/mkdocs-jupyter]\n")
    (destination / "plain.yml").write_text(plain_text, encoding="utf-8")
    course = _record_translations(destination / "mkdocs.yml")
    notebooks = len(course.files(".ipynb"))
    return GeneratedCourse(destination, destination / "mkdocs.yml", destination / "plain.yml", sections, notebooks)


def _record_translations(config_file: Path):
    """A clone's answer cells name its own answer files, so its originals differ from chapter 1's:
    its translations are recorded as up to date, as a real course's are (no outdated notices)."""
    from mkdocs.config import load_config

    from course_site.adapters import i18n
    from course_site.course.inventory import CourseInventory
    from course_site.course.translation_status import mark_done, translations_under

    config = load_config(str(config_file))
    languages = i18n.site_languages(config)
    course = CourseInventory.from_config(config)
    for name in translations_under(course, languages, [course.docs_dir]):
        mark_done(course.docs_dir, languages, name)
    return course


def _plugin_name(entry) -> str:
    return entry if isinstance(entry, str) else next(iter(entry))


def _clone_chapter(chapter_one: Path, originals: list[Path], folder: Path, number: int, size: int) -> list[str]:
    folder.mkdir(parents=True)
    shutil.copytree(chapter_one / "images", folder / "images")
    (folder / "answer").mkdir()
    for extra in ("data",):
        if (chapter_one / extra).is_dir():
            shutil.copytree(chapter_one / extra, folder / extra)
    files = []
    for index in range(size):
        original = originals[index % len(originals)]
        section = f"{number:02d}.{index + 1:02d}"
        stem = original.name.split("_", 1)[1]
        name = f"{section}_{stem}"
        for language_suffix in ("", ".en"):
            source = original.with_name(original.name.replace(".ipynb", f"{language_suffix}.ipynb"))
            if not source.is_file():
                continue
            notebook = nbformat.read(source, as_version=4)
            old = original.name.split("_", 1)[0]
            answer = chapter_one / "answer" / f"{old}_answer{language_suffix}.txt"
            for cell in notebook.cells:
                if cell.cell_type == "code" and f"answer/{answer.name}" in cell.source:
                    shutil.copy(answer, folder / "answer" / f"{section}_answer{language_suffix}.txt")
                cell.source = _retarget(cell.source, old, section)
            nbformat.write(notebook, folder / name.replace(".ipynb", f"{language_suffix}.ipynb"))
        files.append(name)
    return files


def _retitle(path: Path, title: str) -> None:
    """The notebook's first-level heading becomes `title`."""
    if not path.is_file():
        return
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and re.search(r"^# ", cell.source, re.MULTILINE):
            cell.source = re.sub(r"^# .*$", f"# {title}", cell.source, count=1, flags=re.MULTILINE)
            break
    nbformat.write(notebook, path)


def _retarget(source: str, old: str, section: str) -> str:
    """Answer files follow the clone; links to chapter 1's notebooks point back at chapter 1."""
    source = source.replace(f"answer/{old}_answer", f"answer/{section}_answer")
    return re.sub(r"\]\((01\.\d\d_[\w.-]+\.ipynb)", rf"](../{FIRST_CHAPTER}/\1", source)


if __name__ == "__main__":
    course = write_course(Path(sys.argv[1]), int(sys.argv[2]))
    print(f"{course.sections} sections, {course.notebooks} notebooks: {course.config}")
