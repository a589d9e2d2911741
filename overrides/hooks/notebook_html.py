"""Make nbconvert's notebook HTML behave like the rest of the site.

Markdown cells are rendered by nbconvert, not Python-Markdown, so MkDocs'
own processing never touches them.  This hook:

- drops the scripts nbconvert inlines (clipboard helper, an empty MathJax
  ``<script src="">``, a Mermaid loader that imports from a public CDN);
- turns code cells into Material code blocks, so they get Material's
  highlighting in both colour schemes and its own copy button, and the
  "Copied!" text and duplicated source stop reaching the search index;
- keeps the "In [ ]:" prompts out of the search index;
- gives every heading an anchor made by the same slugify as Markdown pages
  (mkdocs-jupyter's keeps ASCII only, so Chinese headings got ``id=""``)
  and rebuilds the page's table of contents from them;
- rewrites relative links the way MkDocs does for Markdown: ``x.ipynb`` and
  ``x.md`` to ``x.html``, and ``a.en.svg`` to ``a.svg`` (static-i18n
  publishes each language's file under the plain name in its own folder).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from bs4 import BeautifulSoup
from mkdocs.structure.toc import get_toc
from pymdownx.slugs import slugify

from language_pass import i18n_plugin

heading_slug = slugify(case="lower")
HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"]
TOC_DEPTH = 3


def is_notebook_page(page) -> bool:
    return page.file.src_uri.endswith(".ipynb")


def on_page_content(html: str, page, config, files) -> str | None:
    if not is_notebook_page(page):
        return None
    soup = BeautifulSoup(html, "html.parser")
    remove_inlined_scripts(soup)
    flatten_markdown_cells(soup)
    convert_code_cells(soup)
    exclude_prompts_from_search(soup)
    rewrite_relative_links(soup, languages=site_languages(config))
    load_images_lazily(soup)
    page.toc = get_toc(anchor_headings(soup))
    page.meta.setdefault("description", first_paragraph(soup))
    return str(soup)


def first_paragraph(soup: BeautifulSoup, limit: int = 150) -> str | None:
    """The page's opening paragraph, shortened: the meta description search engines show."""
    paragraph = soup.select_one(".jp-RenderedMarkdown p")
    if paragraph is None:
        return None
    text = " ".join(paragraph.get_text(" ", strip=True).split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    # Cut English at a word boundary; Chinese has none to look for.
    if " " in cut[limit // 2:]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip("，,;；:：") + "…"


def site_languages(config) -> list[str]:
    i18n = i18n_plugin(config)
    return i18n.all_languages if i18n else []


def remove_inlined_scripts(soup: BeautifulSoup) -> None:
    for script in soup.find_all("script"):
        script.decompose()


def flatten_markdown_cells(soup: BeautifulSoup) -> None:
    """Keep only the rendered Markdown inside a Markdown cell's wrapper.

    The empty collapser and prompt divs around it cost layout time on every
    page, and nbconvert makes each cell focusable (tabindex=0), which only
    adds stops for keyboard users.
    """
    for cell in soup.select("div.jp-MarkdownCell"):
        rendered = cell.select_one(".jp-RenderedMarkdown")
        if rendered is None:
            continue
        rendered.extract()
        cell.clear()
        cell.append(rendered)
    for wrapper in soup.select(".jp-Cell-inputWrapper[tabindex]"):
        del wrapper["tabindex"]


def convert_code_cells(soup: BeautifulSoup) -> None:
    for clipboard in soup.select(".zeroclipboard-container, .clipboard-copy-txt"):
        clipboard.decompose()
    # Code cells (highlight-ipynb) and fenced code in Markdown cells alike.
    for block in soup.select("div.highlight-ipynb, .jp-RenderedMarkdown div.highlight"):
        block["class"] = ["highlight"]
        pre = block.find("pre")
        if pre is not None and pre.find("code", recursive=False) is None:
            code = soup.new_tag("code")
            for child in list(pre.contents):
                code.append(child.extract())
            pre.append(code)


def exclude_prompts_from_search(soup: BeautifulSoup) -> None:
    for prompt in soup.select(".jp-InputPrompt, .jp-OutputPrompt"):
        prompt["data-search-exclude"] = ""
        prompt["aria-hidden"] = "true"


def anchor_headings(soup: BeautifulSoup) -> list[dict]:
    """Set unique heading ids; return MkDocs TOC tokens (nested by level)."""
    seen: set[str] = set()
    flat = []
    for heading in soup.select(", ".join(f".jp-RenderedMarkdown {h}" for h in HEADINGS)):
        for old_anchor in heading.select("a.anchor-link"):
            old_anchor.decompose()
        name = heading.get_text(" ", strip=True)
        slug = unique(heading_slug(name, "-") or "section", seen)
        heading["id"] = slug
        permalink = soup.new_tag("a", attrs={"class": "headerlink", "href": f"#{slug}", "title": "Permanent link"})
        permalink.string = "¶"
        heading.append(permalink)
        level = int(heading.name[1])
        if level <= TOC_DEPTH:
            flat.append({"level": level, "id": slug, "name": name, "html": name, "data-toc-label": "", "children": []})
    return nest(flat)


def unique(slug: str, seen: set[str]) -> str:
    candidate, n = slug, 1
    while candidate in seen:
        candidate = f"{slug}_{n}"
        n += 1
    seen.add(candidate)
    return candidate


def nest(flat: list[dict]) -> list[dict]:
    roots: list[dict] = []
    stack: list[dict] = []
    for token in flat:
        while stack and stack[-1]["level"] >= token["level"]:
            stack.pop()
        (stack[-1]["children"] if stack else roots).append(token)
        stack.append(token)
    return roots


def load_images_lazily(soup: BeautifulSoup) -> None:
    """Figures further down the page should not compete with the first paint."""
    for img in soup.find_all("img"):
        img["loading"] = img.get("loading", "lazy")


def rewrite_relative_links(soup: BeautifulSoup, languages: list[str]) -> None:
    for element, attribute in [(a, "href") for a in soup.find_all("a", href=True)] + [
        (img, "src") for img in soup.find_all(["img", "source"], src=True)
    ]:
        element[attribute] = site_url_for(element[attribute], languages)


def site_url_for(url: str, languages: list[str]) -> str:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith(("/", "#")) or not parts.path:
        return url
    path = parts.path
    if languages:
        # a.en.svg -> a.svg, x.en.ipynb -> x.ipynb
        path = re.sub(r"\.(%s)(\.[^./]+)$" % "|".join(map(re.escape, languages)), r"\2", path)
    path = re.sub(r"\.(ipynb|md)$", ".html", path)
    return path + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
