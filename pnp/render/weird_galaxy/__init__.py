"""The It's a Weird, Weird Galaxy! kit (`pnp kit weird-galaxy`): rules reference, board layout,
the two fillable sheets, player reference cards, counters, the Phredd standee and the 8-suit
piecepack.

Weird Galaxy is Jim Adams and Amy Enge's piecepack game (2004).  The tile grid, the suit names
and every cost printed here come from the engine's data module (rulings WG-2 and WG-3
reconstruct what the rules text lost), so a later ruling changes the kit with the engine.  The
worksheet's form fields are the worksheet checker's; the Space Bucks ledger's are the ledger
checker's (pnp.games.weird_galaxy.ledger).

Modules: ``art`` (tiles, the black hole, the board, the starship, Phredd, station marks, page
helpers), ``rules`` (the reference), ``components`` (counters, shields, the standee, the
reference card), ``board`` (the board sheet), ``sheet`` (worksheet and ledger with their form
fields) and ``kit`` (page order and the PDF).
"""

from pnp.render.weird_galaxy.art import tracker_url
from pnp.render.weird_galaxy.kit import form_fields, kit_pages, pieces, weird_galaxy_kit
from pnp.render.weird_galaxy.sheet import ledger_layout
from pnp.render.weird_galaxy.worksheet import worksheet_layout

__all__ = [
    "form_fields", "kit_pages", "ledger_layout", "pieces", "tracker_url",
    "weird_galaxy_kit", "worksheet_layout",
]
