"""axe-core on every page, both languages and both colour schemes: no serious
or critical violation."""

from __future__ import annotations

from helpers import axe_violations, pages_of


def test_no_serious_axe_violation_on_any_page_in_either_colour_scheme(site_dir, http_base, visit):
    """Each page is judged in the light scheme, then in the dark one the reader switches to with
    the header's toggle (one load per page for both: the sweep is the slow part)."""
    found, judged = {}, {"default": 0, "slate": 0}
    for page in pages_of(site_dir):
        tab = visit(http_base + page, http_base, color_scheme="light").page
        for scheme in ("default", "slate"):
            if scheme == "slate":
                tab.locator("form.md-header__option label:visible").click()
                tab.wait_for_function("() => document.body.getAttribute('data-md-color-scheme') === 'slate'")
                # The colours change with a transition, and the toggle's tooltip fades in: judged
                # once all is drawn (mid-transition colours are no reader's page).
                tab.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
            assert tab.evaluate("document.body.getAttribute('data-md-color-scheme')") == scheme, page
            serious = [v for v in axe_violations(tab) if v["impact"] in ("serious", "critical")]
            if serious:
                found[f"{page} ({scheme})"] = serious
            judged[scheme] += 1
        tab.context.close()
    assert found == {}
    assert judged["default"] == judged["slate"] >= 30
