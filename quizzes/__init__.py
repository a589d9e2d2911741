"""The exercise engine: reveal-on-click solutions and in-browser quizzes, made from the answer files.

- parsing.py: question lists and answer files, text to model (pure)
- validation.py: questions paired with answers; zh and en versions compared
- sources.py: where exercises sit in notebooks and Markdown pages
- course.py: every exercise of the course, scanned and checked once per build
- model.py: the data model, short-answer normalisation, question ids
- markup.py, render.py, strings.py: the HTML and its words
- splice.py: putting that HTML into a page
- quiz.js, quiz.css: the browser side, published at assets/quiz/

The MkDocs hook that drives it is overrides/hooks/exercises.py; README.md lists the accepted forms.
"""
