"""The prize list as ``prix.json`` sends it (its shape is fixed: docs/reference/prizes.md):

    {"pot": "123.45", "currency": "EUR",
     "prizes": [{"player_id": 12, "rank": 2, "amount": "12.50", "prize": "2e place",
                 "shared_with": [14]}]}

Amounts are strings of euros with two decimals, never floats.
"""

import json

from palmares.selectors.prize_lists import PrizeList
from prizes import euros


def prize_json(shown: PrizeList) -> dict:
    return {
        "pot": euros(shown.pot_cents),
        "currency": "EUR",
        "prizes": [
            {
                "player_id": line.player_id,
                "rank": line.rank,
                "amount": euros(line.cents),
                "prize": line.label,
                "shared_with": list(line.shared_with),
            }
            for line in shown.paid
        ],
    }


def prize_json_bytes(shown: PrizeList) -> bytes:
    return json.dumps(prize_json(shown), ensure_ascii=False).encode()
