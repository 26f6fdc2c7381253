"""The championship's reads: its stages (spans, rankings, cuts), its halls and roles, a hall's
tables, the draws (public and verified). They import no services, views, forms or prints."""
