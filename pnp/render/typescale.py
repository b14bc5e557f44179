"""One typographic scale for every kit: the sizes of titles, headings and the small print,
the gap under a heading, and the widths of the lines a page rules or a sheet's boxes are
drawn with.

Every kit takes its sizes from here (through ``art.heading``, ``art.page_title``,
``art.rules_opening``, ``art.footer``, ``art.divider`` and ``readable.draw_field``), so the
five kits' pages read as one family and a change of style is one edit.  Body text keeps the
size each page is set in: it is what a page fits, not a style.

>>> HEADING > SUBHEADING > CARD_HEADING >= SMALLEST
True
>>> FIELD_LINE < FIELD_THICK
True
"""

from __future__ import annotations

from pnp.render.geometry import mm

# -- text, in points -------------------------------------------------------------------------
TITLE = 20.0  # a text page's title (shrunk to the width when longer)
SUBTITLE = 8.5  # the grey line under it
HEADING = 12.0  # a section of a text page
SUBHEADING = 10.5  # a heading inside a column, a panel or a sheet's side box
CARD_HEADING = 8.2  # a heading on a card or a player aid
INTRO = 10.0  # a rules page's opening paragraph, in italics
FOOTER = 6.5  # credits and the small print along a page's foot
SMALLEST = 5.0  # nothing printed smaller (the layout check enforces it)

# -- space -------------------------------------------------------------------------------------
HEADING_GAP = mm(2)  # under a heading, before its text
INTRO_GAP = mm(4)  # under a rules page's opening paragraph
TITLE_BELOW = mm(19)  # a text page's body starts this far under the printable area's top

# -- lines, in points ------------------------------------------------------------------------
TITLE_RULE = 1.2  # the accent rule under a page title
DIVIDER = 0.6  # a light rule between the sections of a text page
GRID = 0.4  # the thin lines of a sheet's table
GRID_STRONG = 1.0  # a table's outline and the rules between its groups
FIELD_LINE = 0.6  # a form box's edge
FIELD_THICK = 1.2  # the edge of a total's box
COMB_WALL = 0.5  # the light walls between a comb box's digits
COMB_GUIDE = 0.4  # the faint dashed line a digit sits on

__all__ = ["CARD_HEADING", "COMB_GUIDE", "COMB_WALL", "DIVIDER", "FIELD_LINE", "FIELD_THICK",
           "FOOTER", "GRID", "GRID_STRONG", "HEADING", "HEADING_GAP", "INTRO", "INTRO_GAP",
           "SMALLEST", "SUBHEADING", "SUBTITLE", "TITLE", "TITLE_BELOW", "TITLE_RULE"]
