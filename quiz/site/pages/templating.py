"""The Jinja2 environment every generated page and file is drawn with: templates from quiz/site/pages/templates/, every
value escaped (autoescape, and finalize for values outside markup), strict about undefined names."""
from __future__ import annotations

import functools
import html
import json
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

TEMPLATES = Path(__file__).resolve().parent / "templates"


def escape(value: Any) -> Markup:
    """YAML text is data, never markup: HTML special characters are shown as text (as html.escape writes them)."""
    return value if isinstance(value, Markup) else Markup(html.escape(str(value), quote=True))


@functools.cache
def templates() -> jinja2.Environment:
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, finalize=escape,
                                     undefined=jinja2.StrictUndefined)
    environment.filters["json"] = lambda value: json.dumps(value, ensure_ascii=False)
    # JSON inside <script>: never escaped as HTML (a script's text is not decoded), only "<" kept from closing it.
    environment.filters["script_json"] = lambda value: Markup(json.dumps(value, ensure_ascii=False)
                                                              .replace("<", "\\u003c"))
    environment.filters["yaml_string"] = lambda value: Markup(json.dumps(value, ensure_ascii=False))
    return environment


def render(template: str, **data: Any) -> str:
    return templates().get_template(template).render(**data)
