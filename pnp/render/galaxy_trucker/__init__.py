"""The Galaxy Trucker kit (`pnp kit galaxy-trucker`): issues 8 and 9.

Galaxy Trucker is Vlaada Chvátil's game (Czech Games Edition).  The kit prints the 144 tiles
generated from the seed by the ship library (their printed ids are the library's ids), the four
ship boards per player (GT-3), the bank pieces, credits, a two-page rules reference, the 60
adventure cards of GT-7, the flight board (GT-5, GT-6) and a fillable score sheet per player.
Modules: ``tiles`` (tile faces and backs) and ``tile_icons``, ``boards``, ``tokens`` (bank
pieces and credits), ``rules`` and ``flight_rules`` (the reference's two pages), ``cards``
(adventure cards and backs) and ``card_icons``, ``flight_board``, ``score`` (the score sheets
and their form fields) and ``kit`` (page order and the PDF).
"""

from pnp.render.galaxy_trucker.kit import galaxy_trucker_kit, kit_pages, kit_path, tracker_url

__all__ = ["galaxy_trucker_kit", "kit_pages", "kit_path", "tracker_url"]
