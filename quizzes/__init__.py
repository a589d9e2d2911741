"""The exercise engine: reveal-on-click solutions and in-browser quizzes, made from the answer files.

It has no words of its own and imports nothing of the site: it is handed one QuizLanguage per
language of the site (its grammar and its words), and it is told where the pages are.

- language.py: one language's grammar (type markers, true/false words, labels) and words
- parsing.py: question lists and answer files, text to model (pure)
- validation.py: questions paired with answers; the languages' versions compared
- sources.py: where exercises sit in notebooks and Markdown pages
- course.py: every exercise of the course, scanned and checked once per build
- model.py: the data model and question ids
- kinds.py: the kinds of a short answer in one table: how each is compared, what an author may write
- flags.py: how GE reads AUTOFUSE_FLAGS and AUTOFUSE_DFX_FLAGS, and why an answer reads otherwise
- markup.py, render.py: the HTML (Markdown as Jupyter renders it) and the progress data
- formulas.py: TeX to MathML, the site's formulas (quizzes and notebook cells alike)
- splice.py: putting that HTML into a page
- quiz.js, quiz.css: the browser side, published at assets/quiz/

The site drives it from overrides/course_site/course/exercises.py and progress.py; README.md lists the
accepted forms and what the browser does.
"""
