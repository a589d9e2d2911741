"""The one error the exercise engine raises: it stops the build and says what to fix."""

from __future__ import annotations

from mkdocs.exceptions import PluginError

LONGEST_QUOTE = 160  # characters of an offending line or value a message repeats


def shortened(text: str) -> str:
    """`text`, or its start and its length when it is too long to repeat (a 100 KB answer line)."""
    if len(text) <= LONGEST_QUOTE:
        return text
    return f"{text[:LONGEST_QUOTE]}… ({len(text):,} characters)"


class ExerciseError(PluginError):
    """A malformed exercise, answer file or marker.

    The message names the file, the question number when there is one, quotes the
    offending line and lists the accepted forms, so an author can fix it without
    reading the parser.
    """

    def __init__(
        self,
        where: str,
        problem: str,
        *,
        question: int | None = None,
        line_number: int | None = None,
        line: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.where = where
        self.question = question
        self.problem = problem
        self.expected = expected
        head = f"{where}, question {question}" if question is not None else where
        parts = [f"{head}: {problem}"]
        if line is not None:
            prefix = f"line {line_number}" if line_number is not None else "line"
            parts.append(f"  {prefix}: {shortened(line.strip())!r}")
        elif line_number is not None:
            parts.append(f"  at line {line_number}")
        if expected:
            parts.append(f"  expected: {expected}")
        super().__init__("\n".join(parts))
