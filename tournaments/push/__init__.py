"""« Me prévenir »: the notifications a player's phone receives (README, « Me prévenir »)."""
