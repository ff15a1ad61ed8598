"""The site's output stage: into docs/<lang>/ and, after MkDocs, site/: the generated files written (from the memo when
nothing changed), search split by language, assets minified, the offline files."""
