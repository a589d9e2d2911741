"""3.7's flag checker reads AUTOFUSE_FLAGS as GE does (hicann/ge at the commit the course read:
GetAutofuseFlagValue in option_utils.cc for the master switch, ReadAutoFuseEnv and the checks of
utils/auto_fuse_config.h for the rest, graph-autofusion's parser for PGO).

The seventeen strings are the chapter 3 review's; each expected setting is what that source does
with the string, and every value GE corrects or ignores gets a note, in both languages alike.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import sources_ledger  # noqa: E402

NOTEBOOK = str(ROOT / "docs" / "03_practice_and_debugging" / "03.07_chapter_practice{}.ipynb")
ON = ["Elemwise", "Broadcast"]

# (flags, what GE ends up with ({} = master switch off), how many notes, why)
SEVENTEEN = [
    ("--enable_autofuse=true;--max_fusion_size=0", {"fusion": ON, "max_fusion_size": 0}, 1,
     "0 is in range (uint64_t); the documentation calls it no fusion"),
    ("--enable_autofuse=true;--autofuse_enable_pass=reduce,slice", {"fusion": ON + ["Reduce", "Slice"]}, 1,
     "slice is one of auto_fuse_config.h's kinds, not a documented value"),
    ("--enable_autofuse=True", {}, 1, "the switch is compared with \"true\" exactly"),
    ("--enable_autofuse=true;--enable_autofuse=false", {"fusion": ON}, 1,
     "GetAutofuseFlagValue returns the first item with the key"),
    ("--enable_autofuse=true --autofuse_enable_pgo=true", {}, 1,
     "one item with two '=': GE_ASSERT_TRUE fails, the switch reads as unset"),
    ("--enable_autofuse=true；--autofuse_enable_pass=reduce", {}, 1,
     "a full-width semicolon does not split: one item with two '='"),
    ('"--enable_autofuse=true"', {}, 1, "the shell's quotes are part of the key"),
    ("--enable_autofuse=true;--recomputation_threshold=300", {"fusion": ON}, 1,
     "out of 0-255: warning, 1"),
    ("--enable_autofuse=true;--max_fusion_size=-1", {"fusion": ON}, 1,
     "no leading digit: warning, 64 stays"),
    ("--enable_autofuse=true;--autofuse_enable_pass=Reduce", {"fusion": ON}, 1,
     "kinds are compared exactly, in lower case"),
    ("--enable_autofuse=true;--autofuse_enable_pass=reduce;--autofuse_enable_pass=concat",
     {"fusion": ON + ["Concat"]}, 1, "ReadAutoFuseEnv: the last item of a key wins"),
    ("--enable_autofuse=true;--codegen_compile_debug=true", {"fusion": ON}, 1,
     "a DFX key in AUTOFUSE_FLAGS is ignored"),
    ("--enable_autofuse=true;;--autofuse_enable_pass=reduce;", {"fusion": ON + ["Reduce"]}, 0,
     "empty items are skipped"),
    ("--enable_autofuse=true;--autofuse_enable_pass=reduce, concat", {"fusion": ON + ["Reduce"]}, 1,
     "' concat' with its space is no kind"),
    (" --enable_autofuse=true", {}, 1, "the key with its space is not --enable_autofuse"),
    ("export AUTOFUSE_FLAGS=--enable_autofuse=true", {}, 1, "a shell line pasted as the value: two '='"),
    ("--enable_autofuse=true;--autofuse_disable_pass=reduce", {"fusion": ON}, 1,
     "disable is read only with enable"),
]


def _checker(suffix: str) -> dict:
    """The namespace of the notebook's check-flags cell (its examples' output swallowed)."""
    notebook = nbformat.read(NOTEBOOK.format(suffix), as_version=4)
    source = next(cell.source for cell in notebook.cells if cell.get("id") == "check-flags")
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(source, f"03.07{suffix}#check-flags", "exec"), namespace)
    return namespace


@pytest.fixture(scope="module", params=["", ".en"], ids=["zh", "en"])
def checker(request):
    return _checker(request.param)


@pytest.mark.parametrize("flags, expected, notes, why", SEVENTEEN, ids=[str(n) for n in range(1, 18)])
def test_the_review_s_seventeen_strings_read_as_ge_reads_them(checker, flags, expected, notes, why):
    assert checker["settings"](flags) == expected, why
    verdict, found = checker["check"](flags)
    assert len(found) == notes, (why, found)
    assert ("max_fusion_size=0" in verdict) == ("max_fusion_size" in expected)


def test_both_languages_reach_the_same_verdicts():
    zh, en = _checker(""), _checker(".en")
    for flags, *_ in SEVENTEEN + [("--enable_autofuse=true;--autofuse_enhance_precision_blacklist=Exp,Abs.", 0, 0, "")]:
        assert zh["settings"](flags) == en["settings"](flags), flags
        assert len(zh["check"](flags)[1]) == len(en["check"](flags)[1]), flags


@pytest.mark.parametrize("value, expected, warned", [
    ("0", 0, False), ("255", 255, False), ("+7", 7, False), (" 7", 7, False),
    ("256", 1, True), ("-1", 1, True), ("7 ", 1, True), ("1.5", 1, True), ("x", 1, True),
])
def test_recomputation_threshold_as_auto_fuse_config_checks_it(checker, value, expected, warned):
    """LoweringRecomputationThresholdConfigUpdate: int64 read by a stringstream, the whole value, 0 to 255."""
    notes: list = []
    assert checker["threshold"](value, notes) == expected
    assert bool(notes) == warned


@pytest.mark.parametrize("value, expected, warned", [
    ("0", 0, True),  # accepted, with a note: the documentation calls 0 no fusion
    ("128", 128, False), ("18446744073709551615", 2 ** 64 - 1, False),
    ("32,", 32, True), ("32,x", 32, True),  # the digits before a comma, with a note
    ("18446744073709551616", 64, True), ("-1", 64, True), ("1e3", 64, True), ("", 64, True),
])
def test_max_fusion_size_as_auto_fuse_config_checks_it(checker, value, expected, warned):
    """UpdateMaxFusionSizeConfig: leading digits, then nothing, ',' or ';'; else 64 stays."""
    notes: list = []
    assert checker["fusion_size"](value, notes) == expected
    assert bool(notes) == warned


def test_every_ge_message_the_checker_quotes_is_in_the_ledger():
    source = "".join(cell.source for suffix in ("", ".en")
                     for cell in nbformat.read(NOTEBOOK.format(suffix), as_version=4).cells
                     if cell.get("id") == "check-flags")
    source = re.sub(r'"\s*\n\s*f?"', "", source)  # a message split over two string literals
    quoted = set(re.findall(r"'([A-Z][A-Za-z_ ]+(?: [a-z_]+)+)'", source))
    assert quoted >= {"Recomputation threshold value is out of range", "Invalid max_fusion_size value",
                      "Options in env AUTOFUSE_FLAGS is invalid"}
    matcher = sources_ledger.Matcher(sources_ledger.load())
    for message in quoted:
        assert not matcher.unaccounted(sources_ledger.Span(message, "check-flags")), message
