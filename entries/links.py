"""The signed links of the e-mails: the player's own page of their entry, and the withdrawal
(one use: its nonce is the entry's, cleared once used; it ends with the tournament's day)."""

from django.core import signing

from entries.models import Entry

PAGE_SALT = "entries.page"
WITHDRAW_SALT = "entries.withdraw"


def page_token(entry: Entry) -> str:
    return signing.dumps({"e": entry.pk}, salt=PAGE_SALT, compress=False)


def withdraw_token(entry: Entry) -> str:
    return signing.dumps({"e": entry.pk, "n": entry.withdraw_nonce}, salt=WITHDRAW_SALT)


def _load(token: str, salt: str) -> dict | None:
    if len(token) > 300:
        return None
    try:
        payload = signing.loads(token, salt=salt)
    except signing.BadSignature:
        return None
    return payload if isinstance(payload, dict) and isinstance(payload.get("e"), int) else None


def entry_id_of_page(token: str) -> int | None:
    payload = _load(token, PAGE_SALT)
    return payload["e"] if payload else None


def withdraw_payload(token: str) -> tuple[int, str] | None:
    """The entry and nonce a withdrawal link names, or None for a link forged or damaged."""
    payload = _load(token, WITHDRAW_SALT)
    if payload is None or not isinstance(payload.get("n"), str):
        return None
    return payload["e"], payload["n"]


MEMBER_SALT = "entries.member"


def member_token(member_id: int, key: str) -> str:
    """A member's link to their page of the club's evenings: the membership and its key."""
    return signing.dumps({"m": member_id, "k": key}, salt=MEMBER_SALT, compress=False)


def member_payload(token: str) -> tuple[int, str] | None:
    """The membership and key a member's link names, or None for a link forged or damaged."""
    if len(token) > 300:
        return None
    try:
        payload = signing.loads(token, salt=MEMBER_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(payload, dict):
        return None
    member_id, key = payload.get("m"), payload.get("k")
    if not isinstance(member_id, int) or not isinstance(key, str) or not key:
        return None
    return member_id, key
