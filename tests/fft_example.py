"""The FFT fascicule's example score sheet (docs/scoring.md §The example score sheet), written
once for every test: five deals at one table of four, what each place marks, and the bilans.

Places are the sheet's letters; the ``table`` fixture sits Nord, Est, Sud, Ouest (players
Joueur1 to Joueur4). Plain data and the few conversions the tests need: no fixture here.
"""

from scoring.rules import Deal, Poignee
from tournaments.deal_scoring import DealResult

PLACES = ("N", "E", "S", "O")
"""The sheet's columns, in the order the table sits and the sheet prints them."""

DEALS = [
    {"taker": "E", "contract": "garde", "bouts": 2, "points": 49, "petit_au_bout": "attack",
     "poignees": {"E": "simple"}},
    {"taker": "O", "contract": "garde_sans", "bouts": 2, "points": 45,
     "petit_au_bout": "defense"},
    {"taker": "S", "contract": "prise", "bouts": 1, "points": 44, "petit_au_bout": "attack",
     "poignees": {"S": "simple"}},
    {"taker": "N", "contract": "garde", "bouts": 3, "points": 47, "poignees": {"E": "simple"}},
    {"taker": "S", "contract": "garde", "bouts": 2, "points": 87, "petit_au_bout": "attack",
     "chelem": "announced_made", "poignees": {"S": "simple"}},
]  # fmt: skip
"""Each deal as the table says it: the attack's points, and who showed which poignée."""

MARQUES = [
    {"N": -106, "S": -106, "E": 318, "O": -106},
    {"N": -76, "S": -76, "E": -76, "O": 228},
    {"N": 42, "S": -126, "E": 42, "O": 42},
    {"N": 276, "S": -92, "E": -92, "O": -92},
    {"N": -582, "S": 1746, "E": -582, "O": -582},
]
"""What each place marks at each deal."""

TOTALS = {"N": (318, 764), "S": (1746, 400), "E": (360, 750), "O": (270, 780)}
"""Each place's total of plus and of minus at the foot of the sheet."""

BILANS = {"N": -446, "S": 1346, "E": -390, "O": -510}


def signed(marque: int) -> str:
    """A marque as the sheet shows it: its sign always, the typographic minus (−446, +1346)."""
    return f"+{marque}" if marque > 0 else f"−{-marque}" if marque < 0 else "0"


BILANS_SHOWN = [signed(BILANS[place]) for place in PLACES]
"""The bilans as the sheet shows them, Nord, Est, Sud, Ouest: −446, −390, +1346, −510."""

RESULTS = [DealResult(**deal) for deal in DEALS]
"""The deals as ``tournaments.services.deals.record_deal`` takes them."""


def as_post(deal: dict) -> dict:
    """One deal as the sheet's deal form posts it."""
    fields = {name: str(deal[name]) for name in ("taker", "contract", "bouts", "points")}
    fields |= {name: deal[name] for name in ("petit_au_bout", "chelem") if name in deal}
    fields |= {f"poignee_{place}": size for place, size in deal.get("poignees", {}).items()}
    return fields


POSTS = [as_post(deal) for deal in DEALS]


def as_scoring_deal(deal: dict) -> Deal:
    """One deal as ``scoring.rules`` scores it: each poignée counted for its camp."""
    poignees = tuple(
        Poignee("attack" if place == deal["taker"] else "defense", size)
        for place, size in deal.get("poignees", {}).items()
    )
    fields = {name: deal[name] for name in ("contract", "points", "bouts")}
    fields |= {name: deal[name] for name in ("petit_au_bout", "chelem") if name in deal}
    return Deal(players=4, poignees=poignees, **fields)
