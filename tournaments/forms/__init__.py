"""What is typed, by area as the services and views are: the tournament's settings, its
players and teams, the seating, the positions, the penalties, the journal's filters, a
sheet's deals (``sheets``); the members' are ``clubs.member_forms``, the stages' and halls'
``championships.forms``. Forms parse and check; the services decide, and a service's refusal
is put back beside the field it is about (``common.refusals.add_refusal``)."""
