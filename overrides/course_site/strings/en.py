"""The site's words in English (see __init__.py)."""

STRINGS = {
    "home": "Home",
    "coming_soon": "Coming soon",
    "published": "Published",
    "section": "Section",
    "status": "Status",
    # {original}: the name of the page's own language, as the language switcher shows it.
    "untranslated_notice": "This page has not been translated into English yet. It is shown in its original language ({original}).",
    "read_original": "Open the original page",
    "figure_open": " (open full screen)",  # follows the figure's description
    "figure_close": "Close",
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
    "date_format": "{day} {month_name} {year}",
    "month_names": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                    "October", "November", "December"],
    # The footer (course_site/footer.py).  {version}: extra.cann_version; the date follows footer_updated.
    "footer_cann": "Written for CANN {version}",
    "footer_updated": "This page last changed on ",
    "footer_source": "Source repository",
    "footer_report": "Report an error",
    "footer_license": "Licence: ",
    # The issue "report an error" opens: {title} of the page, {url} its address.
    "report_title": "[Erratum] {title}",
    "report_body": "Page: {title}\nAddress: {url}\n\nWhat is wrong:\n",
    # "Run it" on notebook pages (course_site/downloads.py); {notebook}: the notebook's file name,
    # {environments}: run_environments, linked to the home page's section on online environments.
    "run_summary": "Run this section's notebook",
    "run_download": "Download the chapter's notebooks (ZIP)",
    "run_contents": "The archive holds this section's {notebook} with the answer files and figures it reads, in the same folders as in the course repository.",
    "run_steps": "Unzip it and open {notebook} in Jupyter, or upload it to one of {environments}.",
    "run_environments": "the online environments listed on the home page",
    # The 404 page (overrides/404.html, course_site/not_found.py).
    "not_found_title": "Page not found",
    "not_found_text": "There is no course page at this address: the link may be wrong, or the page may have moved.",
    "not_found_home": "Go to the course home page",
    "not_found_search": "Search the course",
    "not_found_search_button": "Search",
    "other_languages": "In other languages: ",
}
