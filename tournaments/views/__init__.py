"""The web: thin views, one module per area (public pages, the arbitre's set-up, the sheets)."""
