"""The site's settings and each course's, checked as MkDocs checks its own configuration.

mkdocs.yml's `extra` holds the site's (SiteSettings): the courses the site publishes, in the home
page's order (each a folder of docs/ with its plan, `course.yml`; `.` is docs/ itself), the site's
source repository, where else readers may report an error, the licence, and pages after the
courses.  Each `course.yml` holds its course's (CourseSettings): its titles, the name its downloads
carry, its own repository and CANN version, its glossary, whether its figures keep the palette
(and get dark versions), and its plan of chapters and sections.

Each level is a MkDocs `Config` (mkdocs.config.base), as Material's plugins declare theirs: a key
no level knows (`enviroments:`, `fiel:`), a value of the wrong type or a missing one is a problem
naming the file and the place, and every problem of every file is found at once.  Titles and
summaries are `{language: text}` mappings; plan.py checks that each language of the site has one.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping

from mkdocs.config import base
from mkdocs.config import config_options as c

from ..errors import SiteError

PLAN_FILE = "course.yml"  # in each course's folder
ROOT_FOLDER = "."  # the course whose folder is docs/ itself


class SectionSettings(base.Config):
    file = c.Optional(c.Type(str))  # in the chapter's folder; none: the section is "coming soon"
    title = c.Type(dict)
    summary = c.Optional(c.Type(dict))
    # Why the section's file is not published (yet): an upstream defect, named with the fix
    # upstream should make.  The section shows as "not published yet"; links to it, as text.
    left_out = c.Optional(c.Type(str))


class ChapterSettings(base.Config):
    chapter = c.Type(str)  # the chapter's folder, in the course's folder
    title = c.Type(dict)
    summary = c.Optional(c.Type(dict))
    sections = c.Type(list)


class PageSettings(base.Config):
    """A page after a course's chapters (its glossary), or after every course (the site's)."""

    file = c.Type(str)
    title = c.Type(dict)


class LinkSettings(base.Config):
    url = c.Type(str)
    title = c.Type(dict)


class CourseSettings(base.Config):
    title = c.Type(dict)
    summary = c.Optional(c.Type(dict))
    # What the course's downloads are named after (`<name>-<chapter>-<language>.zip`): the folder's
    # name when not given, and required for the course at docs/ itself.
    name = c.Optional(c.Type(str))
    # Where "report an error" opens an issue about the course's pages (GitHub or GitCode), and
    # where else: the site's when not given.
    repository = c.Optional(c.Type(str))
    report_also = c.Optional(c.ListOfItems(c.Type(str)))
    cann_version = c.Optional(c.Type(str))  # the CANN version the course is written for
    # Where the course's folder is in the repository it comes from, as its hosting site shows a
    # folder's files (`https://gitcode.com/cann/cann-learning-hub/blob/master/tutorials/hixl_development`):
    # a link of its pages that leaves docs/ (upstream's `../../docs/…`) leads there.
    source = c.Optional(c.Type(str))
    # The anchor, per language, of the section on online environments on the course's home page
    # (the site's home page for the course at docs/ itself).
    environments = c.Optional(c.Type(dict))
    glossary = c.Optional(c.Type(str))  # the course's glossary, a file in its folder
    # Whether the course's SVG figures are drawn in the palette of AUTHORING.md section 6: each then
    # gets a dark version derived from it, and a colour outside it stops the build.  Other figures
    # are shown as drawn, on a light panel in the dark scheme (an imported course's, as a rule).
    palette = c.Type(bool, default=False)
    chapters = c.Type(list)
    appendix = c.Type(list, default=[])  # pages after the chapters, such as the glossary's
    further_reading = c.Type(list, default=[])  # where the end of the last chapter sends the reader


class LicenseSettings(base.Config):
    name = c.Optional(c.Type(str))  # none: no licence shown
    url = c.Optional(c.Type(str))


class SiteSettings(base.Config):
    courses = c.ListOfItems(c.Type(str))
    repository = c.Optional(c.Type(str))  # the site's source: the footer's link, and "report an error"
    report_also = c.ListOfItems(c.Type(str), default=[])
    license = c.SubConfig(LicenseSettings)
    appendix = c.Type(list, default=[])  # pages after every course
    # Material's own keys (its "extra" settings, and those its offline plugin and static-i18n
    # set as they run): passed on to Material unread.
    alternate = c.Optional(c.Type(list))
    analytics = c.Optional(c.Type(dict))
    annotate = c.Optional(c.Type(dict))
    consent = c.Optional(c.Type(dict))
    generator = c.Optional(c.Type(bool))
    homepage = c.Optional(c.Type(str))
    polyfills = c.Optional(c.Type(list))
    scope = c.Optional(c.Type(str))
    social = c.Optional(c.Type(list))
    status = c.Optional(c.Type(dict))
    tags = c.Optional(c.Type(dict))
    version = c.Optional(c.Type(dict))


def check(schema: type[base.Config], data: object, file: str, place: str) -> tuple[base.Config | None, list[SiteError]]:
    """`data` against `schema`: its settings (None when they cannot be used) and every problem,
    each a SiteError in `file`, at `place` (`extra`, `chapters, item 2 (01_basic)`)."""
    if not isinstance(data, Mapping):
        return None, [SiteError(f"{place} is a {type(data).__name__}", where=file,
                                expected=f"a mapping of settings: {', '.join(_names(schema))}")]
    settings = schema()
    settings.load_dict(dict(data))
    failed, warnings = settings.validate()
    problems = [SiteError(f"{place}: '{key}': {error}", where=file) for key, error in failed]
    for key, _ in warnings:  # MkDocs' only warning here: a name the schema does not know
        near = difflib.get_close_matches(key, _names(schema), n=1)
        problems.append(SiteError(f"{place}: unknown setting '{key}'" + (f" (did you mean '{near[0]}'?)" if near else ""),
                                  where=file, expected=f"one of: {', '.join(_names(schema))}"))
    return (None if failed else settings), problems


def check_each(schema: type[base.Config], items: object, file: str, place: str,
               label: str) -> tuple[list[base.Config], list[SiteError]]:
    """Every item of the list `items` against `schema`, each named by its number and its `label` key."""
    if not isinstance(items, list):
        return [], [SiteError(f"{place} is a {type(items).__name__}", where=file, expected="a list")]
    kept, problems = [], []
    for number, item in enumerate(items, start=1):
        name = item.get(label) if isinstance(item, Mapping) else None
        settings, found = check(schema, item, file, f"{place}, item {number}" + (f" ({name})" if isinstance(name, str) else ""))
        problems += found
        if settings is not None:
            kept.append(settings)
    return kept, problems


def _names(schema: type[base.Config]) -> list[str]:
    return list(schema().keys())
