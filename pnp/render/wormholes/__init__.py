"""The Wormholes kit (`pnp kit wormholes`): rules reference, board sheet, record sheet, the map
at true size, pieces.

Wormholes is Marty and Ron Hale-Evans' two-player starship race for the piecepack (2001).  The
galaxy, the bases, the compasses and the wormhole axes all come from the engine's board module
(pnp.games.wormholes.board), so the print and the rules engine cannot disagree.  The record
sheet's fields are the ones pnp.games.wormholes.sheet checks.

Players with tiles lay the 23 tiles out as the board sheet shows (drawn at half size); players
without tiles print the map sheets, which carry the galaxy at true piecepack size (1 in cells,
2 in tiles) split over as few landscape or portrait sheets as the paper allows, with glue
strips, alignment ticks and each sheet's place in the whole.

Modules: ``art`` (the galaxy, ships, coins, compasses, page helpers), ``board`` (the board
sheet and quick start), ``maps`` (the true-size map sheets), ``rules`` (the reference),
``sheet`` (the fillable record sheet drawn, and its form fields), ``sheet_layout`` (where
its fields sit, the layouts a photo is read by) and ``kit`` (page order and the PDF).
"""

from pnp.render.wormholes.art import tracker_url
from pnp.render.wormholes.kit import kit_pages, pieces, wormholes_kit
from pnp.render.wormholes.maps import plan_map
from pnp.render.wormholes.sheet import record_fields
from pnp.render.wormholes.sheet_layout import record_layout

__all__ = [
    "kit_pages", "pieces", "plan_map", "record_fields", "record_layout",
    "tracker_url", "wormholes_kit",
]
