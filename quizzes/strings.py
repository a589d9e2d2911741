"""Every user-facing string of the quiz, in each language of the site.

The script has no strings of its own: the renderer hands it the ones it needs
(JSON in a data attribute), so a page speaks one language throughout.
"""

from __future__ import annotations

from .model import FALSE_CODE, TRUE_CODE, Answer, QuestionKind

LANGUAGES = ("zh", "en")

UI = {
    "zh": {
        QuestionKind.TRUE_FALSE: "判断题",
        QuestionKind.SINGLE: "单选题",
        QuestionKind.MULTIPLE: "多选题",
        QuestionKind.SHORT_ANSWER: "填空题",
        TRUE_CODE: "正确",
        FALSE_CODE: "错误",
        "letter_separator": "、",
        "form_separator": "、",
        "summary": "第 {n} 题 · 查看答案",
        "answer": "答案：",
        "also_accepted": "也接受：",
        "your_answer": "你的答案",
        "explanation": "解析：",
        "solutions": "答案与解析",
        "check": "检查答案",
        "retry": "重做",
        "progress_caption": "各节练习的完成情况",
        "progress_section": "小节",
        "progress_answered": "已作答",
        "progress_correct": "答对",
        "progress_total": "合计",
        "reset_all": "清除全部进度",
    },
    "en": {
        QuestionKind.TRUE_FALSE: "True/False",
        QuestionKind.SINGLE: "Single choice",
        QuestionKind.MULTIPLE: "Multiple choice",
        QuestionKind.SHORT_ANSWER: "Short answer",
        TRUE_CODE: "True",
        FALSE_CODE: "False",
        "letter_separator": ", ",
        "form_separator": ", ",
        "summary": "Question {n} · Show answer",
        "answer": "Answer: ",
        "also_accepted": "Also accepted: ",
        "your_answer": "Your answer",
        "explanation": "Explanation: ",
        "solutions": "Answers and explanations",
        "check": "Check answer",
        "retry": "Try again",
        "progress_caption": "Exercises completed, per section",
        "progress_section": "Section",
        "progress_answered": "Answered",
        "progress_correct": "Correct",
        "progress_total": "Total",
        "reset_all": "Reset all progress",
    },
}

# Strings the script shows, per widget; {answer}, {correct} and {total} are filled in by it.
QUIZ_SCRIPT_UI = {
    "zh": {
        "correct": "✓ 回答正确",
        "incorrect": "✗ 回答错误。正确答案：{answer}",
        "choose": "请先选择答案。",
        "type": "请先输入答案。",
        "score": "得分：{correct} / {total}",
    },
    "en": {
        "correct": "✓ Correct",
        "incorrect": "✗ Incorrect. Correct answer: {answer}",
        "choose": "Choose an answer first.",
        "type": "Type an answer first.",
        "score": "Score: {correct} / {total}",
    },
}
PROGRESS_SCRIPT_UI = {
    "zh": {"confirm": "确定要清除所有练习的作答记录吗？", "cleared": "已清除全部进度。"},
    "en": {"confirm": "Clear your answers to every exercise?", "cleared": "All progress cleared."},
}


def answer_text(answer: Answer, language: str) -> str:
    """An answer key as a reader sees it: 正确 / True, or B, or A、B、C / A, B, C, or a short
    answer's key form as written."""
    ui = UI[language]
    if answer.kind is QuestionKind.SHORT_ANSWER:
        return answer.key
    if answer.key in (TRUE_CODE, FALSE_CODE):
        return ui[answer.key]
    return ui["letter_separator"].join(answer.key)
