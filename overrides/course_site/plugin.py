"""CourseSite: the site's build, one method per MkDocs event, in the order MkDocs calls them.

static-i18n builds the site once per language (see i18n.LanguagePass); every event below
runs in every language pass.  What lasts for a whole build lives on `self.build` (made at the
start of the first pass), what belongs to one language on `self.language_pass`.  Both are made in
`on_config` and nowhere else.

Where to look:
- how a page's HTML is made: pipeline.py (the steps, in order);
- the navigation, titles and catalog: plan.py, from `extra.course` in mkdocs.yml;
- the words of the site: strings/<language>.py; the languages: the i18n plugin in mkdocs.yml;
- anything that depends on another project's internals: adapters/, one module per project.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.structure.files import File, Files
from mkdocs.structure.toc import get_toc

from quizzes.course import Course

from . import pipeline
from .adapters import i18n, jupyter, material, material_search
from .course import exercises, history, inventory, run_at_build, sanitise, translation_status
from .course.course_check import check_course, raise_problems
from .course.glossary import read_glossary
from .course.plan import CoursePlan, check_every_page_is_planned, read_plan
from .errors import SiteError
from .languages import Languages
from .page import progress, quiz_pages, reading_place
from .page.context import PageContext, PageResult, SiteServices
from .site import archives, compaction, dark_figures, offline_package, page_cache, progress_data, published
from .site import search_index, site_links, sitemap, solution_files
from .site.print_pages import PrintEditions
from .site.footer import footer_for
from .site.page_extras import PageExtras
from .site.not_found import NOT_FOUND, not_found_context
from .site.notebook_css import NOTEBOOK_CSS, StyleCollector
from .strings import load_tables, table_path

log = logging.getLogger("mkdocs.plugins.course_site")

RUN_CACHE = "run-at-build"  # beside mkdocs-jupyter's cache (.cache/ by default)
PAGE_CACHE = "pages"  # what the pipeline made of each page (page_cache.py)
STYLESHEET_CACHE = "notebook-css"  # notebook.css as pruned before (notebook_css.py)
SEARCH_CACHE = "search-entries"  # what Material's search indexed of each page (material_search.keep_search_entries)
LINKS_CACHE = "written-pages"  # each page as written, and its ids and links (site_links.LinkReadings)
JUDGED_CACHE = "judged-content"  # the content sanitise.py passed, by its hash (sanitise.JudgedPages)
CACHES = (RUN_CACHE, PAGE_CACHE, STYLESHEET_CACHE, SEARCH_CACHE, LINKS_CACHE, JUDGED_CACHE)  # each a folder beside it


@dataclass
class Build:
    """One `mkdocs build` (or serve rebuild), across its language passes."""

    languages: Languages
    strings: dict
    plan: CoursePlan
    course: Course
    services: SiteServices
    course_files: inventory.CourseInventory  # what docs/ holds for the course, read once (inventory.py)
    pages: page_cache.PageCache | None = None  # pages made before, by what they are made from
    stylesheets: page_cache.PageCache | None = None  # notebook.css pruned before, by what it was pruned from
    links: site_links.LinkReadings = field(default_factory=site_links.LinkReadings)  # built pages, read once
    search_entries: material_search.SearchEntries | None = None  # what Material's search indexed of each page
    last_changed: dict = field(default_factory=dict)  # docs-relative path -> date of its last commit
    notebook_cache: set = field(default_factory=set)  # mkdocs-jupyter's entries used by any pass
    styles: StyleCollector = field(default_factory=StyleCollector)
    published: dict = field(default_factory=dict)  # each page's URL per language, by its original source
    copied: dict = field(default_factory=dict)  # site path -> the docs/ file published there (every pass)
    used: set = field(default_factory=set)  # site paths the built pages link or load (every pass)
    content_problems: list = field(default_factory=list)  # what pages may not hold, of every pass so far
    printing: PrintEditions | None = None  # the course and each chapter on paper (print_pages.py)


@dataclass(frozen=True)
class LanguagePass:
    language: str
    folder: str  # where its pages go: '' or 'en/'
    is_last: bool


class CourseSite:
    def __init__(self) -> None:
        self.build: Build | None = None
        self.language_pass: LanguagePass | None = None
        self._run_outputs: dict[str, dict] = {}

    def is_between_passes(self, config) -> bool:
        """True inside a build, where loading new code would mix two versions of the site."""
        return i18n.is_inner_pass(config)

    # -- configuration ----------------------------------------------------------------------

    def on_config(self, config):
        """Priority -200: after static-i18n has applied the pass language's settings (-100)."""
        state = i18n.language_pass(config)
        jupyter.highlight_each_notebook_in_its_language()
        if state.starts_build or self.build is None:
            self.build = self._start_build(config)
        languages = self.build.languages
        self.language_pass = LanguagePass(state.language, languages.folder(state.language), state.is_last)
        material.drop_cdn_polyfill(config)
        if not state.starts_build:
            # One 404 page for the whole site, in every language, written by the first pass:
            # a later pass would write over it (static-i18n keeps site_dir).
            config.theme.static_templates.discard(NOT_FOUND)
        config.nav = self.build.plan.navigation(state.language, self.build.strings[state.language]["home"])
        return config

    def _start_build(self, config) -> Build:
        languages = i18n.site_languages(config)
        docs_dir = Path(config.docs_dir)
        course_files = inventory.course_files(config)
        _check_files_of_docs(course_files)
        string_folders = [Path(config.config_file_path).parent / "strings"]
        strings = load_tables(languages.codes, string_folders)
        plan = read_plan(config.extra, languages, docs_dir)
        quiz_languages = exercises.quiz_languages(
            languages, strings, {code: table_path(code, string_folders) for code in languages.codes})
        course, problems = check_course(course_files, plan, languages, quiz_languages)
        raise_problems(problems)  # every problem of docs/ at once, grouped by file
        translated = translation_status.survey(course_files, languages)
        _log_translations(translated, docs_dir.name)
        self._run_outputs = {}
        run_cache = jupyter.notebook_cache_dir(config).parent / RUN_CACHE
        glossary = read_glossary(docs_dir, languages.codes)
        services = SiteServices(
            languages=languages, plan=plan, course=course,
            slugify=config.mdx_configs.get("toc", {}).get("slugify") or _default_slugify(),
            toc_depth=jupyter.notebook_toc_depth(config),
            run_outputs=lambda src_uri: self._outputs_of(src_uri, course_files, run_cache),
            glossary=glossary,
            docs_name=docs_dir.name,
            environments=dict(config.extra.get("environments") or {}),
            read_source=lambda name: course_files.text(name) if course_files.has(name) else None,
            exists=course_files.has,
            outdated=translated.pages,
            judge_content=sanitise.JudgedPages(jupyter.notebook_cache_dir(config).parent / JUDGED_CACHE).problems,
        )
        code = page_cache.code_key()
        made_from = page_cache.build_key(
            course_files, languages, plan, course.languages, progress.what_pages_show(course, languages), glossary,
            strings, services.environments, services.toc_depth, docs_dir.name, page_cache.describe(services.slugify),
            keyed_with_pages=course_files.read_for_quizzes, code=code)
        caches = jupyter.notebook_cache_dir(config).parent
        return Build(languages, strings, plan, course, services, course_files,
                     pages=page_cache.PageCache(caches / PAGE_CACHE, made_from),
                     stylesheets=page_cache.PageCache(caches / STYLESHEET_CACHE, code),
                     links=site_links.LinkReadings(page_cache.PageCache(caches / LINKS_CACHE, code)),
                     search_entries=material_search.keep_search_entries(config, caches / SEARCH_CACHE, code),
                     last_changed=history.last_changed(docs_dir), printing=PrintEditions(plan, languages))

    def _outputs_of(self, src_uri: str, course_files: inventory.CourseInventory, cache: Path) -> dict:
        if src_uri not in self._run_outputs:
            where = f"{course_files.docs_dir.name}/{src_uri}"
            self._run_outputs[src_uri] = run_at_build.outputs(course_files, src_uri, cache, where)
        return self._run_outputs[src_uri]

    # -- files and pages --------------------------------------------------------------------

    def on_pre_build(self, config) -> None:
        """Priority -100: after mkdocs-jupyter has reset its record of used cache entries (0)."""
        jupyter.pool_notebook_cache(config, self.build.notebook_cache, self.language_pass.is_last)

    def on_files(self, files: Files, config) -> Files:
        """Priority -200: after static-i18n has rebuilt the file list (-100).  What this pass
        publishes is checked again (published.py): a file can appear between passes."""
        docs_dir = Path(config.docs_dir)
        published.check_no_symlinks(docs_dir)
        jupyter.render_notebooks_as_pages(files, config, self.language_pass.folder)
        check_every_page_is_planned(self.build.plan, sorted(f.src_uri for f in files.documentation_pages()),
                                    self.build.languages)
        for unused in material_search.unused_theme_files(files, material_search.search_languages(config), config.theme["favicon"]):
            files.remove(unused)
        for uri in exercises.ASSETS.values():
            files.append(File.generated(config, uri, abs_src_path=str(exercises.ENGINE / Path(uri).name)))
        for dark in dark_figures.dark_figures(files, docs_dir, config):
            files.append(dark)
        for printed in self.build.printing.files(config, self.language_pass.language):
            files.append(printed)
        self.build.copied.update(_copied_from(files, docs_dir))
        return files

    def on_nav(self, nav, config, files):
        """Priority -200: after static-i18n's on_nav (-100).  Sections not published yet join
        the navigation, greyed and not links (plan.add_coming_soon)."""
        language = self.language_pass.language
        self.build.plan.add_coming_soon(nav.items, language, self.build.strings[language]["coming_soon"])
        return nav

    def on_env(self, env, config, files):
        env.globals["material_bundle"] = material.material_bundle()
        env.globals["material_search_worker"] = material_search.search_worker()
        env.globals["search_languages"] = self.build.languages.codes
        env.globals["search_index"] = search_index.LANGUAGE_INDEX
        return env

    def on_template_context(self, context, template_name: str, config):
        """The 404 page: its links relative to a <base> it sets itself, and every language's words."""
        if template_name == NOT_FOUND:
            build = self.build
            context["base_url"] = "."
            context["course_404"] = not_found_context(
                site_url=config.site_url or "/", languages=build.languages, strings=build.strings,
                site_names=i18n.site_names(config, build.languages), plan=build.plan,
                palette_script=material.palette_script(config, urlsplit(config.site_url or "/").path or "/"),
            )
        return context

    def on_page_markdown(self, markdown: str, page, config, files) -> str | None:
        if self.build.printing.is_one(page.file.src_uri):  # made from the other pages (on_page_context)
            return None
        return quiz_pages.markdown_with_slots(
            self.build.course, page.file.src_uri, markdown, Path(page.file.abs_src_path), Path(config.docs_dir)
        )

    def on_page_content(self, html: str, page, config, files) -> str:
        build, language = self.build, self.language_pass.language
        if build.printing.is_one(page.file.src_uri):
            return html
        context = PageContext(
            src_uri=page.file.src_uri, url=page.url, language=language,
            written_in=i18n.written_in(page.file, build.languages),
            strings=build.strings[language], site=build.services,
        )
        output, result = self._made(html, context)
        title = build.plan.title(build.languages.original(page.file.src_uri), language)
        if title:  # the plan's title wins over a notebook's first heading
            page.title = title
        if result.toc is not None:
            page.toc = get_toc(result.toc)
        if result.description:
            page.meta.setdefault("description", result.description)
        if context.is_notebook:
            build.styles.add_page(result.notebook_sheets, result.classes, result.ids)
        page.course = PageExtras(
            notebook_stylesheet=NOTEBOOK_CSS if context.is_notebook else None,
            quiz_stylesheet=result.quiz_stylesheet,
            figures=bool(result.figures),
            words=build.strings[language],
            place=reading_place.place_of(build.plan, build.languages, page.file.src_uri),
        )
        if context.written_in != language:
            log.info(f"{context.where} has no {language} version: shown in {context.written_in}, with a notice")
        return output

    def _made(self, html: str, context: PageContext) -> tuple[str, PageResult]:
        """The pipeline's page, or the one it made before from the same inputs (page_cache.py)."""
        build, src_uri = self.build, context.src_uri
        source = build.course_files.text(src_uri) if build.course_files.has(src_uri) else None
        outputs = build.services.run_outputs(src_uri) if context.is_notebook else None
        key = build.pages.key(html, src_uri, context.url, context.language, context.written_in, source, outputs,
                              build.course.pages.get(src_uri), build.services.outdated.get(src_uri))
        made = build.pages.get(key)
        if made is not None:
            return made
        output = pipeline.run(html, context)
        if context.result.problems:  # a page with problems is judged again every time
            build.content_problems.extend(context.result.problems)
        else:
            build.pages.put(key, output, context.result)
        return output, context.result

    def on_post_page(self, output: str, page, config) -> str:
        """Template whitespace is a third of a page and grows with the navigation: drop it.  The
        page is read as it will be written: the link check (on_post_build) finds that reading."""
        output, reading = self.build.links.written(output, compaction.compact_html)
        self.build.used |= published.used_by_page(output, page.url, reading)
        return output

    def on_page_context(self, context, page, config, nav):
        """Priority -100: after static-i18n's own language switcher (50), which knows Markdown pages only."""
        language = self.language_pass.language
        self.build.printing.fill(page, nav, language=language, strings=self.build.strings[language],
                                 course_title=config.site_name)
        languages = self.build.languages
        path = languages.without_folder(page.url)
        alternates = [
            {"name": languages.names[code], "link": (languages.folder(code) + path) or "index.html", "lang": code,
             "current": code == self.language_pass.language}
            for code in languages.codes
        ]
        extras = getattr(page, "course", None) or PageExtras()
        extras.alternates = alternates
        extras.language = self.language_pass.language
        extras.footer = footer_for(
            title=page.title, address=config.site_url + page.url,
            changed=self.build.last_changed.get(page.file.src_uri), extra=config.extra,
            strings=self.build.strings[self.language_pass.language],
        )
        page.course = extras
        original = languages.original(page.file.src_uri)
        self.build.published.setdefault(original, {})[self.language_pass.language] = page.url
        i18n.set_language_switcher(config, alternates)
        return context

    # -- the end of a build -----------------------------------------------------------------

    def on_post_build(self, config) -> None:
        """Priority -200: in the first pass, this runs after static-i18n has built the other
        languages and merged the search index, and after the offline plugin's search script."""
        # Every page's content problems, of this pass and those before it, at once (the outer
        # pass's on_post_build runs after the other languages' passes).
        sanitise.stop_on(self.build.content_problems)
        if i18n.is_inner_pass(config):
            return
        self.build.pages.forget_unused()  # every language's pass has asked for its pages by now
        if self.build.search_entries is not None:  # every language's pages are indexed by now
            self.build.search_entries.save()
        published.check_every_file_is_used(self.build.copied, self.build.used)
        site = Path(config.site_dir)
        self.build.styles.write(site, self.build.stylesheets)
        self.build.stylesheets.forget_unused()
        progress_data.write_data(site, self.build.course, self.build.plan, self.build.languages)
        chapters = {c.folder: [s.source for s in c.sections if s.source] for c in self.build.plan.chapters
                    if any(s.source for s in c.sections)}
        archives.write_archives(site, self.build.course_files, chapters, self.build.languages)
        # Written here, not as MkDocs files: exclude_docs leaves answer/ out of the site.
        solution_files.write_files(site, (s for page in self.build.course.pages.values() for s in page.solutions))
        not_found = site / NOT_FOUND
        if not_found.is_file():  # a theme template: on_post_page did not see it
            not_found.write_text(compaction.compact_html(not_found.read_text(encoding="utf-8")), encoding="utf-8")
        search_index.write(site, self.build.languages)
        if config.site_url:
            sitemap.write(site, config.site_url, self.build.published, self.build.languages)
        # The home pages say how big the package is, which the package then holds too.
        offline_package.write_offline_package(site, config.site_url, self.build.languages, self.build.strings)
        broken = site_links.broken_links(site, urlsplit(config.site_url or "/").path or "/", self.build.links)
        self.build.links.kept.forget_unused()
        if broken:
            raise SiteError(f"{len(broken)} broken links:\n  " + "\n  ".join(broken),
                            expected="links to published pages and files, and anchors that exist on them")


def _copied_from(files: Files, docs_dir: Path) -> dict[str, str]:
    """Site path -> docs/ file, for every file of docs/ this pass copies as it is (not a page)."""
    docs_dir = docs_dir.resolve()
    copied = {}
    for file in files:
        if file.is_documentation_page() or not file.abs_src_path or file.generated_by or file.inclusion.is_excluded():
            continue  # pages (planned: on_files), what the site generates, what MkDocs leaves out (exclude_docs)
        source = Path(file.abs_src_path).resolve()
        if docs_dir in source.parents:
            copied[file.dest_uri] = f"{docs_dir.name}/{source.relative_to(docs_dir).as_posix()}"
    return copied


def _check_files_of_docs(course_files: inventory.CourseInventory) -> None:
    """Before anything is built, every problem at once: symbolic links (published.py) and every
    SVG file (figures, and anything the archives would carry) against sanitise.py's allow list."""
    docs_dir = course_files.docs_dir
    links = published.symlink_problems(docs_dir, course_files.symlinks)
    figures_problems = [
        problem for svg in course_files.files(".svg")
        for problem in sanitise.check_svg(course_files.text(svg), f"{docs_dir.name}/{svg}")
    ]
    expected = [published.SYMLINKS_EXPECTED] if links else []
    expected += [sanitise.EXPECTED_SVG] if figures_problems else []
    sanitise.stop_on(links + figures_problems, "; ".join(expected))


def _log_translations(survey: translation_status.Survey, docs: str) -> None:
    """What a maintainer should know about the translations; never a warning, which would stop a
    strict build: a fix to an original may ship before its translation."""
    command = "tools/translations.py done"
    for state in survey.files:
        if state.state == translation_status.OUTDATED:
            since = f"since {state.changed_on}" if state.changed_on else "(change not committed yet)"
            cells = f", cells {', '.join(state.changes.cells)}" if state.changes and state.changes.cells else ""
            log.info(f"{docs}/{state.translation} is behind {docs}/{state.original} {since}{cells}: "
                     f"its page says so; when it is updated, run {command} {docs}/{state.translation}")
        elif state.state == translation_status.UNRECORDED:
            log.info(f"{docs}/{state.translation} has no translation record; when it matches "
                     f"{docs}/{state.original}, run {command} {docs}/{state.translation}")
    if survey.pages and survey.history != "git":
        log.info("translation dates: " + ("the git history is shallow, dates may be late (fetch it whole)"
                                          if survey.history == "shallow" else "no git history, so no dates"))


def _default_slugify():
    from markdown.extensions.toc import slugify

    return slugify
