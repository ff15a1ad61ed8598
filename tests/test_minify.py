"""What minify.py takes out of the built site: Material's palette colours the site does not use (the same rules for the
colours it does), the rules of components no page holds, and the templates' indentation (not where whitespace is the
content)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

from rules_reading import ROOT
from quiz.site.output.minify import (UNUSED_CLASSES, UNUSED_COMPONENTS, without_indentation, without_selectors,
                                     without_unused_colors)

PALETTE = ('@media screen{[data-md-color-scheme=slate]{--a:1}[data-md-color-scheme=slate][data-md-color-primary=red]'
           '{--b:2}}[data-md-color-accent=red]{--c:3}[data-md-color-accent=blue],[data-md-color-accent=custom]{--d:4}'
           ':is([data-md-color-primary=red],.x) p,[data-md-color-primary=custom] p{--e:"}{"}'
           '@media screen and (max-width:76em){[data-md-color-primary=red] .nav{--f:5}}')


def test_only_selectors_of_unused_colours_go():
    assert without_unused_colors(PALETTE, {"custom"}) == (
        '@media screen{[data-md-color-scheme=slate]{--a:1}}[data-md-color-accent=custom]{--d:4}'
        ':is([data-md-color-primary=red],.x) p,[data-md-color-primary=custom] p{--e:"}{"}')


def test_a_used_colour_keeps_every_rule_it_had():
    assert without_unused_colors(PALETTE, {"custom", "red", "blue"}) == PALETTE


def test_indentation_goes_but_not_where_whitespace_is_the_content():
    page = ("<div>\n    <span>a</span>\n    <span>b</span>\n\n\n  </div>\n<pre>  kept\n    as is</pre>\n"
            "  <textarea>\n  x</textarea>")
    assert without_indentation(page) == \
        "<div>\n<span>a</span>\n<span>b</span>\n</div>\n<pre>  kept\n    as is</pre>\n<textarea>\n  x</textarea>"
    # a page with neither (most pages take the one-pass path): the same rule
    assert without_indentation("<div>\n    <span>a</span>\n\t\n  \n  b\n</div>  \n") == \
        "<div>\n<span>a</span>\nb\n</div>  \n"


def test_a_selector_of_an_unused_component_goes_and_a_rule_left_empty_with_it():
    css = ('.md-typeset code,.md-typeset .highlight code{--a:1}.md-tabs__link{--b:2}'
           '@media screen{.md-tabs{--c:3}.md-header{--d:4}}@media print{.md-source{--e:5}}.md-tabset{--f:6}')
    assert without_selectors(css, lambda selector: bool(UNUSED_COMPONENTS.search(selector))) == (
        '.md-typeset code{--a:1}@media screen{.md-header{--d:4}}.md-tabset{--f:6}')


class _Classes(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.found.update((dict(attrs).get("class") or "").split())


def test_no_page_and_none_of_our_scripts_or_templates_uses_a_component_left_out(site_dir):
    """The rules of UNUSED_CLASSES are cut from Material's stylesheet: no element of any built page has such a class,
    and no script or template of ours writes one (our print stylesheet may name them, to hide them)."""
    classes = set()
    for page in site_dir.rglob("*.html"):
        reader = _Classes()
        reader.feed(page.read_text(encoding="utf-8"))
        classes |= reader.found
    assert not [c for c in classes if UNUSED_COMPONENTS.fullmatch("." + c)], sorted(classes)
    names = "|".join(map(re.escape, UNUSED_CLASSES))
    written = re.compile(rf"""["'](?:{names})[\w-]*["']|class="[^"]*(?<![\w-])(?:{names})""")   # a string, a class=
    sources = [*(ROOT / "docs" / "assets").glob("*.js"), *(ROOT / "overrides").rglob("*.html"),
               *(ROOT / "quiz" / "site" / "pages" / "templates").rglob("*")]
    assert not [(path.name, m.group()) for path in sources if path.is_file()
                for m in written.finditer(path.read_text(encoding="utf-8"))]
