"""Publishing (issue 8): GitHub Pages gets a commit only after the full test suite passed on it,
and sitemap.xml lists every published page in every language, with its alternates."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
import yaml

from helpers import LANGUAGES, ROOT, load_config, pages_of, twin_of

WORKFLOWS = ROOT / ".github" / "workflows"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


def workflows() -> dict[str, dict]:
    return {path.name: yaml.safe_load(path.read_text(encoding="utf-8")) for path in sorted(WORKFLOWS.glob("*.yml"))}


def steps_use(job: dict, action: str) -> bool:
    return any(str(step.get("uses", "")).startswith(action) for step in job.get("steps", []))


def needed_by(jobs: dict, name: str) -> set[str]:
    """Every job `name` waits for, directly or not."""
    needs = jobs[name].get("needs", [])
    needs = [needs] if isinstance(needs, str) else needs
    return set(needs).union(*(needed_by(jobs, need) for need in needs)) if needs else set()


def test_pages_are_deployed_only_after_the_full_test_suite_passed_on_the_same_commit():
    deploying = {name: workflow for name, workflow in workflows().items()
                 if any(steps_use(job, "actions/deploy-pages") for job in workflow["jobs"].values())}
    assert len(deploying) == 1, f"one workflow deploys, not {sorted(deploying)}"
    (name, workflow), = deploying.items()
    jobs = workflow["jobs"]
    testing = [job for job, spec in jobs.items()
               if any("tools/test.sh" in str(step.get("run", "")) for step in spec.get("steps", []))]
    assert testing, f"{name} runs no tools/test.sh"
    for job, spec in jobs.items():
        if steps_use(spec, "actions/deploy-pages") or steps_use(spec, "actions/upload-pages-artifact"):
            assert set(testing) <= needed_by(jobs, job), f"{name}: {job} does not wait for {testing}"
    # The tests run on every push of every branch, the deploy only from main.
    triggers = workflow.get("on", workflow.get(True))
    assert "push" in triggers and "pull_request" in triggers


def test_every_checkout_takes_the_whole_history():
    """Footers date each page's last change, and notices date an outdated translation, from git
    (issues 12 and 13); actions/checkout's default is one commit deep, which dates every page the
    day of the last commit."""
    checkouts = [(name, job, step) for name, workflow in workflows().items() for job, spec in workflow["jobs"].items()
                 for step in spec.get("steps", []) if str(step.get("uses", "")).startswith("actions/checkout")]
    assert checkouts
    shallow = [f"{name}: job {job}" for name, job, step in checkouts if (step.get("with") or {}).get("fetch-depth") != 0]
    assert shallow == []


def test_the_test_job_sets_up_the_browser_as_tools_setup_does():
    """tools/test.sh runs tools/setup.sh --test, which finds or installs the Chromium the tests drive."""
    assert "tools/setup.sh --test" in (ROOT / "tools" / "test.sh").read_text(encoding="utf-8")


def sitemap_pages(site) -> dict[str, dict[str, str]]:
    base = load_config()["site_url"]
    tree = ElementTree.parse(site / "sitemap.xml")
    pages = {}
    for url in tree.getroot().findall(f"{SITEMAP}url"):
        location = url.find(f"{SITEMAP}loc").text
        assert location.startswith(base), location
        pages[location[len(base):]] = {
            link.get("hreflang"): link.get("href")[len(base):] for link in url.findall(f"{XHTML}link")
            if link.get("rel") == "alternate"
        }
    return pages


@pytest.mark.parametrize("which", ["real", "edge"])
def test_the_sitemap_lists_every_page_in_every_language_with_its_alternates(which, site_dir, edge_site_dir):
    site = site_dir if which == "real" else edge_site_dir
    listed = sitemap_pages(site)
    assert sorted(listed) == pages_of(site)
    for page, alternates in listed.items():
        assert set(alternates) == set(LANGUAGES), page
        assert page in alternates.values() and twin_of(page) in alternates.values(), page
