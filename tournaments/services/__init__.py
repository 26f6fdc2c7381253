"""Every write the tournament knows, as one verb-noun function each, in one transaction.

One module per area: ``setup`` (tournaments, players, check-in, seating a position) and
``deals`` (the sheets: recording, correcting and signing deals). Views and commands call these
and never write the models themselves.
"""
