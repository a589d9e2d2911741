"""The site's words in Chinese (see __init__.py)."""

STRINGS = {
    "home": "首页",
    "coming_soon": "即将推出",
    "published": "已发布",
    "section": "小节",
    "status": "状态",
    # {original}: the name of the page's own language, as the language switcher shows it.
    "untranslated_notice": "本页尚无中文版本，下面显示的是原文（{original}）。",
    "read_original": "阅读原文页面",
    # Each language's name in running text ("the Chinese original"); the switcher's name otherwise.
    "language_names": {"zh": "中文", "en": "英文"},
    # A translation behind its original (translation_status.py). {original}: a language_names
    # entry; {date}: YYYY-MM-DD; {name}: a cell id or a file name, shown as code.
    "outdated_title": "本页译文落后于原文",
    "outdated_notice": "本页的{original}原文已于 {date} 修改，这些修改尚未译入本页。",
    "outdated_notice_undated": "本页的{original}原文已有修改，这些修改尚未译入本页。",
    "open_original": "阅读{original}原文页面",
    "outdated_parts": "修改之处：",
    "outdated_cell_changed": "单元 {name}",
    "outdated_cell_added": "单元 {name}（原文新增）",
    "outdated_cell_removed": "单元 {name}（原文已删除）",
    "outdated_order": "单元的顺序",
    "outdated_answers": "答案文件 {name}",
    "outdated_figure": "图 {name}",
    "permalink": "本节链接",
    "output_label": "运行结果",
    "glossary_other_languages": "其他语言：",
}
