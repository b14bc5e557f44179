"""The 60 adventure cards of GT-7, drawn from the engine's card data (``cards.py``), and their
backs by level.

Poker size, printed butted (nine to an A4 sheet, eight to Letter).  Every parameter is an
icon with its number or letter beside it, so the card reads at a glance and in greyscale:
meteors (small, large) and
shots (light, heavy) each in a box around a small ship with the side they come from; goods as
lettered cubes; crew figures; credit coins; a calendar for the flight days lost.  The lower
left corner carries the test-flight mark on the eight marked cards; the foot carries the
tracker's notation (``card:II-7``), the event a table logs when the card is turned up.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.cards import Card, Line, all_cards
from pnp.games.galaxy_trucker.events import Flip, format_event
from pnp.render.art import (
    GREY,
    INK,
    WHITE,
    Look,
    centred_text,
    hex_color,
    paint,
    paragraph,
    polygon,
    tint,
)
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.galaxy_trucker.card_icons import (
    calendar,
    coin,
    criterion_icon,
    cubes,
    figure,
    scaled_tile_icon,
    strength_badge,
    test_mark,
    threat_row,
)
from pnp.render.geometry import mm
from pnp.render.piecepack import Art, Piece
from pnp.render.stamps import stamped

CARD_W, CARD_H = mm(63), mm(88)  # poker size
LEVEL_NAMES = {1: "I", 2: "II", 3: "III"}
LEVEL_INK = {1: hex_color("#1f7a8c"), 2: hex_color("#c0661c"), 3: hex_color("#6b3fa0")}
BAND_H = mm(11)
FOOT_H = mm(9)
PAD = mm(3.5)

SAY: dict[str, str] = {
    # our own one-line summaries of what each kind of card does
    "open": "Leader first, each ship flies ahead as many days as its engine strength. "
            "Strength 0: give up.",
    "planets": "Leader first, land on a free planet or fly by. Those who land load its "
               "goods, then lose the days (last ship first).",
    "ship": "The first ship to accept gives up that crew, takes the credits and loses the "
            "days.",
    "station": "The first ship with at least that much crew may dock: load the goods and lose "
               "the days. Nobody leaves.",
    "meteors": "Every ship faces each meteor in turn; the leader rolls the line.",
    "smugglers": "Leader first, compare cannon strength. Beat them: take the goods and lose "
                 "the days (or decline). Lose: give up your most valuable goods.",
    "slavers": "Leader first, compare cannon strength. Beat them: take the credits and lose "
               "the days (or decline). Lose: give up crew.",
    "pirates": "Leader first, compare cannon strength. Beat them: take the credits and lose "
               "the days (or decline). All who lose face the same shots.",
    "combat": "Line by line, the weakest ship pays (a tie: the one further ahead).",
    "stardust": "Each ship loses 1 flight day per exposed connector (last ship first).",
    "epidemic": "Each occupied cabin joined to another occupied cabin loses one figure.",
    "sabotage": "The ship with the fewest crew (tie: the one ahead) rolls a square, up to "
                "three tries; a component hit there is lost.",
}
CRITERION_WORDS = {"crew": "fewest crew", "engines": "weakest engines",
                   "cannons": "weakest cannons"}


def notation(card: Card) -> str:
    """What a table logs when this card is turned up."""
    return format_event(Flip(card.id))


# -- icons ----------------------------------------------------------------------------------


# -- the card faces -------------------------------------------------------------------------

def _frame(c: Canvas, card: Card, w: float, h: float, look: Look, bleed: float = 0.0) -> None:
    ink = LEVEL_INK[card.level]
    if look.low_ink:
        c.setStrokeColor(ink)
        c.setLineWidth(1.0)
        c.roundRect(mm(1.2), mm(1.2), w - mm(2.4), h - mm(2.4), mm(2.5), stroke=1, fill=0)
        c.line(mm(1.2), h - BAND_H, w - mm(1.2), h - BAND_H)
        title_ink = ink
    else:
        b = bleed  # colour runs into the bleed (butted cards: clipped to the block's outside)
        c.setFillColor(WHITE)
        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        c.setFillColor(ink)
        c.rect(-b, h - BAND_H, w + 2 * b, BAND_H + b, stroke=0, fill=1)
        c.setFillColor(tint(ink, 0.12))
        c.rect(-b, -b, w + 2 * b, FOOT_H + b, stroke=0, fill=1)
        title_ink = WHITE
    c.setFillColor(title_ink)
    size = 11.0
    while text_width(card.title, BOLD, size) > w - mm(20) and size > 7:
        size -= 0.5
    c.setFont(BOLD, size)
    c.drawString(PAD, h - BAND_H + mm(3.6), card.title)
    c.setFont(BOLD, 9)
    c.drawRightString(w - PAD, h - BAND_H + mm(3.8), card.id)
    # the foot: test-flight mark, the tracker's notation, the days lost
    if card.marked:
        test_mark(c, PAD + mm(2.6), mm(4.5), mm(2.6), look)
        c.setFillColor(INK)
        c.setFont(BOLD, 5.5)
        c.drawString(PAD + mm(6), mm(5), "test flight")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6)
    c.drawCentredString(w / 2, mm(2.6), notation(card))  # 10 mm from a butted Letter edge
    if card.days:
        calendar(c, card.days, w - PAD - mm(7), mm(1.3), mm(7), look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 5.5)
        c.drawRightString(w - PAD - mm(8), mm(5), "flight days")


def _say(c: Canvas, card: Card, w: float, top: float) -> float:
    c.setFillColor(GREY)
    return paragraph(c, SAY[card.kind], PAD, top, w - 2 * PAD, REGULAR, 6.8, 8.0)


def _planets(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    y = top
    s = mm(5.2)
    for k, row in enumerate(card.planets):
        y -= mm(8.6)
        cx = PAD + mm(3.4)
        st, fl = paint(c, look, hex_color("#4f7cac"), solid=True)
        c.circle(cx, y + s / 2, mm(3.2), stroke=st, fill=fl)
        c.setFillColor(WHITE if not look.low_ink else INK)
        centred_text(c, str(k + 1), cx, y + s / 2, mm(2.4), BOLD)
        cubes(c, row, PAD + mm(8.5), y, s, look)
    return y - mm(3)


def _reward_row(c: Canvas, label: str, y: float, w: float) -> float:
    c.setFillColor(INK)
    c.setFont(BOLD, 7)
    c.drawString(PAD, y, label)
    return y


def _crew_count(c: Canvas, n: int, x: float, y: float, look: Look) -> float:
    """A figure and "N crew"; returns x after."""
    figure(c, x + mm(2.5), y, mm(6), look)
    c.setFillColor(INK)
    c.setFont(BOLD, 13)
    c.drawString(x + mm(6), y + mm(0.8), str(n))
    x += mm(6) + text_width(str(n), BOLD, 13) + mm(1)
    c.setFont(REGULAR, 6.5)
    c.drawString(x, y + mm(1.2), "crew")
    return x + text_width("crew", REGULAR, 6.5) + mm(2)


def _ship_card(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    """Crew -> credits or goods, enlarged as far as the row fits the card."""
    y = top - mm(18)
    crew = mm(14.5) + text_width(str(card.crew), BOLD, 13) + mm(6)  # as _crew_count + arrow
    wide = crew + (mm(18.5) if card.kind == "ship" else len(card.goods) * mm(6))
    k = min(1.3, (w - 2 * PAD) / wide)
    c.saveState()
    c.translate(PAD * (1 - k), y * (1 - k))  # (PAD, y) stays put
    c.scale(k, k)
    _ship_row(c, card, y, look)
    c.restoreState()
    return y - mm(5)


def _ship_row(c: Canvas, card: Card, y: float, look: Look) -> None:
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    verb = "give up" if card.kind == "ship" else "needs at least"
    c.drawString(PAD, y + mm(8.5), verb)
    x = _crew_count(c, card.crew, PAD, y, look)
    c.setFillColor(INK)
    c.setFont(BOLD, 12)
    c.drawString(x, y + mm(1), "\u2192")
    x += mm(6)
    if card.kind == "ship":
        coin(c, card.credits, x + mm(4), y + mm(3), mm(4), look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 6.5)
        c.drawString(x + mm(9), y + mm(1.2), "credits")
    else:
        cubes(c, card.goods, x, y, mm(5.2), look)


def _enemy(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    y = top - mm(11)
    strength_badge(c, card.strength, PAD, y, look)
    y -= mm(9)
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    c.drawString(PAD, y + mm(2), "win:")
    x = PAD + mm(9)
    if card.kind == "smugglers":
        cubes(c, card.goods, x, y, mm(5.2), look)
    else:
        coin(c, card.credits, x + mm(4), y + mm(2.8), mm(4), look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 6.5)
        c.drawString(x + mm(9.5), y + mm(1.6), "credits")
    y -= mm(9)
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    c.drawString(PAD, y + mm(2), "lose:")
    if card.kind == "smugglers":
        c.setFont(BOLD, 13)
        c.drawString(x, y + mm(1), str(card.loss))
        c.setFont(REGULAR, 6.5)
        c.drawString(x + mm(4.5), y + mm(1.5), "most valuable goods")
        y -= mm(4)
    elif card.kind == "slavers":
        _crew_count(c, card.loss, x, y, look)
        y -= mm(4)
    else:
        y = threat_row(c, card.threats, PAD, w - PAD, y - mm(1), look, mm(10.5)) + mm(2)
    return y


def _penalty(c: Canvas, line: Line, x: float, y: float, w: float, look: Look) -> float:
    """One combat-zone penalty with its top at y; returns the y below it."""
    if line.penalty == "shots":
        return threat_row(c, line.threats, PAD, w - PAD, y, look, mm(8)) + mm(1.5)
    base = y - mm(6)
    if line.penalty == "days":
        calendar(c, line.amount, x, base, mm(6.5), look)
        word = "flight days"
    elif line.penalty == "crew":
        figure(c, x + mm(3), base, mm(6), look)
        word = "crew"
    else:
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        c.setFillColor(WHITE)
        c.rect(x + mm(0.5), base, mm(5.5), mm(5.5), stroke=1, fill=1)
        c.setFillColor(INK)
        centred_text(c, "?", x + mm(3.25), base + mm(2.75), mm(2.8), BOLD)
        word = "goods, most valuable first"
    c.setFillColor(INK)
    c.setFont(BOLD, 12)
    c.drawString(x + mm(8.5), base + mm(1.2), f"-{line.amount}")
    c.setFont(REGULAR, 6.5)
    c.drawString(x + mm(8.5) + text_width(f"-{line.amount}", BOLD, 12) + mm(1.5),
                 base + mm(1.6), word)
    return base - mm(2.5)


def _combat(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    y = top
    for k, line in enumerate(card.lines):
        if k:
            c.setStrokeColor(tint(GREY, 0.5))
            c.setLineWidth(0.4)
            c.line(PAD, y + mm(1), w - PAD, y + mm(1))
        criterion_icon(c, line.criterion, PAD + mm(3), y - mm(3.2), look)
        c.setFillColor(INK)
        c.setFont(BOLD, 7.5)
        c.drawString(PAD + mm(8), y - mm(4.2), f"{CRITERION_WORDS[line.criterion]} pays")
        y = _penalty(c, line, PAD + mm(8), y - mm(6.2), w, look)
    return y


def _simple(c: Canvas, card: Card, w: float, top: float, look: Look) -> float:
    cy = top - mm(16)
    if card.kind == "open":
        scaled_tile_icon(c, "engines", w / 2 - mm(12), cy + mm(1), mm(22), look)
        st, fl = paint(c, look, LEVEL_INK[card.level], solid=True)
        polygon(c, [(w / 2, cy + mm(2.5)), (w / 2 + mm(12), cy + mm(2.5)),
                    (w / 2 + mm(12), cy + mm(6)), (w / 2 + mm(20), cy),
                    (w / 2 + mm(12), cy - mm(6)),
                    (w / 2 + mm(12), cy - mm(2.5)), (w / 2, cy - mm(2.5))], st, fl)
        c.setFillColor(INK)
        c.setFont(BOLD, 7)
        c.drawCentredString(w / 2, cy - mm(13), "days ahead = engine strength")
    elif card.kind == "stardust":
        for k in range(7):
            a = k * 2.3
            r = mm(2 + 1.6 * k)
            st, fl = paint(c, look, hex_color("#9aa6bd"), solid=True)
            c.circle(w / 2 + r * math.cos(a), cy + r * math.sin(a) * 0.6, mm(0.9 + 0.2 * k),
                     stroke=st, fill=fl)
    elif card.kind == "epidemic":
        for dx in (-mm(7), mm(7)):
            scaled_tile_icon(c, "crew", w / 2 + dx, cy, mm(16), look)
        c.setStrokeColor(hex_color("#2f9e44"))
        c.setLineWidth(1.4)
        c.line(w / 2 - mm(1.5), cy, w / 2 + mm(1.5), cy)
    else:  # sabotage
        st, fl = paint(c, look, hex_color("#c0392b"), solid=True)
        c.circle(w / 2, cy, mm(6), stroke=st, fill=fl)
        c.setStrokeColor(INK)
        c.setLineWidth(0.9)
        c.line(w / 2 + mm(4), cy + mm(4), w / 2 + mm(8), cy + mm(9))
        c.setFillColor(WHITE if not look.low_ink else INK)
        centred_text(c, "2d6", w / 2, cy, mm(3), BOLD)
    caption = {"stardust": "-1 day per exposed connector",
               "epidemic": "joined occupied cabins: -1 figure each",
               "sabotage": "fewest crew: up to 3 rolls for a square"}.get(card.kind)
    if caption:
        c.setFillColor(INK)
        c.setFont(BOLD, 7)
        c.drawCentredString(w / 2, cy - mm(13), caption)
    return cy - mm(14)


def card_front(card: Card) -> Art:
    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _frame(c, card, w, h, look, bleed)
        top = h - BAND_H - mm(2)
        k = card.kind
        if k == "planets":
            y = _planets(c, card, w, top, look)
        elif k in ("ship", "station"):
            y = _ship_card(c, card, w, top, look)
        elif k == "meteors":
            y = threat_row(c, card.threats, PAD, w - PAD, top - mm(3), look)
        elif k in ("smugglers", "slavers", "pirates"):
            y = _enemy(c, card, w, top, look)
        elif k == "combat":
            y = _combat(c, card, w, top, look)
        else:
            y = _simple(c, card, w, top, look)
        _say(c, card, w, min(y, FOOT_H + mm(16)) if k != "combat" else FOOT_H + mm(10.5))
    return draw


def card_back(level: int) -> Art:
    ink = LEVEL_INK[level]
    name = LEVEL_NAMES[level]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        if look.low_ink:
            c.setStrokeColor(ink)
            c.setLineWidth(1.4)
            c.roundRect(mm(3), mm(3), w - mm(6), h - mm(6), mm(3), stroke=1, fill=0)
        else:
            c.setFillColor(ink)
            c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
            c.setFillColor(tint(ink, 0.75))
            c.roundRect(mm(3), mm(3), w - mm(6), h - mm(6), mm(3), stroke=0, fill=1)
            c.setFillColor(WHITE)
            for k in range(24):  # a fixed scatter of stars
                x = mm(5) + (k * 37 % 53) / 53 * (w - mm(10))
                y = mm(5) + (k * 61 % 83) / 83 * (h - mm(10))
                if abs(x - w / 2) < mm(16) and h / 2 - mm(21) < y < h / 2 + mm(13):
                    continue  # no star on the level and its words
                c.circle(x, y, 0.5 + (k % 3) * 0.35, stroke=0, fill=1)
        c.setFillColor(WHITE if not look.low_ink else ink)
        centred_text(c, name, w / 2, h / 2 + mm(4), mm(16), BOLD)
        centred_text(c, "ADVENTURE", w / 2, h / 2 - mm(13), mm(3.2), BOLD)
        centred_text(c, f"level {name}", w / 2, h / 2 - mm(19), mm(2.4), REGULAR)
        c.setStrokeColor(WHITE if not look.low_ink else ink)
        c.setLineWidth(1)
        r = mm(22)
        pts = [(w / 2 + r * math.cos(a / 20 * math.pi), h / 2 + mm(4) + r * 0.5 * math.sin(
            a / 20 * math.pi)) for a in range(41)]
        p = c.beginPath()
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        c.drawPath(p, stroke=1, fill=0)
    return stamped(draw)


def card_pieces() -> list[Piece]:
    """One piece per GT-7 card, in the engine's order (I-1 .. III-20)."""
    backs = {lvl: card_back(lvl) for lvl in LEVEL_NAMES}
    return [Piece("card", f"adventure card {card.id}", CARD_W, CARD_H, card_front(card),
                  backs[card.level]) for card in all_cards().values()]


__all__ = ["CARD_H", "CARD_W", "card_back", "card_front", "card_pieces", "notation"]
