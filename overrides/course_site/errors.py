"""The one error the site's build raises: it stops the build and says what to fix."""

from __future__ import annotations

from mkdocs.exceptions import PluginError


class SiteError(PluginError):
    """A problem in the content or the configuration, reported as one line an author can act on.

    `where` names the file (and cell, or line) when there is one; `expected` says what would
    have been accepted.
    """

    def __init__(self, problem: str, *, where: str | None = None, expected: str | None = None) -> None:
        self.problem, self.where, self.expected = problem, where, expected
        message = f"{where}: {problem}" if where else problem
        if expected:
            message += f"\n  expected: {expected}"
        super().__init__(message)
