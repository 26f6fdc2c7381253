"""``python -m seating.verify tirages.json``: every draw of a tournament checked from its public
file alone (docs/tirage.md), with nothing but this package: no Django, no database, nothing
fetched.

For each draw the file reveals: the secret gives the commitment; the room seed is there and
was entered after the commitment was shown and before the draw; the input gives its
fingerprint; secret, room seed, fingerprint, position and version give the seed; the seed
and the input give the plan again, seat by seat, and the plan its fingerprint; the meetings
of the input are the seatings published before it (each the plan of the draw in force, after
its hand swaps); each hand swap names two players of its position. A draw not yet revealed is
listed, not judged.

One verdict a draw, in French and in English; the exit code is 0 when everything holds, 1
when anything does not, 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from seating.draw import PlanIds, PublicDraw, differences, with_swaps

OK, FAILED, UNREADABLE = 0, 1, 2


@dataclass(frozen=True)
class Verdict:
    """What the check says of one draw: ``checked`` when it was re-derived, and what does not
    hold (empty when it all does)."""

    name: str
    checked: bool
    found: list[str]
    note: str = ""

    @property
    def line(self) -> str:
        if self.found:
            return f"ÉCHEC / MISMATCH  {self.name}"
        if self.checked:
            return f"CONFORME / VERIFIED  {self.name}"
        return f"EN ATTENTE / PENDING  {self.name} : {self.note}"


def _name(draw: Mapping) -> str:
    return f"Position {draw.get('position')}, tirage n° {draw.get('attempt')}"


def _moment(text) -> datetime | None:
    return datetime.fromisoformat(text) if isinstance(text, str) else None


def _public(draw: Mapping) -> PublicDraw:
    return PublicDraw(
        position=draw["position"],
        attempt=draw["attempt"],
        commitment=draw["commitment"],
        secret=draw["secret"],
        version=draw["version"],
        input=draw["input"],
        input_fingerprint=draw["input_fingerprint"],
        seed=draw["seed"],
        plan=draw["plan"],
        plan_fingerprint=draw["plan_fingerprint"],
        room_seed=draw.get("room_seed") or "",
    )


def _order(draw: Mapping) -> list[str]:
    """Steps dated out of order: a room seed entered before its commitment was shown, a draw
    made before its room seed, a seating published before its draw."""
    name = _name(draw)
    steps = [
        ("committed_at", "l'engagement affiché"),
        ("room_seed_at", "la graine de la salle saisie"),
        ("drawn_at", "le tirage fait"),
        ("seating_published_at", "le placement publié"),
    ]
    dated = [(_moment(draw.get(key)), words) for key, words in steps]
    dated = [(moment, words) for moment, words in dated if moment is not None]
    return [
        f"{name} : {later} est daté d'avant {earlier}."
        for (before, earlier), (after, later) in zip(dated, dated[1:], strict=False)
        if after < before
    ]


def _in_force(draws: Sequence[Mapping], number: int) -> Mapping | None:
    """The revealed draw whose plan seated position ``number`` last: the latest drawn (by
    ``drawn_at``, else by position then attempt) among those whose plan reaches it."""
    reaching = [
        draw
        for draw in draws
        if draw.get("plan") is not None
        and draw["position"] <= number < draw["position"] + len(draw["plan"])
    ]
    if not reaching:
        return None
    return max(
        reaching,
        key=lambda draw: (draw.get("drawn_at") or "", draw["position"], draw["attempt"]),
    )


def published_seating(draws: Sequence[Mapping], number: int) -> PlanIds | None:
    """Position ``number`` as published: the plan of its draw in force, after that draw's
    hand swaps of this position, in the order they were made. None when no revealed draw
    seats it."""
    draw = _in_force(draws, number)
    if draw is None:
        return None
    swaps = [swap["players"] for swap in draw.get("swaps", []) if swap["position"] == number]
    return [with_swaps(draw["plan"][number - draw["position"]], swaps)]


def _history_differences(draw: Mapping, draws: Sequence[Mapping]) -> list[str]:
    """The input's meetings against the seatings published before its position, as far as
    the file reveals them."""
    found = []
    history = draw["input"].get("history", [])
    for offset, tables in enumerate(history, start=1):
        seated = published_seating(draws, offset)
        if seated is not None and seated[0] != tables:
            found.append(
                f"{_name(draw)} : les rencontres de la position {offset} dans ses données ne "
                "sont pas le placement publié de cette position."
            )
    return found


def _swap_differences(draw: Mapping) -> list[str]:
    found = []
    for swap in draw.get("swaps", []):
        offset = swap["position"] - draw["position"]
        tables = draw["plan"][offset] if 0 <= offset < len(draw["plan"]) else []
        seated = {player for table in tables for player in table}
        if not set(swap["players"]) <= seated:
            found.append(
                f"{_name(draw)} : l'échange de la position {swap['position']} nomme un joueur "
                f"qui n'y est pas placé ({swap['players']})."
            )
    return found


def verdicts(document: Mapping) -> list[Verdict]:
    """Every draw of a tirages.json, judged (``Verdict``)."""
    draws = document["draws"]
    found_all = []
    for draw in draws:
        name = _name(draw)
        if not draw.get("drawn"):
            found_all.append(Verdict(name, False, [], "engagement affiché, pas encore tiré"))
            continue
        if draw.get("secret") is None:
            found_all.append(Verdict(name, False, [], "secret pas encore révélé"))
            continue
        try:
            found = differences(_public(draw))
            found += _order(draw)
            if _in_force(draws, draw["position"]) is draw:
                # An abandoned draw's meetings were those of its day, since drawn again.
                found += _history_differences(draw, draws)
            found += _swap_differences(draw)
        except (KeyError, TypeError, ValueError, IndexError) as error:
            found = [f"{name} : données illisibles ({error!r})."]
        found_all.append(Verdict(name, True, found))
    return found_all


def hall_of(halls: Sequence[Mapping], table_number: int) -> str | None:
    """The name of the hall whose range of tables holds ``table_number`` (tables are numbered
    across the event: table k is the k-th of a position's list)."""
    for hall in halls:
        if hall["first_table"] <= table_number <= hall["last_table"]:
            return hall["name"]
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m seating.verify",
        description="Vérifie les tirages d'un tournoi à partir de son fichier tirages.json.",
    )
    parser.add_argument("file", help="le fichier tirages.json (« - » : l'entrée standard)")
    arguments = parser.parse_args(argv)
    try:
        if arguments.file == "-":
            document = json.load(sys.stdin)
        else:
            with open(arguments.file, encoding="utf-8") as file:
                document = json.load(file)
        results = verdicts(document)
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"Fichier illisible / unreadable file : {error}", file=sys.stderr)
        return UNREADABLE
    failed = 0
    for verdict in results:
        print(verdict.line)
        for difference in verdict.found:
            print(f"    {difference}")
        failed += bool(verdict.found)
    checked = sum(verdict.checked for verdict in results)
    if failed:
        print(
            f"{failed} tirage(s) non conforme(s) sur {checked} vérifié(s) / "
            f"{failed} of {checked} draw(s) do not match."
        )
        return FAILED
    print(
        f"{checked} tirage(s) vérifié(s) : chacun est conforme / "
        f"{checked} draw(s) checked: all match."
    )
    return OK


if __name__ == "__main__":
    sys.exit(main())
