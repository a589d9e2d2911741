"""The course site's build: one MkDocs hook (hook.py) and the modules it drives.

- hook.py: the entry point registered in mkdocs.yml; loads this package and forwards events
- plugin.py: CourseSite, one method per MkDocs event; per-build and per-language state
- pipeline.py: the page pipeline, its steps in order (start here to change how a page looks)
- adapters.py: the only code that touches other projects' internals, with their versions
- languages.py, strings/: the site's languages and its words, one table per language
- plan.py: the course plan (navigation, titles, catalog)
- exercises.py: the quiz engine (quizzes/) on the site's pages
- run_at_build.py: cells tagged run-at-build, executed and cached
- headings.py, links.py, notices.py, description.py: what single steps do
- translations.py: translation records and fingerprints (pure); translation_status.py: each
  translation's state (up to date, outdated since a git date, missing, no record), and `done`
- notebook_css.py: the one shared JupyterLab stylesheet
- errors.py: SiteError, the one error the build raises
"""
