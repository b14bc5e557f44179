"""Score, first-player, ship, player, station and segment tokens and the round marker."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.spatial_delivery.board import SEGMENTS
from pnp.games.spatial_delivery.cards import COLOURS, STATIONS_PER_PLAYER
from pnp.games.spatial_delivery.sheet import MAX_PLAYERS
from pnp.render.art import INK, LIGHT, WHITE, Look, centred_text, hex_color, paint
from pnp.render.fonts import BOLD, CONDENSED_BOLD, REGULAR
from pnp.render.geometry import mm
from pnp.render.piecepack import Art, Piece
from pnp.render.spatial_delivery.art import (
    GOODS_RGB,
    GOODS_WORD,
    PLAYERS,
    SCORE_TOKENS,
    SEGMENT_GREY,
    SEGMENT_H,
    SEGMENT_W,
    STATION,
    TOKEN,
    draw_rocket,
)
from pnp.render.stamps import stamped


# -- pieces: tokens ---------------------------------------------------------------------------
def _disc(c: Canvas, w: float, bleed: float, look: Look, colour: Color) -> None:
    r = w / 2
    if look.low_ink:
        c.setStrokeColor(colour)
        c.setLineWidth(1.2)
        c.circle(r, r, r - 0.8, stroke=1, fill=0)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.3)
        c.circle(r, r, r, stroke=1, fill=0)
    else:
        c.setFillColor(colour)
        c.circle(r, r, r + bleed, stroke=0, fill=1)


def _ink_on(colour: Color) -> Color:
    light = 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue > 0.6
    return INK if light else WHITE


def score_token(value: int) -> Art:
    gold = hex_color("#d9a521")

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _disc(c, w, bleed, look, gold)
        c.setFillColor(INK)
        centred_text(c, str(value), w / 2, h / 2 + mm(0.8), h * 0.36, BOLD)
        c.setFont(REGULAR, 5)  # "market share" no longer fits a 1/2 in token
        c.drawCentredString(w / 2, h * 0.2, "share")
    return draw


def first_token(colour_letter: str) -> Art:
    colour = GOODS_RGB[colour_letter]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _disc(c, w, bleed, look, colour)
        c.setFillColor(_ink_on(colour) if not look.low_ink else INK)
        centred_text(c, "1st", w / 2, h / 2 + mm(1.2), h * 0.28, BOLD)
        c.setFont(CONDENSED_BOLD, 5.2)  # the smallest print size, on a 1/2 in token
        c.drawCentredString(w / 2, h * 0.16, GOODS_WORD[colour_letter])
    return draw


def ship_token(player: int, passed: bool) -> Art:
    colour = PLAYERS[player][1]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _disc(c, w, bleed, look, hex_color("#1b2238"))
        c.setStrokeColor(colour)
        c.setLineWidth(1.4)
        c.circle(w / 2, h / 2, w / 2 - mm(1), stroke=1, fill=0)
        draw_rocket(c, w / 2, h / 2 + (0 if not passed else mm(1)), h * 0.62, colour, look,
                -90 if passed else 0)
        # passed: the ship lies on its side (on a 1/2 in token there is no room for a word)
    return draw


def player_token(player: int) -> Art:
    name, colour = PLAYERS[player]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        _disc(c, w, bleed, look, colour)
        c.setStrokeColor(_ink_on(colour) if not look.low_ink else colour)
        c.setLineWidth(1)
        c.circle(w / 2, h / 2, w * 0.3, stroke=1, fill=0)
        c.setFillColor(_ink_on(colour) if not look.low_ink else INK)
        centred_text(c, name[0], w / 2, h / 2, h * 0.25, BOLD)
    return draw


def round_marker(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    _disc(c, w, bleed, look, hex_color("#c9d3ee"))
    c.setFillColor(INK)
    centred_text(c, "ROUND", w / 2, h / 2, h * 0.13, BOLD)


def station_token(player: int) -> Art:
    colour = PLAYERS[player][1]

    def draw(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
        stroke, fill = paint(c, look, colour)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=stroke, fill=fill)
        ink = _ink_on(colour) if not look.low_ink else INK
        c.setStrokeColor(ink)
        c.setFillColor(ink)
        c.setLineWidth(0.7)
        c.arc(w * 0.22, h * 0.3, w * 0.78, h * 0.86, 0, 180)  # a dome
        c.line(w * 0.16, h * 0.58, w * 0.84, h * 0.58)
        c.line(w * 0.3, h * 0.58, w * 0.3, h * 0.22)
        c.line(w * 0.7, h * 0.58, w * 0.7, h * 0.22)
        if look.low_ink:
            c.setStrokeColor(LIGHT)
            c.setLineWidth(0.3)
            c.rect(0, 0, w, h, stroke=1, fill=0)
    return draw


def segment_token(c: Canvas, w: float, h: float, bleed: float, look: Look) -> None:
    stroke, fill = paint(c, look, SEGMENT_GREY)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=stroke, fill=fill)
    c.setStrokeColor(WHITE if not look.low_ink else SEGMENT_GREY)
    c.setLineWidth(0.5)
    c.setDash(1.5, 1.5)
    c.line(mm(1.5), h / 2, w - mm(1.5), h / 2)
    c.setDash()


def tokens() -> list[Piece]:
    """Score tokens, First Delivery tokens, ships, player tokens and the round marker (1/2 in)."""
    out = [Piece("token", f"score token {v}", TOKEN, TOKEN, art, art, round=True)
           for v, n in SCORE_TOKENS for art in [stamped(score_token(v))] for _ in range(n)]
    out += [Piece("token", f"{GOODS_WORD[k]} First Delivery token", TOKEN, TOKEN, art, art,
                  round=True) for k in COLOURS for art in [stamped(first_token(k))]
            for _ in range(5)]
    for p in range(MAX_PLAYERS):
        out.append(Piece("token", f"{PLAYERS[p][0]} spaceship", TOKEN, TOKEN,
                         ship_token(p, False), ship_token(p, True), round=True))
        art = stamped(player_token(p))
        out += [Piece("token", f"{PLAYERS[p][0]} player token", TOKEN, TOKEN, art, art,
                      round=True) for _ in range(2)]
    out.append(Piece("token", "round marker", TOKEN, TOKEN, round_marker, round_marker,
                     round=True))
    return out


def stations() -> list[Piece]:
    return [Piece("station", f"{PLAYERS[p][0]} trade station", STATION, STATION, art, art)
            for p in range(MAX_PLAYERS) for art in [stamped(station_token(p))]
            for _ in range(STATIONS_PER_PLAYER)]


def segments() -> list[Piece]:
    """One neutral segment for every border a route can use (SD-1, SD-G1): 66, the most a
    galaxy can hold, so the supply never runs out (SD-G12)."""
    art = stamped(segment_token)
    return [Piece("segment", "route segment", SEGMENT_W, SEGMENT_H, art, art) for _ in SEGMENTS]
