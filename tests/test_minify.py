"""What minify.py takes out of the built site: Material's palette colours the site does not use (the same rules for the\ncolours it does), and the templates' indentation (not where whitespace is the content)."""
from __future__ import annotations

from quiz.site.minify import without_indentation, without_unused_colors

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
    page = "<div>\n    <span>a</span>\n    <span>b</span>\n\n\n  </div>\n<pre>  kept\n    as is</pre>\n  <textarea>\n  x</textarea>"
    assert without_indentation(page) == \
        "<div>\n<span>a</span>\n<span>b</span>\n</div>\n<pre>  kept\n    as is</pre>\n<textarea>\n  x</textarea>"
