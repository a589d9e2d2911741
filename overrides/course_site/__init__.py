"""The course site's build: one MkDocs hook (hook.py) and the modules it drives, in four rooms by
stage.  A module imports only from its own room and the rooms below it (tests/test_maps.py):

    hook.py -> plugin.py -> pipeline.py -> site/ -> page/ -> course/ -> adapters/ -> errors, languages, addresses, strings/

At the top:
- hook.py: the entry point registered in mkdocs.yml; loads this package and forwards events
- plugin.py: CourseSite, one method per MkDocs event; per-build and per-language state
- pipeline.py: the page pipeline, its steps in order (start here to change how a page looks)
- errors.py (SiteError, the one error the build raises), languages.py, strings/ (the site's words,
  one table per language), order.py (steps in a written order, and why), addresses.py (where an
  address leads, read as a browser reads it): the ground every room stands on

course/: what the courses are, read and checked before any page is built
- model.py: read_courses, the one reading of the courses that the build and every tool make
- settings.py: the site's and each course's settings, checked as MkDocs checks its own
- inventory.py: docs/'s files by MkDocs' own rules (exclude_docs, dot-files), listed once, each read once
- plan.py: the site's plan, its courses, chapters and sections (navigation, titles), read from the
  files by plan_reading.py; glossary.py: a course's glossary, read and checked
- notebooks.py, course_check.py: every check before a page is built, every problem at once
  (tools/check_course.py runs them alone); sanitise.py: what content may contain
- page_links.py: what each page's Markdown names (its title, links, figures), read before a page is built;
  content_check.py: each page's content judged as the pipeline judges it, for the tools;
  source_links.py: links that leave docs/, led to the repository a course comes from
- exercises.py: the quiz engine (quizzes/) reading the course, with each language's quiz words and grammar
- run_at_build.py: cells tagged run-at-build, executed and cached; sandbox.py: the bwrap sandbox their kernel runs in
- translations.py: translation records and fingerprints (pure); translation_status.py: each
  translation's state (up to date, outdated since a git date, missing, no record), and `done`
- history.py: when each file last changed (git); palette.py: the figures' palette and dark versions
- printed.py: the print pages the plan makes (the course, each chapter) and where they are published

page/: what the pipeline's steps put into a page
- context.py: what a page is to the steps, and what they find out of it
- headings.py, links.py, notices.py, description.py, page_top.py, tables.py, code_breaks.py: single steps
- quiz_pages.py: quiz forms and solution blocks; solutions.py: reference solutions as folded blocks
- progress.py: the reader's progress: the catalog, the chapter end
- figures.py: <figure> in pages; formulas.py: a notebook's formulas as MathML; glossary_terms.py: the
  glossary page and the links on first uses
- cell_outputs.py: what a cell run at build printed, under it
- run_box.py: the box that offers a chapter's notebooks; search_text.py: what search indexes of a page
- reading_place.py: where the reader left off, kept by each section, offered on the home and 404 pages

site/: what the build writes beside the pages, and what it keeps between builds
- build.py: one build's state across its language passes; finish.py: the end of a build, in order
- archives.py: each chapter's notebooks to download; solution_files.py: reference solutions' files
- progress_data.py: the data behind the navigation's ticks; dark_figures.py: each palette SVG's dark file
- search_index.py: the index, one file per language; the query side is assets/javascripts/search.js
- sitemap.py, not_found.py (the 404 page), footer.py, notebook_css.py (the one JupyterLab stylesheet)
- page_extras.py: what main.html needs from a page beyond MkDocs' own fields (`page.course`)
- print_pages.py: the print pages, each made from its sections as built
- site_links.py: the link check the build ends with; published.py: only what the plan names is published
- offline_package.py: the site zipped into itself; compaction.py: pages without template whitespace
- page_cache.py: a page made again only when something it is made from changed
- caches.py: where the caches live (the builder's folder, never a tracked file), the machine's key

adapters/: the only code that touches other projects' internals, one module per project, with its
versions: i18n.py, jupyter.py, nbconvert.py, material.py, material_search.py, bleach.py
"""
