"""The site's languages, from the one list in mkdocs.yml (the i18n plugin's `languages`, read by
adapters/i18n.py, for the build and the tools alike).

File names carry their language as a suffix before the extension (`x.en.ipynb`,
`a.en.svg`, `01.02_answer.en.txt`); a name without a known suffix is in the default
language.  Everything here is pure: the list is read from the configuration once, by
the adapter, and handed around as a `Languages` value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath


@dataclass(frozen=True)
class Languages:
    default: str
    codes: tuple[str, ...]  # every language the site is built in, the default one first
    names: Mapping[str, str]  # each language's name for itself, as the switcher shows it

    @property
    def others(self) -> tuple[str, ...]:
        return tuple(code for code in self.codes if code != self.default)

    def of(self, name: str) -> str:
        """`x.en.ipynb` -> 'en'; `x.ipynb`, or a suffix that is no language of the site -> the default."""
        parts = PurePosixPath(name).name.split(".")
        if len(parts) >= 3 and parts[-2] in self.others:
            return parts[-2]
        return self.default

    def original(self, name: str) -> str:
        """The default-language source of a translation: `ch/x.en.ipynb` -> `ch/x.ipynb`."""
        language = self.of(name)
        if language == self.default:
            return name
        path = PurePosixPath(name)
        stem, extension = path.name.rsplit(f".{language}.", 1)
        return str(path.with_name(f"{stem}.{extension}"))

    def translation(self, name: str, language: str) -> str:
        """The name of `name`'s version in `language`: `ch/x.ipynb`, 'en' -> `ch/x.en.ipynb`."""
        original = PurePosixPath(self.original(name))
        if language == self.default:
            return str(original)
        return str(original.with_name(f"{original.stem}.{language}{original.suffix}"))

    def folder(self, language: str) -> str:
        """Where a language's pages live: '' for the default language, 'en/' for English."""
        return "" if language == self.default else f"{language}/"

    def of_url(self, url: str) -> str:
        """The language of the site a page belongs to, from where it is published: `en/ch/x.html`
        -> 'en' (an untranslated page shown there too); `ch/x.html` -> the default."""
        for code in self.others:
            if url.startswith(self.folder(code)):
                return code
        return self.default

    def without_folder(self, url: str) -> str:
        """`en/ch/x.html` -> `ch/x.html`: the same page's path in any language."""
        for code in self.others:
            if url.startswith(self.folder(code)):
                return url[len(self.folder(code)):]
        return url
