"""Every reach into another project's internals, and nowhere else: one module per project.

The site depends on behaviour that MkDocs, mkdocs-static-i18n, mkdocs-jupyter, nbconvert and
Material do not document as an interface: attributes of their plugin objects, the markup of
nbconvert's template, the file name of Material's script bundle, bleach's filter.  Each module
here holds one project's, marked with the version it was written against (`WRITTEN_AGAINST`); the
guard test (tests/test_adapters.py) fails when requirements.txt pins another one, and points here
and at the overridden templates (material.OVERRIDDEN_TEMPLATES).  To support a new version of a
dependency: read that project's changes for the functions of its module, adjust them, recheck
the overridden template blocks against the new Material, then update the pin and the module's
`WRITTEN_AGAINST` together.

- i18n.py: mkdocs-static-i18n (the language passes, the switcher)
- jupyter.py: mkdocs-jupyter, and MkDocs' files as static-i18n leaves notebooks
- nbconvert.py: the markup of a converted notebook
- material.py: Material's templates, bundle, tables and offline plugin
- material_search.py: Material's search plugin, index and worker
- bleach.py: bleach's filter, as the content check (sanitise.py) uses it
"""
