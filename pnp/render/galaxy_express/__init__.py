"""The Galaxy Express kit (`pnp kit galaxy-express`): rules reference, seeded setup sheet,
fillable record sheet, pieces.

Galaxy Express is Matt Worden's solitaire game for the piecepack (2003).  The rules reference is
our own summary; the setup sheet is drawn from the engine's seeded setup, so the tracker opened
from its QR code deals the same table.

Modules: ``art`` (the star chart, coin marks, the ship, the rating table, page helpers),
``rules`` (the reference), ``setup`` (the seeded setup sheet), ``sheet`` (the record sheet
and its form fields) and ``kit`` (page order and the PDF).
"""

from pnp.render.galaxy_express.art import tracker_url
from pnp.render.galaxy_express.kit import galaxy_express_kit, kit_pages, pieces
from pnp.render.galaxy_express.sheet import record_fields, record_layout

__all__ = [
    "galaxy_express_kit", "kit_pages", "pieces", "record_fields", "record_layout",
    "tracker_url",
]
