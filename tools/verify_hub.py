"""The whole of cann-learning-hub's tutorials/ on one site, verified end to end: figures, not a test.

    .venv/bin/python tools/verify_hub.py SOURCE [--work DIR] [--no-browser] [--no-plain]

SOURCE is a checkout of cann-learning-hub, or a bare git directory of it (its HEAD's tutorials/
is then written out blob by blob; a blob the snapshot lacks, such as a git LFS object not fetched,
gets a stand-in file of its name, listed in the output).  In a scratch site under --work (default:
a temporary folder) beside the AutoFuse course (docs/ of this repository), this

1. imports every course of tutorials/ with tools/import_course.py --all, editing no upstream file;
2. prints each notebook's verdict (tools/check_course.py --notebooks): published, or left out
   with the problem the check names (the fix upstream should make);
3. builds the site --strict from empty caches, and prints its CPU and wall time against the plain
   stack (mkdocs-material and mkdocs-jupyter alone, one language, not strict) building the same
   docs/, and the offline package's size;
4. opens every page (both languages) in the system's Chromium, over http and from the unzipped
   offline package (file://): every image loads, no console error, no request outside the site;
   every reference solution's lines and every quiz's solutions are on their pages; no AutoFuse
   glossary term is linked on another course's page; pages still showing TeX as written are counted.

Exits with 1 when the build fails or a browser check finds a problem.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "overrides"), str(ROOT / "tools")]

import yaml  # noqa: E402
from bs4 import BeautifulSoup  # noqa: E402

import browsing  # noqa: E402
import check_course  # noqa: E402
from quizzes.markup import render_inline  # noqa: E402

PROSE_OF_PAGE = """() => { const a = document.querySelector('article'); if (!a) return '';
  const c = a.cloneNode(true); c.querySelectorAll('pre, code, math').forEach(e => e.remove()); return c.textContent; }"""
STAND_IN = b"stand-in: this file is a git LFS object the snapshot does not hold\n"
OFFLINE = "autofuse-course-offline.zip"
_TEX = re.compile(r"\$[^$\n]*\\[a-zA-Z]+[^$\n]*\$")


def tutorials_of(source: Path, work: Path) -> tuple[Path, list[str]]:
    """tutorials/ of a checkout, or of a bare git directory written out; the stand-ins made."""
    for candidate in (source / "tutorials", source):
        if (candidate / "README.md").is_file() and candidate.name == "tutorials":
            return candidate, []
    target = work / "checkout"
    listing = subprocess.run(["git", "-C", str(source), "ls-tree", "-r", "-z", "HEAD", "tutorials"],
                             capture_output=True, check=True).stdout.decode("utf-8").split("\0")
    stand_ins = []
    for entry in filter(None, listing):
        meta, path = entry.split("\t", 1)
        _, kind, sha = meta.split()
        if kind != "blob":
            continue
        blob = subprocess.run(["git", "-C", str(source), "cat-file", "blob", sha], capture_output=True)
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_bytes(blob.stdout if blob.returncode == 0 else STAND_IN)
        if blob.returncode != 0:
            stand_ins.append(path)
    return target / "tutorials", stand_ins


def scratch_site(work: Path) -> Path:
    site = work / "hub"
    shutil.copytree(ROOT / "docs", site / "docs")
    config = site / "mkdocs.yml"
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: docs\ntheme:\n  custom_dir: {ROOT / 'overrides'}\n"
                      f"hooks:\n  - {ROOT / 'overrides/course_site/hook.py'}\nwatch: []\nextra:\n  courses: [\".\"]\n",
                      encoding="utf-8")
    plain_theme = work / "no-overrides"
    plain_theme.mkdir()
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as f:
        from mkdocs.utils.yaml import yaml_load
        plugins = [p for p in yaml_load(f)["plugins"] if (p if isinstance(p, str) else next(iter(p))) in ("search", "mkdocs-jupyter")]
    plain = {"INHERIT": str(ROOT / "mkdocs.yml"), "docs_dir": "docs", "theme": {"custom_dir": str(plain_theme)},
             "plugins": plugins, "hooks": [], "watch": [], "strict": False}
    text = yaml.safe_dump(plain, allow_unicode=True, sort_keys=False)
    (site / "plain.yml").write_text(text.replace("    cache_dir: .cache/mkdocs-jupyter\n",
                                                 "    cache_dir: !ENV [NOTEBOOK_CACHE_DIR, .cache/mkdocs-jupyter]\n"),
                                    encoding="utf-8")
    return config


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], cwd: Path, env: dict | None = None) -> tuple[subprocess.CompletedProcess, float, float]:
    """The process, its CPU seconds (user + system) and its wall seconds."""
    cpu, wall = children_cpu(), time.monotonic()
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8")
    return result, children_cpu() - cpu, time.monotonic() - wall


def build(config: Path, site: Path, cache: Path, strict: bool = True) -> tuple[subprocess.CompletedProcess, float, float]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(cache))
    command = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site)]
    return timed(command + (["--strict"] if strict else []), config.parent, env)


def megabytes(path: Path) -> str:
    return f"{path.stat().st_size / 1e6:.1f} MB"


# ---------------------------------------------------------------------------
# In the browser

IMAGES_OF_PAGE = """() => {
  const found = [...document.querySelectorAll('img[src]')].map((i) => i.getAttribute('src'));
  document.querySelectorAll('img[srcset], source[srcset]').forEach((e) => e.getAttribute('srcset').split(',')
    .forEach((c) => c.trim() && found.push(c.trim().split(/\\s+/)[0])));
  document.querySelectorAll('a.course-figure__open[href]').forEach((a) => found.push(a.getAttribute('href')));
  document.querySelectorAll('[data-dark-href]').forEach((a) => found.push(a.getAttribute('data-dark-href')));
  return found;
}"""
LOAD_EVERY_IMAGE = """async (addresses) => {
  const failed = [];
  await Promise.all(addresses.map((address) => new Promise((done) => {
    const image = new Image();
    image.onload = () => { if (!image.naturalWidth) failed.push(address); done(); };
    image.onerror = () => { failed.push(address); done(); };
    image.src = address;
  })));
  return failed;
}"""


def expected_texts(model) -> dict[str, list[str]]:
    """By page source (every language): texts each page must show, from its answer files: every
    line (over 12 characters) a reference solution prints, and each quiz's explanations."""
    wanted: dict[str, list[str]] = {}
    for source, page in model.exercises.pages.items():
        texts = wanted.setdefault(source, [])
        for solution in page.solutions:
            for file in solution.files:
                texts += [line.strip() for line in file.shown.splitlines() if len(line.strip()) > 12]
        for exercise in page.exercises:
            for item in exercise.items:
                first = item.answer.explanation.split("\n")[0].strip()
                if "$" in first:
                    continue  # a formula: MathML on the page, not its TeX
                plain = BeautifulSoup(render_inline(first), "html.parser").get_text().strip()
                if len(plain) > 12:
                    texts.append(plain[:40])
    return wanted


def browse(base: str, pages: list[str], expected: dict[str, list[str]], other_courses: set[str]) -> dict:
    """Every page in Chromium: what went wrong, by kind.  `expected`: by page, the texts it must
    show; `other_courses`: the folders of the courses the AutoFuse glossary is not for."""
    from playwright.sync_api import sync_playwright

    problems: dict[str, list[str]] = {"images": [], "console": [], "outside": [], "answers": [], "glossary": []}
    counts = {"pages": 0, "images": 0, "tex": 0}
    with sync_playwright() as playwright:
        browser = browsing.launch(playwright)
        context = browser.new_context()
        outside: list[str] = []
        context.route(re.compile("^(?!" + re.escape(base) + "|data:|blob:|about:)"),
                      lambda route: (outside.append(route.request.url), route.abort()))
        tab = context.new_page()
        errors: list[str] = []
        tab.on("console", lambda m: m.type == "error" and errors.append(m.text))
        tab.on("pageerror", lambda e: errors.append(str(e)))
        for page in pages:
            errors.clear()
            outside.clear()
            tab.goto(base + page, wait_until="load")
            counts["pages"] += 1
            addresses = tab.evaluate(IMAGES_OF_PAGE)
            counts["images"] += len(addresses)
            problems["images"] += [f"{page}: {a}" for a in tab.evaluate(LOAD_EVERY_IMAGE, addresses)]
            problems["console"] += [f"{page}: {e}" for e in errors]
            problems["outside"] += [f"{page}: {u}" for u in outside]
            text = " ".join(tab.evaluate("() => document.querySelector('article') ? document.querySelector('article').textContent : ''").split())
            for wanted in expected.get(page, []):
                if " ".join(wanted.split()) not in text:
                    problems["answers"].append(f"{page}: {wanted[:60]}")
            course = page.removeprefix("en/").split("/")[0]
            if course in other_courses and tab.locator("article a.glossary-term").count():
                problems["glossary"].append(f"{page}: {tab.locator('article a.glossary-term').count()} glossary links")
            # TeX left as written: in the prose, not in code (a shell's $VAR, a C string's \n), line by line.
            counts["tex"] += bool(_TEX.search(tab.evaluate(PROSE_OF_PAGE)))
        browser.close()
    return {"problems": problems, "counts": counts}


def page_sources(model, site: Path) -> dict[str, str]:
    """Each built page (site-relative) -> the source whose exercises it shows (its language's own, or the original)."""
    languages = model.languages
    found = {}
    for source in model.exercises.pages:
        original = languages.original(source)
        language = languages.of(source)
        url = model.languages.folder(language) + re.sub(r"\.(ipynb|md)$", ".html", original)
        found[url] = source
    for original in {languages.original(s) for s in model.exercises.pages}:
        for code in languages.others:
            url = languages.folder(code) + re.sub(r"\.(ipynb|md)$", ".html", original)
            found.setdefault(url, original)
    return {url: source for url, source in found.items() if (site / url).is_file()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/verify_hub.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("--work", type=Path)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--no-plain", action="store_true")
    arguments = parser.parse_args(argv)
    work = arguments.work or Path(tempfile.mkdtemp(prefix="verify-hub-"))
    work.mkdir(parents=True, exist_ok=True)
    tutorials, stand_ins = tutorials_of(arguments.source.resolve(), work)
    print(f"tutorials: {tutorials}")
    for path in stand_ins:
        print(f"  stand-in (not in the snapshot): {path}")
    config = scratch_site(work)
    imported, cpu, wall = timed([sys.executable, str(ROOT / "tools" / "import_course.py"), str(tutorials), "--all",
                                 "-f", str(config)], ROOT)
    print(f"\n== import ({cpu:.0f} CPU-s, {wall:.0f} s)\n{imported.stdout}")
    checked = check_course.check(config, pages=False)
    verdicts = check_course.notebook_verdicts(checked)
    upstream = {name: v for name, v in verdicts.items() if name.split("/", 1)[0] in
                {p.name for p in tutorials.iterdir() if p.is_dir()}}
    kinds = {kind: [n for n, (v, _) in upstream.items() if v == kind]
             for kind in (check_course.PUBLISHED, check_course.LEFT_OUT, check_course.REFUSED)}
    print(f"== verdicts: {len(upstream)} upstream notebooks: " + ", ".join(f"{len(v)} {k}" for k, v in kinds.items()))
    for name in kinds[check_course.LEFT_OUT] + kinds[check_course.REFUSED]:
        print(f"  {name}: {upstream[name][1]}")
    site = work / "site"
    built, cpu, wall = build(config, site, work / "cache")
    print(f"\n== build --strict, empty caches: {'ok' if built.returncode == 0 else 'FAILED'}, {cpu:.0f} CPU-s, {wall:.0f} s")
    if built.returncode != 0:
        print(built.stderr[-6000:])
        return 1
    warm, warm_cpu, warm_wall = build(config, site, work / "cache")
    print(f"   warm rebuild: {warm_cpu:.0f} CPU-s, {warm_wall:.0f} s")
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html")
    published = [n for n in kinds[check_course.PUBLISHED] if (site / re.sub(r"\.ipynb$", ".html", n)).is_file()
                 and (site / "en" / re.sub(r"\.ipynb$", ".html", n)).is_file()]
    print(f"   {len(pages)} pages; {len(published)} of {len(kinds[check_course.PUBLISHED])} upstream notebooks "
          "the check publishes are on the site in both languages")
    if not arguments.no_plain:
        plain, plain_cpu, plain_wall = build(work / "hub" / "plain.yml", work / "plain-site", work / "plain-cache", strict=False)
        plain_pages = sum(1 for _ in (work / "plain-site").rglob("*.html"))
        print(f"   plain stack (one language, not strict): {'ok' if plain.returncode == 0 else 'FAILED'}, {plain_cpu:.0f} CPU-s, "
              f"{plain_wall:.0f} s, {plain_pages} pages; ours/plain: {cpu / plain_cpu:.2f} (CPU)")
    package = site / OFFLINE
    downloads = sorted((site / "downloads").iterdir())
    print(f"   offline package {megabytes(package)}; {len(downloads)} chapter archives, "
          f"{sum(p.stat().st_size for p in downloads) / 1e6:.1f} MB; the site {sum(p.stat().st_size for p in site.rglob('*') if p.is_file()) / 1e6:.1f} MB")
    if arguments.no_browser:
        return 0
    model = checked.model
    by_source = expected_texts(model)
    expected = {page: by_source.get(source, []) for page, source in page_sources(model, site).items()}
    other_courses = {c.folder for c in model.plan.courses if c.folder != "."}
    unpacked = work / "offline"
    with zipfile.ZipFile(package) as archive:
        archive.extractall(unpacked)
    (folder,) = [p for p in unpacked.iterdir() if p.is_dir()]
    failed = False
    for transport in ("http", "file"):
        root = site if transport == "http" else folder
        server = browsing.serve(root) if transport == "http" else None
        base = browsing.base_url(server) if server else root.as_uri() + "/"
        try:
            seen = browse(base, pages, expected, other_courses)
        finally:
            if server:
                server.shutdown()
        counts, problems = seen["counts"], seen["problems"]
        print(f"\n== Chromium, {transport}: {counts['pages']} pages, {counts['images']} image addresses; "
              + ", ".join(f"{len(v)} {k} problems" for k, v in problems.items())
              + f"; {counts['tex']} pages show TeX as written")
        for kind, found in problems.items():
            for line in found[:20]:
                print(f"  {kind}: {line}")
            failed |= bool(found)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
