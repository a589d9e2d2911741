"""The site's words in Chinese (see __init__.py)."""

STRINGS = {
    "home": "首页",
    "coming_soon": "即将推出",
    # A planned section left out of the site: in the navigation, and after a link to it, which is text.
    "not_published": "尚未发布",
    # {original}: the name of the page's own language, as the language switcher shows it.
    "untranslated_notice": "本页尚无中文版本，下面显示的是原文（{original}）。",
    "read_original": "阅读原文页面",
    "figure_open": "（点击查看大图）",  # follows the figure's description
    "figure_close": "关闭",
    # Under a figure shown full screen that is wider than the screen (on a phone in portrait).
    "figure_pan_hint": "左右拖动查看整张图，双指可再放大。",
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
    "glossary_index": "按拼音首字母查找",
    "glossary_permalink": "链接到术语“{term}”",  # {term}: the entry's term
    # Under a term's definition shown by a first tap (tooltips.js): what a second tap does.
    "glossary_tap_again": "再点一次，打开术语表中的这个词条。",
    # The home page's catalog: {total} is a number of questions.
    "catalog_label": "课程目录",
    "catalog_exercises": "{total} 道练习题",
    # The end of a chapter practice: {chapter} is a chapter's title (a link when published),
    # {catalog} a link to the catalog on the home page, named by "catalog_label".
    "chapter_end_title": "本章完成情况",
    "chapter_end_intro": "本章各节练习的作答情况（记录保存在你的浏览器中）：",
    "chapter_end_next": "下一章：{chapter}",
    "chapter_end_next_coming": "下一章“{chapter}”即将推出，可以先在{catalog}中查看后续安排。",
    "chapter_end_last": "这是课程的最后一章。回到{catalog}。",
    # Where the reader left off (page/reading_place.py, assets/javascripts/place.js), on the home
    # page and the 404 page: before the section's title, and before the heading the reader was under.
    "continue_label": "继续学习：",
    "continue_at": "上次读到：",
    # The print pages (course_site/site/print_pages.py): {title} is the course's or a chapter's,
    # {what} the same, {count} how many sections the page holds.
    "print_title": "{title}（打印版）",
    "print_intro": "本页按顺序收录{what}的全部 {count} 节，供打印或保存为 PDF：在浏览器中选择“打印”（Ctrl+P，Mac 上为 ⌘P），目标选“另存为 PDF”即可。",
    "print_legend": "每道练习题后面紧跟答案与解析；在这个浏览器中作答过的题目，你的选择标有 ✓ 或 ✗。",
    "print_button": "打印或保存为 PDF",
    "print_contents": "本页收录的小节",
    # Links to the print pages: the catalog (each chapter, the whole course) and a chapter's end.
    "print_chapter": "打印本章",
    "print_course": "打印整门课程",
    "print_links": "打印或保存为 PDF（每道题后附答案）：",
    "print_this_chapter": "本章",
    "print_whole_course": "整门课程",
    # After the last chapter, before the links of extra.further_reading.
    "course_end_next": "接下来，在自己的模型上开启 AutoFuse，按 3.5 的方法在开启和关闭融合时各测一次。想继续深入，可以读这些资料：",
    # The quiz engine's words (quizzes/language.py lists the keys; quizzes/README.md the grammar).
    "quiz": {
        # What authors write: type markers (brackets full-width or ASCII), true/false keys besides
        # √ and ×, the label of the explanation and of other accepted short answers.
        "markers": {
            "true-false": ["（判断题）"],
            "single": ["（单选题）"],
            "multiple": ["（多选题）"],
            "short-answer": ["（填空题）"],
        },
        "true": ["对", "正确"],
        "false": ["错", "错误"],
        "explanation": ["解析"],
        "also_accepted": ["也接受"],
        # A short answer's kind line: `类型：AUTOFUSE_FLAGS`, `类型：AUTOFUSE_DFX_FLAGS`, `类型：路径`, `类型：文本`.
        "answer_kind": ["类型"],
        "answer_kinds": {"path": ["路径"], "text": ["文本"]},
        # What readers see on the page.
        "ui": {
            "kinds": {"true-false": "判断题", "single": "单选题", "multiple": "多选题", "short-answer": "填空题"},
            # 对 / 错, not 正确 / 错误: "✗ 回答错误。正确答案：错误" read as two verdicts.
            "true_label": "对",
            "false_label": "错",
            "letter_separator": "、",
            "form_separator": "、",
            "summary": "第 {n} 题 · 查看答案",
            "summary_open": "第 {n} 题 · 收起答案",
            "answer": "答案：",
            "also_accepted_label": "也接受：",
            "your_answer": "你的答案",
            "explanation_label": "解析：",
            "solutions": "答案与解析",
            # Replaces the exercise cell's closing line, which speaks to Jupyter readers.
            "solutions_intro": "也可以直接点开下面各题，查看答案与解析。",
            # On a right option the reader did not choose, where a chosen one shows ✓.
            "missed": "应选",
            "check": "检查答案",
            "retry": "重做",
            # {solutions}: a link to the solution blocks, named by "solutions".
            "no_script": "本页的练习需要 JavaScript 才能作答和批改。答案在下方的{solutions}中，点开各题即可查看。",
        },
        # What quiz.js shows: {answer}, {answered}, {correct} and {total} are filled in by it.
        "script": {
            "correct": "✓ 回答正确",
            "incorrect": "✗ 回答错误。正确答案：{answer}",
            "choose": "请先选择答案。",
            "type": "请先输入答案。",
            "pending_choice": "按 Enter 或空格键检查这个答案。",
            "pending_multiple": "选择已改动，点击“检查答案”更新结果。",
            "score": "已答 {answered} / {total} 题，首次答对 {correct} 题",
            "retry_confirm": "确定要清除本页练习的作答记录吗？",
            "not_saved": "浏览器的存储空间已满，这次作答没有保存，离开本页后就会丢失。",
            "not_kept": "浏览器不允许本站保存数据，作答记录只保留到离开本页为止。",
            # A wrong short answer: the verdict, then the reader's answer over the expected one,
            # the first difference marked; {n} is a character's position.
            "wrong": "✗ 回答错误。",
            "yours": "你的答案",
            "expected": "应为",
            "difference": "第一处不同：第 {n} 个字符",
            # Why a flag string reads otherwise than the key (quizzes/flags.py REASONS); {item}: the
            # item or key as GE reads it, {variable}: the variable a key belongs to.
            "reasons": {
                "export": "只写变量的值：`{item}` 属于 shell 命令，GE 读到的值里没有它。",
                "quotes": "去掉引号 `{item}`：引号只在 shell 命令里括住取值；写进值里，GE 会把它当作键或值的一部分，匹配不上。",
                "full_width": "全角字符 `{item}`：GE 只按英文的 `;` 和 `=` 分隔，请切换到英文标点。",
                "space": "多了空格：GE 不去掉空格，读到的是 `{item}`，匹配不上而被忽略（3.2 第 1 节）。",
                "missing_prefix": "缺少 `--`：GE 按带 `--` 的键名查找，`{item}` 会被忽略（3.2 第 1 节）。",
                "case": "大小写不对：GE 逐字比较 `{item}`，取值 `true`、`false` 和键名都是小写。",
                "wrong_variable": "`{item}` 属于 `{variable}`，写在这个变量里会被 GE 忽略。",
                "separator": "`{item}` 里连着两项：各项之间用英文分号 `;` 分隔。",
                "malformed": "`{item}` 不是 `--键=值` 的形式，GE 读不出它。",
                "duplicate": "`{item}` 出现了两次且取值不同：总开关按第一次出现的读取，其他选项按最后一次。",
                "unknown_key": "GE 不认识键 `{item}`，会静默忽略它。",
                "master_off": "总开关没有生效：没有 `--enable_autofuse=true` 时，其他选项全部失效。",
                "different": "GE 能读出每一项，但得到的设置与题目要求不同：请检查 `{item}`。",
            },
        },
        # The reader's progress in the navigation, the catalog and at the end of a chapter.
        "progress": {
            "done": "已完成",
            "section_count": "已答 {answered}/{total} · 首次答对 {correct}",
            "section_done": "已完成 · 首次答对 {correct}/{total}",
            "total": "全部练习：已答 {answered} / {total} 题，首次答对 {correct} 题。",
            "reset": "清除全部进度",
            "reset_confirm": "确定要清除所有练习的作答记录吗？",
            "reset_done": "已清除全部进度。",
            "not_kept": "浏览器不允许本站保存数据，所以这里无法显示学习进度。",
        },
    },
    "date_format": "{year}年{month}月{day}日",
    "month_names": ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
    # The footer (course_site/site/footer.py).  {version}: extra.cann_version; the date follows footer_updated.
    "footer_cann": "本课程基于 CANN {version} 编写",
    "footer_updated": "本页最后更新：",
    "footer_source": "源代码仓库",
    # After the home page's link to the offline package (offline_package.py, fill_offline_size); {size} in MB.
    "offline_size": "（{size} MB）",
    "footer_report": "报告错误",
    "footer_report_where": "报告错误：",  # followed by the platforms' names (GitHub · GitCode)
    "footer_license": "许可证：",
    # The issue "report an error" opens: {title} of the page, {url} its address.
    "report_title": "[勘误] {title}",
    "report_body": "页面：{title}\n地址：{url}\n\n问题描述：\n",
    # "Run it" on notebook pages (course_site/downloads.py); {notebook}: the notebook's file name,
    # {environments}: run_environments, linked to the home page's section on online environments.
    # An answer cell that prints code (solutions.py): its folded block, each file's download, and
    # what `!head -n N` shows.
    "solution_summary": "参考答案",
    "solution_download": "下载 {name}",
    "solution_first_lines": "（前 {n} 行）",
    "run_summary": "运行本节的 Notebook",
    "run_download": "下载本章的 Notebook（ZIP）",
    "run_contents": "压缩包里有本节的 {notebook}，以及它读取的答案文件和图片，目录结构与课程仓库相同。",
    "run_steps": "解压后用 Jupyter 打开 {notebook}。本课程还没有一键在线运行的链接：要在线运行，把解压出的文件上传到{environments}之一。",
    "run_environments": "首页列出的在线环境",
    # {cat}: the command `!cat`, as code.
    "run_shell": "Notebook 里以 ! 开头的行（如 {cat}）和调用 bash 的代码是 Unix shell 命令，在 Linux 或 macOS 上才能运行；在 Windows 上请使用在线环境。",
    # The 404 page (overrides/404.html, course_site/site/not_found.py).
    "not_found_title": "页面不存在",
    "not_found_text": "这个地址上没有课程页面：链接可能有误，或者页面已经移动。",
    "not_found_home": "返回课程首页",
    "not_found_search": "搜索课程",
    "not_found_search_button": "搜索",
    "other_languages": "其他语言：",
    # Over a table that keeps its grid on a phone, wider than the screen (course_site/page/tables.py).
    "table_hint": "表格较宽：左右滑动查看全部列。",
}
