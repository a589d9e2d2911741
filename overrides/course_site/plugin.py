"""CourseSite: the site's build, one method per MkDocs event, in the order MkDocs calls them.

static-i18n builds the site once per language (see adapters/i18n.py): every event below runs in
every language pass.  What lasts for a whole build lives on `self.build` (site/build.py, made at
the start of the first pass from the courses as course/model.py reads them), what belongs to one
language on `self.language_pass`, and the outputs of cells run at build on `self._run_outputs`;
all three are made in `on_config` and nowhere else.

Where to look:
- how a page's HTML is made: pipeline.py (the steps, in order);
- what the courses are (settings, plan, files, exercises, glossaries): course/model.py;
- the end of a build (archives, search index, offline package, link check): site/finish.py;
- the words of the site: strings/<language>.py; the languages: the i18n plugin in mkdocs.yml;
- anything that depends on another project's internals: adapters/, one module per project.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.structure.files import File, Files
from mkdocs.structure.toc import get_toc

from . import pipeline
from .adapters import i18n, jupyter, material, material_search
from .course import exercises, history, inventory, run_at_build, sanitise, source_links, translation_status
from .course.course_check import raise_problems
from .course.model import read_courses
from .course.plan import check_every_page_is_planned
from .page import progress, quiz_pages, reading_place
from .page.context import PageContext, PageResult, SiteServices
from .site import archives, caches, compaction, dark_figures, finish, page_cache, published, search_index
from .site import site_links
from .site.build import (CACHES, JUDGED_CACHE, LINKS_CACHE, PAGE_CACHE, PRINT_CACHE, RUN_CACHE, SEARCH_CACHE, STYLESHEET_CACHE,
                         Build)
from .site.footer import footer_for
from .site.page_extras import PageExtras
from .site.print_pages import PrintEditions
from .site.not_found import NOT_FOUND, not_found_context
from .site.notebook_css import NOTEBOOK_CSS

__all__ = ["CACHES", "CourseSite"]

log = logging.getLogger("mkdocs.plugins.course_site")


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
        self._printed_settings: dict[str, str] = {}

    def is_between_passes(self, config) -> bool:
        """True inside a build, where loading new code would mix two versions of the site."""
        return i18n.is_inner_pass(config)

    # -- configuration ----------------------------------------------------------------------

    def on_config(self, config):
        """Priority -200: after static-i18n has applied the pass language's settings (-100)."""
        state = i18n.language_pass(config)
        jupyter.convert_as_the_site_does()
        if not jupyter.notebook_cache_named(config):  # the builder's cache folder, outside the checkout
            jupyter.set_notebook_cache_dir(config, caches.default_notebook_cache(Path(config.config_file_path).parent))
        if state.starts_build or self.build is None:
            self.build = self._start_build(config)
        languages = self.build.model.languages
        self.language_pass = LanguagePass(state.language, languages.folder(state.language), state.is_last)
        material.drop_cdn_polyfill(config)
        material.refuse_html_tooltips(config)
        if not state.starts_build:
            # One 404 page for the whole site, in every language, written by the first pass:
            # a later pass would write over it (static-i18n keeps site_dir).
            config.theme.static_templates.discard(NOT_FOUND)
        config.nav = self.build.model.plan.navigation(state.language, self.build.model.strings[state.language]["home"])
        return config

    def _start_build(self, config) -> Build:
        model, problems = read_courses(config)
        raise_problems(problems)  # every problem of the settings and of docs/ at once, grouped by file
        translation_status.log_survey(model.translations, model.docs_dir.name)
        self._run_outputs = {}
        files, languages = model.inventory, model.languages
        caches_dir = jupyter.notebook_cache_dir(config).parent
        caches.check_untracked([jupyter.notebook_cache_dir(config), *(caches_dir / name for name in CACHES),
                                caches.cache_home()])
        secret = caches.secret()
        named = partial(caches.keyed, secret)
        # What no cell may change: the course, the templates and the build's code, the site so far.
        guarded = (model.docs_dir, Path(config.theme.custom_dir or model.docs_dir), exercises.ENGINE,
                   Path(config.config_file_path), Path(config.site_dir))
        cell_runs = run_at_build.CellRuns.from_environment(caches_dir / RUN_CACHE, named, guarded)
        services = SiteServices(
            languages=languages, plan=model.plan, course=model.exercises,
            slugify=config.mdx_configs.get("toc", {}).get("slugify") or _default_slugify(),
            toc_depth=jupyter.notebook_toc_depth(config),
            run_outputs=lambda src_uri: self._outputs_of(src_uri, files, cell_runs),
            glossaries=model.glossaries,
            docs_name=model.docs_dir.name,
            read_source=lambda name: files.text(name) if files.has(name) else None,
            exists=files.has,
            outdated=model.translations.pages,
            judge_content=sanitise.JudgedPages(caches_dir / JUDGED_CACHE, name=named).problems,
            archives=archives.archive_paths(files, model.plan, languages),
        )
        code = page_cache.code_key()
        made_from = page_cache.build_key(
            files, languages, model.plan, model.exercises.languages, progress.what_pages_show(model.exercises, languages),
            dict(model.glossaries), model.strings, services.toc_depth, model.docs_dir.name,
            page_cache.describe(services.slugify), keyed_with_pages=model.read_for_quizzes, code=code)
        return Build(model, services,
                     pages=page_cache.PageCache(caches_dir / PAGE_CACHE, made_from, secret),
                     stylesheets=page_cache.PageCache(caches_dir / STYLESHEET_CACHE, code, secret),
                     links=site_links.LinkReadings(page_cache.PageCache(caches_dir / LINKS_CACHE, code, secret)),
                     search_entries=material_search.keep_search_entries(config, caches_dir / SEARCH_CACHE, code, named),
                     last_changed=history.last_changed(model.docs_dir),
                     printing=PrintEditions(model.plan, languages, page_cache.PageCache(caches_dir / PRINT_CACHE, code, secret)))

    def _outputs_of(self, src_uri: str, course_files: inventory.CourseInventory, runs: run_at_build.CellRuns) -> dict:
        if src_uri not in self._run_outputs:
            where = f"{course_files.docs_dir.name}/{src_uri}"
            self._run_outputs[src_uri] = run_at_build.outputs(course_files, src_uri, where, runs)
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
        published.keep_out_pages(files, self.build.model.inventory)
        check_every_page_is_planned(self.build.model.plan, sorted(f.src_uri for f in files.documentation_pages()),
                                    self.build.model.languages)
        for unused in material_search.unused_theme_files(files, material_search.search_languages(config), config.theme["favicon"]):
            files.remove(unused)
        for uri in exercises.ASSETS.values():
            files.append(File.generated(config, uri, abs_src_path=str(exercises.ENGINE / Path(uri).name)))
        for dark in dark_figures.dark_figures(files, docs_dir, config, self.build.figure_problems,
                                              self.build.model.plan.keeps_palette):
            files.append(dark)
        for printed in self.build.printing.files(config, self.language_pass.language):
            files.append(printed)
        self.build.copied.update(_copied_from(files, docs_dir))
        return files

    def on_nav(self, nav, config, files):
        """Priority -200: after static-i18n's on_nav (-100).  Sections not published yet join
        the navigation, greyed and not links (plan.add_coming_soon)."""
        language = self.language_pass.language
        model = self.build.model
        model.plan.add_coming_soon(nav.items, language, model.strings[language]["coming_soon"],
                                   model.strings[language]["not_published"])
        return nav

    def on_env(self, env, config, files):
        """Before any template is rendered: the settings Material prints as they are, escaped."""
        self._printed_settings = material.escape_printed_settings(config)
        env.globals["material_bundle"] = material.material_bundle()
        env.globals["material_search_worker"] = material_search.search_worker()
        env.globals["search_languages"] = self.build.model.languages.codes
        env.globals["search_index"] = search_index.LANGUAGE_INDEX
        return env

    def on_template_context(self, context, template_name: str, config):
        """The 404 page: its links relative to a <base> it sets itself, and every language's words."""
        if template_name == NOT_FOUND:
            model = self.build.model
            context["base_url"] = "."
            context["course_404"] = not_found_context(
                site_url=config.site_url or "/", languages=model.languages, strings=model.strings,
                site_names=i18n.site_names(config, model.languages), plan=model.plan,
                palette_script=material.palette_script(config, urlsplit(config.site_url or "/").path or "/"),
            )
        return context

    def on_page_markdown(self, markdown: str, page, config, files) -> str | None:
        if self.build.printing.is_one(page.file.src_uri):  # made from the other pages (on_page_context)
            return None
        model = self.build.model
        course = model.plan.course_of(model.languages.original(page.file.src_uri))
        if course is not None and course.source:  # links out of docs/ lead to the course's repository
            markdown = source_links.link_markdown_to_source(markdown, page.file.src_uri, course.folder, course.source)
        return quiz_pages.markdown_with_slots(
            model.exercises, page.file.src_uri, markdown, Path(page.file.abs_src_path), Path(config.docs_dir)
        ) or markdown

    def on_page_content(self, html: str, page, config, files) -> str:
        build, model, language = self.build, self.build.model, self.language_pass.language
        if build.printing.is_one(page.file.src_uri):
            return html
        context = PageContext(
            src_uri=page.file.src_uri, url=page.url, language=language,
            written_in=i18n.written_in(page.file, model.languages),
            strings=model.strings[language], site=build.services,
        )
        output, result = self._made(html, context)
        if result.problems:
            # Never published (the build stops, naming them, after the last pass): nothing more is
            # made of it (Material's search index reads a page in time growing with its depth squared).
            return ""
        title = model.plan.title(model.languages.original(page.file.src_uri), language)
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
            words=model.strings[language],
            place=reading_place.place_of(model.plan, model.languages, page.file.src_uri),
        )
        if context.written_in != language:
            log.info(f"{context.where} has no {language} version: shown in {context.written_in}, with a notice")
        return output

    def _made(self, html: str, context: PageContext) -> tuple[str, PageResult]:
        """The pipeline's page, or the one it made before from the same inputs (page_cache.py)."""
        build, src_uri, files = self.build, context.src_uri, self.build.model.inventory
        source = files.text(src_uri) if files.has(src_uri) else None
        outputs = build.services.run_outputs(src_uri) if context.is_notebook else None
        key = build.pages.key(html, src_uri, context.url, context.language, context.written_in, source, outputs,
                              build.model.exercises.pages.get(src_uri), build.services.outdated.get(src_uri))
        made = build.pages.get(key)
        if made is not None:
            return made["html"], PageResult.from_data(made["result"])
        output = pipeline.run(html, context)
        if context.result.problems:  # a page with problems is judged again every time
            build.content_problems.extend(context.result.problems)
        else:
            build.pages.put(key, {"html": output, "result": context.result.as_data()})
        return output, context.result

    def on_post_page(self, output: str, page, config) -> str:
        """Template whitespace is a third of a page and grows with the navigation: drop it.  The
        page is read as it will be written: the link check (on_post_build) finds that reading."""
        output, reading = self.build.links.written(output, compaction.compact_html)
        self.build.used |= published.used_by_page(output, page.url, reading)
        return output

    def on_page_context(self, context, page, config, nav):
        """Priority -100: after static-i18n's own language switcher (50), which knows Markdown pages only."""
        model = self.build.model
        language = self.language_pass.language
        self.build.printing.fill(page, nav, language=language, strings=model.strings[language])
        languages = model.languages
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
            changed=self.build.last_changed.get(page.file.src_uri), site=model.settings,
            course=model.plan.course_of(languages.original(page.file.src_uri)),
            strings=model.strings[self.language_pass.language],
        )
        page.course = extras
        original = languages.original(page.file.src_uri)
        self.build.published.setdefault(original, {})[self.language_pass.language] = page.url
        i18n.set_language_switcher(config, alternates)
        return context

    # -- the end of a build -----------------------------------------------------------------

    def on_pages_written(self, config) -> None:
        """Priority 0: the settings as written again, before static-i18n's next pass reads them."""
        material.restore_printed_settings(config, self._printed_settings)

    def on_post_build(self, config) -> None:
        """Priority -200: in the first pass, this runs after static-i18n has built the other
        languages and merged the search index, and after the offline plugin's search script."""
        # Every page's content problems, of this pass and those before it, at once (the outer
        # pass's on_post_build runs after the other languages' passes).
        sanitise.stop_on(self.build.content_problems)
        if not i18n.is_inner_pass(config):
            finish.finish(self.build, Path(config.site_dir), config.site_url or "")


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


def _default_slugify():
    from markdown.extensions.toc import slugify

    return slugify
