"""Sheets made to be read: the printed geometry of every score and record sheet, and its reader.

``layout`` holds what a reader needs to cut a photographed sheet apart (the corner markers, the
sheet QR and where every field's boxes are); the kits draw the sheet from the very same objects,
so the printed page and the reader cannot disagree.  ``aruco`` holds the marker bit patterns.
"""
