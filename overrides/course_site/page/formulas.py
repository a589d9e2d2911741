"""Formulas in a notebook's Markdown cells, written as MathML where nbconvert marked them
(adapters/nbconvert.py: where Jupyter finds math) by quizzes/formulas.py, the quizzes' own."""

from __future__ import annotations

from bs4 import BeautifulSoup

from quizzes.formulas import EXPECTED, FormulaError, mathml

from ..adapters import nbconvert


def write_formulas(tree: BeautifulSoup, where: str) -> list[str]:
    """Each marked formula becomes MathML; returns a problem line for each one that cannot be
    written (it stays as written, in its TeX, until the build stops), with what is expected."""
    problems = []
    for element, tex, display in nbconvert.formulas(tree):
        try:
            element.replace_with(BeautifulSoup(mathml(tex, display), "html.parser"))
        except FormulaError as error:
            shown = " ".join(f"$${tex}$$" if display else f"${tex}$".split())
            shown = shown if len(shown) <= 80 else shown[:79] + "…"
            problems.append(f"{where}: the formula {shown}: {error} (expected {EXPECTED})")
    return problems
