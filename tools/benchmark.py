"""Figures, not pass/fail: build times and page weights (tests assert byte budgets, never times).

    .venv/bin/python tools/benchmark.py [--repo DIR] [--sections 15 45 135] [--runs 3] [--no-serve]
                                        [--no-profile] [--no-weights]

Build times of generated courses, ours against Material + mkdocs-jupyter alone.
For each size, tools/generated_course.py writes a course (chapter 1 cloned into every section);
then this prints, as the median of --runs runs, in CPU seconds (user + system, the processor time
the build used, which a busy shared machine disturbs much less than the wall clock):

- clean build (empty notebook cache, empty site folder) and warm build (the cache it left),
  for our site and for the plain stack building the same notebooks, with the ratio ours/plain;
- the cost per section of each, so that growth that is not linear shows;
- serve rebuilds: `mkdocs serve` started once, then the CPU it spent from saving a file to
  "Reloading browsers", after a one-line Markdown edit (the home page), a one-cell notebook edit
  and a one-line answer-file edit (an explanation);
- the five functions that cost most (their own time) in a warm build of the largest course,
  from cProfile;
- the largest notebook page's HTML and the offline package.

--repo builds with another checkout's code and configuration (the same content is generated from
its docs/): run it once on the old commit and once on the new one for before/after figures.

Then the real site's weights: each notebook page's HTML, raw and gzipped, and what a first visit
fetches in Chromium (every file, gzipped), and the offline package.

    .venv/bin/python tools/benchmark.py --formulas DIR

prints instead what formulas add to each page of the notebooks under DIR (a checkout of
cann-learning-hub's tutorials/, say): each notebook converted as a page is, gzipped, with its
formulas as the TeX they are written in and as the MathML the site writes.  MathML is all they
cost: a page with formulas fetches no other file (tests/test_upstream_course.py).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import nbformat
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browsing  # noqa: E402
from generated_course import GeneratedCourse, write_course  # noqa: E402
from course_site.course.inventory import of_config_file  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build(config: Path, site: Path, cache: Path) -> float:
    """CPU seconds of one `mkdocs build`."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(cache))
    start = children_cpu()
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config), "-d", str(site)],
        cwd=config.parent, env=env, capture_output=True, text=True, encoding="utf-8",
    )
    if result.returncode != 0:
        raise SystemExit(f"build of {config} failed:\n{result.stderr[-3000:]}")
    return children_cpu() - start


def clean_and_warm(config: Path, scratch: Path, runs: int) -> tuple[float, float]:
    clean, warm = [], []
    for run in range(runs):
        cache, site = scratch / f"cache-{config.stem}-{run}", scratch / f"site-{config.stem}"
        clean.append(build(config, site, cache))
        warm.append(build(config, site, cache))
    return statistics.median(clean), statistics.median(warm)


class Server:
    """`mkdocs serve` in the background, with a way to wait for its next log line."""

    def __init__(self, config: Path, cache: Path):
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(cache))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "--dev-addr", "127.0.0.1:0"],
            cwd=config.parent, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, encoding="utf-8",
        )
        self.lines: list[tuple[float, str]] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            with self.changed:
                self.lines.append((time.perf_counter(), line))
                self.changed.notify_all()

    def wait_for(self, text: str, after: int, timeout: float = 600) -> float:
        """Time of the first line containing `text` among the lines from index `after` on."""
        deadline = time.perf_counter() + timeout
        with self.changed:
            while True:
                for stamp, line in self.lines[after:]:
                    if text in line:
                        return stamp
                    if "Aborted" in line or "Error" in line:
                        raise SystemExit(f"serve failed: {line}")
                if not self.changed.wait(timeout=max(0.0, deadline - time.perf_counter())):
                    raise SystemExit(f"serve: no {text!r} within {timeout} s:\n{''.join(l for _, l in self.lines[-20:])}")

    def mark(self) -> int:
        with self.changed:
            return len(self.lines)

    def cpu(self) -> float:
        """CPU seconds the server has used so far (a rebuild runs in its process)."""
        times = psutil.Process(self.process.pid).cpu_times()
        return times.user + times.system + times.children_user + times.children_system

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def serve_rebuilds(course: GeneratedCourse, scratch: Path, runs: int) -> tuple[float, float, float]:
    """Median CPU seconds of the rebuild that follows a Markdown edit, a one-cell notebook edit
    and a one-line answer-file edit."""
    home = course.root / "docs" / "index.md"
    files = of_config_file(course.config)  # the course as its build lists it
    notebook_path = files.path(next(name for name in files.files(".ipynb") if ".en." not in name))
    answer_path = files.path(next(name for name in files.files("_answer.txt") if "/answer/" in name))
    server = Server(course.config, scratch / "cache-serve")
    try:
        server.wait_for("Serving on", 0)
        markdown, notebook, answer = [], [], []
        for run in range(runs):
            mark, start = server.mark(), server.cpu()
            with open(home, "a", encoding="utf-8") as f:
                f.write(f"\n编辑 {run}。\n")
            server.wait_for("Reloading browsers", mark)
            markdown.append(server.cpu() - start)
            document = nbformat.read(notebook_path, as_version=4)
            cell = next(c for c in document.cells if c.cell_type == "markdown")
            cell.source += f"\n\n编辑 {run}。"
            mark, start = server.mark(), server.cpu()
            nbformat.write(document, notebook_path)
            server.wait_for("Reloading browsers", mark)
            notebook.append(server.cpu() - start)
            text = answer_path.read_text(encoding="utf-8")
            explanation = text.index("\n", text.index("解析")) if "解析" in text else len(text.rstrip("\n"))
            mark, start = server.mark(), server.cpu()
            answer_path.write_text(text[:explanation] + f"（编辑 {run}）" + text[explanation:], encoding="utf-8")
            server.wait_for("Reloading browsers", mark)
            answer.append(server.cpu() - start)
        return statistics.median(markdown), statistics.median(notebook), statistics.median(answer)
    finally:
        server.stop()


def top_costs(config: Path, scratch: Path, count: int = 5) -> list[str]:
    """The `count` functions with the most time of their own in a warm build (cProfile)."""
    import pstats

    cache, site, profile = scratch / "cache-profile", scratch / "site-profile", scratch / "build.prof"
    build(config, site, cache)  # fill the cache: the profile is of a warm build
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", NOTEBOOK_CACHE_DIR=str(cache))
    subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "mkdocs", "build", "--strict", "-q",
                    "-f", str(config), "-d", str(site)], cwd=config.parent, env=env, check=True, capture_output=True)
    stats = pstats.Stats(str(profile))
    total = sum(entry[2] for entry in stats.stats.values())
    ranked = sorted(stats.stats.items(), key=lambda item: item[1][2], reverse=True)[:count]
    return [f"{own:6.2f} s {own / total:5.1%}  {Path(file).parent.name}/{Path(file).name}:{line} {name}"
            for (file, line, name), (_, _, own, _, _) in ranked]


def largest_notebook_page(site: Path) -> tuple[str, int]:
    pages = [p for p in site.rglob("*.html") if re.match(r"\d\d\.\d\d_", p.name)]
    page = max(pages, key=lambda p: p.stat().st_size)
    return page.relative_to(site).as_posix(), page.stat().st_size


def real_site_weights(repo: Path) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch_name:
        site = Path(scratch_name) / "site"
        build(repo / "mkdocs.yml", site, Path(scratch_name) / "cache")
        server = browsing.serve(site)
        base = browsing.base_url(server)
        pages = ["index.html", "en/index.html"] + sorted(
            p.relative_to(site).as_posix() for p in site.rglob("*.html") if re.match(r"\d\d\.\d\d_", p.name)
        )
        print(f"\n{'page':58} {'HTML':>8} {'HTML gz':>8} {'1st visit gz':>13}")
        with sync_playwright() as playwright:
            browser = browsing.launch(playwright)
            for page in pages:
                path = site / page
                first = browsing.first_visit_gzipped(browser, base, site, page)
                print(f"{page:58} {path.stat().st_size / 1024:7.1f}K {browsing.gzipped_size(path) / 1024:7.1f}K {first / 1024:12.1f}K")
            browser.close()
        server.shutdown()
        css = site / "assets/stylesheets/notebook.css"
        print(f"\nshared notebook.css: {css.stat().st_size / 1024:.1f}K ({browsing.gzipped_size(css) / 1024:.1f}K gz)")
        package = site / "autofuse-course-offline.zip"
        print(f"offline package: {package.stat().st_size / 1024:.0f}K")


def formula_weights(folder: Path) -> None:
    import gzip

    from bs4 import BeautifulSoup

    from course_site.adapters import jupyter, nbconvert
    from course_site.page.formulas import write_formulas

    print(f"{'notebook':64} {'formulas':>8} {'as TeX gz':>10} {'MathML gz':>10} {'added':>8}")
    total = [0, 0, 0]
    for path in sorted(folder.rglob("*.ipynb")):
        tree = BeautifulSoup(jupyter.notebook_html(path), "html.parser")
        nbconvert.take_styles(tree)
        nbconvert.remove_scripts(tree)
        count = len(nbconvert.formulas(tree))
        if not count:
            continue
        as_tex = len(gzip.compress(str(tree).encode("utf-8")))
        problems = write_formulas(tree, path.name)
        as_mathml = len(gzip.compress(str(tree).encode("utf-8")))
        total = [total[0] + count, total[1] + as_tex, total[2] + as_mathml]
        name = path.relative_to(folder).as_posix()
        print(f"{name[-64:]:64} {count:8} {as_tex / 1024:9.1f}K {as_mathml / 1024:9.1f}K {(as_mathml - as_tex) / 1024:7.1f}K"
              + (f"  ({len(problems)} not written)" if problems else ""))
    print(f"{'all':64} {total[0]:8} {total[1] / 1024:9.1f}K {total[2] / 1024:9.1f}K {(total[2] - total[1]) / 1024:7.1f}K")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=ROOT, help="checkout whose code and docs to build")
    parser.add_argument("--sections", type=int, nargs="+", default=[15, 45, 135])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-serve", action="store_true", help="skip the serve rebuilds")
    parser.add_argument("--no-profile", action="store_true", help="skip the profile of the largest warm build")
    parser.add_argument("--no-weights", action="store_true", help="skip the real site's page weights")
    parser.add_argument("--formulas", type=Path, help="only what formulas add to the notebooks under this folder")
    args = parser.parse_args()
    if args.formulas:
        formula_weights(args.formulas.resolve())
        return
    repo = args.repo.resolve()
    print(f"code and docs from {repo}; median of {args.runs} runs; CPU seconds")
    header = (f"{'sections':>8} {'pages':>5} | {'clean':>6} {'plain':>6} {'ratio':>5} {'/sect':>5} |"
              f" {'warm':>6} {'plain':>6} {'ratio':>5} {'/sect':>5}")
    if not args.no_serve:
        header += f" | {'serve md':>8} {'serve nb':>8} {'serve ans':>9}"
    header += f" | {'largest notebook page':>30} {'zip':>7}"
    print(header)
    for sections in args.sections:
        with tempfile.TemporaryDirectory() as scratch_name:
            scratch = Path(scratch_name)
            course = write_course(scratch / "course", sections, repo)
            clean, warm = clean_and_warm(course.config, scratch, args.runs)
            plain_clean, plain_warm = clean_and_warm(course.plain_config, scratch, args.runs)
            row = (
                f"{sections:>8} {course.notebooks:>5} | {clean:6.2f} {plain_clean:6.2f} {clean / plain_clean:5.2f}"
                f" {clean / sections:5.2f} | {warm:6.2f} {plain_warm:6.2f} {warm / plain_warm:5.2f} {warm / sections:5.2f}"
            )
            if not args.no_serve:
                markdown, notebook, answer = serve_rebuilds(course, scratch, args.runs)
                row += f" | {markdown:8.2f} {notebook:8.2f} {answer:9.2f}"
            site = scratch / f"site-{course.config.stem}"
            name, size = largest_notebook_page(site)
            package = site / "autofuse-course-offline.zip"
            row += f" | {name[-22:]:>22} {size / 1024:6.1f}K {package.stat().st_size / 1024:6.0f}K"
            print(row, flush=True)
            if not args.no_profile and sections == max(args.sections):
                costs = top_costs(course.config, scratch)
    if not args.no_profile:
        print(f"\nthe five largest costs of a warm build at {max(args.sections)} sections (own time, cProfile):")
        print("\n".join(costs))
    if not args.no_weights:
        real_site_weights(repo)


if __name__ == "__main__":
    main()
