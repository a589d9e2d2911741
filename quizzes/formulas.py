"""Formulas: TeX (what an author writes between `$…$` or `$$…$$`) to MathML, written at build.

Browsers render MathML themselves (Chromium since 109, Firefox, Safari): a page with formulas
loads no script, stylesheet or font for them, works offline and from file://, and a screen
reader reads them as mathematics.  latex2mathml converts; what it makes is then held to the
MathML the site writes, and to what Chromium renders (MathML Core):

- only presentation elements and their layout attributes; `\\href`, `\\style`, `\\class` and
  `\\cssId` would put a link, a stylesheet or a name of the site's into the page, and stop the
  build instead, as does a command latex2mathml does not know (it would show it as text, where
  Jupyter shows an error);
- `\\mathbf`, `\\mathcal` and the other alphabets become their Unicode letters (𝐱, 𝒜): MathML
  Core draws `mathvariant` on single letters only;
- named spaces (`\\!`: `negativethinmathspace`) become lengths;
- `\\color` becomes a style's colour (MathML Core has no `mathcolor`).

The MathML is serialised here, escaped: latex2mathml's own `convert` unescapes the markup it
has escaped, so `\\text{<img …>}` would come out as an element.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache
from xml.etree.ElementTree import Element


class FormulaError(ValueError):
    """A formula the site cannot render; the message says why, for the author."""


# What latex2mathml makes of the TeX the site renders: MathML presentation markup.
ELEMENTS = frozenset("""
math mrow mi mo mn ms mtext mspace msup msub msubsup mfrac msqrt mroot mstyle mtable mtr mtd mover munder
munderover mpadded mphantom menclose merror
""".split())
ATTRIBUTES = frozenset("""
display mathvariant stretchy fence separator form lspace rspace width height depth voffset minsize maxsize
symmetric largeop movablelimits accent accentunder linethickness scriptlevel displaystyle columnalign rowalign
columnspacing rowspacing columnlines rowlines frame notation
""".split())
# Attributes latex2mathml writes for a command the site does not render, and that command.
REFUSED = {"href": r"\href", "style": r"\style", "class": r"\class", "id": r"\cssId"}
MEANING = {
    "NumeratorNotFoundError": r"a \frac without its numerator",
    "DenominatorNotFoundError": r"a \frac without its denominator",
    "ExtraLeftOrMissingRightError": r"a \left without its \right, or a \right without its \left",
    "MissingSuperScriptOrSubscriptError": "a ^ or _ with nothing after it",
    "DoubleSubscriptsError": "two subscripts in a row (x_a_b): group them (x_{a_b})",
    "DoubleSuperscriptsError": "two superscripts in a row (x^a^b): group them (x^{a^b})",
    "NoAvailableTokensError": "it ends too early: a { without its }, or a command without its argument",
    "MissingEndError": r"a \begin{…} without its \end{…}",
    "InvalidAlignmentError": "an alignment the environment does not take",
    "InvalidWidthError": "a width that is not a length",
    "InvalidStyleForGenfracError": r"a \genfrac style that is not 0 to 3",
    "LimitsMustFollowMathOperatorError": r"\limits after something that is not an operator (\sum, \int, …)",
}
EXPECTED = ("TeX as MathJax reads it in Jupyter, with the commands latex2mathml knows "
            "(https://github.com/roniemartinez/latex2mathml); no \\href, \\style, \\class or \\cssId")

# MathML's named spaces, in em (MathML 3, section 2.1.5.2).
NAMED_SPACES = {f"{sign}{name}mathspace": f"{'-' if sign else ''}{eighteenths / 18:.4g}em"
                for sign in ("", "negative")
                for eighteenths, name in enumerate(("veryverythin", "verythin", "thin", "medium", "thick", "verythick",
                                                    "veryverythick"), start=1)}
_ENTITY = re.compile(r"&#x([0-9A-Fa-f]+);")
_COMMAND = re.compile(r"\\[A-Za-z]+\*?")
_COLOUR = re.compile(r"#[0-9A-Fa-f]{3,8}|[A-Za-z]+")
_LETTERS = {"LATIN CAPITAL LETTER ": "CAPITAL ", "LATIN SMALL LETTER ": "SMALL ", "GREEK CAPITAL LETTER ": "CAPITAL ",
            "GREEK SMALL LETTER ": "SMALL ", "DIGIT ": "DIGIT "}
# The letters Unicode had before its mathematical alphabets, left out of them (ℎ, ℬ, ℭ, …).
_OLDER = {"ITALIC SMALL H": "PLANCK CONSTANT", "FRAKTUR": "BLACK-LETTER"}


SCROLLS = "formula-scroll"  # a box that scrolls sideways where the formula is wider than the column
SCROLLS_INLINE = "formula-scroll formula-scroll--inline"
# A formula in a sentence of more symbols than this may be wider than a phone's column (upstream's
# conv 01.02 has one 1,035 px wide): it gets the box too.  A shorter one stays as it is, on the
# text's baseline (the box aligns by its middle).
LONG_INLINE = 30


def mathml(tex: str, display: bool = False) -> str:
    """The MathML of one formula (`display`: a formula of its own line, `$$…$$`), a long one in a
    box that scrolls sideways where it is wider than the column (MathML breaks no line; Firefox
    scrolls no <math>).  Raises FormulaError saying why when the site cannot render it."""
    written, symbols = _mathml(tex, display)
    if display:
        return f'<span class="{SCROLLS}">{written}</span>'
    return f'<span class="{SCROLLS_INLINE}">{written}</span>' if symbols > LONG_INLINE else written


@lru_cache(maxsize=4096)
def _mathml(tex: str, display: bool) -> tuple[str, int]:
    from latex2mathml.converter import convert_to_element

    try:
        root = convert_to_element(tex, display="block" if display else "inline")
    except Exception as error:  # noqa: BLE001 - latex2mathml raises its own types and Python's
        name = type(error).__name__
        raise FormulaError(MEANING.get(name, f"latex2mathml cannot read it ({name}{': ' if str(error) else ''}"
                                             f"{error})")) from None
    _check(root)
    root.attrib.clear()
    if display:
        root.set("display", "block")
    root = _simplify(root)
    return _serialise(root), sum(len((element.text or "").strip()) for element in root.iter())


def _check(element: Element) -> None:
    for name in element.attrib:
        if name in REFUSED:
            raise FormulaError(f"{REFUSED[name]} would put a link, a stylesheet or a name into the page")
    if element.tag not in ELEMENTS:
        raise FormulaError(f"latex2mathml made <{element.tag}>, which the site does not write")
    text = _text(element.text)
    if element.tag in ("mi", "mo") and _COMMAND.fullmatch(text):
        raise FormulaError(f"{text} is not a command latex2mathml knows (Jupyter's MathJax may: write it another way)")
    unknown = [name for name in element.attrib if name not in ATTRIBUTES and name not in ("xmlns", "mathcolor")]
    if unknown and element.tag != "math":
        raise FormulaError(f"latex2mathml wrote {unknown[0]}= on <{element.tag}>, which the site does not write")
    for child in element:
        _check(child)


def _simplify(element: Element) -> Element:
    """Alphabets as letters, spaces as lengths, colours as styles, and no <mrow> around one child
    (an <mo> keeps its row: its spacing depends on it)."""
    element.text = _text(element.text)
    variant = element.attrib.get("mathvariant")
    if variant and variant != "normal":
        letters = "".join(_variant(character, variant) for character in element.text)
        if all(_variant(c, variant) != c for c in element.text if not c.isspace()):
            del element.attrib["mathvariant"]
        element.text = letters
    if element.tag == "mspace" and element.attrib.get("width") in NAMED_SPACES:
        element.set("width", NAMED_SPACES[element.attrib["width"]])
    colour = element.attrib.pop("mathcolor", None)
    if colour is not None:
        if not _COLOUR.fullmatch(colour):
            raise FormulaError(rf"\color{{{colour}}}: a colour is a name (red) or #rrggbb")
        element.set("style", f"color:{colour}")
    children = []
    for child in element:
        child = _simplify(child)
        only = list(child)
        if (child.tag == "mrow" and not child.attrib and len(only) == 1 and not (child.text or "").strip()
                and not (only[0].tail or "").strip() and only[0].tag != "mo"):
            child = only[0]
        children.append(child)
    element[:] = children
    return element


def _text(text: str | None) -> str:
    return _ENTITY.sub(lambda m: chr(int(m.group(1), 16)), text or "")


@lru_cache(maxsize=2048)
def _variant(character: str, variant: str) -> str:
    """`character` in the Unicode alphabet of the MathML `variant` ("bold" -> 𝐱), or itself."""
    try:
        name = unicodedata.name(character)
    except ValueError:
        return character
    letter = next((short + name[len(long):] for long, short in _LETTERS.items() if name.startswith(long)), None)
    if letter is None:
        return character
    style = variant.upper().replace("BOLD-SANS-SERIF", "SANS-SERIF BOLD").replace("SANS-SERIF-BOLD-ITALIC",
                                                                                "SANS-SERIF BOLD ITALIC")
    style = style.replace("SANS-SERIF-ITALIC", "SANS-SERIF ITALIC").replace("BOLD-", "BOLD ")
    candidates = [f"MATHEMATICAL {style} {letter}", f"{style} {letter}"]
    candidates += [_OLDER.get(f"{style} {letter}", ""), f"{_OLDER.get(style, style)} {letter}"]
    for candidate in candidates:
        try:
            return unicodedata.lookup(candidate)
        except KeyError:
            continue
    return character


def _serialise(element: Element) -> str:
    attributes = "".join(f' {name}="{html.escape(value)}"' for name, value in element.attrib.items()
                         if name != "xmlns")
    inner = html.escape(element.text or "", quote=False) + "".join(_serialise(child) for child in element)
    return f"<{element.tag}{attributes}>{inner}</{element.tag}>"
