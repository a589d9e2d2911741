"""Material for MkDocs: its templates and scripts the site replaces or relies on, its tables, its offline plugin."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from bs4 import BeautifulSoup

from ..errors import SiteError

WRITTEN_AGAINST = {"mkdocs-material": "9.8.2"}


# ---------------------------------------------------------------------------
# Material 9.8.2


def palette_script(config, root: str) -> str:
    """A script for the 404 page, which does not load Material's bundle: the colour scheme the
    reader chose, which Material 9.8.2 stores in localStorage under `<site path>.__palette`
    (JSON, `color.scheme`), else the scheme whose media query matches (theme.palette)."""
    import json

    schemes = [[entry.get("media", ""), entry.get("scheme", "default")] for entry in config.theme.get("palette") or []
               if isinstance(entry, dict)]
    return (
        "(function(){var b=document.body,s=null;try{var k=(location.protocol===\"file:\"?new URL(\"./\",location)"
        f".pathname:{json.dumps(root)})+\".__palette\",p=JSON.parse(localStorage.getItem(k));s=p&&p.color&&p.color.scheme}}"
        f"catch(e){{}}if(!s){json.dumps(schemes)}.forEach(function(m){{if(!s&&m[0]&&matchMedia(m[0]).matches)s=m[1]}});"
        "s&&b.setAttribute(\"data-md-color-scheme\",s)})()"
    )


def material_bundle() -> str:
    """The site path of Material's script bundle, whose name changes with every release;
    main.html loads it deferred."""
    import material

    scripts = Path(material.__file__).parent / "templates" / "assets" / "javascripts"
    bundles = sorted(scripts.glob("bundle.*.min.js"))
    if len(bundles) != 1:
        raise RuntimeError(f"expected one Material bundle in {scripts}, found {bundles}: see adapters/material.py")
    return f"assets/javascripts/{bundles[0].name}"


# Material 9.8.2's bundle boxes every table of the content without a class as it starts (its
# selector `table:not([class])`): it takes the table out of the page and puts it back inside
# `div.md-typeset__scrollwrap > div.md-typeset__table` (the outer box scrolls sideways).  Each
# table moved made the first read of a size after it restyle and lay out the content again, in
# the page's start-up long task (issue 19, item 6).  The build boxes those tables itself and
# gives each a class of the site's own, which the bundle's selector then skips; site.css restates
# for that class Material's rules for `.md-typeset table:not([class])` (material_table_rules
# lists them; tests/test_adapters.py checks that site.css has each).
MATERIAL_BOXED_TABLES = "table:not([class])"
_TABLE_BOXES = ("md-typeset__scrollwrap", "md-typeset__table")  # outer, inner


def box_tables(tree: BeautifulSoup, table_class: str) -> int:
    """Each table Material's bundle would box, boxed as it would box it and given `table_class`;
    how many.  A table inside another is boxed too, as the bundle boxes it."""
    tables = tree.select(MATERIAL_BOXED_TABLES)
    for table in tables:
        table["class"] = [table_class]
        outer, inner = (tree.new_tag("div", attrs={"class": name}) for name in _TABLE_BOXES)
        table.wrap(inner).wrap(outer)
    return len(tables)


def material_table_rules(table_class: str) -> list[str]:
    """Material's stylesheet rules that select its boxed tables (`table:not([class])`), in its
    order, each restated for `table.<table_class>` as `selector{declarations}`, inside
    `@media ...{...}` when Material's is."""
    import tinycss2

    restated = []

    def visit(rules, media: str | None) -> None:
        for rule in rules:
            if rule.type == "at-rule" and rule.lower_at_keyword == "media" and rule.content is not None:
                visit(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True),
                      tinycss2.serialize(rule.prelude).strip())
            elif rule.type == "qualified-rule":
                selector = tinycss2.serialize(rule.prelude).strip()
                if MATERIAL_BOXED_TABLES in selector:
                    text = (selector.replace(MATERIAL_BOXED_TABLES, f"table.{table_class}")
                            + "{" + tinycss2.serialize(rule.content).strip() + "}")
                    restated.append(f"@media {media}{{{text}}}" if media else text)

    css = material_asset_text("assets/stylesheets/main.*.min.css")
    visit(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True), None)
    return restated


def name_code_blocks(tree: BeautifulSoup) -> None:
    """Material names a code block after its closest ancestor with an id (`__code_<id>`) and its
    copy button copies `#__code_<id> > code`.  Inside a notebook that ancestor is the cell
    (`cell-id=x`: an invalid selector, so the button copied nothing) and in a solution block
    it is the solution: two blocks in one cell shared a name.  Each block gets its own id."""
    for number, pre in enumerate(tree.select("pre:has(> code)")):
        if not pre.get("id"):
            pre["id"] = f"code-{number}"


# Blocks and partials of Material that overrides/ replaces rather than extends (main.html,
# partials/search.html, partials/nav-item.html, partials/palette.html, partials/alternate.html,
# partials/copyright.html, 404.html), with the hash (text_hash) of Material's own text they were written
# against.  A Material release that changes one fails the guard test: compare the new text
# with ours, carry the change over, then record the new hash here.
OVERRIDDEN_TEMPLATES = {
    ("base.html", "site_meta"): "26f3fa30991041e5",
    ("base.html", "libs"): "adfbcabad578724d",
    ("base.html", "scripts"): "66cc07f62fe03dd2",
    ("partials/search.html", None): "bfd556535abcddb9",
    # The form and options as Material's, without the palette component: the site's own script
    # drives them (the component restyled the whole page four times as it started).
    ("partials/palette.html", None): "fb935107ae7d3d74",
    ("partials/nav-item.html", None): "89895208f22d68ce",
    ("partials/copyright.html", None): "bc86bca3bf75070f",
    ("partials/alternate.html", None): "572b1d4dae611aa5",
    ("404.html", None): "80c93494b5432b1b",
}


# Material templates the site works around without replacing them, with the hash of the text the
# workaround was written against.  A release that changes one fails the guard test: check whether
# the workaround is still needed and still right, then record the new hash here.
# - STORAGE_HELPERS: __md_get/__md_set read `localStorage` as a default argument, which throws when
#   the browser refuses site data; overrides/partials/storage-workaround.html replaces them then.
STORAGE_HELPERS = ("partials/javascripts/base.html", None)
WORKED_AROUND_TEMPLATES = {
    STORAGE_HELPERS: "d6113712bc4deb30",
}


# Site files that speak to Material's compiled JavaScript rather than to a template, each with the
# Material file it relies on (a glob: the name carries a hash) and that file's text hash.  A release
# that changes one fails the guard test: recheck the site file against the new code.
MATERIAL_SCRIPTS_RELIED_ON = {
    # search.js wraps the search worker and speaks its message protocol (0 setup, 1 ready, 2 query,
    # 3 result) and reads its result items.
    "overrides/assets/javascripts/search.js": ("assets/javascripts/workers/search.*.min.js", "da1b3df5e5f00cc7"),
    # The iframe-worker shim replaces `Worker`, which the bundle calls to start search under file://.
    "overrides/partials/iframe-worker-shim.html": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
    # js-marks.html gives <html> the classes and attribute the bundle gives it as it starts
    # (`no-js` replaced by `js`; focus-visible's `js-focus-visible`, `data-js-focus-visible`).
    "overrides/partials/js-marks.html": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
    # tooltips.js draws the tooltip of every `[title]` of the article as text, with the classes and
    # custom properties of Material's stylesheet (.md-tooltip2, --md-tooltip-host-x...) as the
    # bundle does; the bundle's own (content.tooltips, off in mkdocs.yml) would build it as HTML.
    "overrides/assets/javascripts/tooltips.js": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
    # site.css keeps the copy button's column on every `pre > code` of the article once <html> is
    # marked `js`: the bundle (content.code.copy) gives each of them a button, `.md-code__nav`
    # inserted before the code in its `pre`, at the block's top right.
    "overrides/assets/stylesheets/site.css": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
    # box_tables boxes the tables the bundle would box as it starts (content.table: every
    # `table:not([class])` of the content) in the bundle's boxes, `div.md-typeset__scrollwrap >
    # div.md-typeset__table`, and gives each a class, so that the bundle leaves it in place.
    "overrides/course_site/adapters/material.py": ("assets/javascripts/bundle.*.min.js", "b9a1ef14b5e91ad6"),
}

# Third-party files kept in this repository, with the SHA-256 of each as vendored: an edit fails the
# guard test, so a file changes only with an upgrade (its version and licence file updated too).
VENDORED = {
    "overrides/partials/iframe-worker-shim.html": "38e2f305f4bede9939c485c34c6f6a6a4e8959f71fb0e8d604130714425b3a38",
}


def material_asset_text(pattern: str) -> str:
    """The text of the one file of Material's templates that matches `pattern`."""
    import material

    found = sorted((Path(material.__file__).parent / "templates").glob(pattern))
    if len(found) != 1:
        raise RuntimeError(f"expected one Material file {pattern}, found {found}: see adapters/material.py, MATERIAL_SCRIPTS_RELIED_ON")
    return found[0].read_text(encoding="utf-8")


def material_template_text(name: str, block: str | None) -> str:
    """The text of one of Material's templates, or of one block in it."""
    import material

    text = (Path(material.__file__).parent / "templates" / name).read_text(encoding="utf-8")
    if block is None:
        return text
    match = re.search(r"{%%-? block %s -?%%}.*?{%%-? endblock -?%%}" % re.escape(block), text, re.DOTALL)
    if match is None:
        raise RuntimeError(f"Material's {name} has no block {block}: see adapters/material.py, OVERRIDDEN_TEMPLATES")
    return match.group(0)


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# Material 9.8.2's templates print these settings of mkdocs.yml as they are, markup and all
# (base.html's <title> and <meta>, partials/header.html, nav.html, content.html, copyright.html,
# source.html): while the templates render, each is held escaped (a Markup, which Jinja prints as
# it is and `| e` leaves alone), so that a site name of `<svg onload=…>` shows as text.  They are
# set back as written before static-i18n's next language pass, which only overrides settings
# that are exactly `str`.
PRINTED_AS_THEY_ARE = ("site_name", "site_description", "site_author", "copyright", "repo_name")


def escape_printed_settings(config) -> dict[str, str]:
    """Call from on_env; returns the settings as written, for restore_printed_settings."""
    from markupsafe import Markup, escape

    written = {}
    for name in PRINTED_AS_THEY_ARE:
        value = config.get(name)
        if isinstance(value, str) and not isinstance(value, Markup):
            written[name] = value
            config[name] = escape(value)
    return written


def restore_printed_settings(config, written: dict[str, str]) -> None:
    for name, value in written.items():
        config[name] = value


def refuse_html_tooltips(config) -> None:
    """Material's content.tooltips (9.8.2) builds each tooltip from an element's title as HTML,
    and titles are content: the site's own script draws them as text (tooltips.js)."""
    if "content.tooltips" in (config.theme.get("features") or []):
        raise SiteError("theme.features has content.tooltips", where="mkdocs.yml",
                        expected="no content.tooltips: Material would make each title of the content HTML, so a "
                                 "title could run script; overrides/assets/javascripts/tooltips.js draws them as text")


# Material's offline plugin (9.8.2) adds the iframe-worker shim from unpkg to extra.polyfills
# unless an entry there names "iframe-worker".  The site inlines its vendored copy of the shim
# (overrides/partials/iframe-worker-shim.html) and does not render extra.polyfills at all.
_CDN_SHIM = "https://unpkg.com/iframe-worker/shim"


def drop_cdn_polyfill(config) -> None:
    """Call from on_config after the offline plugin's own."""
    polyfills = config.extra.get("polyfills") or []
    config.extra["polyfills"] = [url for url in polyfills if url != _CDN_SHIM]
