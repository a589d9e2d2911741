"""What the page pipeline judges in a page's own content, for the tools that check a course without
building it (tools/check_course.py): the content allow list (sanitise.py) on each notebook as
mkdocs-jupyter converts it and the pipeline's first steps see it (nbconvert's own scripts and
styles taken out), and on each Markdown page as MkDocs renders it with the site's extensions.

The build judges each page as it makes it (pipeline.safe_content); this is the same judgement,
run on every page at once.  Converting a notebook takes about half a second.
"""

from __future__ import annotations

import posixpath

from bs4 import BeautifulSoup
from markdown import Markdown
from mkdocs.utils import meta

from ..adapters import jupyter, nbconvert
from ..languages import Languages
from . import sanitise, source_links
from .inventory import CourseInventory
from .plan import CoursePlan


def page_problems(inventory: CourseInventory, languages: Languages, plan: CoursePlan, source: str,
                  markdown_config: tuple[list, dict]) -> list[str]:
    """Every problem of the page's content, one line each (sanitise.check_page); `markdown_config`:
    MkDocs' `markdown_extensions` and `mdx_configs` of the site."""
    where = f"{inventory.docs_dir.name}/{source}"
    here = published_at(source, languages)
    if source.endswith(".ipynb"):
        tree = BeautifulSoup(jupyter.notebook_html(inventory.path(source)), "html.parser")
        for step in (nbconvert.take_styles, nbconvert.remove_scripts, nbconvert.flatten_markdown_cells,
                     nbconvert.convert_code_cells, nbconvert.remove_cell_toolbars, nbconvert.remove_prompts):
            step(tree)  # pipeline.notebook_markup, which runs before safe_content
        return sanitise.check_page(str(tree), where, here)
    extensions, configs = markdown_config
    text, _ = meta.get_data(inventory.text(source).removeprefix("\ufeff"))
    course = plan.course_of(languages.original(source))
    if course is not None and course.source:  # as plugin.on_page_markdown leads them, before MkDocs reads them
        text = source_links.link_markdown_to_source(text, source, course.folder, course.source)
    return sanitise.check_page(Markdown(extensions=extensions, extension_configs=configs).convert(text), where, here)


def published_at(source: str, languages: Languages) -> str:
    """Where MkDocs publishes a page (use_directory_urls off), in its language's folder as the i18n
    plugin puts it (`index.en.md` is `en/index.html`): its relative addresses are read from there,
    as the build reads them (`../01_x/a.ipynb` from a chapter leads to a sibling chapter, not above
    the site).  A folder's README.md, as its index.md, is its index.html."""
    folder, name = posixpath.split(posixpath.splitext(languages.original(source))[0])
    page = posixpath.join(folder, ("index" if name in ("README", "index") else name) + ".html")
    return languages.folder(languages.of(source)) + page
