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
    "figure_open": "（点击查看大图）",  # follows the figure's description
    "figure_close": "关闭",
    "page_contents": "本页目录",
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
    "date_format": "{year}年{month}月{day}日",
    "month_names": ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
    # The footer (course_site/footer.py).  {version}: extra.cann_version; the date follows footer_updated.
    "footer_cann": "本课程基于 CANN {version} 编写",
    "footer_updated": "本页最后更新：",
    "footer_source": "源代码仓库",
    "footer_report": "报告错误",
    "footer_license": "许可证：",
    # The issue "report an error" opens: {title} of the page, {url} its address.
    "report_title": "[勘误] {title}",
    "report_body": "页面：{title}\n地址：{url}\n\n问题描述：\n",
    # "Run it" on notebook pages (course_site/downloads.py); {notebook}: the notebook's file name,
    # {environments}: run_environments, linked to the home page's section on online environments.
    "run_summary": "运行本节的 Notebook",
    "run_download": "下载本章的 Notebook（ZIP）",
    "run_contents": "压缩包里有本节的 {notebook}，以及它读取的答案文件和图片，目录结构与课程仓库相同。",
    "run_steps": "解压后用 Jupyter 打开 {notebook}，或上传到{environments}中运行。",
    "run_environments": "首页列出的在线环境",
    # The 404 page (overrides/404.html, course_site/not_found.py).
    "not_found_title": "页面不存在",
    "not_found_text": "这个地址上没有课程页面：链接可能有误，或者页面已经移动。",
    "not_found_home": "返回课程首页",
    "not_found_search": "搜索课程",
    "not_found_search_button": "搜索",
    "other_languages": "其他语言：",
}
