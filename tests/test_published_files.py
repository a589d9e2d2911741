"""Every file the site publishes is there for a reason: a page links or loads it, Material's
scripts load it, or it is listed below with its reason.  Nothing is published twice.  The same
holds in the three kinds of archive: the site, the offline package (the site itself) and each
chapter archive (the chapter's planned notebooks and the files they name)."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from helpers import course_settings, soup

# Files no page links, each with the reason it is published.
KEPT_FOR_A_REASON = {
    r"sitemap\.xml(\.gz)?": "for search engines",
    r"404\.html": "served by the host for a missing address",
    r"autofuse-course-offline\.zip": "the offline package, linked as a download",
    r".*\.map": "source maps of Material's bundles, for debugging in the browser",
    r"assets/javascripts/iframe-worker-LICENSE\.txt": "the licence of the inlined iframe-worker shim",
    r"search/search_index\.(json|js)": "Material's script reads the search configuration (JSON over http, JS from file://)",
    r"search/search_index\.[\w-]+\.js": "a language's search index, loaded by the site's search script at the first search",
    r"assets/javascripts/workers/search\.[0-9a-f]+\.min\.js": "Material's search worker",
    r"assets/javascripts/lunr/.*": "lunr's support for the index's languages, loaded by the search worker",
}
LINKING = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src"}


def referenced(site: Path) -> set[str]:
    found = set()
    for page in site.rglob("*.html"):
        here = page.relative_to(site).parent
        for element in soup(page).find_all(list(LINKING)):  # one reading of each page
            attribute = LINKING[element.name]
            if element.has_attr(attribute):
                parts = urlsplit(element[attribute])
                if not (parts.scheme or parts.netloc or not parts.path):
                    found.add(posixpath.normpath((here / unquote(parts.path)).as_posix()))
    return found


def test_every_published_file_has_a_reason(site_dir):
    pages_link = referenced(site_dir)
    without_reason = [
        path for path in sorted(p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file())
        if path not in pages_link and not path.endswith(".html")
        and not any(re.fullmatch(pattern, path) for pattern in KEPT_FOR_A_REASON)
    ]
    assert without_reason == []


def test_the_offline_package_holds_each_file_the_site_uses_once(site_dir):
    import zipfile

    with zipfile.ZipFile(site_dir / "autofuse-course-offline.zip") as package:
        names = [name.split("/", 1)[1] for name in package.namelist()]
    assert len(names) == len(set(names))
    assert "search/search_index.js" in names and "search/search_index.json" not in names
    assert not [name for name in names if name.endswith((".map", ".gz"))]
    assert not [name for name in names if name.startswith("assets/javascripts/lunr/min/lunr.fr")]


# What the offline package leaves out of the site, each with its reason: written here, not read
# from the module that makes the package, so that a wrong exclusion there fails.
NOT_OFFLINE = {
    r"autofuse-course-offline\.zip": "the package itself",
    r".*\.map": "source maps of Material's bundles: for debugging in the browser, not for reading",
    r".*\.gz": "compressed copies for the host (sitemap.xml.gz)",
    r"search/search_index\.json": "read over http only; from file:// Material's script reads search_index.js",
}


def test_the_offline_package_holds_the_site_and_nothing_else(site_dir):
    import zipfile

    with zipfile.ZipFile(site_dir / "autofuse-course-offline.zip") as package:
        names = package.namelist()
    assert len({name.split("/", 1)[0] for name in names}) == 1  # one folder, to unzip anywhere
    site = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    expected = {path for path in site if not any(re.fullmatch(pattern, path) for pattern in NOT_OFFLINE)}
    assert sorted(name.split("/", 1)[1] for name in names) == sorted(expected)


def test_every_file_of_a_chapter_archive_is_a_planned_notebook_or_a_file_one_names(site_dir):
    import json
    import zipfile

    from helpers import DOCS, LANGUAGES

    from course_site.site.published import named_in

    plan = course_settings()["chapters"]
    archives = sorted((site_dir / "downloads").glob("*.zip"))
    assert len(archives) == len(LANGUAGES) * len([c for c in plan if any(s.get("file") for s in c["sections"])])
    for archive_path in archives:
        chapter = next(c for c in plan if archive_path.name.startswith(f"autofuse-{c['chapter']}-"))
        language = archive_path.stem.rsplit("-", 1)[1]
        planned = set()
        for section in chapter["sections"]:
            if section.get("file"):
                original = f"{chapter['chapter']}/{section['file']}"
                translated = original.replace(".ipynb", f".{language}.ipynb")
                planned.add(translated if language != LANGUAGES[0] and (DOCS / translated).is_file() else original)
        with zipfile.ZipFile(archive_path) as archive:
            names = archive.namelist()
            notebooks = [name for name in names if name.endswith(".ipynb")]
            assert sorted(notebooks) == sorted(planned), archive_path.name
            named = set()
            for notebook in notebooks:
                text = "\n".join("".join(cell["source"]) for cell in json.loads(archive.read(notebook))["cells"])
                folder = notebook.rsplit("/", 1)[0]
                named |= {posixpath.normpath(f"{folder}/{path}") for path in named_in(text)}
            assert [name for name in names if name not in planned and name not in named] == [], archive_path.name
            for name in names:  # what the site could not publish, the archives do not either
                assert (DOCS / name).is_file() and not (DOCS / name).is_symlink(), name


def test_the_home_pages_say_the_packages_size_and_the_package_holds_them_as_they_say_it(site_dir):
    """The package is compressed once; the home pages, which say its size, are added again after
    they say it (offline_package.write_offline_package): inside it they are the site's home pages."""
    import zipfile

    from course_site.site.offline_package import OFFLINE_PACKAGE, PACKAGE_FOLDER

    package = site_dir / OFFLINE_PACKAGE
    size = f"{package.stat().st_size / 1_000_000:.1f}"
    with zipfile.ZipFile(package) as archive:
        for home, label in (("index.html", f"（{size} MB）"), ("en/index.html", f" ({size} MB)")):
            text = (site_dir / home).read_text(encoding="utf-8")
            assert f"<span data-offline-size>{label}</span>" in text, home
            packaged = archive.read(f"{PACKAGE_FOLDER}/{home}").decode("utf-8")
            # The one difference: inside the package, its link leads to the published package.
            link = re.compile(r'href=("?)[^"\s>]*autofuse-course-offline\.zip\1')
            assert link.sub("", packaged) == link.sub("", text), home
