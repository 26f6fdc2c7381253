"""The web: thin views, one module per area, as the services are: the tournaments, their
registrations, check-in and seating; a table's access, its deals and its sheet; the room,
the results, the journal, the prints, the public pages and the offline files."""
