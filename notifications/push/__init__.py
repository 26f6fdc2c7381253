"""« Me prévenir »: the notifications a player's phone receives (docs, « Me prévenir »)."""
