"""What the build adds around each page, on exact inputs: the navigation's planned sections,
the date a page last changed, the footer, the chapter archives, the 404 page's language data."""

from __future__ import annotations

import datetime
import json
import re
import zipfile
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import nbformat
import pytest
from bs4 import BeautifulSoup

from helpers import DOCS, ROOT, course_settings, load_config, notebook_pages  # noqa: F401  (puts overrides/ on the path)

from course_site.site import archives, not_found
from course_site.course import history, inventory
from course_site.site.footer import footer_for
from course_site.languages import Languages
from course_site.course.plan import Chapter, ComingSoon, CoursePlan, PlannedCourse, Section
from course_site.strings import load_tables
from mkdocs.structure.nav import Section as NavSection

LANGUAGES = Languages("zh", ("zh", "en"), {"zh": "中文", "en": "English"})
STRINGS = load_tables(LANGUAGES.codes)
PLAN = CoursePlan.of(
    chapters=(
        Chapter("01_a", {"zh": "第一章", "en": "Chapter 1"}, {}, (
            Section({"zh": "1.1 甲", "en": "1.1 A"}, "01_a/x.ipynb"),
            Section({"zh": "1.2 乙", "en": "1.2 B"}, None),
            Section({"zh": "1.3 丙", "en": "1.3 C"}, "01_a/y.ipynb"),
        )),
        Chapter("02_b", {"zh": "第二章", "en": "Chapter 2"}, {}, (Section({"zh": "2.1 丁", "en": "2.1 D"}, None),)),
    ),
    appendix=(Section({"zh": "术语表", "en": "Glossary"}, "glossary.md"),),
)


# -- navigation ------------------------------------------------------------------------------


def test_every_chapter_is_in_the_navigation_even_with_nothing_published():
    assert PLAN.navigation("en", "Home") == [
        {"Home": "index.md"},
        {"Chapter 1": [{"1.1 A": "01_a/x.ipynb"}, {"1.3 C": "01_a/y.ipynb"}]},
        {"Chapter 2": []},
        {"Glossary": "glossary.md"},
    ]


def test_planned_sections_join_their_chapter_in_the_plans_order():
    x, y = object.__new__(NavSection), object.__new__(NavSection)  # stand-ins for two pages
    chapter_1 = NavSection("Chapter 1", [x, y])
    chapter_2 = NavSection("Chapter 2", [])
    PLAN.add_coming_soon(["home", chapter_1, chapter_2, "glossary"], "en", "Coming soon")
    assert chapter_1.children[0] is x and chapter_1.children[2] is y
    soon = chapter_1.children[1]
    assert isinstance(soon, ComingSoon) and (soon.title, soon.label, soon.url, soon.parent) == (
        "1.2 B", "Coming soon", None, chapter_1)
    assert [c.title for c in chapter_2.children] == ["2.1 D"]


def test_the_section_of_a_page_knows_its_chapter():
    assert PLAN.chapter_of("01_a/y.ipynb").folder == "01_a"
    assert PLAN.chapter_of("glossary.md") is None


# -- when a page last changed ----------------------------------------------------------------


def test_the_last_change_of_each_file_is_its_newest_commit():
    log = ("\x002025-11-30\n\ndocs/a/x.ipynb\nREADME.md\n\x002025-10-01\n\ndocs/a/x.ipynb\ndocs/a/x.en.ipynb\n"
           "\x002025-09-15\n\ndocs/index.md\n")
    assert history.dates_from_log(log, "docs/") == {
        "a/x.ipynb": datetime.date(2025, 11, 30),
        "a/x.en.ipynb": datetime.date(2025, 10, 1),
        "index.md": datetime.date(2025, 9, 15),
    }


def test_dates_read_naturally_in_each_language():
    day = datetime.date(2025, 3, 7)
    assert history.format_date(day, STRINGS["zh"]) == "2025年3月7日"
    assert history.format_date(day, STRINGS["en"]) == "7 March 2025"


def test_the_real_docs_have_dates_from_git():
    dates = history.last_changed(DOCS)
    assert dates.get("index.md") is not None, "docs/index.md has no commit date: is this a git checkout?"


# -- the footer ------------------------------------------------------------------------------


def test_report_an_error_opens_an_issue_with_the_pages_title_and_address():
    footer = footer_for(
        title="1.3 开启 AutoFuse", address="https://example.org/course/01/x.html",
        changed=datetime.date(2025, 11, 30), site={"repository": "https://github.com/o/r/"},
        course=PlannedCourse(".", {}, (), cann_version="9.0.0"), strings=STRINGS["zh"],
    )
    url = urlsplit(footer.report_url)
    assert (url.scheme, url.netloc, url.path) == ("https", "github.com", "/o/r/issues/new")
    query = parse_qs(url.query)
    assert query["title"] == ["[勘误] 1.3 开启 AutoFuse"]
    assert "https://example.org/course/01/x.html" in query["body"][0] and "1.3 开启 AutoFuse" in query["body"][0]
    assert (footer.cann, footer.updated_label, footer.updated_iso, footer.repository) == (
        "本课程基于 CANN 9.0.0 编写", "2025年11月30日", "2025-11-30", "https://github.com/o/r")
    assert footer.license_name is None


def test_a_footer_without_settings_says_nothing_it_does_not_know():
    footer = footer_for(title="T", address="a", changed=None, site={}, course=None, strings=STRINGS["en"])
    assert (footer.cann, footer.updated, footer.repository, footer.report_url, footer.license_name) == (None,) * 5


def test_a_licence_in_mkdocs_yml_is_shown_in_every_footer():
    """No licence is chosen yet (mkdocs.yml says so): the day one is, the footer names and links it."""
    from types import SimpleNamespace

    import jinja2

    extra = {"repository": "https://github.com/o/r", "license": {"name": "CC BY 4.0", "url": "https://l.example/by/4.0/"}}
    footer = footer_for(title="T", address="a", changed=None, site=extra, course=None, strings=STRINGS["en"])
    assert (footer.license_name, footer.license_url) == ("CC BY 4.0", "https://l.example/by/4.0/")
    template = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "overrides")).get_template("partials/copyright.html")
    page = SimpleNamespace(course=SimpleNamespace(footer=footer))
    html = template.render(page=page, config={"copyright": None})
    link = BeautifulSoup(html, "html.parser").select_one(".course-footer__links a[rel=license]")
    assert (link["href"], link.get_text()) == ("https://l.example/by/4.0/", "CC BY 4.0")
    assert link.parent.get_text().startswith(str(STRINGS["en"]["footer_license"]))


@pytest.mark.parametrize("home", ["index.md", "index.en.md"])
def test_the_footers_cann_version_is_the_one_the_home_page_asks_for(home):
    """The footer names the course's cann_version (docs/course.yml, site/footer.py), the home page's
    table of what the course needs names a CANN version: the same one."""
    assert load_config()["extra"]["repository"].startswith("https://github.com/")
    needed = re.search(r"^\| CANN \| (\S+) ", (DOCS / home).read_text(encoding="utf-8"), re.MULTILINE)
    assert needed and needed.group(1) == course_settings()["cann_version"]


# -- the header ------------------------------------------------------------------------------


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_logo_stands_out_from_the_header_in_both_schemes():
    """Issue 12: the logo was a red square on the red header.  Its outermost shape (the panel the
    mark sits on) keeps 3:1 against the header's colour of each scheme (WCAG 1.4.11)."""
    import re

    logo = (ROOT / "overrides" / load_config()["theme"]["logo"]).read_text(encoding="utf-8")
    panel = re.search(r'<(?:rect|circle|path)\b[^>]*\bfill="(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})"', logo)[1]
    panel = "#" + "".join(c * 2 for c in panel[1:]) if len(panel) == 4 else panel
    css = (ROOT / "overrides" / "assets" / "stylesheets" / "site.css").read_text(encoding="utf-8")
    headers = re.findall(r"--md-primary-fg-color:\s*(#[0-9a-fA-F]{6});", css)
    assert len(headers) == 2, headers  # the default scheme's and slate's
    assert {header: round(contrast(panel, header), 2) for header in headers if contrast(panel, header) < 3} == {}


# -- the chapter archives --------------------------------------------------------------------


def test_an_archive_holds_the_chapter_in_its_language_with_the_original_where_untranslated(tmp_path: Path):
    """The planned notebooks, in the archive's language where translated, and the files they name;
    no stray, draft, checkpoint or backup (the review's C2: they were in the archives)."""
    docs = tmp_path / "docs"
    names = {"ch/a.ipynb": "!cat ./answer/a_answer.txt ![f](images/f.svg) data/example_x.csv [c](c.md)",
             "ch/a.en.ipynb": "!cat ./answer/a_answer.en.txt ![f](images/f.en.svg) data/example_x.csv",
             "ch/b.ipynb": "b", "ch/answer/a_answer.txt": "", "ch/answer/a_answer.en.txt": "",
             "ch/images/f.svg": "", "ch/images/f.en.svg": "", "ch/data/example_x.csv": "",
             "ch/.ipynb_checkpoints/a.ipynb": "", "other/z.ipynb": "", "ch/draft.ipynb": "", "ch/notes.txt": "",
             "ch/answer/a_answer.txt~": "", "ch/data/unused.csv": "", "ch/c.md": ""}
    for name, text in names.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    planned = ["ch/a.ipynb", "ch/b.ipynb", "ch/c.md"]  # a planned page named by another is there once
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nexclude_docs: |\n  answer/\n  data/\n", encoding="utf-8")
    course = inventory.of_config_file(tmp_path / "mkdocs.yml")
    assert archives.chapter_files(course, "ch", planned, LANGUAGES, "en") == [
        "ch/a.en.ipynb", "ch/answer/a_answer.en.txt", "ch/b.ipynb", "ch/c.md", "ch/data/example_x.csv",
        "ch/images/f.en.svg"]
    assert archives.chapter_files(course, "ch", planned, LANGUAGES, "zh") == [
        "ch/a.ipynb", "ch/answer/a_answer.txt", "ch/b.ipynb", "ch/c.md", "ch/data/example_x.csv", "ch/images/f.svg"]
    site = tmp_path / "site"
    plan = CoursePlan.of((Chapter("ch", {}, {}, tuple(Section({}, source) for source in planned)),), name="autofuse")
    first = archives.write_archives(site, course, plan, LANGUAGES)
    content = [p.read_bytes() for p in first]
    assert [p.relative_to(site).as_posix() for p in first] == ["downloads/autofuse-ch-zh.zip", "downloads/autofuse-ch-en.zip"]
    archives.write_archives(site, course, plan, LANGUAGES)
    assert [p.read_bytes() for p in first] == content, "the same files must give the same archive"


def test_every_notebook_of_the_built_site_is_in_its_chapter_archive_with_what_it_reads(site_dir):
    """The archive's notebook opens with nbformat, and every `!cat` path and image it names is in it."""
    import re

    for page in notebook_pages(site_dir):
        language = "en" if page.startswith("en/") else "zh"
        chapter = page.removeprefix("en/").split("/")[0]
        with zipfile.ZipFile(site_dir / archives.archive_path("autofuse", chapter, language)) as archive:
            names = set(archive.namelist())
            stem = page.removeprefix("en/").rsplit(".", 1)[0]
            notebook_name = f"{stem}.en.ipynb" if language == "en" and f"{stem}.en.ipynb" in names else f"{stem}.ipynb"
            notebook = nbformat.reads(archive.read(notebook_name).decode("utf-8"), as_version=4)
            folder = notebook_name.rsplit("/", 1)[0]
            for cell in notebook.cells:
                for path in re.findall(r"!cat\s+\./(\S+)", cell.source) + re.findall(r"\]\(\./(images/[^)\s]+)\)", cell.source):
                    assert f"{folder}/{path}" in names, f"{notebook_name} reads {path}, not in the archive"


# -- the 404 page ----------------------------------------------------------------------------


def test_the_404_page_speaks_every_language_and_offers_each_where_the_reader_left_off():
    context = not_found.not_found_context(
        site_url="https://example.org/course/", languages=LANGUAGES, strings=STRINGS,
        site_names={"zh": "课程", "en": "Course"}, plan=PLAN, palette_script="",
    )
    assert context["root"] == "/course/"
    assert [(e["code"], e["home"], e["title"]) for e in context["languages"]] == [
        ("zh", "index.html", "页面不存在 · 课程"), ("en", "en/index.html", "Page not found · Course")]
    assert context["languages"][1]["others"] == [{"code": "zh", "name": "中文", "home": "index.html"}]
    slots = [BeautifulSoup(e["continue"], "html.parser").p for e in context["languages"]]
    assert [(slot["lang"], slot["data-folder"], slot.has_attr("hidden")) for slot in slots] == [("zh", "", True), ("en", "en/", True)]
    # The published sections of the chapters, by their address without a language's folder, not the glossary
    assert [json.loads(slot["data-pages"]) for slot in slots] == [
        {"01_a/x.html": "1.1 甲", "01_a/y.html": "1.3 丙"}, {"01_a/x.html": "1.1 A", "01_a/y.html": "1.3 C"}]


def test_report_an_error_can_open_the_issue_on_gitcode_too():
    footer = footer_for(
        title="1.3 开启 AutoFuse", address="https://example.org/course/01/x.html", changed=None,
        site={"repository": "https://github.com/o/r", "report_also": ["https://gitcode.com/m/r/", ""]}, course=None,
        strings=STRINGS["zh"],
    )
    assert [link.platform for link in footer.report_links] == ["GitHub", "GitCode"]
    for link, path in zip(footer.report_links, ["/o/r/issues/new", "/m/r/issues/create"]):
        url = urlsplit(link.url)
        query = parse_qs(url.query)
        assert url.path == path and query["title"] == ["[勘误] 1.3 开启 AutoFuse"]
        assert "https://example.org/course/01/x.html" in query["body"][0]
    assert footer.report_url == footer.report_links[0].url


def test_report_an_error_on_a_host_it_does_not_know_stops_the_build():
    from course_site.errors import SiteError

    with pytest.raises(SiteError, match=r"cannot open an issue at https://gitlab\.com/o/r(.|\n)*github\.com, gitcode\.com"):
        footer_for(title="T", address="a", changed=None, site={"report_also": ["https://gitlab.com/o/r"]}, course=None,
                   strings=STRINGS["en"])
