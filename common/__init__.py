"""What every app shares, below them all: who acts (``actors``), the one refusal
(``refusals``), how a view answers a page or an htmx request (``htmx``), the French name
sort (``names``), what a write meets in the database (``db``), and the journals' abstract
line and shared rules (``models``, ``journal``).

It imports no app and holds no table: only abstract bases. An app's own words (its journal
actions, its subjects) stay in that app.
"""
