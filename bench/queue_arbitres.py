"""bench/queue_bench.py's four arbitres: each asks for one document of the tournament in
rounds, follows its « en préparation » page as the page does, and fetches the file.

They run in a process of their own, started by ``queue_bench.run``: they are not the tables'
phones, and in the tables' process their threads (reading pages and PDFs of megabytes) held
the interpreter lock while a table timed its save, which then counted their work as the
server's. Talks to 127.0.0.1 only."""

from __future__ import annotations

import re
import threading
import time

from load_fault import Phone, Tally
from queue_servers import Timed

# The « en préparation » page asks again every 2 s (templates/documents/preparing.html).
POLL_SECONDS = 2.0
RUN_DEADLINE = 600

DOCUMENTS = {
    "feuilles": "/arbitre/tournois/{t}/positions/1/feuilles.pdf",
    "plan": "/arbitre/tournois/{t}/positions/1/plan.pdf",
    "cartes": "/arbitre/tournois/{t}/cartes.pdf",
    "classement": "/tournois/{t}/classement.pdf",
}


def log_in(browser: Phone) -> None:
    _, html, _ = browser.request("GET", "/connexion/")
    form = {"username": "arbitre", "password": "x", "csrfmiddlewaretoken": browser.token(html)}
    status, _, _ = browser.request("POST", "/connexion/", form)
    if status != 302:
        raise SystemExit(f"the arbitre's login answered {status}")


def arbitres(port: int, tournament: int, logged_in, done, results) -> None:
    """The four arbitres, a thread each. ``logged_in`` (an Event) is set once the four are
    logged in, or once one could not be (the tables then start anyway); they ask until ``done``
    (an Event) is set, and send back through ``results`` the durations of their requests by
    label, what was refused, and the rounds (by number, each arbitre's time to the file, job
    digest, status and when it asked)."""
    tally, times, rounds = Tally(), {}, {}
    barriers = (threading.Barrier(len(DOCUMENTS), action=logged_in.set),
                threading.Barrier(len(DOCUMENTS)))  # fmt: skip
    threads = [
        threading.Thread(
            target=arbitre,
            args=(port, tally, times, name, url.format(t=tournament), barriers, done, rounds),
        )
        for name, url in DOCUMENTS.items()
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=RUN_DEADLINE)
    logged_in.set()
    results.send((times, list(tally.refused), rounds))


def arbitre(port, tally, times, name, url, barriers, done, rounds) -> None:
    """Log in (the tables start once the four are: ``barriers[0]``), then ask for ``url`` at
    the start of each round with the three others (``barriers[1]``), follow its page until the
    file is there, fetch it; the time to the file and the job's digest, by round. At least one
    round, however soon the tables are done (at the small size, before a document is drawn)."""
    logged_in, barrier = barriers
    browser = Timed(port, tally, times)
    try:
        log_in(browser)
        logged_in.wait(timeout=RUN_DEADLINE)
    except (SystemExit, threading.BrokenBarrierError) as refusal:
        tally.refused.append((name, "login", str(refusal)))
        logged_in.abort()
        barrier.abort()
        return
    follower = Timed(port, tally, times, headers={"HX-Request": "true"})
    follower.cookies = browser.cookies
    number = 0
    while not (number and done.is_set()):
        try:
            barrier.wait(timeout=RUN_DEADLINE)
        except threading.BrokenBarrierError:
            return
        started, asked_at = time.perf_counter(), time.time()
        status, html = browser.timed("print ask", "GET", url)
        digest = ""
        if status == 202:
            digest = re.search(r"travail=([0-9a-f]{64})", html).group(1)
            followed = f"{url}?travail={digest}"
            while True:
                time.sleep(POLL_SECONDS)
                status, html = follower.timed("print follow", "GET", followed)
                if "Le document est prêt." in html or "pas pu" in html or "à temps" in html:
                    break
            status, _ = browser.timed("print file", "GET", followed)
        elif status != 200:
            tally.refused.append((name, number, status))
        with tally.lock:
            waited = time.perf_counter() - started
            rounds.setdefault(number, {})[name] = (waited, digest, status, asked_at)
        number += 1
    # No round starts once the tables are done: an arbitre still waiting for one is let go.
    barrier.abort()
