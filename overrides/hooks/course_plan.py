"""Navigation and home-page catalog, both generated from ``extra.course``.

The course plan in mkdocs.yml lists every chapter and section with its title
in each language; a section with a ``file`` is published, one without is
"coming soon".  The navigation shows the published sections; the catalog,
which replaces the ``<!-- course-catalog -->`` marker on the home page, shows
all of them with their status.  One list, so the two cannot disagree.
"""

from __future__ import annotations

import html
import posixpath
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from language_pass import current_language

CATALOG_MARKER = "<!-- course-catalog -->"
UI = {
    "zh": {"home": "首页", "published": "已发布", "coming": "即将推出", "section": "小节", "status": "状态"},
    "en": {"home": "Home", "published": "Published", "coming": "Coming soon", "section": "Section", "status": "Status"},
}


def course_plan(config) -> list[dict]:
    plan = config.extra.get("course")
    if not isinstance(plan, list) or not plan:
        raise PluginError("mkdocs.yml: extra.course must list the chapters of the course.")
    return plan


def section_source(chapter: dict, section: dict) -> str | None:
    return f"{chapter['chapter']}/{section['file']}" if section.get("file") else None


def title(entry: dict, language: str, where: str) -> str:
    titles = entry.get("title") or {}
    if language not in titles:
        raise PluginError(f"mkdocs.yml: extra.course {where} has no '{language}' title: {titles!r}")
    return titles[language]


def validate_plan(plan: list[dict], docs_dir: Path) -> None:
    for chapter in plan:
        if "chapter" not in chapter or not isinstance(chapter.get("sections"), list):
            raise PluginError(f"mkdocs.yml: extra.course entry needs 'chapter' and 'sections': {chapter!r}")
        for section in chapter["sections"]:
            source = section_source(chapter, section)
            if source and not (docs_dir / source).is_file():
                raise PluginError(
                    f"mkdocs.yml: extra.course lists {source}, but docs/{source} does not exist."
                )


@event_priority(-200)  # after static-i18n has applied the language's settings
def on_config(config):
    plan = course_plan(config)
    validate_plan(plan, Path(config.docs_dir))
    language = current_language(config)
    nav: list = [{UI[language]["home"]: "index.md"}]
    for chapter in plan:
        published = [
            {title(s, language, chapter["chapter"]): section_source(chapter, s)}
            for s in chapter["sections"]
            if section_source(chapter, s)
        ]
        if published:
            nav.append({title(chapter, language, chapter["chapter"]): published})
    config.nav = nav
    return config


@event_priority(-400)  # last: a missing translation original is reported first
def on_files(files, config):
    """Every page must be in the plan: a page outside it would be unreachable."""
    listed = {"index.md"} | {
        section_source(c, s) for c in course_plan(config) for s in c["sections"] if section_source(c, s)
    }
    i18n = config.plugins.get("i18n")
    languages = i18n.all_languages if i18n else []
    for file in files.documentation_pages():
        source = file.src_uri
        for language in languages:
            source = source.replace(f".{language}.", ".")
        if source not in listed:
            raise PluginError(
                f"docs/{file.src_uri} is not in the course plan: add it to extra.course in mkdocs.yml "
                "(or move it out of docs/)."
            )
    return files


def on_page_markdown(markdown: str, page, config, files) -> str | None:
    if CATALOG_MARKER not in markdown:
        return None
    if not is_home_page(page):
        raise PluginError(f"docs/{page.file.src_uri}: {CATALOG_MARKER} belongs on the home page only.")
    return markdown.replace(CATALOG_MARKER, render_catalog(course_plan(config), current_language(config)))


@event_priority(100)  # before other hooks read the title
def on_page_content(html: str, page, config, files) -> str | None:
    """Plan titles win over a notebook's first heading (mkdocs-jupyter's choice),
    so the navigation, the catalog and the browser tab agree."""
    language = current_language(config)
    source = page.file.src_uri.replace(f".{language}.", ".")
    for chapter in course_plan(config):
        for section in chapter["sections"]:
            if section_source(chapter, section) == source:
                page.title = title(section, language, chapter["chapter"])
    return None


def is_home_page(page) -> bool:
    """index.md or its translations (index.en.md) at the top of docs/."""
    return "/" not in page.file.src_uri and page.file.src_uri.split(".")[0] == "index"


def render_catalog(plan: list[dict], language: str) -> str:
    ui = UI[language]
    parts = ['<div class="course-catalog">']
    for chapter in plan:
        name = chapter["chapter"]
        parts.append(f'<section class="course-catalog__chapter" aria-labelledby="catalog-{html.escape(name)}">')
        parts.append(f'<h3 id="catalog-{html.escape(name)}">{html.escape(title(chapter, language, name))}</h3>')
        summary = (chapter.get("summary") or {}).get(language)
        if summary:
            parts.append(f"<p>{html.escape(summary)}</p>")
        parts.append(f'<table><thead><tr><th scope="col">{ui["section"]}</th><th scope="col">{ui["status"]}</th></tr></thead><tbody>')
        for section in chapter["sections"]:
            label = html.escape(title(section, language, name))
            source = section_source(chapter, section)
            if source:
                # Markdown link to the source: MkDocs resolves it per language.
                cell = f'<a href="{html.escape(posixpath.splitext(source)[0])}.html">{label}</a>'
                status = f'<span class="course-status course-status--published">{ui["published"]}</span>'
            else:
                cell = label
                status = f'<span class="course-status course-status--coming">{ui["coming"]}</span>'
            parts.append(f"<tr><td>{cell}</td><td>{status}</td></tr>")
        parts.append("</tbody></table></section>")
    parts.append("</div>")
    return "\n".join(parts)
