"""Every write the championship knows, one verb-noun function each, in one transaction and
journalled in the tournament's journal (``tournaments.services.journal``):

- ``stages``: a tournament's stages, their cuts and carry-over;
- ``halls``: its halls and the roles given in it (arbitre de salle, pointeur);
- ``draws``: the seatings' verifiable draws (commitment, draw, reveal, swaps kept).
"""
