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
}
