"""Prints, as JSON, what the build hands the browser scripts that tests/js/ runs under node:
quiz.js's grading tables (quizzes/render.py, in the progress data) and the search index's word
separator (mkdocs.yml, in the index's configuration); and what the Python twins compute where a
table has no column for it: the characters a short answer loses at its ends, and the first reason
of each row of fixtures/quiz/flag_answers.json with the item it names.  Run by tests/js/load.js."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from quizzes import flags  # noqa: E402
from quizzes.kinds import normalise_answer  # noqa: E402
from quizzes.render import grading_tables  # noqa: E402


class _Loader(yaml.SafeLoader):
    """mkdocs.yml's tags (!ENV, python names) read as nothing: only the search plugin's options matter."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def separator() -> str:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    search = next(plugin["search"] for plugin in config["plugins"] if isinstance(plugin, dict) and "search" in plugin)
    return search["separator"]


def removed_at_the_ends() -> list[int]:
    """The characters of the Basic Multilingual Plane that a short answer loses at its ends."""
    return [c for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF and normalise_answer(f"{chr(c)}a{chr(c)}") == "a"]


def first_reasons() -> list[dict | None]:
    rows = json.loads((ROOT / "tests" / "fixtures" / "quiz" / "flag_answers.json").read_text(encoding="utf-8"))
    found = [flags.reasons(normalise_answer(row["answer"]), normalise_answer(row["key"]), row["kind"])
             if row["kind"] in flags.VARIABLES else [] for row in rows]
    return [vars(reasons[0]) if reasons else None for reasons in found]


if __name__ == "__main__":
    print(json.dumps({"quiz": grading_tables(), "separator": separator(), "whitespace": removed_at_the_ends(),
                      "first_reasons": first_reasons()}, ensure_ascii=False))
