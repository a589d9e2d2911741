"""The reader's progress on the site, from the course plan and the quiz engine's exercises.

What a page shows is made here at build time; the counts come from the reader's stored answers,
which quiz.js reads and checks against the current keys (see quizzes/README.md):

- every page: its language's progress data (one script per language, progress_data.py), from which
  quiz.js ticks each section in the navigation whose exercises the reader has all answered;
- the home page: the course catalog, each chapter with its sections, published or coming soon,
  and for each section with exercises the reader's progress; the reset control shows only when
  there is progress to reset;
- the chapter practice (the last section of a chapter in the plan): what the reader completed in
  the chapter and where to go next (the next chapter, or the catalog while it is not published).

The catalog and each chapter's end also link the print pages (course/printed.py): the chapter's
and the whole course's.
"""

from __future__ import annotations

import html
import posixpath
from collections.abc import Mapping

from quizzes.course import Course
from quizzes.render import ProgressSection
from quizzes.sources import former_section_id

from ..languages import Languages
from .links import site_href
from ..course.plan import HOME, Chapter, CoursePlan, PlannedCourse
from ..course.settings import ROOT_FOLDER
from ..course.printed import chapter_page, course_page, print_pages
from ..strings import fill

CATALOG_ID = "course-catalog"  # the catalog's anchor on the home page, for links to it
CHAPTER_END_ID = "chapter-end"


def page_url(source: str, language: str, languages: Languages) -> str:
    """Where the page of a default-language source is published in `language`, site-relative.
    MkDocs publishes a folder's README.md as its index.html (as GitHub shows it for the folder)."""
    stem = posixpath.splitext(source)[0]
    if posixpath.basename(stem).lower() == "readme":
        stem = posixpath.join(posixpath.dirname(stem), "index")
    return f"{languages.folder(language)}{stem}.html"


def _href(source: str, language: str, languages: Languages, here: str, anchor: str = "") -> str:
    return html.escape(site_href(page_url(source, language, languages), here) + anchor)


def progress_sections(course: Course, plan: CoursePlan, language: str, languages: Languages,
                      here: str) -> list[ProgressSection]:
    """Each published section with exercises, in the order of the plan, linked from `here`."""
    found = {languages.original(s.src_uri): s for s in course.sections(language)}
    sections = []
    for section in plan.pages():
        course_section = found.get(section.source)
        if course_section is not None:
            url = site_href(page_url(section.source, language, languages), here)
            sections.append(ProgressSection(course_section.section, url, course_section.exercise.items,
                                            former=_former_id(plan, section.source, course_section.section)))
    return sections


def _former_id(plan: CoursePlan, source: str, section: str) -> str | None:
    """Before a site held several courses, its one course was docs/ itself: its readers' answers
    are stored under the ids of then (quizzes/sources.former_section_id), which quiz.js moves once.
    No other course was published under those ids."""
    course = plan.course_of(source)
    if course is None or course.folder != ROOT_FOLDER:
        return None
    former = former_section_id(section)
    return former if former != section else None


def _exercises_of(course: Course, language: str, languages: Languages) -> dict[str, tuple[str, int]]:
    """By plan source: (section, number of questions)."""
    return {languages.original(s.src_uri): (s.section, len(s.exercise.items)) for s in course.sections(language)}


def what_pages_show(course: Course, languages: Languages) -> dict[str, dict[str, tuple[str, int]]]:
    """All that the catalog and the chapter ends read of the whole course, in every language
    (page_cache.py keys every page on it; a page's own exercises are keyed with the page)."""
    return {language: _exercises_of(course, language, languages) for language in languages.codes}


def _progress_slot(section: str, total: int, strings: Mapping) -> str:
    """Where quiz.js shows a section's progress; says how many questions there are until then."""
    count = html.escape(fill(strings["catalog_exercises"], total=total))
    return f'<span class="course-progress" data-progress-section="{html.escape(section)}">{count}</span>'


def render_catalog(plan: CoursePlan, course: Course, language: str, languages: Languages, strings: Mapping,
                   here: str, only: PlannedCourse | None = None) -> str:
    """A home page's one catalog: every chapter and section, published or coming soon, and the
    reader's progress on each section with exercises.  The site's home page lists every course (a
    site of one course, its chapters); a course's home page, `only` that course."""
    exercises = _exercises_of(course, language, languages)
    progress = strings["quiz"]["progress"]
    printed = print_pages(plan)
    parts = [
        f'<div class="course-catalog" id="{CATALOG_ID}">',
        '<p class="course-progress-total" data-progress-total hidden></p>',
    ]
    courses = [only] if only is not None else list(plan.courses)
    for planned in courses:
        level = 3
        if len(courses) > 1:
            anchor = html.escape(f"catalog-{planned.folder}")
            title = html.escape(planned.title[language])
            if planned.home:
                title = f'<a href="{_href(planned.home, language, languages, here)}">{title}</a>'
            parts.append(f'<section class="course-catalog__course" aria-labelledby="{anchor}">')
            parts.append(f'<h3 id="{anchor}">{title}</h3>')
            if planned.summary:
                parts.append(f'<p class="course-catalog__summary">{html.escape(planned.summary[language])}</p>')
            level = 4
        parts += _chapters(planned, exercises, language, languages, strings, here, level, printed)
        if (page := course_page(printed, planned)) is not None:
            parts.append(f'<p class="course-catalog__print">{_print_link(page, strings["print_course"], language, languages, here)}</p>')
        if len(courses) > 1:
            parts.append("</section>")
    parts.append(
        '<p class="course-progress-actions" data-progress-actions hidden>'
        f'<button type="button" class="quiz-reset-all">{html.escape(progress["reset"])}</button></p>'
    )
    parts.append('<p class="course-progress-status" data-progress-status aria-live="polite"></p>')
    parts.append("</div>")
    return "\n".join(parts)


def _chapters(planned: PlannedCourse, exercises: Mapping, language: str, languages: Languages, strings: Mapping,
              here: str, level: int, printed: tuple) -> list[str]:
    parts = []
    for chapter in planned.chapters:
        anchor = html.escape(f"catalog-{chapter.folder}")
        parts.append(f'<section class="course-catalog__chapter" aria-labelledby="{anchor}">')
        parts.append(f'<h{level} id="{anchor}">{html.escape(chapter.title[language])}</h{level}>')
        if chapter.summary:
            parts.append(f'<p class="course-catalog__summary">{html.escape(chapter.summary[language])}</p>')
        if (page := chapter_page(printed, chapter)) is not None:
            parts.append(f'<p class="course-catalog__print">{_print_link(page, strings["print_chapter"], language, languages, here)}</p>')
        parts.append('<ul class="course-catalog__sections">')
        for section in chapter.sections:
            label = html.escape(section.title[language])
            summary = (f' <span class="course-catalog__blurb">{html.escape(section.summary[language])}</span>'
                       if section.summary else "")
            if section.source:
                item = f'<a href="{_href(section.source, language, languages, here)}">{label}</a>'
                if section.source in exercises:
                    item += " " + _progress_slot(*exercises[section.source], strings)
                parts.append(f'<li class="course-catalog__section">{item}{summary}</li>')
            else:
                parts.append(
                    f'<li class="course-catalog__section course-catalog__section--coming">{label} '
                    f'<span class="course-catalog__coming">'
                    f'{html.escape(strings["not_published" if section.left_out else "coming_soon"])}</span>{summary}</li>'
                )
        parts.append("</ul></section>")
    return parts


def chapter_of_practice(plan: CoursePlan, source: str) -> Chapter | None:
    """The chapter whose practice (last section in the plan) `source` is, if any."""
    for chapter in plan.chapters:
        if chapter.sections and chapter.sections[-1].source == source:
            return chapter
    return None


def render_chapter_end(plan: CoursePlan, chapter: Chapter, course: Course, language: str, languages: Languages,
                       strings: Mapping, here: str) -> str:
    """What the reader completed in `chapter`, and where to go next."""
    exercises = _exercises_of(course, language, languages)
    parts = [
        f'<section class="chapter-end" aria-labelledby="{CHAPTER_END_ID}">',
        f'<h2 id="{CHAPTER_END_ID}">{html.escape(strings["chapter_end_title"])}</h2>',
    ]
    done = [s for s in chapter.sections if s.source in exercises]
    if done:
        parts.append(f'<p>{html.escape(strings["chapter_end_intro"])}</p>')
        parts.append('<ul class="chapter-end__sections">')
        for section in done:
            link = f'<a href="{_href(section.source, language, languages, here)}">{html.escape(section.title[language])}</a>'
            parts.append(f"<li>{link} {_progress_slot(*exercises[section.source], strings)}</li>")
        parts.append("</ul>")
    planned = plan.course_of(chapter.sections[-1].source)
    home = planned.home or HOME
    catalog = f'<a href="{_href(home, language, languages, here, "#" + CATALOG_ID)}">{html.escape(strings["catalog_label"])}</a>'
    position = planned.chapters.index(chapter)
    following = planned.chapters[position + 1] if position + 1 < len(planned.chapters) else None
    further = ""
    if following is None:  # the end of the course: the reader's result on all of it, and what next
        parts.append('<p class="course-progress-total" data-progress-total hidden></p>')
        sentence = fill(html.escape(strings["chapter_end_last"]), catalog=catalog)
        if planned.further:
            further = f'<p>{html.escape(strings["course_end_next"])}</p><ul class="chapter-end__further">' + "".join(
                f'<li><a href="{html.escape(link.url)}">{html.escape(link.title[language])}</a></li>'
                for link in planned.further) + "</ul>"
    else:
        first = next((s for s in following.sections if s.source), None)
        title = html.escape(following.title[language])
        if first is not None:
            link = f'<a href="{_href(first.source, language, languages, here)}">{title}</a>'
            sentence = fill(html.escape(strings["chapter_end_next"]), chapter=link)
        else:
            sentence = fill(html.escape(strings["chapter_end_next_coming"]), chapter=title, catalog=catalog)
    parts.append(f'<p class="chapter-end__next">{sentence}</p>{further}')
    printed = print_pages(plan)
    chapter_print, course_print = chapter_page(printed, chapter), course_page(printed, plan.course_of(chapter.folder + "/"))
    if chapter_print is not None and course_print is not None:
        parts.append(f'<p class="chapter-end__print">{html.escape(strings["print_links"])}'
                     f'{_print_link(chapter_print, strings["print_this_chapter"], language, languages, here)} · '
                     f'{_print_link(course_print, strings["print_whole_course"], language, languages, here)}</p>')
    parts.append("</section>")
    return "\n".join(parts)


def _print_link(page, label: str, language: str, languages: Languages, here: str) -> str:
    return f'<a href="{html.escape(site_href(page.url(language, languages), here))}">{html.escape(label)}</a>'
