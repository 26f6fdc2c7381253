"""Redis stopped or frozen in the middle of play, on the production stack (``./dev prod`` on
PostgreSQL, its Celery worker, and a Redis server of the test's own): every page still answers,
the arbitre logs in, a table types its code and saves its deal, a print is drawn; when Redis
is back, the live pages are given what they missed (docs, « Configuration »). PostgreSQL is
the only engine a deal needs."""

import http.client
import re
import time

import pytest

from tests.private_redis import private_redis_or_skip
from tests.stack.production import DEMO_ARBITRE, HOST, ProductionStack, wait_for

pytestmark = pytest.mark.stack

PRISE = {"taker": "N", "contract": "prise", "bouts": "1", "points": "55"}
SAVED = re.compile(rb"Donne (\d+) enregistr\xc3\xa9e")


@pytest.fixture(scope="module")
def redis():
    server = private_redis_or_skip()
    yield server
    server.close()


@pytest.fixture(scope="module")
def stack(redis):
    production = ProductionStack(redis.url(0), name="tarot_redis_stopped")
    yield production
    production.stop()


@pytest.fixture(scope="module")
def tables(stack):
    """The demo's tables still playing, each with a deal to score: (id, code)."""
    return stack.sql(
        "SELECT t.id, t.code FROM tournaments_table t "
        "JOIN tournaments_position p ON p.id = t.position_id WHERE p.closed_at IS NULL "
        "AND (SELECT count(*) FROM tournaments_deal d "
        "WHERE d.table_id = t.id AND d.points IS NOT NULL) < 4 ORDER BY t.id"
    )


@pytest.fixture(scope="module")
def tournament(stack):
    return stack.sql("SELECT id FROM tournaments_tournament WHERE status = 'en_cours'")[0][0]


@pytest.fixture
def stopped(redis):
    redis.stop()
    yield redis
    redis.start()


@pytest.fixture
def frozen(redis):
    redis.freeze()
    yield redis
    redis.start()


def deals_of(stack, table_id: int) -> list[int]:
    """The numbers of the table's deals scored (a deal's bids may be noted before its result)."""
    rows = stack.sql(
        "SELECT number FROM tournaments_deal WHERE table_id = %s AND points IS NOT NULL",
        table_id,
    )
    return sorted(number for (number,) in rows)


def public_pages(tournament: int) -> list[str]:
    return [
        "/",
        f"/tournois/{tournament}/",
        f"/tournois/{tournament}/classement/",
        f"/tournois/{tournament}/classement.json",
        f"/tournois/{tournament}/projection/",
        f"/tournois/{tournament}/joueurs/1/",
        "/connexion/",
    ]


@pytest.mark.usefixtures("stopped")
def test_with_redis_stopped_every_public_page_answers(stack, tournament):
    browser = stack.browser()

    statuses = {page: browser.get(page)[0].status for page in public_pages(tournament)}

    assert statuses == dict.fromkeys(public_pages(tournament), 200)


@pytest.mark.usefixtures("stopped")
def test_with_redis_stopped_the_arbitre_logs_in_and_opens_the_room(stack, tournament):
    browser = stack.browser()

    login, _ = browser.log_in(*DEMO_ARBITRE)
    room, html = browser.get(f"/arbitre/tournois/{tournament}/positions/2/salle/")

    assert (login.status, login.getheader("Location")) == (302, "/arbitre/")
    assert room.status == 200
    assert "Position 2" in html.decode()


@pytest.mark.usefixtures("stopped")
def test_with_redis_stopped_a_table_types_its_code_and_opens_its_sheet(stack, tables):
    table, code = tables[0]
    phone = stack.browser()

    typed, _ = phone.open_table(table, code)
    sheet, html = phone.get(f"/tables/{table}/")

    assert (typed.status, typed.getheader("Location")) == (302, f"/tables/{table}/")
    assert sheet.status == 200
    assert 'class="deal-form' in html.decode()


def test_a_deal_posted_while_redis_is_stopped_is_stored_and_acknowledged(stack, tables, redis):
    table, code = tables[1]
    phone = stack.browser()
    phone.open_table(table, code)
    before = deals_of(stack, table)
    redis.stop()
    try:
        answer, html = phone.post_deal(table, **PRISE)
    finally:
        redis.start()

    number = len(before) + 1
    assert answer.status == 200
    assert SAVED.search(html).group(1) == str(number).encode()
    assert deals_of(stack, table) == [*before, number]


@pytest.mark.usefixtures("frozen")
def test_a_deal_posted_while_redis_hangs_is_stored_and_acknowledged(stack, tables):
    table, code = tables[2]
    phone = stack.browser()
    phone.open_table(table, code)
    before = deals_of(stack, table)

    started = time.monotonic()
    answer, html = phone.post_deal(table, **PRISE)
    took = time.monotonic() - started

    assert answer.status == 200
    assert SAVED.search(html) is not None
    assert deals_of(stack, table) == [*before, len(before) + 1]
    assert took < 5


@pytest.mark.usefixtures("stopped")
def test_a_print_asked_while_redis_is_stopped_is_drawn_in_the_request(stack, tournament):
    arbitre = stack.browser()
    arbitre.log_in(*DEMO_ARBITRE)

    answer, pdf = arbitre.get(f"/arbitre/tournois/{tournament}/positions/2/plan.pdf")

    assert answer.status == 200
    assert pdf.startswith(b"%PDF-")


def test_once_redis_is_back_the_prints_go_to_the_worker_again(stack, tournament, redis):
    redis.stop()
    redis.start()
    arbitre = stack.browser()
    arbitre.log_in(*DEMO_ARBITRE)
    cards = f"/arbitre/tournois/{tournament}/cartes.pdf"

    first, _ = arbitre.get(cards)
    pdf = wait_for(
        "the cards drawn by the worker",
        lambda: (answer := arbitre.get(cards))[0].status == 200 and answer[1],
        60,
    )

    assert first.status == 202
    assert pdf.startswith(b"%PDF-")


def read_events(port: int, path: str, last_id: str, until: tuple[bytes, ...], seconds: float):
    """What the stream at ``path`` sends a client coming back with ``last_id``, until one of
    ``until`` is in it (or ``seconds`` have passed, or the stream is refused or ends)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=seconds)
    received = b""
    deadline = time.monotonic() + seconds
    try:
        connection.request("GET", path, headers={"Last-Event-ID": last_id})
        response = connection.getresponse()
        while not any(word in received for word in until) and time.monotonic() < deadline:
            chunk = response.read1(65536)
            if not chunk:
                break
            received += chunk
    except TimeoutError:
        pass  # nothing more within the time: what came is the answer
    finally:
        connection.close()
    return received


def catch_up(stack, stream: str, last_id: str, until: tuple[bytes, ...]) -> bytes:
    """What a page coming back with ``last_id`` is given, once it holds one of ``until``."""
    return wait_for(
        "the stream's catching up",
        lambda: (
            any(
                word in (got := read_events(stack.port, stream, last_id, until, 5))
                for word in until
            )
            and got
        ),
        30,
    )


def test_a_deal_saved_while_redis_hangs_reaches_the_live_pages_when_it_answers(
    stack, tables, tournament, redis
):
    table, code = tables[3]
    phone = stack.browser()
    phone.open_table(table, code)
    stream = f"/tournois/{tournament}/direct/"
    seen_before = f"{int(time.time() * 1000)}-0"
    redis.freeze()
    try:
        answer, _ = phone.post_deal(table, **PRISE)
    finally:
        redis.thaw()

    received = catch_up(stack, stream, seen_before, (b'"deal.recorded"',))

    assert answer.status == 200
    assert b'"kind":"deal.recorded"' in received


def test_a_page_from_before_redis_restarted_empty_catches_up_on_the_deal_saved_meanwhile(
    stack, tables, tournament, redis
):
    table, code = tables[4]
    phone = stack.browser()
    phone.open_table(table, code)
    stream = f"/tournois/{tournament}/direct/"
    seen_before = f"{int(time.time() * 1000)}-0"
    redis.stop()
    try:
        answer, _ = phone.post_deal(table, **PRISE)
    finally:
        redis.start()

    # The deal's event itself, or, from a process that saw Redis come back empty (the events
    # it had not read lost with it), « reload »: the page reads itself again, deal included.
    received = catch_up(stack, stream, seen_before, (b'"deal.recorded"', b"event: reload"))

    assert answer.status == 200
    assert b'"kind":"deal.recorded"' in received or b"event: reload" in received


def test_no_request_failed_with_a_server_error_while_redis_was_cut(stack):
    # Django logs each 500 as « Internal Server Error: <path> » (django.request, ERROR), the
    # ASGI server one raised outside Django as « Exception in ASGI application ». (The Celery
    # worker logs its own tracebacks of the broker lost: not a request's.)
    assert "Internal Server Error" not in stack.log_text()
    assert "Exception in ASGI application" not in stack.log_text()
