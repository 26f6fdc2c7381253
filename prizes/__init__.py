"""The prize list, to the cent: the pot and who receives what (docs/prix.md).

Pure Python, like ``scoring/``: no Django import. Money is counted in whole cents.
"""

from prizes.awards import Attribution, Award, Placed, Prize, Ties, attribute, attribution_order
from prizes.pot import Pot, cents_of, euros, pot_of_amounts, pot_of_takings, rows_of_shares

__all__ = [
    "Attribution",
    "Award",
    "Placed",
    "Pot",
    "Prize",
    "Ties",
    "attribute",
    "attribution_order",
    "cents_of",
    "euros",
    "pot_of_amounts",
    "pot_of_takings",
    "rows_of_shares",
]
