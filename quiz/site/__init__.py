"""The site made from rules/: load and model, lint and question bank, pages, MkDocs hooks
(layers in quiz/__init__.py)."""
