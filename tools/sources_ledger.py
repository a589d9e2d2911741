"""The ledger of quoted identifiers, docs/sources.yml: reading it, and matching the course against it.

Every option, environment variable, log format, NF code, API, file and folder name the course
quotes in inline code (Markdown cells and answer files, both languages) has one record there, and
so has every command-line option, environment variable and option key of a taught API its code
quotes (fenced blocks and code cells, both languages; code_spans says which words those are): the
form the course writes, and where a public source has it, as `owner/name@commit:path:line` with the
text found on that line.  Two short lists name the rest: what the course makes up itself (its
example's tensors, its scripts and folders) and general words (shell and Python, `true`).

A quote may hold placeholders, `<…>`, `{…}`, `*`, `…` or `xxx`; they match any text, so that
`op_summary_<timestamp>.csv`, `op_summary_{timestamp}.csv` and `op_summary_*.csv` are one record.
A span of code is accounted for when
- it is a record (an option also without its leading `--`; a file or folder also by its last part),
  or words that stand together in a sourced record (`is invalid`);
- each of its words is: a record, a whole word of a sourced record, a path whose parts are, a word
  whose pieces between placeholders are (a command, a flag string, a path);
- or it is a line a log format prints: the format with its placeholders filled (the span's own
  placeholders standing for any of the format's text), a run of it sharing at least three words,
  or a format whose placeholder holds another record ("Realize … because %s." with "is heavy op").
Code that is the text of a link to the file it names cites itself.  tests/test_sources.py holds
the course to this; tools/check_sources.py re-checks every record against the sources.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import nbformat
import yaml
from IPython.core.inputtransformer2 import TransformerManager
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LEDGER = DOCS / "sources.yml"

WILD = "\x00"
_PLACEHOLDER = re.compile(r"<[^<>]*>|\{[^{}]*\}|…|\.\.\.|xxx|XXX|\*")
_AT = re.compile(r"(?P<repo>[\w.-]+/[\w.-]+)@(?P<commit>[0-9a-f]{7,40}):(?P<path>[^:]+):(?P<line>\d+)")
_WORD_SPLIT = re.compile(r"[\s;,=\"'()\[\]|`]+")
_EDGE = " .,:;()[]'\"`"


class LedgerError(ValueError):
    """docs/sources.yml is malformed; the message lists every problem."""


@dataclass(frozen=True)
class Location:
    repo: str  # "hicann/ge"
    commit: str
    path: str
    line: int
    text: str  # what that line holds

    def __str__(self) -> str:
        return f"{self.repo}@{self.commit}:{self.path}:{self.line}"


@dataclass(frozen=True)
class Record:
    quote: str
    kind: str  # option, env, log, code, api, file, folder, column, kernel, value, tool; or "course", "general"
    location: Location | None  # None for the course's own names and general words
    why: str = ""
    stored_index: bool = False  # no fetched snapshot holds the commit: read through the stored index only


def normalise(text: str) -> str:
    """Placeholders become one wildcard; spaces collapse; a trailing slash goes."""
    text = _PLACEHOLDER.sub(WILD, text.strip())
    text = re.sub(WILD + r"+", WILD, text)
    text = re.sub(r"\s+", " ", text)
    return text.rstrip("/") if len(text) > 1 else text


def _core(text: str) -> str:
    """What is compared: without the placeholders and punctuation at either end ("Lowered …" is "Lowered")."""
    return text.strip(WILD + _EDGE + "/")


def load(path: Path = LEDGER) -> list[Record]:
    """Every record of the ledger, or a LedgerError naming every malformed or repeated entry."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    records, problems = [], []
    for number, entry in enumerate(data.get("identifiers") or [], 1):
        quote, kind, at, text = (entry.get(key) for key in ("quote", "kind", "at", "text"))
        found = _AT.fullmatch(at or "")
        if not (quote and kind and found):
            problems.append(f"identifiers #{number} ({quote!r}): needs quote, kind and at: owner/name@commit:path:line")
            continue
        location = Location(found["repo"], found["commit"], found["path"], int(found["line"]),
                             text if text is not None else str(quote))
        records.append(Record(str(quote), kind, location, stored_index=bool(entry.get("stored_index"))))
    for section in ("course", "general"):
        for number, entry in enumerate(data.get(section) or [], 1):
            if not (entry.get("quote") and entry.get("why")):
                problems.append(f"{section} #{number} ({entry.get('quote')!r}): needs quote and why")
                continue
            records.append(Record(str(entry["quote"]), section, None, entry["why"]))
    for record in records:
        if not _core(normalise(record.quote)).strip(WILD):
            problems.append(f"{record.quote!r} is nothing but a placeholder: record the name it stands in")
    seen: dict[str, Record] = {}
    for record in records:
        key = _core(normalise(record.quote))
        if key in seen:
            problems.append(f"{record.quote!r} is recorded twice (also as {seen[key].quote!r}): record it once")
        seen[key] = record
    if problems:
        raise LedgerError(f"{path.relative_to(ROOT)}:\n  " + "\n  ".join(problems))
    return records


# ---------------------------------------------------------------------------
# The course's inline code


@dataclass(frozen=True)
class Span:
    text: str
    where: str  # "docs/03_.../03.02_advanced_enabling.en.ipynb#proof"
    link: str | None = None  # the address of the link the code is the text of


_MARKDOWN = MarkdownIt("commonmark").enable("table")


def spans_of(markdown: str, where: str) -> list[Span]:
    """The inline code of a Markdown text, each with the link it sits in (fenced code is left out)."""
    found = []
    for token in _MARKDOWN.parse(markdown):
        if token.type != "inline":
            continue
        link = None
        for child in token.children or []:
            if child.type == "link_open":
                link = child.attrGet("href")
            elif child.type == "link_close":
                link = None
            elif child.type == "code_inline":
                found.append(Span(child.content, where, link))
    return found


_NF_CODE = re.compile(r"\bNF\d{4}\b")


def course_spans(docs: Path = DOCS) -> list[Span]:
    """The inline code of every Markdown cell and answer file of the course, both languages, and
    every NF reason code they name, in code or not; then the identifiers their fenced code and the
    code cells quote (code_spans)."""
    texts, blocks = [], []
    for path in sorted(docs.glob("0*/*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            where = f"{path.relative_to(ROOT).as_posix()}#{cell.get('id')}"
            if cell.cell_type == "markdown":
                texts.append((cell.source, where))
            elif cell.cell_type == "code":
                blocks.append((cell.source, "python", where))
    for path in sorted(docs.glob("0*/answer/*.txt")):
        texts.append((path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()))
    found = []
    for text, where in texts:
        found += spans_of(text, where)
        found += [Span(code, where) for code in sorted(set(_NF_CODE.findall(text)))]
        blocks += [(block, language, where) for block, language in fences_of(text)]
    for block, language, where in blocks:
        found += code_spans(block, language, where)
    return found


# ---------------------------------------------------------------------------
# The course's code: fenced blocks and code cells
#
# Code is not read word by word as inline code is: most of its words are the course's own (its
# helpers, its variables) or Python's.  Only three kinds of word in it are claims about the tools,
# each found by a small rule: command-line options, environment variables, and the option keys of
# the APIs the course teaches.


def fences_of(markdown: str) -> list[tuple[str, str]]:
    """The fenced (and indented) code blocks of a Markdown text, each with its language ("" if none)."""
    return [(token.content, (token.info.split() or [""])[0].lower())
            for token in _MARKDOWN.parse(markdown) if token.type in ("fence", "code_block")]


def code_spans(code: str, language: str, where: str) -> list[Span]:
    """The identifiers a block of code quotes, once each: its options and environment variables,
    in any language (shell lives in Python strings and `!` lines too), and in Python the option keys
    of the taught APIs."""
    found = options_in(code) | environment_variables_in(code)
    if language in ("python", "py", "python3"):
        found |= api_keys_in(code, where)
    return [Span(name, where) for name in sorted(found)]


# `--name` or `--name=value`, not inside a word (`a--b`) nor a run of dashes (`-----+`, a table rule)
_OPTION = re.compile(r"(?<![\w-])--[A-Za-z][\w-]*")


def options_in(code: str) -> set[str]:
    """Command-line options: `--name`, and `--name=value` as the option `--name`.  Options of one
    dash are left out: in shell they are mostly the utilities' own (`grep -rhE`, `mktemp -d`)."""
    return {found.rstrip("-") for found in _OPTION.findall(code)}


# ALL_CAPS with an underscore: `PATH` or a script's `MSACCUCMP` is no variable of the tools
_CAPS = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"
# exported, or assigned as a shell command (a line's start, `%env`, after `;`, `&&`, `|`); Python's
# own constants are written `NAME = value`, with spaces, and are not taken
_SHELL_ENV = re.compile(rf"\bexport[ \t]+({_CAPS})\b"
                        rf"|(?:^[ \t]*(?:!|%env[ \t]+)?|[;&|][ \t]*)({_CAPS})=(?!=)", re.MULTILINE)
# read or written through Python's os module: any name there is a variable
_PYTHON_ENV = re.compile(r"os\.(?:environ(?:\.(?:get|pop|setdefault))?[ \t]*[\[(]|getenv[ \t]*\(|putenv[ \t]*\()"
                         r"[ \t]*[\"'](\w+)[\"']")


def environment_variables_in(code: str) -> set[str]:
    """Environment variables the code sets or reads, as shell (also in a Python string) or Python."""
    found = {name for pair in _SHELL_ENV.findall(code) for name in pair if name}
    return found | set(_PYTHON_ENV.findall(code))


# The APIs the course teaches, where they take option keys in Python.  Anything else the code calls
# (Python's library, torch's tensors, TensorFlow's own API, the course's helpers) is not a claim.
_KEYWORD_APIS = ("torch.compile", "torch_npu.", "torchair.", "npu_bridge.", "npu_device.")  # keyword arguments
_KEY_MAPS = ("parameter_map",)  # TF Adapter's NpuOptimizer: npu.parameter_map["use_off_line"]
_KEY_SECTIONS = ("dump_config",)  # TorchAir's CompilerConfig: config.dump_config.enable_dump = True
# a JSON object in a string: msprof's and TF Adapter's profiling options '{"output":"…","task_time":"on"}'
_JSON_KEY = re.compile(r'"(\w+)"\s*:')


def _python_of(code: str, where: str) -> ast.Module:
    """The code parsed as Python, as IPython reads a cell: its `%magic` and `!shell` lines become
    calls (a line that starts with `%` inside brackets is Python's operator, which a rule of our own
    would take for a magic)."""
    try:
        return ast.parse(TransformerManager().transform_cell(code))
    except SyntaxError as error:
        raise ValueError(f"{where}: the code does not parse as Python (line {error.lineno}): "
                         "the ledger cannot read its option keys") from error


def _dotted(node: ast.AST) -> str | None:
    """`a.b.c` of a name or an attribute chain; None for anything else (a call, a subscript)."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return ".".join([node.id, *reversed(parts)]) if isinstance(node, ast.Name) else None


def _aliases(tree: ast.Module) -> dict[str, str]:
    """What each imported name and each plain `name = a.b` stands for: `prof` is `torch_npu.profiler`."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update({alias.asname or alias.name.split(".")[0]: alias.name if alias.asname
                          else alias.name.split(".")[0] for alias in node.names})
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.update({alias.asname or alias.name: f"{node.module}.{alias.name}" for alias in node.names})
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Attribute) and (dotted := _dotted(node.value))):
            root, _, rest = dotted.partition(".")
            names[node.targets[0].id] = names.get(root, root) + "." + rest
    return names


def _taught_call(node: ast.Call, names: dict[str, str]) -> bool:
    """The call is of one of the taught APIs, its name's root resolved through the imports."""
    dotted = _dotted(node.func)
    if dotted is None:
        return False
    root, _, rest = dotted.partition(".")
    name = names.get(root, root) + ("." + rest if rest else "")
    return any(name == api or (api.endswith(".") and name.startswith(api)) for api in _KEYWORD_APIS)


def api_keys_in(code: str, where: str) -> set[str]:
    """The option keys Python code passes to the taught APIs: keyword arguments of their calls (and
    the keys of a dict passed so, `options={"npu_backend": …}`), keys of their option maps and
    sections, and the keys of a JSON object written in a string."""
    tree = _python_of(code, where)
    names, found = _aliases(tree), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _taught_call(node, names):
            for keyword in node.keywords:
                if keyword.arg:
                    found.add(keyword.arg)
                if isinstance(keyword.value, ast.Dict):
                    found |= {key.value for key in keyword.value.keys
                              if isinstance(key, ast.Constant) and isinstance(key.value, str)}
        elif (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
              and node.value.attr in _KEY_MAPS and isinstance(node.slice, ast.Constant)
              and isinstance(node.slice.value, str)):
            found.add(node.slice.value)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Attribute) and node.value.attr in _KEY_SECTIONS):
            found.add(node.attr)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and node.value.lstrip().startswith('{"')):
            found |= set(_JSON_KEY.findall(node.value))
    return found


# ---------------------------------------------------------------------------
# Matching


def _trivial(word: str) -> bool:
    """A number, a placeholder or punctuation: nothing to record."""
    return (re.search(r"[^\W\d_]", word) is None  # no letter at all
            or re.fullmatch(r"[\d.]+(e-?\d+|us|ms|µs|B|KiB|MiB|GiB)?", word) is not None)


_TOKEN = re.compile(WILD + r"|[^\W\d_]+|\d+|[^\w\s]|_")


def _tokens(text: str) -> list[str]:
    """Words, numbers, punctuation and wildcards: `readers2` is `readers`, `2`."""
    return _TOKEN.findall(text)


def _unify(line: list[str], form: list[str], fragment: bool) -> bool:
    """Whether a line (with its own placeholders) is what a format prints: each side's wildcard
    stands for any run of the other's tokens.  A fragment may start and end anywhere in the format;
    it starts on a token both share and shares at least three words with it."""
    impossible = -1

    @lru_cache(maxsize=None)
    def shared(i: int, j: int) -> int:  # the most words line[i:] can share with form[j:]; -1: no match
        if i == len(line):
            return 0 if fragment or all(t == WILD for t in form[j:]) else impossible
        ways = []
        if j < len(form) and form[j] == WILD:
            ways += [shared(i, j + 1), shared(i + 1, j)]
        if line[i] == WILD:
            ways += [shared(i + 1, j)] + ([shared(i, j + 1)] if j < len(form) else [])
        elif j < len(form) and line[i] == form[j]:
            rest = shared(i + 1, j + 1)
            ways.append(rest + (line[i][0].isalpha()) if rest >= 0 else impossible)
        return max(ways, default=impossible)

    if not fragment:
        return shared(0, 0) >= 0
    return any(shared(0, start) >= 3 for start in range(len(form)) if line[0] in (WILD, form[start]))


class Matcher:
    """Which record, if any, accounts for a span of code."""

    def __init__(self, records: list[Record]):
        self.exact = {_core(normalise(r.quote)): r for r in records}
        for record in records:  # a file or folder is also quoted by its last part
            if record.kind in ("file", "folder") and "/" in record.quote.rstrip("/"):
                self.exact.setdefault(_core(normalise(record.quote.rstrip("/").rsplit("/", 1)[1])), record)
        self.texts = [normalise(r.quote) for r in records if r.kind not in ("course", "general")]
        # a log format (a quote with placeholders) also accounts for each line it can print
        self.formats = [_tokens(text) for text in self.texts if WILD in text]

    def _recorded(self, key: str) -> bool:
        """A record, written as quoted or without an option's leading `--` (`enable_autofuse=true`)."""
        return key in self.exact or f"--{key}" in self.exact

    def _printed_by_a_format(self, text: str) -> bool:
        """The text is a line, or a run of at least three words of a line, that a log format prints."""
        tokens = _tokens(text)
        fragment = sum(token != WILD for token in tokens) >= 3
        words = {token for token in tokens if token[0].isalpha()}
        candidates = [form for form in self.formats
                      if fragment or tokens[0] == WILD or form[0] in (WILD, tokens[0])]
        # the line shares a word with the format: `{hostname}_{pid}` shares only `_` with `simplify_data`
        if any(_unify(tokens, form, False) or (fragment and _unify(tokens, form, True))
               for form in candidates if words & set(form)):
            return True
        # a format whose placeholder holds another record: "Realize … because %s." with "is heavy op"
        outer = [form for form in self.formats if words & {t for t in form if t[0].isalpha()}]
        inner = [_tokens(text) for text in self.texts]
        inner = [part for part in inner if part and part[0] != WILD and part[0] in words]
        return any(_unify(tokens, form[:at] + part + form[at + 1:], False)
                   or (fragment and _unify(tokens, form[:at] + part + form[at + 1:], True))
                   for form in outer for at, token in enumerate(form) if token == WILD
                   for part in inner)

    def _in_a_record(self, piece: str) -> bool:
        """The piece is a record, or stands whole-word inside a sourced record's quote (a log format's part)."""
        if self._recorded(_core(piece)):
            return True
        if len(piece) < 4:
            return False
        pattern = re.compile(r"(?<![\w-])" + re.escape(piece) + r"(?![\w-])")
        return any(pattern.search(text) for text in self.texts)

    def _word_accounted(self, word: str) -> bool:
        """A word of a span: trivial, a record, part of a log format, or a path whose every part is
        one of these; a word with placeholders, when every piece between them is."""
        if _trivial(word) or self._in_a_record(word):
            return True
        if "/" in word:
            return all(self._word_accounted(part) for part in word.split("/") if part.strip(WILD))
        if WILD in word:
            return all(self._word_accounted(piece) for piece in
                       (piece.strip(_EDGE + "-_") for piece in word.split(WILD)) if piece)
        return False

    def unaccounted(self, span: Span) -> list[str]:
        """What in the span no record accounts for: [] when the span is accounted for."""
        text = normalise(span.text)
        if not text.strip(WILD + _EDGE):
            return []
        if span.link and span.link.rstrip("/").endswith(span.text.strip("/`")):
            return []  # a link to the file it names
        if self._recorded(_core(text)) or (WILD not in text and self._in_a_record(_core(text))):
            return []  # a record, or words that stand together in one ("is invalid")
        missing = []
        for word in filter(None, _WORD_SPLIT.split(text)):
            word = word.strip(_EDGE).lstrip("$")  # $NAME: the variable NAME
            if word and not self._word_accounted(word):
                missing.append(word.replace(WILD, "…"))
        if missing and self._printed_by_a_format(text):
            return []
        return missing
