"""Printed kits: PDF layout and art, drawn with ReportLab.

One module per concept:

* ``geometry`` units, paper sizes, rectangles; ``fonts`` the bundled DejaVu family;
  ``fontcache`` its parsed tables shipped beside it (a fresh process does not parse them);
* ``document`` pages as data and the deterministic PDF writer; ``progress`` the terminal bar;
  ``stamps`` repeated art drawn once per PDF (a form XObject) and placed wherever it recurs;
* ``impose`` imposition (grids, duplex mirroring, gutter fold, shelf packing); ``pack`` mixed
  pieces sharing sheets; ``paper`` pages and sheet fill per kit;
* ``marks`` crop marks, registration targets, fold lines; ``qr`` vector QR codes;
* ``colour`` colour differences and colour-vision simulation for the suit palette;
* ``art`` colours, the low-ink look, shapes, text and the shared page furniture (footer,
  heading, page title, a kit's first rules page, labelled items, shrink-to-fit text);
  ``typescale`` the one typographic scale every kit takes its sizes and line widths from;
  ``suits`` the eight piecepack suits;
* ``piecepack`` tiles, coins, dice nets, pawns, the roll table; ``standee`` fold-and-glue
  standees;
* ``components`` component sheets; ``butted`` butted cards' strips, marks, outer bleed and targets;
  ``parts`` the parts list and assembly notes;
* ``tiling`` a playing area at true size over several sheets (the Wormholes map, the
  Galaxy Trucker boards): runs that fit, glue strips, cut edges;
* ``forms`` fillable fields with the embedded font; ``readable`` sheets drawn from their
  photo-reader layout;
* ``recording`` a canvas that records what it draws; ``layout`` the layout check on it;
* one package per game kit (``galaxy_express``, ``galaxy_trucker``, ``spatial_delivery``,
  ``weird_galaxy``, ``wormholes``): art, rules pages, the fillable sheet, the game's own
  pages and pieces, and ``kit`` (page order and the PDF);
* ``guide`` the print guide a kit opens with; ``calibration`` the duplex calibration sheet;
  ``cutfile`` the SVG cut lines;
* ``kits`` what `pnp kit GAME` builds; ``options`` the `pnp kit` flags; ``pillow`` Pillow
  loaded on first use in a `pnp kit` process (ReportLab imports it; no kit draws a bitmap).
"""
