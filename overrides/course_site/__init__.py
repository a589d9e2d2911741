"""The course site's build: one MkDocs hook (hook.py) and the modules it drives.

- hook.py: the entry point registered in mkdocs.yml; loads this package and forwards events
- plugin.py: CourseSite, one method per MkDocs event; per-build and per-language state
- pipeline.py: the page pipeline, its steps in order (start here to change how a page looks)
- adapters/: the only code that touches other projects' internals, one module per project, with its versions
- languages.py, strings/: the site's languages and its words, one table per language
- plan.py: the course plan (navigation, titles)
- exercises.py: the quiz engine (quizzes/) reading the course, with each language's quiz words and grammar;
  quiz_pages.py: quiz forms and solution blocks on the pages
- progress.py: the reader's progress: the catalog, the chapter end; progress_data.py: the data behind the navigation's ticks
- run_at_build.py: cells tagged run-at-build, executed contained and cached
- headings.py, links.py, notices.py, description.py: what single steps do
- translations.py: translation records and fingerprints (pure); translation_status.py: each
  translation's state (up to date, outdated since a git date, missing, no record), and `done`
- search_text.py: what search indexes of a page (a step); search_index.py: the index, one file
  per language (after the build); the query side is overrides/assets/javascripts/search.js
- sitemap.py: sitemap.xml, every page in every language with its alternates
- site_links.py: the link check the build ends with (every link and anchor of every page)
- notebook_css.py: the one shared JupyterLab stylesheet
- inventory.py: docs/'s files by MkDocs' own rules (exclude_docs, dot-files), listed once, each read once
- course_check.py, notebooks.py: every check before a page is built, every problem at once
  (tools/check_course.py runs them alone)
- solutions.py: reference solutions (code an answer cell prints) as folded blocks; solution_files.py: their downloads
- archives.py: each chapter's notebooks to download; run_box.py: the box that offers them
- palette.py: the figures' palette and dark versions; figures.py: <figure> in pages; dark_figures.py: the dark files
- glossary.py: the glossary read and checked; glossary_terms.py: its page and the links on first uses
- code_breaks.py: where inline code may break across lines (a step)
- offline_package.py: the site zipped into itself; compaction.py: built pages without template whitespace
- page_cache.py: a page made again only when something it is made from changed
- errors.py: SiteError, the one error the build raises
"""
