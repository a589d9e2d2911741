"""The footer of every page: what the course targets, when the page changed, where its source
lives, how to report an error, and the licence when one is configured.

Its settings are the site's (mkdocs.yml, `extra`: `repository`, the source repository's address,
`report_also`, `license` as `{name: …, url: …}`) and those of the page's course (its course.yml:
`cann_version`, the CANN version it is written for, and its own `repository` and `report_also`,
where its errors are reported: a course of cann-learning-hub reports to its repository).  "Report an
error" opens a new issue at the repository with the page's title and address filled in; more
repositories, such as a GitCode mirror for readers in mainland China, to whom GitHub is often slow
or out of reach, make the footer name each platform.  Words come from the strings tables.

A new issue with its title and text filled in is `/issues/new?title=…&body=…` on GitHub and
`/issues/create?title=…&body=…` on GitCode (AtomGit is the same platform); a repository on
another host stops the build, naming the hosts it knows.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from ..errors import SiteError
from ..course.history import format_date
from ..course.plan import PlannedCourse
from ..strings import fill

# host -> (the platform's name, the path of a new issue's form under a repository)
PLATFORMS = {
    "github.com": ("GitHub", "/issues/new"),
    "gitcode.com": ("GitCode", "/issues/create"),
    "atomgit.com": ("AtomGit", "/issues/create"),
}


@dataclass(frozen=True)
class ReportLink:
    platform: str  # GitHub, GitCode
    url: str


@dataclass(frozen=True)
class Footer:
    cann: str | None = None  # "Written for CANN 9.0.0"
    updated: str | None = None  # "This page last changed on 30 November 2025"
    updated_iso: str | None = None  # 2025-11-30, for <time datetime>
    updated_label: str | None = None  # the date alone
    repository: str | None = None
    repository_label: str = ""
    report_url: str | None = None  # the first of report_links
    report_label: str = ""
    report_links: tuple[ReportLink, ...] = ()
    report_where: str = ""  # before the platforms' names, when there are several
    license_label: str = ""
    license_name: str | None = None
    license_url: str | None = None


def footer_for(*, title: str, address: str, changed: datetime.date | None, site: Mapping,
               course: PlannedCourse | None, strings: Mapping[str, object]) -> Footer:
    source = (site.get("repository") or "").rstrip("/") or None
    reported = (course.repository if course and course.repository else source or "").rstrip("/") or None
    also = course.report_also if course and course.report_also is not None else site.get("report_also") or ()
    version = course.cann_version if course else None
    license_ = site.get("license") or {}
    query = urlencode({
        "title": fill(str(strings["report_title"]), title=title),
        "body": fill(str(strings["report_body"]), title=title, url=address),
    })
    targets = ([reported] if reported else []) + [r.rstrip("/") for r in also if r]
    links = tuple(report_link(target, query) for target in dict.fromkeys(targets))
    date = format_date(changed, strings) if changed else None
    return Footer(
        cann=fill(str(strings["footer_cann"]), version=version) if version else None,
        updated=str(strings["footer_updated"]) if date else None,
        updated_iso=changed.isoformat() if changed else None,
        updated_label=date,
        repository=source,
        repository_label=str(strings["footer_source"]),
        report_url=links[0].url if links else None,
        report_label=str(strings["footer_report"]),
        report_links=links,
        report_where=str(strings["footer_report_where"]),
        license_label=str(strings["footer_license"]),
        license_name=license_.get("name"),
        license_url=license_.get("url"),
    )


def report_link(repository: str, query: str) -> ReportLink:
    host = (urlsplit(repository).hostname or "").removeprefix("www.")
    if host not in PLATFORMS or urlsplit(repository).scheme != "https":
        raise SiteError(
            f"'report an error' cannot open an issue at {repository}", where="mkdocs.yml (extra) or a course.yml: repository or report_also",
            expected=f"a repository's https address on {', '.join(PLATFORMS)}",
        )
    platform, path = PLATFORMS[host]
    return ReportLink(platform, f"{repository}{path}?{query}")
