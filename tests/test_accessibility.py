"""axe-core on every page, both languages and both colour schemes: no serious
or critical violation."""

from __future__ import annotations

import pytest

from helpers import axe_violations, pages_of


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_axe_violation_on_any_page(site_dir, http_base, visit, scheme):
    found = {}
    for page in pages_of(site_dir):
        record = visit(http_base + page, http_base, color_scheme=scheme)
        serious = [v for v in axe_violations(record.page) if v["impact"] in ("serious", "critical")]
        if serious:
            found[page] = serious
        record.page.context.close()
    assert found == {}
