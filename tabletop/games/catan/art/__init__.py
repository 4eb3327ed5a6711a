"""Catan's artwork, drawn by code: terrain hexes with their motifs, the sea, number
tokens with probability pips, harbour tokens, the pieces in the player colours, the
robber, resource and development card faces and the two special cards.

Every function returns a cached surface for a given size (blit it, do not draw on
it). Shapes are drawn larger and scaled down smoothly, so edges are soft.

The pictures live in four modules: base (colours, hex shapes), tiles (terrain and
sea), pieces (tokens, harbours, pieces, the robber) and cards (card faces).
"""

from tabletop.games.catan.art.base import (
    RESOURCE_COLOURS,
    ROBBER,
    SAND,
    aa_polygon,
    hex_points,
    hex_shape,
)
from tabletop.games.catan.art.cards import development_back, development_card, resource_card, special_card
from tabletop.games.catan.art.pieces import city, harbour_token, number_token, resource_icon, road, robber, settlement
from tabletop.games.catan.art.tiles import sea_texture, terrain_tile

__all__ = [
    "RESOURCE_COLOURS",
    "ROBBER",
    "SAND",
    "aa_polygon",
    "city",
    "development_back",
    "development_card",
    "harbour_token",
    "hex_points",
    "hex_shape",
    "number_token",
    "resource_card",
    "resource_icon",
    "road",
    "robber",
    "sea_texture",
    "settlement",
    "special_card",
    "terrain_tile",
]
