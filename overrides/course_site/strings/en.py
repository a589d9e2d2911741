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
    "figure_open": "(open full screen)",
    "figure_close": "Close",
    "page_contents": "On this page",
    "permalink": "Permanent link",
    "output_label": "Output",
    "glossary_other_languages": "In other languages: ",
}
