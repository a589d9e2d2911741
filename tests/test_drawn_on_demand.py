"""A long notebook page is drawn a screen at a time (issue 19, item 6): the browser skips styling
and laying out the cells far below the screen until the reader comes near them (site.css,
content-visibility), and nothing is lost on the way: a link to a heading down the page leaves it
at the top of the screen, drawn (place.js keeps it there while the cells above take their real
height), and print shows every cell.  A cell with a quiz, and the one
before it, are always drawn (site.css says why)."""

from __future__ import annotations

from helpers import notebook_pages, soup

PHONE = {"width": 390, "height": 844}
# Whether each cell's content is drawn (an element inside a skipped cell is not "visible"): for
# the cells drawn on demand (quiz false), or for those drawn at once (quiz true: a quiz's cell
# and the cell before it).
CELLS_DRAWN = """quiz => [...document.querySelectorAll('.jp-Notebook > .jp-Cell')]
  .filter(cell => !!(cell.querySelector('form.quiz') || cell.nextElementSibling?.querySelector('form.quiz')) === quiz)
  .map(cell => cell.firstElementChild.checkVisibility({contentVisibilityAuto: true}))"""


def near_quiz(cell) -> bool:
    following = cell.find_next_sibling(class_="jp-Cell")
    return bool(cell.select_one("form.quiz") or (following and following.select_one("form.quiz")))


def longest_notebook_page(site) -> str:
    return max(notebook_pages(site), key=lambda page: len(soup(site / page).find_all(True)))


def test_cells_far_below_the_screen_are_drawn_when_the_reader_reaches_them(browser, site_dir, file_base):
    page_path = longest_notebook_page(site_dir)
    cells = soup(site_dir / page_path).select(".jp-Notebook > .jp-Cell")
    assert any(cell.select_one("form.quiz") for cell in cells), page_path
    heading = [h["id"] for cell in cells if not near_quiz(cell) for h in cell.select("h2[id]")][-1]
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(file_base + page_path)
        drawn = page.evaluate(CELLS_DRAWN, False)
        assert drawn[0] and not drawn[-1], drawn
        assert sum(drawn) < len(drawn) / 2, drawn
        # A quiz and the cell before it are drawn at once: accessibility checkers misjudge a
        # skipped cell's controls and links (site.css).
        assert all(page.evaluate(CELLS_DRAWN, True))

        # The reader follows "On this page" to the last section: drawing the cells on the way
        # changes their height, and the heading must still end up at the top of the screen.
        page.locator("details.page-contents > summary").click()
        page.locator(f'details.page-contents a[href="#{heading}"]').click()
        target = page.locator(f'[id="{heading}"]')
        page.wait_for_function(
            "h => { const top = h.getBoundingClientRect().top; return top >= 0 && top < 200 }",
            arg=target.element_handle(), timeout=5000)
        page.wait_for_timeout(500)  # the cells near the screen are drawn by now; it must not have moved
        assert 0 <= target.bounding_box()["y"] < 200
        assert target.evaluate("h => h.checkVisibility({contentVisibilityAuto: true})")

        page.emulate_media(media="print")
        assert all(page.evaluate(CELLS_DRAWN, False))
    finally:
        context.close()
