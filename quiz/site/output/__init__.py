"""The site's output stage: into docs/<lang>/ and, after MkDocs, site/: the generated files written (as
quiz/site/build.py makes them), search split by language, assets minified, the offline files."""
