"""The end of a build, once every language pass has built its pages: the files the build writes
beside the pages, the checks that read the whole site, and the caches it keeps, as the steps of
`STEPS`, in that order.  Why a step comes where it does is `NEEDS`, checked when this module loads
(order.py), as the page pipeline's order is; tests/test_finish.py shows each reason in a site
finished in an order that breaks it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .. import order
from ..course import sanitise
from ..errors import SiteError
from . import archives, compaction, offline_package, progress_data, published, search_index, site_links, sitemap
from . import solution_files
from .build import Build
from .not_found import NOT_FOUND

log = logging.getLogger("mkdocs.plugins.course_site")


@dataclass(frozen=True)
class Ending:
    build: Build
    site: Path  # the built site's folder
    site_url: str  # the published address, or "" (a local build)


def keep_caches(end: Ending) -> None:
    """The page, print and search caches keep this build's entries, and only those."""
    end.build.pages.forget_unused()  # every language's pass has asked for its pages by now
    if end.build.printing is not None:
        end.build.printing.sections.forget_unused()
    if end.build.search_entries is not None:  # every language's pages are indexed by now
        end.build.search_entries.save()


def leave_out_unused(end: Ending) -> None:
    """No file of docs/ is published that no page uses (published.py)."""
    left_out = published.leave_out_unused(end.site, end.build.copied, end.build.used)
    if left_out:
        log.info(f"{len(left_out)} files of docs/ that no page uses are not published "
                 "(the chapter downloads carry those the notebooks use)")


def check_figures(end: Ending) -> None:
    """The dark version of every figure the site publishes is within the content allow list."""
    problems = [problem for path, found in sorted(end.build.figure_problems.items()) if path in end.build.used
                for problem in found]
    sanitise.stop_on(problems, sanitise.EXPECTED_SVG)


def write_stylesheet(end: Ending) -> None:
    """notebook.css, with what the notebook pages use of JupyterLab's styles."""
    end.build.styles.write(end.site, end.build.stylesheets)
    end.build.stylesheets.forget_unused()


def write_progress_data(end: Ending) -> None:
    model = end.build.model
    progress_data.write_data(end.site, model.exercises, model.plan, model.languages)


def write_archives(end: Ending) -> None:
    model = end.build.model
    archives.write_archives(end.site, model.inventory, model.plan, model.languages)


def write_solution_files(end: Ending) -> None:
    """Written here, not as MkDocs files: exclude_docs leaves answer/ out of the site."""
    solution_files.write_files(end.site, (s for page in end.build.model.exercises.pages.values() for s in page.solutions))


def compact_404(end: Ending) -> None:
    """The 404 page is a theme template, which on_post_page never saw."""
    not_found = end.site / NOT_FOUND
    if not_found.is_file():
        not_found.write_text(compaction.compact_html(not_found.read_text(encoding="utf-8")), encoding="utf-8")


def write_search_index(end: Ending) -> None:
    search_index.write(end.site, end.build.model.languages)


def write_sitemap(end: Ending) -> None:
    if end.site_url:
        sitemap.write(end.site, end.site_url, end.build.published, end.build.model.languages)


def write_offline_package(end: Ending) -> None:
    """The site zipped into itself; the home pages say its size, which the package then holds too."""
    model = end.build.model
    offline_package.write_offline_package(end.site, end.site_url, model.languages, model.strings)


def check_links(end: Ending) -> None:
    """Every link and anchor of every page leads somewhere on the site."""
    broken = site_links.broken_links(end.site, urlsplit(end.site_url or "/").path or "/", end.build.links)
    end.build.links.kept.forget_unused()
    if broken:
        raise SiteError(f"{len(broken)} broken links:\n  " + "\n  ".join(broken),
                        expected="links to published pages and files, and anchors that exist on them")


STEPS = (keep_caches, leave_out_unused, check_figures, write_stylesheet, write_progress_data, write_archives, write_solution_files,
         compact_404, write_search_index, write_sitemap, write_offline_package, check_links)
# The steps that write a file of the site.
WRITERS = (write_stylesheet, write_progress_data, write_archives, write_solution_files, compact_404,
           write_search_index, write_sitemap)
NEEDS: order.Needs = {
    write_offline_package: ((leave_out_unused, "the package holds only what the site publishes"),
                            *((writer, "the package holds every file of the site") for writer in WRITERS)),
    check_links: ((write_offline_package, "it reads the home pages with the package's size written in"),
                  (leave_out_unused, "a link to a file it takes off the site would be broken"),
                  *((writer, "pages link the files it writes") for writer in WRITERS)),
}
order.check(STEPS, NEEDS, what="the end of a build")


def finish(build: Build, site: Path, site_url: str) -> None:
    end = Ending(build, site, site_url)
    for step in STEPS:
        step(end)
