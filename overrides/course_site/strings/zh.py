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
    "figure_open": "（点击查看大图）",
    "figure_close": "关闭",
    "page_contents": "本页目录",
    "permalink": "本节链接",
    "output_label": "运行结果",
    "glossary_other_languages": "其他语言：",
}
