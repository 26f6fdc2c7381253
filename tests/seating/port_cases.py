"""Cases on which a second implementation of the generator must agree with this one, seat for
seat: every size of field and table, positions tight and loose, teams, a history with a player
gone and one arrived, the organiser's wishes, every version, and the draws it must refuse.

``python -m tests.seating.port_cases`` prints them as JSON, each with the plan this code draws
(``plan``) or ``refused``: what the JavaScript port (tests/seating/js/) is checked against.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator

from seating.draw import GENERATOR_VERSION, DrawPlayer, input_document, plan_of
from seating.errors import SeatingError

CLUBS = ("Tarot club de Lyon", "Les Rois de Cœur", "Excuse-moi 🃏")
OLD = ("tarot-seating-1", "tarot-seating-2")  # without the organiser's wishes


def _seed(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()[:16]


def _players(count: int, *, first_id: int = 1, teams=None, clubs=None) -> list[DrawPlayer]:
    """``count`` players with licences that do not sort as their ids do (and one without)."""
    players = []
    for k in range(count):
        player_id = first_id + k
        licence = "" if k == count - 1 and count > 5 else f"{(player_id * 7919) % 10_000_000:07d}"
        players.append(
            DrawPlayer(
                player_id=player_id,
                licence=licence,
                team=(teams or {}).get(player_id),
                club=(clubs or {}).get(player_id),
            )
        )
    return players


def _document(
    players, *, positions: int, allow_five=False, history=(), apart=(), fixed=None,
    version=GENERATOR_VERSION,
) -> dict:  # fmt: skip
    return input_document(
        position=len(history) + 1,
        positions=positions,
        allow_five=allow_five,
        players=players,
        history=history,
        apart=apart if version not in OLD else (),
        fixed=fixed if version not in OLD else None,
        version=version,
    )


def _played(document: dict, seed: str, count: int) -> list:
    """The first ``count`` positions of the plan drawn from ``document``: a history."""
    return plan_of(document, seed)[:count]


def _wishes(version: str) -> Iterator[tuple[str, dict, str]]:
    """The organiser's wishes: clubs, pairs kept apart, fixed tables, and all of them with a
    team and a history, drawn by ``version``."""
    clubs = {pid: CLUBS[pid % 3] for pid in range(1, 13) if pid % 4}
    name = "12 joueurs de trois clubs"
    document = _document(_players(12, clubs=clubs), positions=3, version=version)
    yield f"{version}, {name}", document, _seed(name)
    clubs = dict.fromkeys(range(1, 11), CLUBS[0])
    name = "20 joueurs dont 10 d'un club (plus que de tables)"
    document = _document(_players(20, clubs=clubs), positions=3, version=version)
    yield f"{version}, {name}", document, _seed(name)
    name = "16 joueurs, des paires à l'écart"
    apart = [(1, 2), (3, 9), (5, 16)]
    document = _document(_players(16), positions=4, apart=apart, version=version)
    yield f"{version}, {name}", document, _seed(name)
    name = "15 joueurs, deux tables fixes dont une de 3"
    document = _document(_players(15), positions=3, fixed={4: 4, 11: 1}, version=version)
    yield f"{version}, {name}", document, _seed(name)
    name = "17 joueurs, tables de 5, une table fixe de 5"
    document = _document(_players(17), positions=3, allow_five=True, fixed={6: 4}, version=version)
    yield f"{version}, {name}", document, _seed(name)
    clubs = {pid: CLUBS[pid % 2] for pid in range(1, 21)}
    teams = dict.fromkeys((7, 8), "Paire")
    name = "20 joueurs : clubs, équipe, paires à l'écart, tables fixes, après deux positions"
    players = _players(20, clubs=clubs, teams=teams)
    history = _played(_document(players, positions=4, version=version), _seed(name + " avant"), 2)
    document = _document(
        players, positions=2, history=history, apart=[(1, 3), (2, 20)], fixed={5: 2, 9: 5},
        version=version,
    )  # fmt: skip
    yield f"{version}, {name}", document, _seed(name)


def documents() -> Iterator[tuple[str, dict, str]]:
    """(name, input document, seed) of every case."""
    # Fields of every size, positions from one to six, with and without tables of 5.
    shapes = [
        (3, 1, False), (4, 2, False), (6, 2, False), (7, 3, False), (8, 3, False), (8, 5, False),
        (9, 3, False), (9, 4, True), (10, 3, True), (11, 4, False), (12, 4, False),
        (13, 3, True), (13, 4, False), (14, 3, True), (15, 5, False), (17, 4, True),
        (18, 4, True), (19, 3, False), (21, 4, True), (22, 6, False), (24, 6, False),
        (25, 4, True), (30, 5, False), (40, 4, False), (45, 3, True),
    ]  # fmt: skip
    for count, positions, five in shapes:
        name = f"{count} joueurs, {positions} positions{', tables de 5' if five else ''}"
        yield name, _document(_players(count), positions=positions, allow_five=five), _seed(name)
    # Affine designs (4m players, m a prime power), and fields just beside them.
    for count, positions in [(16, 5), (16, 3), (20, 5), (28, 4), (32, 4), (36, 3), (64, 3)]:
        name = f"{count} joueurs, {positions} positions (plan affine)"
        yield name, _document(_players(count), positions=positions), _seed(name)
    # Large fields: the construction, then the repair.
    for count, positions in [(120, 4), (250, 3)]:
        name = f"{count} joueurs, {positions} positions"
        yield name, _document(_players(count), positions=positions), _seed(name)
    # Several seeds on a tight field.
    for k in range(6):
        name = f"12 joueurs, 3 positions, graine {k}"
        yield name, _document(_players(12), positions=3), _seed(name)
    # Teams.
    teams = {pid: f"Équipe {1 + (pid - 1) // 4}" for pid in range(1, 17)}
    name = "16 joueurs en 4 équipes de 4, 5 positions"
    yield name, _document(_players(16, teams=teams), positions=5), _seed(name)
    teams = {pid: f"Équipe {pid % 5}" for pid in range(1, 21) if pid % 7}
    name = "20 joueurs, des équipes de tailles diverses, 4 positions"
    yield name, _document(_players(20, teams=teams), positions=4), _seed(name)
    teams = {pid: ("A" if pid < 4 else "B") for pid in range(1, 7)}
    name = "13 joueurs, deux équipes, tables de 5"
    yield name, _document(_players(13, teams=teams), positions=3, allow_five=True), _seed(name)
    # A history: positions played, a player gone, a player arrived, a table of 3 played.
    for count, played, five in [(12, 2, False), (14, 1, True), (15, 2, False), (24, 3, False)]:
        name = f"{count} joueurs, {played} positions jouées"
        first = _document(_players(count), positions=played + 2, allow_five=five)
        history = _played(first, _seed(name + " avant"), played)
        now = [p for p in _players(count) if p.player_id != 2] + _players(1, first_id=500)
        document = _document(now, positions=2, allow_five=five, history=history)
        yield name + ", un forfait, une arrivée", document, _seed(name)
        document = _document(_players(count), positions=2, allow_five=five, history=history)
        yield name, document, _seed(name + " complet")
    # The organiser's wishes, by version 3 (the fixed tables met after the search) and by
    # the current one (held by the search).
    for version in ("tarot-seating-3", GENERATOR_VERSION):
        yield from _wishes(version)
    # The fixed tables the search holds: a table of 3, of 4, of 5, on tight fields.
    for count, positions, five, fixed in [
        (15, 4, False, {4: 4}), (15, 4, False, {3: 1}), (23, 5, False, {7: 2, 8: 6}),
        (17, 4, True, {3: 1}), (13, 3, True, {2: 3, 9: 1}), (18, 3, True, {1: 4}),
    ]:  # fmt: skip
        name = f"{count} joueurs, tables fixes {sorted(fixed.items())}"
        document = _document(_players(count), positions=positions, allow_five=five, fixed=fixed)
        yield name, document, _seed(name)
    # The earlier versions, as their draws were made (version 1 continues a plan begun).
    for version in ("tarot-seating-1", "tarot-seating-2"):
        for count, positions in [(8, 3), (16, 4), (13, 3)]:
            name = f"{version}, {count} joueurs, {positions} positions"
            document = _document(_players(count), positions=positions, version=version)
            yield name, document, _seed(name)
    name = "tarot-seating-1, la suite du placement commencé"
    seed = _seed(name)
    whole = _document(_players(12), positions=3, version="tarot-seating-1")
    history = plan_of(whole, seed)[:1]
    document = _document(_players(12), positions=2, history=history, version="tarot-seating-1")
    yield name, document, seed
    name = "tarot-seating-2, 12 joueurs après une position"
    document = _document(_players(12), positions=2, history=history, version="tarot-seating-2")
    yield name, document, _seed(name)
    # Nothing to plan, and draws refused.
    yield "aucune position à prévoir", _document(_players(8), positions=0), _seed("zéro")
    yield "5 joueurs sans table de 5", _document(_players(5), positions=2), _seed("cinq")
    teams = dict.fromkeys(range(1, 5), "Trop")
    name = "une équipe plus nombreuse que les tables"
    yield name, _document(_players(8, teams=teams), positions=2), _seed(name)
    name = "une table fixe qui n'existe pas"
    yield name, _document(_players(8), positions=2, fixed={3: 3}), _seed(name)
    name = "deux joueurs à la même table fixe"
    yield name, _document(_players(8), positions=2, fixed={3: 1, 4: 1}), _seed(name)


def cases() -> list[dict]:
    """Every case with what this code draws from it."""
    found = []
    for name, document, seed in documents():
        case = {"name": name, "document": document, "seed": seed}
        try:
            case["plan"] = plan_of(document, seed)
        except SeatingError:
            case["refused"] = True
        found.append(case)
    return found


if __name__ == "__main__":
    json.dump(cases(), sys.stdout, ensure_ascii=False)
