"""The Spatial Delivery kit (`pnp kit spatial-delivery`): rules reference, seeded setup sheets,
fillable score sheet, pieces.

Spatial Delivery is Rick Holzgrafe's trading game (development Helen Holzgrafe, Semicolon LLC,
2008/2017).  Tiles and cards come from the engine's data (``pnp.games.spatial_delivery.cards``
and ``board``); the setup sheets are drawn from the engine's seeded tile deal, so the tracker
opened from the QR code lays out the same galaxy.  Every hex is labelled with the name the
tracker's notation uses (E, A1-A6, B1-B12, C1-C18).

Modules: ``art`` (hexes, planets, the galaxy, icons, page helpers), ``tiles``, ``cards``,
``tokens``, ``aids`` (round track, turn-order card, player aid), ``rules`` (the reference),
``setup`` (the seeded setup sheets), ``sheet`` (the score sheet and its form fields) and
``kit`` (page order and the PDF).
"""

from pnp.render.spatial_delivery.art import tracker_url
from pnp.render.spatial_delivery.kit import component_pages, kit_pages, pieces, spatial_delivery_kit
from pnp.render.spatial_delivery.sheet import score_fields, score_layout

__all__ = [
    "component_pages", "kit_pages", "pieces", "score_fields", "score_layout",
    "spatial_delivery_kit", "tracker_url",
]
