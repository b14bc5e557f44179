"""Tapping a table page like a person on a phone (Playwright): an entry is tapped on the board
when it has a place there (through the place's list when it has several), else on its button,
else picked from the list; ``typed`` opens the notation box."""

from __future__ import annotations

from typing import Any

PHONE = {"width": 390, "height": 844}


def attr(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def target(page: Any, text: str) -> Any:
    """The element a person taps first for ``text`` (a board place or a button)."""
    for selector in (f'#live button.spot[data-text="{attr(text)}"]',
                     f'#live button.spot[data-alike~="{attr(text)}"]'):
        if page.locator(selector).count():
            return page.locator(selector).first
    multi = page.locator("#live .pick").filter(
        has=page.locator(f'button[data-text="{attr(text)}"]'))
    if multi.count():
        key = str(multi.first.get_attribute("id"))
        return page.locator(f'#live button.spot[data-pick="{key}"]').first
    button = page.locator(f'#choices button[data-text="{attr(text)}"]')
    if button.count():
        return button.first
    return page.locator("#live .pick-list select").first


def tap(page: Any, text: str) -> str:
    """Log one entry by tapping; returns how: "board", "board+list", "button" or "select"."""
    spot = page.locator(f'#live button.spot[data-text="{attr(text)}"]')
    if not spot.count():  # an entry with the very same result as the one the place logs
        spot = page.locator(f'#live button.spot[data-alike~="{attr(text)}"]')
    if spot.count():
        spot.first.click()
        return "board"
    multi = page.locator("#live .pick").filter(
        has=page.locator(f'button[data-text="{attr(text)}"]'))
    if multi.count():
        key = str(multi.first.get_attribute("id"))
        page.click(f'#live button.spot[data-pick="{key}"]')
        page.click(f'#{key} button[data-text="{attr(text)}"]')
        return "board+list"
    button = page.locator(f'#choices button[data-text="{attr(text)}"]')
    if button.count():
        button.first.click()
        return "button"
    select = page.locator("#live .pick-list select")
    if select.count():
        select.select_option(value=text)
        page.click("#live .pick-list button")
        return "select"
    raise AssertionError(f"{text!r} cannot be tapped on this page")


def typed(page: Any, text: str) -> None:
    if not page.locator("#text").is_visible():
        page.click("#live details.typed-box summary")
    page.fill("#text", text)
    page.click("#log")


def legal(page: Any) -> list[str]:
    """Every entry the page offers (board, panels, buttons, list), in page order, once."""
    values = page.locator("#live [data-text], #live .pick-list option").evaluate_all(
        "els => els.map(e => e.getAttribute('data-text') || e.value)")
    return list(dict.fromkeys(values))


def wait_until(check: Any, page: Any, timeout: float = 10000) -> None:
    """Poll from Python (the pages' Content-Security-Policy forbids the eval that
    ``wait_for_function`` needs)."""
    waited = 0.0
    while not check():
        if waited > timeout:
            raise AssertionError("timed out waiting for the page")
        page.wait_for_timeout(50)
        waited += 50


def wait_seq_above(page: Any, seq: int, timeout: float = 10000) -> int:
    wait_until(lambda: seq_of(page) > seq, page, timeout)
    return seq_of(page)


def wait_count(page: Any, selector: str, above: int, timeout: float = 10000) -> int:
    wait_until(lambda: page.locator(selector).count() > above, page, timeout)
    return int(page.locator(selector).count())


def seq_of(page: Any) -> int:
    return int(page.get_attribute("#live", "data-seq"))
