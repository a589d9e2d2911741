"""The site's words in English (see __init__.py)."""

STRINGS = {
    "home": "Home",
    "coming_soon": "Coming soon",
    # A planned section left out of the site: in the navigation, and after a link to it, which is text.
    "not_published": "Not published yet",
    # {original}: the name of the page's own language, as the language switcher shows it.
    "untranslated_notice": "This page has not been translated into English yet. It is shown in its original language ({original}).",
    "read_original": "Open the original page",
    "figure_open": " (open full screen)",  # follows the figure's description
    "figure_close": "Close",
    # Under a figure shown full screen that is wider than the screen (on a phone in portrait).
    "figure_pan_hint": "Drag the figure sideways to see all of it; pinch to zoom further.",
    "page_contents": "On this page",
    # Each language's name in running text ("the Chinese original"); the switcher's name otherwise.
    "language_names": {"zh": "Chinese", "en": "English"},
    # A translation behind its original (translation_status.py). {original}: a language_names
    # entry; {date}: YYYY-MM-DD; {name}: a cell id or a file name, shown as code.
    "outdated_title": "This translation is behind its original",
    "outdated_notice": "The {original} original of this page changed on {date}; those changes are not in this translation yet.",
    "outdated_notice_undated": "The {original} original of this page has changed; those changes are not in this translation yet.",
    "open_original": "Open the {original} page",
    "outdated_parts": "What changed:",
    "outdated_cell_changed": "cell {name}",
    "outdated_cell_added": "cell {name}, new in the original",
    "outdated_cell_removed": "cell {name}, removed from the original",
    "outdated_order": "the order of the cells",
    "outdated_answers": "the answers, {name}",
    "outdated_figure": "the figure {name}",
    "permalink": "Permanent link",
    "output_label": "Output",
    "glossary_other_languages": "In other languages: ",
    "glossary_index": "Terms by initial letter",
    "glossary_permalink": "Link to the term “{term}”",  # {term}: the entry's term
    # Under a term's definition shown by a first tap (tooltips.js): what a second tap does.
    "glossary_tap_again": "Tap again to open its entry in the glossary.",
    # The home page's catalog: {total} is a number of questions.
    "catalog_label": "course contents",
    "catalog_exercises": "{total} questions",
    # The end of a chapter practice: {chapter} is a chapter's title (a link when published),
    # {catalog} a link to the catalog on the home page, named by "catalog_label".
    "chapter_end_title": "Your progress in this chapter",
    "chapter_end_intro": "Your answers to the exercises of this chapter (kept in your browser):",
    "chapter_end_next": "Next chapter: {chapter}",
    "chapter_end_next_coming": "The next chapter, “{chapter}”, is coming soon: see what comes next in the {catalog}.",
    "chapter_end_last": "This is the last chapter of the course. Back to the {catalog}.",
    # Where the reader left off (page/reading_place.py, assets/javascripts/place.js), on the home
    # page and the 404 page: before the section's title, and before the heading the reader was under.
    "continue_label": "Continue: ",
    "continue_at": "You were at: ",
    # The print pages (course_site/site/print_pages.py): {title} is the course's or a chapter's,
    # {what} the same, {count} how many sections the page holds.
    "print_title": "{title} (print edition)",
    "print_intro": "This page holds {what}, all {count} sections in order, for printing or saving as a PDF: choose Print in your browser (Ctrl+P, or ⌘P on a Mac) and Save as PDF as the destination.",
    "print_legend": "Each exercise is followed by its answer and explanation; where you have answered in this browser, your choice is marked ✓ or ✗.",
    "print_button": "Print or save as PDF",
    "print_contents": "Sections in this edition",
    # Links to the print pages: the catalog (each chapter, the whole course) and a chapter's end.
    "print_chapter": "Print this chapter",
    "print_course": "Print the whole course",
    "print_links": "Print or save as PDF, with the answer after each question: ",
    "print_this_chapter": "this chapter",
    "print_whole_course": "the whole course",
    # After the last chapter, before the links of extra.further_reading.
    "course_end_next": "Next, enable AutoFuse on your own model and measure it with fusion on and off, as in 3.5. To go further, read these:",
    # The quiz engine's words (quizzes/language.py lists the keys; quizzes/README.md the grammar).
    "quiz": {
        # What authors write: type markers (any letter case), true/false keys besides √ and ×,
        # the label of the explanation and of other accepted short answers.
        "markers": {
            "true-false": ["(True/False)"],
            "single": ["(Single choice)"],
            "multiple": ["(Multiple choice)"],
            "short-answer": ["(Short answer)"],
        },
        "true": ["True"],
        "false": ["False"],
        "explanation": ["Explanation"],
        "also_accepted": ["Also accepted"],
        # A short answer's kind line: `Kind: AUTOFUSE_FLAGS`, `Kind: AUTOFUSE_DFX_FLAGS`, `Kind: path`, `Kind: text`.
        "answer_kind": ["Kind"],
        "answer_kinds": {"path": ["path"], "text": ["text"]},
        # What readers see on the page.
        "ui": {
            "kinds": {"true-false": "True/False", "single": "Single choice", "multiple": "Multiple choice",
                      "short-answer": "Short answer"},
            "true_label": "True",
            "false_label": "False",
            "letter_separator": ", ",
            "form_separator": ", ",
            "summary": "Question {n} · Show answer",
            "summary_open": "Question {n} · Hide answer",
            "answer": "Answer: ",
            "also_accepted_label": "Also accepted: ",
            "your_answer": "Your answer",
            "explanation_label": "Explanation: ",
            "solutions": "Answers and explanations",
            # Replaces the exercise cell's closing line, which speaks to Jupyter readers.
            "solutions_intro": "You can also open each question below to read its answer and explanation.",
            # On a right option the reader did not choose, where a chosen one shows ✓.
            "missed": "Missed",
            "check": "Check answer",
            "retry": "Try again",
            # {solutions}: a link to the solution blocks, named by "solutions".
            "no_script": "The exercises on this page need JavaScript to be answered and checked. "
                         "Their answers are below, under {solutions}: open each question to read it.",
        },
        # What quiz.js shows: {answer}, {answered}, {correct} and {total} are filled in by it.
        "script": {
            "correct": "✓ Correct",
            "incorrect": "✗ Incorrect. Correct answer: {answer}",
            "choose": "Choose an answer first.",
            "type": "Type an answer first.",
            "pending_choice": "Press Enter or Space to check this answer.",
            "pending_multiple": "Your selection changed: press “Check answer” to update the result.",
            "score": "Answered {answered} of {total}, {correct} correct at the first try",
            "retry_confirm": "Clear your answers to the exercises on this page?",
            "not_saved": "Your browser's storage is full: this answer was not saved and will be lost when you leave the page.",
            "not_kept": "Your browser does not let this site keep data, so your answers last only until you leave the page.",
            # A wrong short answer: the verdict, then the reader's answer over the expected one,
            # the first difference marked; {n} is a character's position.
            "wrong": "✗ Incorrect.",
            "yours": "Yours",
            "expected": "Expected",
            "difference": "First difference: character {n}",
            # Why a flag string reads otherwise than the key (quizzes/flags.py REASONS); {item}: the
            # item or key as GE reads it, {variable}: the variable a key belongs to.
            "reasons": {
                "export": "Write only the value: `{item}` is part of the shell command, not of the value GE reads.",
                "quotes": "Leave out the quote `{item}`: quotes only enclose the value in a shell command; inside the value, GE reads them as part of a key or value, which then matches nothing.",
                "full_width": "Full-width `{item}`: GE splits only on the ASCII `;` and `=`; switch to English punctuation.",
                "space": "A space: GE does not trim, so it reads `{item}`, which matches nothing and is ignored (3.2 §1).",
                "missing_prefix": "Missing `--`: GE looks keys up with their `--`, so `{item}` is ignored (3.2 §1).",
                "case": "Letter case: GE compares `{item}` character by character; the values `true` and `false` and the keys are lower case.",
                "wrong_variable": "`{item}` belongs to `{variable}`; in this variable GE ignores it.",
                "separator": "`{item}` runs two items together: separate items with an ASCII semicolon `;`.",
                "malformed": "`{item}` is not in the form `--key=value`, so GE cannot read it.",
                "duplicate": "`{item}` appears twice with different values: GE reads the master switch from the first, other options from the last.",
                "unknown_key": "GE does not know the key `{item}` and ignores it silently.",
                "master_off": "The master switch is not on: without `--enable_autofuse=true`, every other option is ignored.",
                "different": "GE reads every item, but ends up with other settings than the question asks for: check `{item}`.",
            },
        },
        # The reader's progress in the navigation, the catalog and at the end of a chapter.
        "progress": {
            "done": "completed",
            "section_count": "{answered} of {total} answered · {correct} first-try correct",
            "section_done": "Completed · {correct} of {total} first-try correct",
            "total": "All exercises: {answered} of {total} answered, {correct} correct at the first try.",
            "reset": "Reset all progress",
            "reset_confirm": "Clear your answers to every exercise?",
            "reset_done": "All progress cleared.",
            "not_kept": "Your browser does not let this site keep data, so your progress cannot be shown here.",
        },
    },
    "date_format": "{day} {month_name} {year}",
    "month_names": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                    "October", "November", "December"],
    # The footer (course_site/site/footer.py).  {version}: extra.cann_version; the date follows footer_updated.
    "footer_cann": "Written for CANN {version}",
    "footer_updated": "This page last changed on ",
    "footer_source": "Source repository",
    # After the home page's link to the offline package (offline_package.py, fill_offline_size); {size} in MB.
    "offline_size": " ({size} MB)",
    "footer_report": "Report an error",
    "footer_report_where": "Report an error: ",  # followed by the platforms' names (GitHub · GitCode)
    "footer_license": "Licence: ",
    # The issue "report an error" opens: {title} of the page, {url} its address.
    "report_title": "[Erratum] {title}",
    "report_body": "Page: {title}\nAddress: {url}\n\nWhat is wrong:\n",
    # "Run it" on notebook pages (course_site/downloads.py); {notebook}: the notebook's file name,
    # {environments}: run_environments, linked to the home page's section on online environments.
    # An answer cell that prints code (solutions.py): its folded block, each file's download, and
    # what `!head -n N` shows.
    "solution_summary": "Reference solution",
    "solution_download": "Download {name}",
    "solution_first_lines": "(first {n} lines)",
    "run_summary": "Run this section's notebook",
    "run_download": "Download the chapter's notebooks (ZIP)",
    "run_contents": "The archive holds this section's {notebook} with the answer files and figures it reads, in the same folders as in the course repository.",
    "run_steps": "Unzip it and open {notebook} in Jupyter. This course has no one-click online links yet: to run it online, upload the unzipped files to one of {environments}.",
    "run_environments": "the online environments listed on the home page",
    # {cat}: the command `!cat`, as code.
    "run_shell": "Lines starting with ! (such as {cat}) and code that calls bash are Unix shell commands: they run on Linux or macOS only; on Windows, use an online environment.",
    # The 404 page (overrides/404.html, course_site/site/not_found.py).
    "not_found_title": "Page not found",
    "not_found_text": "There is no course page at this address: the link may be wrong, or the page may have moved.",
    "not_found_home": "Go to the course home page",
    "not_found_search": "Search the course",
    "not_found_search_button": "Search",
    "other_languages": "In other languages: ",
    # Over a table that keeps its grid on a phone, wider than the screen (course_site/page/tables.py).
    "table_hint": "A wide table: swipe sideways to see every column.",
}
