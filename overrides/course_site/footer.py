"""The footer of every page: what the course targets, when the page changed, where its source
lives, how to report an error, and the licence when one is configured.

Its settings are in mkdocs.yml, `extra`: `repository` (the source repository's address;
"report an error" opens a new issue there with the page's title and address filled in),
`cann_version` (the CANN version the course is written for), and `license` (`{name: …, url: …}`,
shown when present).  Words come from the strings tables.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from .history import format_date
from .strings import fill


@dataclass(frozen=True)
class Footer:
    cann: str | None = None  # "Written for CANN 9.0.0"
    updated: str | None = None  # "This page last changed on 30 November 2025"
    updated_iso: str | None = None  # 2025-11-30, for <time datetime>
    updated_label: str | None = None  # the date alone
    repository: str | None = None
    repository_label: str = ""
    report_url: str | None = None
    report_label: str = ""
    license_label: str = ""
    license_name: str | None = None
    license_url: str | None = None


def footer_for(*, title: str, address: str, changed: datetime.date | None, extra: Mapping,
               strings: Mapping[str, object]) -> Footer:
    repository = (extra.get("repository") or "").rstrip("/") or None
    version = extra.get("cann_version")
    license_ = extra.get("license") or {}
    report = None
    if repository:
        query = urlencode({
            "title": fill(str(strings["report_title"]), title=title),
            "body": fill(str(strings["report_body"]), title=title, url=address),
        })
        report = f"{repository}/issues/new?{query}"
    date = format_date(changed, strings) if changed else None
    return Footer(
        cann=fill(str(strings["footer_cann"]), version=version) if version else None,
        updated=str(strings["footer_updated"]) if date else None,
        updated_iso=changed.isoformat() if changed else None,
        updated_label=date,
        repository=repository,
        repository_label=str(strings["footer_source"]),
        report_url=report,
        report_label=str(strings["footer_report"]),
        license_label=str(strings["footer_license"]),
        license_name=license_.get("name"),
        license_url=license_.get("url"),
    )
