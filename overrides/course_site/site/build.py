"""One `mkdocs build` (or serve rebuild), across its language passes: the courses as read at its
start (course/model.py), what the pipeline's steps share, the caches it keeps between builds, and
what its passes find out for the end of the build (site/finish.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..adapters import material_search
from ..course.model import CourseModel
from ..page.context import SiteServices
from . import page_cache, site_links
from .notebook_css import StyleCollector
from .print_pages import PrintEditions

# The caches a build keeps beside mkdocs-jupyter's own, each a folder.
RUN_CACHE = "run-at-build"  # what cells tagged run-at-build printed (course/run_at_build.py)
PAGE_CACHE = "pages"  # what the pipeline made of each page (page_cache.py)
STYLESHEET_CACHE = "notebook-css"  # notebook.css as pruned before (notebook_css.py)
SEARCH_CACHE = "search-entries"  # what Material's search indexed of each page (material_search.keep_search_entries)
LINKS_CACHE = "written-pages"  # each page as written, and its ids and links (site_links.LinkReadings)
JUDGED_CACHE = "judged-content"  # the content sanitise.py passed, by its hash (sanitise.JudgedPages)
PRINT_CACHE = "print-sections"  # each section as a print page shows it (print_pages.py)
CACHES = (RUN_CACHE, PAGE_CACHE, STYLESHEET_CACHE, SEARCH_CACHE, LINKS_CACHE, JUDGED_CACHE, PRINT_CACHE)


@dataclass
class Build:
    model: CourseModel  # the courses, read and checked once (course/model.py)
    services: SiteServices  # what every page's steps share
    pages: page_cache.PageCache  # pages made before, by what they are made from
    stylesheets: page_cache.PageCache  # notebook.css pruned before, by what it was pruned from
    links: site_links.LinkReadings = field(default_factory=site_links.LinkReadings)  # built pages, read once
    search_entries: material_search.SearchEntries | None = None  # what Material's search indexed of each page
    last_changed: dict = field(default_factory=dict)  # docs-relative path -> date of its last commit
    notebook_cache: set = field(default_factory=set)  # mkdocs-jupyter's entries used by any pass
    styles: StyleCollector = field(default_factory=StyleCollector)
    published: dict = field(default_factory=dict)  # each page's URL per language, by its original source
    copied: dict = field(default_factory=dict)  # site path -> the docs/ file published there (every pass)
    used: set = field(default_factory=set)  # site paths the built pages link or load (every pass)
    content_problems: list = field(default_factory=list)  # what pages may not hold, of every pass so far
    figure_problems: dict = field(default_factory=dict)  # site path of an SVG -> what its dark version may not hold
    printing: PrintEditions | None = None  # each course and each chapter on paper (print_pages.py)
