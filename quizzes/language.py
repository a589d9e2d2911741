"""One language of the quiz: what authors write in it and what readers are shown in it.

The engine has no words of its own.  The site hands it one `QuizLanguage` per language of the
site, made from the `quiz` entry of that language's strings table
(overrides/course_site/strings/<language>.py); a page's exercise is read with the grammar of
the page's language and shown in its words.  A new language needs a new table, nothing here.

What stays here is not a word of any language: the marks √ ✓ ✔ and × ✗ ✘ ✕ for true and false,
the brackets around a type marker, the dots and separators of keys and option letters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import ExerciseError
from .kinds import NAMED, WORDED
from .model import QuestionKind

TRUE_MARKS = ("√", "✓", "✔")
FALSE_MARKS = ("×", "✗", "✘", "✕")
# A type marker as written: its word between brackets, full-width or ASCII, spaces inside allowed.
_BRACKETED = re.compile(r"^[（(][ \t]*(?P<word>[^（()）]+?)[ \t]*[）)]$")

# The words an author writes (the grammar) and the words a reader sees (`ui`: put in the page
# by the renderer; `script`: handed to quiz.js).  Every table has exactly these keys.
GRAMMAR_KEYS = ("markers", "true", "false", "explanation", "also_accepted", "answer_kind", "answer_kinds")
UI_KEYS = (
    "kinds", "true_label", "false_label", "letter_separator", "form_separator", "summary", "summary_open",
    "answer", "also_accepted_label", "your_answer", "explanation_label", "solutions", "solutions_intro", "missed",
    "check", "retry", "no_script",
)
SCRIPT_KEYS = (
    "correct", "incorrect", "choose", "type", "pending_choice", "pending_multiple", "score", "retry_confirm",
    "not_saved", "not_kept", "wrong", "yours", "expected", "difference", "reasons",
)
PROGRESS_KEYS = ("done", "section_count", "section_done", "total", "reset", "reset_confirm", "reset_done", "not_kept")


def _word(text: str) -> str:
    """How words are compared: letter case and runs of spaces do not count."""
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class QuizLanguage:
    code: str
    markers: Mapping[QuestionKind, tuple[str, ...]]  # as written, brackets included: "（判断题）"
    true_words: tuple[str, ...]  # besides the marks √ ✓ ✔
    false_words: tuple[str, ...]  # besides the marks × ✗ ✘ ✕
    explanation_labels: tuple[str, ...]  # "解析", without the colon
    also_labels: tuple[str, ...]  # "也接受"
    kind_labels: tuple[str, ...]  # "类型"
    kind_words: Mapping[str, tuple[str, ...]]  # "path" -> ("路径",): the worded kinds (kinds.WORDED)
    ui: Mapping[str, object]
    script: Mapping[str, str]
    progress: Mapping[str, str]

    @classmethod
    def from_table(cls, code: str, table: Mapping, where: str) -> QuizLanguage:
        """`table` is the `quiz` entry of a strings table; `where` names the table in messages."""
        def need(mapping, keys, path):
            if not isinstance(mapping, Mapping):
                raise ExerciseError(where, f"{path} is not a table", expected=f"a dict with the keys {', '.join(keys)}")
            missing = [key for key in keys if key not in mapping]
            unknown = [key for key in mapping if key not in keys]
            if missing or unknown:
                raise ExerciseError(where, f"{path} does not have the quiz's keys (missing: {missing}, unknown: {unknown})",
                                    expected=f"exactly the keys {', '.join(keys)}")
            return mapping

        need(table, (*GRAMMAR_KEYS, "ui", "script", "progress"), "quiz")
        ui = need(table["ui"], UI_KEYS, "quiz.ui")
        kinds = [kind.value for kind in QuestionKind]
        need(table["markers"], kinds, "quiz.markers")
        need(ui["kinds"], kinds, "quiz.ui.kinds")
        markers = {}
        for kind in QuestionKind:
            forms = _words(table["markers"][kind.value], f"quiz.markers.{kind.value}", where)
            for form in forms:
                if not _BRACKETED.match(form):
                    raise ExerciseError(where, f"the type marker {form!r} is not a word in brackets",
                                        expected="a marker as authors write it, such as （判断题） or (True/False)")
            markers[kind] = forms
        need(table["answer_kinds"], WORDED, "quiz.answer_kinds")
        from .flags import REASONS

        need(need(table["script"], SCRIPT_KEYS, "quiz.script")["reasons"], REASONS, "quiz.script.reasons")
        kind_words = {kind: _words(table["answer_kinds"][kind], f"quiz.answer_kinds.{kind}", where) for kind in WORDED}
        language = cls(
            code, markers,
            _words(table["true"], "quiz.true", where), _words(table["false"], "quiz.false", where),
            _words(table["explanation"], "quiz.explanation", where), _words(table["also_accepted"], "quiz.also_accepted", where),
            _words(table["answer_kind"], "quiz.answer_kind", where), kind_words,
            ui, need(table["script"], SCRIPT_KEYS, "quiz.script"), need(table["progress"], PROGRESS_KEYS, "quiz.progress"),
        )
        seen: dict[str, QuestionKind] = {}
        for kind, forms in markers.items():
            for form in forms:
                word = _word(language.marker_word(form))
                if seen.setdefault(word, kind) is not kind:
                    raise ExerciseError(where, f"the type marker {form!r} stands for two kinds of question",
                                        expected="one marker per kind")
        if {_word(w) for w in language.true_words} & {_word(w) for w in language.false_words}:
            raise ExerciseError(where, "a word is listed both as true and as false", expected="different words")
        return language

    # -- the grammar -----------------------------------------------------------------------

    @staticmethod
    def marker_word(marker: str) -> str:
        match = _BRACKETED.match(marker)
        return match["word"] if match else marker

    def kind_of(self, word: str) -> QuestionKind | None:
        """The kind a marker's word (without brackets) stands for, in this language."""
        word = _word(word)
        for kind, forms in self.markers.items():
            if any(_word(self.marker_word(form)) == word for form in forms):
                return kind
        return None

    def marker(self, kind: QuestionKind) -> str:
        """The marker authors write for `kind`, as shown in messages: （判断题）."""
        return self.markers[kind][0]

    def kind_label(self, kind: QuestionKind) -> str:
        """For error messages: `true/false （判断题）`."""
        return f"{kind.label} {self.marker(kind)}"

    @property
    def marker_forms(self) -> str:
        return " ".join(form for forms in self.markers.values() for form in forms)

    def truth(self, key: str) -> bool | None:
        """True or False for an accepted true/false key, else None."""
        if key in TRUE_MARKS or _word(key) in {_word(w) for w in self.true_words}:
            return True
        if key in FALSE_MARKS or _word(key) in {_word(w) for w in self.false_words}:
            return False
        return None

    @property
    def explanation_shown(self) -> tuple[str, ...]:
        """The explanation's labels as messages show them, with their colon: `解析：`, `Explanation: `."""
        return tuple(_with_colon(label) for label in self.explanation_labels)

    def answer_kind(self, word: str) -> str | None:
        """The answer kind a kind line names: as named (a variable of GE), or by a word of this language."""
        if word.strip() in NAMED:
            return word.strip()
        return next((kind for kind, words in self.kind_words.items() if _word(word) in {_word(w) for w in words}), None)

    @property
    def kind_forms(self) -> str:
        return ", ".join([f"`{words[0]}`" for words in self.kind_words.values()] + [f"`{kind}`" for kind in NAMED])

    @property
    def kind_shown(self) -> tuple[str, ...]:
        return tuple(_with_colon(label) for label in self.kind_labels)

    @property
    def also_shown(self) -> tuple[str, ...]:
        return tuple(_with_colon(label) for label in self.also_labels)

    @property
    def true_false_forms(self) -> str:
        return f"{' '.join(TRUE_MARKS + self.true_words)} / {' '.join(FALSE_MARKS + self.false_words)}"

    # -- what readers see ------------------------------------------------------------------

    def kind_name(self, kind: QuestionKind) -> str:
        return self.ui["kinds"][kind.value]


def _words(value, path: str, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise ExerciseError(where, f"{path} must list one word or more", expected='a list such as ["解析"]')
    return tuple(v.strip() for v in value)


def _with_colon(label: str) -> str:
    """A label with the colon its script uses: full-width after CJK text, `: ` after other text."""
    wide = any("\u3000" <= character <= "\u9fff" or "\uff00" <= character <= "\uffef" for character in label)
    return f"{label}：" if wide else f"{label}: "


def by_code(languages: Sequence[QuizLanguage]) -> dict[str, QuizLanguage]:
    return {language.code: language for language in languages}
