"""Every write the tournament knows, as one verb-noun function each, in one transaction.

One module per area of the tournament:

- ``tournaments``: creating a tournament, its settings, publishing it;
- ``registrations``: its players and teams, check-in, late arrivals and withdrawals;
- ``imports``: registering a whole CSV file of players, and the report of what it did;
- ``seating``: storing each position's seating, swapping seats, publishing the plan;
- ``deals``: the deals of a sheet (recording, correcting, deleting);
- ``sheets``: a sheet as a whole (the bilans confirmed, signed, unlocked);
- ``positions``: closing and reopening positions, the tables' calls;
- ``penalties``: penalties and their cancellation;
- ``tables``: letting a table's phone in from the room (a one-time link).

Each refuses with the one ``common.refusals.Refused``. Views and commands call these
and never write the models themselves; what they read comes from ``tournaments.selectors``.
"""
