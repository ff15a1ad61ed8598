"""The MkDocs hooks, one concern a file, listed in mkdocs.yml: generation.py (rules/ into docs/<lang>/, serve's
reloads), material.py (Material's markup), after_build.py (site/ finished); session.py is what they share."""
