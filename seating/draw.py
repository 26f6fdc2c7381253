"""A draw anyone can verify: the commitment, the seed, the fingerprints and the re-derivation
of a plan from public data alone (docs/tirage.md). Pure Python, no Django.

The scheme, in short:

1. Before the draw, a secret of 32 random bytes is written in hexadecimal (64 characters) and
   its **commitment**, the SHA-256 of those 64 characters, is shown publicly.
2. The **input document** holds what the generator is given, in public identifiers: the
   players by licence (then by their id in the directory), their team's name, the meetings
   so far (every earlier position's tables, in seat order), the position's number, how many
   positions are planned from it and whether tables of 5 are allowed. Its **fingerprint** is
   the SHA-256 of its canonical JSON (keys sorted, no spaces, ASCII only).
3. Once the commitment is shown, the **room seed** (« la graine de la salle »: digits a player
   types, or dice thrown in the room) is entered; nobody knows it when the secret is chosen,
   and the secret is fixed before it is known. The **seed** is the first 16 hexadecimal
   digits of SHA-256(« secret:room seed:fingerprint:position:version ») (versions 1 and 2,
   without a room seed: « secret:fingerprint:position:version »), read as a number.
4. The generator (``plan_positions``) numbers the players 0, 1, 2… in the document's order
   (the players of the history no longer present after them, by id) and plans from the seed.
   The **plan's fingerprint** is the SHA-256 of the canonical JSON of the plan (the positions
   seated, each a list of tables, each the players' ids in seat order).
5. Once the plan is published the secret is revealed: anyone checks the commitment, then the
   seed, then re-derives the plan and its fingerprint.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from seating.plan import plan_positions

# Names the generator and the rules of this document: a change to either that could change
# a plan for the same seed gives a new version, so that old draws are checked by the old one.
GENERATOR_VERSION = "tarot-seating-4"

# How ``plan_positions`` plans for each version a draw may name: every version ever used
# stays here, so that a draw is always checked by the generator that made it.
# - tarot-seating-1: a history that begins the plan the same field would get without one is
#   continued (which the search first plans again, in full, to know: a seed changes with
#   every position, so under the draw this never happens), and the search starts from the
#   greedy construction.
# - tarot-seating-2 (issue 34, the championship of 2,000 players): no continuation, and the
#   construction's few repeats are repaired by swaps priced from the sparse meetings
#   (``seating.repair``) before the search: a position of 2,000 seats in a fraction of a
#   second.
# - tarot-seating-3 (issue 41): the room seed joins the seed, and the organiser's wishes
#   (each player's club, the pairs kept apart, the fixed tables) are part of the input, so
#   that ``plan_positions`` is given them (``seating.constraints``) and anyone re-derives them.
#   A fixed table was left to a swap after the search, which found none at one position in
#   five on small fields: the player was then seated at a table of another size.
# - tarot-seating-4 (the fixed tables): the search keeps each player with a fixed table at a
#   table of its size (``pin_fixed``): the construction seats them among the players taking
#   the odd seats when their fixed table is odd, never when it is a table of 4, and no swap
#   of the search moves them between an odd table and a table of 4; the swap after the
#   search then only renumbers the tables. The seed, the input and the other wishes are as
#   in version 3.
GENERATORS: dict[str, dict[str, bool]] = {
    "tarot-seating-1": {"continue_plan": True, "repair": False, "pin_fixed": False},
    "tarot-seating-2": {"continue_plan": False, "repair": True, "pin_fixed": False},
    "tarot-seating-3": {"continue_plan": False, "repair": True, "pin_fixed": False},
    "tarot-seating-4": {"continue_plan": False, "repair": True, "pin_fixed": True},
}

# The versions whose seed holds the room seed and whose input holds the wishes.
WITH_ROOM_SEED = frozenset({"tarot-seating-3", "tarot-seating-4"})

# What a room seed is: digits only, as many as a player types or dice give, spaces dropped.
ROOM_SEED_DIGITS = (4, 40)

PlanIds = list[list[list[int]]]  # positions of tables of player ids, in seat order


def new_secret() -> str:
    """32 random bytes, in hexadecimal: the secret a commitment hides until the reveal."""
    return secrets.token_hex(32)


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commitment_of(secret: str) -> str:
    """The commitment shown before the draw: SHA-256 of the secret's 64 characters."""
    return sha256_hex(secret)


def canonical_json(document) -> str:
    """One text for one document: keys sorted, no spaces, every non-ASCII letter escaped."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def fingerprint(document) -> str:
    return sha256_hex(canonical_json(document))


def room_seed_of(typed: str) -> str | None:
    """The room seed as typed (« 4 2 6 1 5 3 »), as the seed uses it: its digits, spaces
    dropped; None when it is not 4 to 40 digits 0 to 9 (nothing else is a room seed)."""
    digits = "".join(typed.split())
    low, high = ROOM_SEED_DIGITS
    if not low <= len(digits) <= high or not all(c in "0123456789" for c in digits):
        return None
    return digits


def seed_text(
    *, secret: str, input_fingerprint: str, position: int, version: str, room_seed: str = ""
) -> str:
    """What is hashed into the seed, as a delegate types it by hand: from version 3 (and in
    every later version, ``WITH_ROOM_SEED``), the room seed after the secret."""
    if version in WITH_ROOM_SEED:
        return f"{secret}:{room_seed}:{input_fingerprint}:{position}:{version}"
    return f"{secret}:{input_fingerprint}:{position}:{version}"


def seed_of(
    *, secret: str, input_fingerprint: str, position: int, version: str, room_seed: str = ""
) -> str:
    """The seed in hexadecimal (16 digits): the start of SHA-256 of ``seed_text``."""
    text = seed_text(
        secret=secret,
        input_fingerprint=input_fingerprint,
        position=position,
        version=version,
        room_seed=room_seed,
    )
    return sha256_hex(text)[:16]


@dataclass(frozen=True)
class DrawPlayer:
    player_id: int
    licence: str
    team: str | None = None
    club: str | None = None


def input_document(
    *,
    position: int,
    positions: int,
    allow_five: bool,
    players: Sequence[DrawPlayer],
    history: Sequence[Sequence[Sequence[int]]],
    apart: Sequence[Sequence[int]] = (),
    fixed: Mapping[int, int] | None = None,
    version: str = GENERATOR_VERSION,
) -> dict:
    """The public input of a draw: players by licence (then by id; no licence first), the
    meetings so far as the earlier positions' tables, and what is asked. From version 3,
    each player's club, the pairs kept apart and the fixed tables too (the player's id and
    the table's number), each list sorted."""
    ordered = sorted(players, key=lambda player: (player.licence, player.player_id))
    document = {
        "version": version,
        "position": position,
        "positions": positions,
        "allow_five": allow_five,
        "players": [
            {"licence": player.licence, "player_id": player.player_id, "team": player.team}
            for player in ordered
        ],
        "history": [[list(table) for table in tables] for tables in history],
    }
    if version in WITH_ROOM_SEED:
        for entry, player in zip(document["players"], ordered, strict=True):
            entry["club"] = player.club or None
        document["apart"] = [list(pair) for pair in sorted({tuple(sorted(p)) for p in apart})]
        document["fixed"] = sorted([player, table] for player, table in (fixed or {}).items())
    return document


def plan_of(document: Mapping, seed: str) -> PlanIds:
    """The plan the generator draws from an input document and a seed: player ids by table,
    by the version of the generator the document names (``GENERATORS``)."""
    rules = GENERATORS[document["version"]]
    ids = [player["player_id"] for player in document["players"]]
    index = {player_id: number for number, player_id in enumerate(ids)}
    past = {player_id for tables in document["history"] for table in tables for player_id in table}
    for number, player_id in enumerate(sorted(past - set(ids)), start=len(ids)):
        index[player_id] = number
    back = {number: player_id for player_id, number in index.items()}
    teams = {
        index[player["player_id"]]: player["team"]
        for player in document["players"]
        if player["team"] is not None
    }
    plan = plan_positions(
        players=list(range(len(ids))),
        positions=document["positions"],
        teams=teams,
        allow_five=document["allow_five"],
        history=[
            [[index[player_id] for player_id in table] for table in tables]
            for tables in document["history"]
        ],
        seed=int(seed, 16),
        **rules,
        **(_wishes(document, index) if document["version"] in WITH_ROOM_SEED else {}),
    )
    return [[[back[number] for number in table] for table in tables] for tables in plan]


def _wishes(document: Mapping, index: Mapping[int, int]) -> dict:
    """The organiser's wishes of a document of version 3 or later, by the generator's
    numbers: clubs, pairs kept apart, fixed tables (a player absent from the document is
    left out)."""
    return {
        "clubs": {
            index[player["player_id"]]: player["club"]
            for player in document["players"]
            if player.get("club") is not None
        },
        "apart": [
            (index[first], index[second])
            for first, second in document["apart"]
            if first in index and second in index
        ],
        "fixed": {index[player]: table for player, table in document["fixed"] if player in index},
    }


def with_swaps(tables: Sequence[Sequence[int]], swaps: Sequence[Sequence[int]]) -> PlanIds:
    """One position's tables after the hand swaps, each a pair of player ids, in order."""
    seated = [list(table) for table in tables]
    for first, second in swaps:
        for table in seated:
            for place, player_id in enumerate(table):
                if player_id == first:
                    table[place] = second
                elif player_id == second:
                    table[place] = first
    return seated


@dataclass(frozen=True)
class PublicDraw:
    """One draw as the public page gives it: enough to check it without the app."""

    position: int
    attempt: int
    commitment: str
    secret: str
    version: str
    input: Mapping
    input_fingerprint: str
    seed: str
    plan: PlanIds
    plan_fingerprint: str
    room_seed: str = ""


def differences(draw: PublicDraw) -> list[str]:
    """What does not hold in ``draw``, in French; empty when every check passes."""
    name = f"Position {draw.position}, tirage n° {draw.attempt}"
    found = []
    if commitment_of(draw.secret) != draw.commitment:
        found.append(f"{name} : le secret ne donne pas l'engagement publié.")
    if draw.version not in GENERATORS:
        found.append(f"{name} : version du générateur {draw.version} inconnue.")
        return found
    if draw.input.get("version") != draw.version:
        found.append(
            f"{name} : les données d'entrée nomment la version {draw.input.get('version')}, "
            f"le tirage la version {draw.version}."
        )
        return found
    if fingerprint(draw.input) != draw.input_fingerprint:
        found.append(f"{name} : les données d'entrée ne donnent pas l'empreinte publiée.")
    if draw.input.get("position") != draw.position:
        found.append(f"{name} : les données d'entrée sont celles d'une autre position.")
    if draw.version in WITH_ROOM_SEED and room_seed_of(draw.room_seed or "") != draw.room_seed:
        found.append(f"{name} : pas de graine de la salle valable ({draw.room_seed!r}).")
        return found
    seed = seed_of(
        secret=draw.secret,
        input_fingerprint=draw.input_fingerprint,
        position=draw.position,
        version=draw.version,
        room_seed=draw.room_seed,
    )
    if seed != draw.seed:
        found.append(f"{name} : la graine publiée n'est pas celle que donnent ses entrées.")
    if fingerprint(draw.plan) != draw.plan_fingerprint:
        found.append(f"{name} : le placement publié ne donne pas son empreinte.")
    derived = plan_of(draw.input, seed)[: len(draw.plan)]
    if derived != draw.plan:
        found.extend(_plan_differences(name, draw.position, derived, draw.plan))
    return found


def _plan_differences(name: str, first: int, derived: PlanIds, published: PlanIds) -> list[str]:
    found = []
    if len(derived) != len(published):
        found.append(
            f"{name} : {len(published)} position(s) publiée(s), {len(derived)} re-tirée(s)."
        )
    for offset, (again, shown) in enumerate(zip(derived, published, strict=False)):
        for number, (table, seen) in enumerate(zip(again, shown, strict=False), start=1):
            if table != seen:
                found.append(
                    f"{name} : position {first + offset}, table {number} : publiée {seen}, "
                    f"re-tirée {table}."
                )
        if len(again) != len(shown):
            found.append(
                f"{name} : position {first + offset} : {len(shown)} tables publiées, "
                f"{len(again)} re-tirées."
            )
    return found
