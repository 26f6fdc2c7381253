"""The arbitres of bench/load_fault.py --arbitres N, and what the tables do once the arbitre
may close their position. Each takes the phone or session (load_fault.Phone) and the tally it
reports to.

With ``--arbitres N`` the tournament has a second position, and while the tables write, N
sessions of the arbitre (each logged in on its own) loop on one tournament: force the closing
of position 1, reopen it, generate position 2, publish it; a reader fetches the public
tournament page and the projection all along. A phone refused because its position is
closed for the moment (or answered 503) waits and sends the same deal again (the same
submission id, as the offline queue does), and once its 5 deals are in, its 4 players sign.
The run also prints what the arbitres did, the deadlocks PostgreSQL counted, and the answers
that showed a person a conflict or a cut connection.
"""

import threading
import time

CLOSED_RETRY_PAUSE = 0.3  # a phone refused while its position is closed tries again after


def closed_for_now(status: int | None, html: str) -> bool:
    """Whether a phone's write was refused because its position is closed (the phone's right
    is suspended, or the service found it closed under the table's lock)."""
    return status == 403 or (status == 423 and "position est close" in html.lower())


def sign_sheet(phone, table_id: int, tally, deadline: float) -> None:
    """The four players confirm their bilans; the last one signs the sheet."""
    for place in "NESO":
        while time.monotonic() < deadline:
            status, html, _ = phone.request("GET", f"/tables/{table_id}/")
            status, html, _ = phone.request(
                "POST",
                f"/tables/{table_id}/signature/",
                {"place": place, "csrfmiddlewaretoken": phone.token(html)},
            )
            if status == 503 or closed_for_now(status, html):
                with tally.lock:
                    tally.closed_waits += 1
                time.sleep(CLOSED_RETRY_PAUSE)
                continue
            break
    with tally.lock:
        tally.signed += 1


def arbitre_loop(session, tournament: int, tally, done: threading.Event, deadline: float) -> None:
    """One session of the arbitre (``session``, a load_fault.Phone of its own): logs in,
    then closes (forced) and reopens position 1, generates and publishes position 2, over
    and over, until the tables are done."""
    status, html, _ = session.request("GET", "/connexion/")
    status, _, _ = session.request(
        "POST",
        "/connexion/",
        {"username": "arbitre", "password": "x", "csrfmiddlewaretoken": session.token(html)},
    )
    if status != 302:
        tally.acted("login", status)
        return
    base = f"/arbitre/tournois/{tournament}/positions"
    steps = [
        ("close", f"{base}/1/clore/", {"force": "on", "reason": "Charge : clôture forcée"}),
        ("reopen", f"{base}/1/rouvrir/", {"reason": "Charge : réouverture"}),
        ("generate", f"{base}/2/placement/generer/", {}),
        ("publish", f"{base}/2/placement/publier/", {}),
    ]
    while not done.is_set() and time.monotonic() < deadline:
        for action, path, form in steps:
            if done.is_set():
                return
            status, html, _ = session.request("GET", f"{base}/1/salle/")
            token = session.token(html)
            status, _, _ = session.request("POST", path, {**form, "csrfmiddlewaretoken": token})
            tally.acted(action, status)
            # The position stays open a while after each reopening: the tables write then.
            done.wait(1.0 if action == "reopen" else 0.2)


def public_reader(reader, tournament: int, tally, done: threading.Event, deadline: float) -> None:
    """The players' phones and the room's screen: the public tournament page and the
    projection, read over and over until the tables are done."""
    pages = [f"/tournois/{tournament}/", f"/tournois/{tournament}/projection/"]
    while not done.is_set() and time.monotonic() < deadline:
        for page in pages:
            reader.request("GET", page)
            with tally.lock:
                tally.public_reads += 1
        done.wait(0.1)


def print_arbitres(tally, arbitres: int, tables: int) -> None:
    actions = ", ".join(f"{key} × {n}" for key, n in sorted(tally.arbitre_actions.items()))
    print(f"arbitre sessions         {arbitres}: {actions}")
    print(f"public pages read        {tally.public_reads}")
    print(f"sheets signed            {tally.signed} of {tables}")
    print(f"phone waits (closed)     {tally.closed_waits}")
