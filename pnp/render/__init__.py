"""Printed kits: PDF layout and art, drawn with ReportLab.

One module per concept:

* ``geometry`` units, paper sizes, rectangles; ``fonts`` the bundled DejaVu family;
* ``document`` pages as data and the deterministic PDF writer; ``progress`` the terminal bar;
* ``impose`` imposition (grids, duplex mirroring, gutter fold, shelf packing);
* ``marks`` crop marks, registration targets, fold lines; ``qr`` vector QR codes;
* ``art`` colours, the low-ink look, shapes and text; ``suits`` the eight piecepack suits;
* ``piecepack`` tiles, coins, dice nets, pawn standees, the roll table;
* ``components`` component sheets; ``parts`` the parts list and assembly notes;
* ``forms`` fillable fields with the embedded font;
* one package per game kit (``galaxy_express``, ``galaxy_trucker``, ``spatial_delivery``,
  ``weird_galaxy``, ``wormholes``): art, rules pages, the fillable sheet, the game's own
  pages and pieces, and ``kit`` (page order and the PDF);
* ``kits`` what `pnp kit GAME` builds; ``options`` the `pnp kit` flags.
"""
