"""What a built page may weigh, gzip-compressed: the limits the tests hold every page to and `make bench` reports
against, kept here so both read one figure (and the bench runs without the test suite's imports)."""
from __future__ import annotations

FIRST_LOAD_BUDGET = 80 * 1024   # everything a page loads before anyone touches it: HTML, CSS, JS, icon
OWN_BUDGET = 12_800             # of that, our own JS + CSS (a calculator's words for the win and its score parsing
# load with race.js, when first needed)
HTML_BUDGET = 16 * 1024         # one page's HTML
