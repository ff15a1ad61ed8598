"""Every control's text against its background, measured in real Chromium in every state a player puts it in — at
rest, hovered, focused, pressed, answered, inside a rule marked for re-reading — in the light and the dark palette:
at least 4.5:1 (WCAG AA). axe alone never sees these states."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_helpers import QUIZ_GAMES, first, language_for, url, wrong_choice
from browsing import visitor_context
from rules_reading import GAMES, practice_games

pytestmark = pytest.mark.browser
CONTROLS = (".rr-controls button, .rr-controls input, .rr-practice-start, .rr-progress button, .rr-unknown, "
            ".rr-calc button, .rr-rule-link a, .rr-result")
# Colours as Chromium computes them, laid over each other, and their relative luminance (WCAG).
COLOURS = """
  const rgba = s => { const m = s.match(/rgba?\\(([^)]+)\\)/); if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => { const a = top[3] + under[3] * (1 - top[3]); if (!a) return [0, 0, 0, 0];
    return [0, 1, 2].map(i => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a).concat([a]); };
  const lum = c => { const v = c.slice(0, 3).map(x => { x /= 255;
    return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const behind = el => { let back = [255, 255, 255, 1]; const layers = [];
    for (let node = el; node; node = node.parentElement) layers.push(rgba(getComputedStyle(node).backgroundColor));
    for (const layer of layers.reverse()) back = over(layer, back);
    return back; };
  const contrast = (a, b) => { const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05); };
"""
CONTRAST = """selector => {""" + COLOURS + """
  const ratio = el => { const back = behind(el); return contrast(over(rgba(getComputedStyle(el).color), back), back); };
  return [...document.querySelectorAll(selector)]
    .filter(el => el.offsetParent !== null && (el.tagName === "INPUT" || el.textContent.trim()))
    .map(el => [el.outerHTML.slice(0, 90), ratio(el)]);
}"""
NO_TRANSITIONS = "*, *::before, *::after { transition: none !important; animation: none !important; }"


def low_contrast(page, state: str) -> list[str]:
    return [f"{state}: {html} {ratio:.2f}:1" for html, ratio in page.evaluate(CONTRAST, CONTROLS) if ratio < 4.5]


def each_state(page, selector: str) -> list[str]:
    """Hover, focus and press one control of each kind, measuring every control each time."""
    found = []
    for control in page.locator(selector).all()[:6]:
        if not control.is_visible() or control.is_disabled():
            continue
        control.hover()
        found += low_contrast(page, "hovered")
        control.focus()
        found += low_contrast(page, "focused")
        box = control.bounding_box()
        page.mouse.move(box["x"] + 2, box["y"] + 2)
        page.mouse.down()
        found += low_contrast(page, "pressed")
        page.mouse.up()
        page.mouse.move(0, 0)
    return found


def open_page(browser, state: str, scheme: str, address: str):
    context = visitor_context(browser, state, color_scheme=scheme)
    page = context.new_page()
    page.goto(address)
    page.add_style_tag(content=NO_TRANSITIONS)
    return context, page


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", practice_games())
def test_quiz_controls_keep_their_contrast_in_every_state(browser, server, game, scheme, state):
    context, page = open_page(browser, state, scheme, url(server, language_for(game), f"{game}/quiz/"))
    found = low_contrast(page, "at rest") + each_state(page, ".rr-controls button, .rr-practice-start, .rr-anki a")
    question = first(game, "yesno")
    page.locator(f"#q-{question['id']} .rr-choice[data-value='{wrong_choice(question)}']").click()
    found += low_contrast(page, "answered and marked")
    found += each_state(page, f".rr-rule-group[data-rule='{question['rule']}'] .rr-controls button")
    page.locator(".rr-practice-start").click()
    page.locator(".rr-practice-q").wait_for()
    found += low_contrast(page, "practice")
    context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", GAMES)
def test_refresher_controls_keep_their_contrast_in_every_state(browser, server, game, scheme, state):
    """With a rule marked (where the page asks "Do you remember?"), so the re-read line, the marked rule and its reset
    are measured too."""
    context, page = open_page(browser, state, scheme, url(server, language_for(game), f"{game}/"))
    if page.locator(".rr-q .rr-reveal").count():
        page.locator(".rr-q .rr-reveal").first.click()          # "Do you remember?": not known, so marked
        expect(page.locator(".rr-reread a")).to_be_visible()
    found = low_contrast(page, "at rest") + each_state(
        page, ".rr-controls button, .rr-calc button, .rr-reread a, .rr-jumps a, .rr-progress button")
    for die in page.locator(".rr-calc-faces .rr-die").all()[:2]:
        die.click()
    found += low_contrast(page, "calculator result")
    context.close()
    assert not found, "\n".join(found)


EDGES = """selector => {""" + COLOURS + """
  return [...document.querySelectorAll(selector)].filter(el => el.offsetParent !== null && !el.disabled).map(el => {
    const style = getComputedStyle(el), back = behind(el.parentElement);
    const edge = parseFloat(style.borderTopWidth) ? style.borderTopColor : style.backgroundColor;
    return [el.outerHTML.slice(0, 90), contrast(over(rgba(edge), back), back)];
  });
}"""


@pytest.mark.parametrize("state", ["first-visit"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_primary_buttons_have_edges_that_stand_out(browser, server, game, scheme, state):
    """WCAG 1.4.11: a filled button's edge (its border, or its fill where it has none) at least 3:1 against the page
    behind it, at rest and focused: check, practice start."""
    context, page = open_page(browser, state, scheme, url(server, language_for(game), f"{game}/quiz/"))
    found = page.evaluate(EDGES, ".md-button--primary")
    page.locator(".md-button--primary").first.focus()
    found += [(f"focused {html}", ratio) for html, ratio in page.evaluate(EDGES, ".md-button--primary")]
    context.close()
    assert found
    assert not [(html, f"{ratio:.2f}:1") for html, ratio in found if ratio < 3]
