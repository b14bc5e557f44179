"""The Galaxy Trucker components kit (`pnp kit galaxy-trucker`): part 1 of issue 8.

Galaxy Trucker is Vlaada Chvátil's game (Czech Games Edition).  No flight engine is registered
yet, so the kit prints the components only: the 144 tiles generated from the seed by the ship
library (their printed ids are the library's ids), the four ship boards per player (GT-3), the
bank pieces, credits and a two-page rules reference.  Modules: ``tiles`` (tile faces and
backs), ``boards``, ``tokens`` (bank pieces and credits), ``rules`` (the reference) and ``kit``
(page order and the PDF).
"""

from pnp.render.galaxy_trucker.kit import galaxy_trucker_kit, kit_pages, kit_path, tracker_url

__all__ = ["galaxy_trucker_kit", "kit_pages", "kit_path", "tracker_url"]
