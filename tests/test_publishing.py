"""Publishing (issue 8): GitHub Pages gets a commit only after the full test suite passed on it,
and sitemap.xml lists every published page in every language, with its alternates."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
import yaml

from helpers import LANGUAGES, ROOT, load_config, pages_of, print_pages_of, twin_of

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
            assert set(testing) <= needed_by(jobs, job) | {job}, f"{name}: {job} does not wait for {testing}"
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


def test_every_action_is_pinned_to_a_commit_with_its_release_named():
    """A tag can be moved to other code; a full commit SHA cannot (issue 21, review W1)."""
    unpinned = []
    for path in sorted(WORKFLOWS.glob("*.yml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = re.search(r"uses:\s*(\S+)(.*)", line)
            if match and not re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", match[1]):
                unpinned.append(f"{path.name}:{number}: {match[1]}")
            elif match and not re.search(r"#\s*v\d", match[2]):
                unpinned.append(f"{path.name}:{number}: no '# vX.Y.Z' comment after {match[1]}")
    assert unpinned == []
    assert (ROOT / ".github" / "dependabot.yml").is_file(), "nothing proposes updates of the pinned actions"


def test_no_checkout_leaves_the_job_token_in_the_clone():
    """The build runs notebook cells: a token persisted in .git/config would be theirs to read."""
    checkouts = [(name, job, step) for name, workflow in workflows().items() for job, spec in workflow["jobs"].items()
                 for step in spec.get("steps", []) if str(step.get("uses", "")).startswith("actions/checkout")]
    assert checkouts
    persisted = [f"{name}: job {job}" for name, job, step in checkouts
                 if (step.get("with") or {}).get("persist-credentials") is not False]
    assert persisted == []


def test_the_published_site_is_the_tested_build_and_an_older_commit_never_deploys_last():
    """Nothing rebuilds between the tests and the deploy: the job that uploads the Pages artefact
    is the one whose tools/test.sh built the real site into that very directory; and one
    concurrency group per branch cancels an older run when a newer push arrives."""
    (name, workflow), = [(name, workflow) for name, workflow in workflows().items()
                         if any(steps_use(job, "actions/deploy-pages") for job in workflow["jobs"].values())]
    for job, spec in workflow["jobs"].items():
        runs = " ".join(str(step.get("run", "")) for step in spec.get("steps", []))
        assert "mkdocs build" not in runs, f"{name}: {job} builds the site apart from the tests"
        uploads = [step for step in spec.get("steps", []) if str(step.get("uses", "")).startswith("actions/upload-pages-artifact")]
        if uploads:
            testing = [step for step in spec["steps"] if "tools/test.sh" in str(step.get("run", ""))]
            assert testing, f"{name}: {job} uploads a site it did not test"
            assert testing[0]["env"]["PUBLISH_SITE_DIR"] == uploads[0]["with"]["path"]
    # A newer push cancels the older tests of its branch (their deploy then never starts); a deploy
    # under way is never cancelled, and one waiting is replaced by a newer one (one group for all).
    jobs = workflow["jobs"]
    testing = [name for name, spec in jobs.items()
               if any("tools/test.sh" in str(step.get("run", "")) for step in spec.get("steps", []))]
    deploying = [name for name, spec in jobs.items() if steps_use(spec, "actions/deploy-pages")]
    assert testing and deploying
    for job in testing:
        assert "github.ref" in str(jobs[job]["concurrency"]["group"]) and jobs[job]["concurrency"]["cancel-in-progress"] is True
    for job in deploying:
        assert "github" not in str(jobs[job]["concurrency"]["group"]) and jobs[job]["concurrency"]["cancel-in-progress"] is False
        assert set(testing) <= needed_by(jobs, job)


def test_every_job_has_a_time_limit_and_packages_install_only_with_their_hashes():
    """Review (deploy): a job with no limit held a runner for GitHub's six hours; a package that
    is not the one whose hash requirements*.txt records is refused by pip (--require-hashes)."""
    for name, workflow in workflows().items():
        for job, spec in workflow["jobs"].items():
            assert isinstance(spec.get("timeout-minutes"), int) and spec["timeout-minutes"] <= 60, f"{name}: {job}"
    assert "--require-hashes" in (ROOT / "tools" / "setup.sh").read_text(encoding="utf-8")
    for requirements in sorted(ROOT.glob("requirements*.txt")):
        pinned = [line for line in requirements.read_text(encoding="utf-8").splitlines() if re.match(r"[A-Za-z0-9]", line)]
        assert pinned and all(re.fullmatch(r"[A-Za-z0-9._\[\],-]+==[^\s;]+( ; .+)? \\", line) for line in pinned), requirements.name


def test_the_tested_site_is_built_where_publish_site_dir_says(site_dir):
    """The fixture every real-site test uses honours PUBLISH_SITE_DIR (.ci/run sets it, as the
    workflow does), so the directory uploaded is the one tested."""
    publish_dir = os.environ.get("PUBLISH_SITE_DIR")
    if not publish_dir:
        pytest.skip("PUBLISH_SITE_DIR is not set (.ci/run and the workflow set it)")
    assert site_dir == Path(publish_dir).resolve()
    assert (site_dir / "index.html").is_file() and (site_dir / "en" / "index.html").is_file()


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
    assert sorted(listed) == sorted(pages_of(site) + print_pages_of(site))  # a print page is a page to find too
    for page, alternates in listed.items():
        assert set(alternates) == set(LANGUAGES), page
        assert page in alternates.values() and twin_of(page) in alternates.values(), page
