"""Spatial Delivery (Rick Holzgrafe, 2008/2017): trade routes and deliveries on a hex galaxy."""

from pnp.games.spatial_delivery.rules import SpatialDelivery

GAME = SpatialDelivery()

__all__ = ["GAME", "SpatialDelivery"]
