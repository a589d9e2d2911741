"""What GE reads from an `AUTOFUSE_FLAGS` or `AUTOFUSE_DFX_FLAGS` value, and why an answer differs.

A flag-string short answer is correct when GE would end up with the same settings as with the
key.  The reading follows hicann/ge (read 2026-12):

- `compiler/api/aclgrph/option_utils.cc GetAutofuseFlagValue`, which reads the master switch
  `--enable_autofuse` (and `--experimental_enable_jit_executor_v2`): a plain split on `;`, then
  the **first** item that contains the option's name is split on `=`; it must give exactly two
  parts (otherwise GE reports an error and returns no value), and the first part must equal the
  name, `--` included, byte for byte; nothing is trimmed.  The value is compared with `true`
  exactly.
- `compiler/graph/optimize/autofuse/autofuse/utils/auto_fuse_config.h ReadAutoFuseEnv` /
  `ReadAutoFuseDfxEnv`, which read every other option: `getline` splits on `;` and `=` (a
  delimiter at the very end adds no empty part, so `--key=` is one part), an item of exactly two
  parts is stored under its key as written, so the **last** item of a key wins and an item of one
  or three parts is dropped; `--autofuse_enable_pass` and `--autofuse_disable_pass` are split on
  `,` and searched for each kind, so they are sets, and a kind in both is off.
- the same file's `ParseImprovePrecisionBlacklist`, which reads
  `--autofuse_enhance_precision_blacklist`: one trailing punctuation character (C `ispunct`) is
  dropped, then the value is split on every `,`, empty parts kept, into a set.
- Which key belongs to which variable: `docs/zh/user_guides/graph_dev/autofuse/autofuse_enable.md`
  (sections "AUTOFUSE_FLAGS环境变量控制点" and "AUTOFUSE_DFX_FLAGS环境变量控制点"), plus
  `--subgraph_recover`, which the code reads from AUTOFUSE_DFX_FLAGS.

SPEC is handed to quiz.js through the progress data (render.grading_tables), and quiz.js reads
answers the same way; tests/fixtures/quiz/flag_answers.json is the table both are tested on.
"""

from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass

FLAGS = "AUTOFUSE_FLAGS"
DFX_FLAGS = "AUTOFUSE_DFX_FLAGS"
VARIABLES = (FLAGS, DFX_FLAGS)

# Per variable, per key: how GE compares its value ("bool": equal to `true`; "int": a number,
# its default when absent; "set": a comma list compared as a set, read as the precision
# blacklist is; "path": a directory, one trailing `/` the same; "text": as written) and its default.  "first": read by
# GetAutofuseFlagValue (the first item wins) rather than by the map (the last wins).
SPEC = {
    FLAGS: {
        "--enable_autofuse": {"type": "bool", "first": True},
        "--autofuse_enable_pass": {"type": "passes"},
        "--autofuse_disable_pass": {"type": "passes"},
        "--autofuse_enhance_precision_blacklist": {"type": "set"},
        "--recomputation_threshold": {"type": "int", "default": 1},
        "--max_fusion_size": {"type": "int", "default": 64},
        "--autofuse_enable_pgo": {"type": "bool"},
        "--experimental_enable_jit_executor_v2": {"type": "bool", "first": True},
    },
    DFX_FLAGS: {
        "--codegen_compile_debug": {"type": "bool"},
        "--debug_dir": {"type": "path"},
        "--autofuse_att_algorithm": {"type": "text", "default": "AxesReorder"},
        "--att_accuracy_level": {"type": "int", "default": 1},
        "--att_enable_multicore_ub_tradeoff": {"type": "bool"},
        "--att_ub_threshold": {"type": "int", "default": 20},
        "--att_corenum_threshold": {"type": "int", "default": 40},
        "--att_profiling": {"type": "bool"},
        "--disable_lifting": {"type": "bool"},
        "--subgraph_recover": {"type": "bool"},
        "--autofuse_pgo_algo": {"type": "text", "default": "core_select"},
        "--autofuse_pgo_step_max": {"type": "int", "default": 16},
        "--autofuse_pgo_topn": {"type": "int", "default": 5},
        "--skip_node_names_cfg": {"type": "text"},
    },
}
# The kinds the pass options know (auto_fuse_config.h UpdateAutoFuseConfigByEnv).
PASSES = ("concat", "reduce", "slice", "split", "transpose", "gather", "matmul", "conv")
MASTER = "--enable_autofuse"
# Characters a Chinese input method types in place of ASCII ones.
FULL_WIDTH = "；＝，－“”‘’\u3000"
QUOTES = "\"'“”‘’"
# The order in which reasons are looked for: the first found is the one said.
REASONS = ("export", "quotes", "full_width", "space", "missing_prefix", "case", "wrong_variable",
           "separator", "malformed", "duplicate", "unknown_key", "master_off", "different")


def split(text: str, delimiter: str) -> list[str]:
    """C++ `std::getline` splitting, as auto_fuse_config.h does it: no trimming, and a
    delimiter at the very end adds no empty part."""
    parts = text.split(delimiter)
    if parts[-1] == "":
        parts.pop()
    return parts


def _comma_set(value: str) -> list[str]:
    """ParseImprovePrecisionBlacklist: one trailing ASCII punctuation character dropped (C
    `ispunct`), then every `,` splits, empty parts kept."""
    if value and value[-1] in string.punctuation:
        value = value[:-1]
    return sorted(set(value.split(",")))


def _first_value(items: list[str], option: str) -> str | None:
    """GetAutofuseFlagValue: the first item that contains the name decides."""
    for item in items:
        if option in item:
            key_and_value = item.split("=")
            if len(key_and_value) != 2:
                return None  # GE_ASSERT_TRUE fails: no value
            if key_and_value[0] == option:
                return key_and_value[1]
    return None


def _typed(value: str, spec: dict):
    kind = spec["type"]
    if kind == "bool":
        return value == "true"
    if kind == "int":
        return int(value) if re.fullmatch(r"[0-9]+", value) else spec.get("default")
    if kind == "set":
        return _comma_set(value)
    if kind == "path":
        return value[:-1] if value.endswith("/") and len(value) > 1 else value
    return value


def _default(spec: dict):
    return {"bool": False, "set": [], "passes": []}.get(spec["type"], spec.get("default"))


def settings(text: str, variable: str) -> dict:
    """The settings GE ends up with for this value of `variable`, only those that differ from
    the defaults, as a JSON-ready dict.  With the master switch off, AUTOFUSE_FLAGS sets nothing."""
    spec = SPEC[variable]
    items = split(text, ";")
    stored: dict[str, str] = {}
    for item in items:
        key_and_value = split(item, "=")
        if len(key_and_value) == 2:
            stored[key_and_value[0]] = key_and_value[1]
    result = {}
    for key, option in spec.items():
        if option["type"] == "passes":
            continue
        value = _first_value(items, key) if option.get("first") else stored.get(key)
        if value is not None and _typed(value, option) != _default(option):
            result[key] = _typed(value, option)
    if variable == FLAGS:
        if not result.get(MASTER):
            return {}
        passes = sorted(_enabled_passes(stored))
        if passes:
            result["passes"] = passes
    return result


def _enabled_passes(stored: dict[str, str]) -> set[str]:
    if "--autofuse_enable_pass" not in stored:
        return set()
    enabled = set(split(stored["--autofuse_enable_pass"], ",")) & set(PASSES)
    disabled = set(split(stored.get("--autofuse_disable_pass", ""), ","))
    return enabled - disabled


def canonical(text: str, variable: str) -> str:
    return json.dumps(settings(text, variable), sort_keys=True, separators=(",", ":"))


# ---------------------------------------------------------------------------------------------
# Why an answer differs: the first reason found, with what to fill the message with.


@dataclass(frozen=True)
class Reason:
    code: str
    # Filled into the message: the item or key as GE reads it, the other variable.
    item: str = ""
    variable: str = ""


def _owner(key: str) -> str | None:
    return next((variable for variable in VARIABLES if key in SPEC[variable]), None)


def reasons(text: str, key: str, variable: str) -> list[Reason]:
    """Everything the table knows about why the answer `text` does not read as `key`, in REASONS
    order; both without the whitespace at their ends (model.normalise_answer)."""
    found: list[Reason] = []
    head = re.match(r"^(?:export\s+)?(AUTOFUSE_(?:DFX_)?FLAGS)\s*=", text)
    if head:
        found.append(Reason("export", head.group(0).strip(), head.group(1)))
    quote = next((c for c in text if c in QUOTES), None)
    if quote:
        found.append(Reason("quotes", quote))
    wide = next((c for c in text if c in FULL_WIDTH), None)
    if wide:
        found.append(Reason("full_width", wide))
    items = [item for item in split(text, ";") if item]
    counted: dict[str, str] = {}
    for item in items:
        parts = split(item, "=")
        name = parts[0]
        if len(parts) != 2:
            found.append(Reason("separator" if item.count("--") > 1 or "," in name else "malformed", item))
            continue
        value = parts[1]
        if re.search(r"\s", item):
            found.append(Reason("space", name if name != name.strip() else item))
            continue
        owner = _owner(name)
        option = SPEC[owner][name] if owner else {}
        if owner is None and not name.startswith("--") and _owner("--" + name.lstrip("-")):
            found.append(Reason("missing_prefix", name))
        elif owner is None and _owner(name.lower()) or value != value.lower() and (
            option.get("type") == "bool" and value.lower() in ("true", "false")
            or option.get("type") == "passes" and set(split(value.lower(), ",")) & set(PASSES)
        ):
            found.append(Reason("case", item))
        elif owner and owner != variable:
            found.append(Reason("wrong_variable", name, owner))
        elif owner is None:
            found.append(Reason("unknown_key", name))
        elif name in counted and counted[name] != value:
            found.append(Reason("duplicate", name))
        counted.setdefault(name, value)
    mine, theirs = settings(text, variable), settings(key, variable)
    if variable == FLAGS and not mine and theirs:
        found.append(Reason("master_off", MASTER))
    if not found and mine != theirs:
        differing = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
        name = "--autofuse_enable_pass" if differing and differing[0] == "passes" else (differing or [""])[0]
        found.append(Reason("different", name))
    return sorted(found, key=lambda reason: REASONS.index(reason.code))


# ---------------------------------------------------------------------------------------------
# What an author may write as a key.


def key_problems(key: str, variable: str) -> list[str]:
    """Why GE would not take `key` as written (empty when it would): every item `--name=value`
    with a name of `variable`, each name once, boolean values `true` or `false`, known pass kinds."""
    problems = []
    seen = set()
    for item in split(key, ";"):
        if not item:
            continue
        parts = item.split("=")
        if len(parts) != 2 or parts[0] != parts[0].strip() or parts[1] != parts[1].strip() or not parts[1]:
            problems.append(f"`{item}` is not one `--name=value` without spaces")
            continue
        name, value = parts
        spec = SPEC[variable].get(name)
        owner = _owner(name)
        if spec is None:
            where = f"it belongs to {owner}" if owner else f"{variable} has no such key"
            problems.append(f"GE ignores `{name}` in {variable}: {where}")
        elif name in seen:
            problems.append(f"`{name}` is set twice")
        elif spec["type"] == "bool" and value not in ("true", "false"):
            problems.append(f"`{name}` takes `true` or `false`, not `{value}`")
        elif spec["type"] == "passes" and not set(split(value, ",")) <= set(PASSES):
            problems.append(f"`{value}` names a kind GE does not know (it knows {', '.join(PASSES)})")
        seen.add(name)
    if variable == FLAGS and not problems and not settings(key, variable):
        problems.append(f"with `{MASTER}=true` missing, GE ignores every other option")
    return problems


def looks_like_flags(text: str) -> bool:
    """A key written as option items (`--name=value`), which must declare its variable."""
    return any(re.match(r"^\s*--?[A-Za-z_]+=", item) for item in split(text, ";"))
