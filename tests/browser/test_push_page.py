"""« Me prévenir » on a player's page, in Chromium: the permission asked on the tap, and each
outcome said in French.

What headless Chromium cannot do: produce a real push subscription. In a Playwright context
(incognito) ``PushManager.subscribe`` refuses at once (« Chrome currently does not support the
Push API in incognito mode »); in a persistent profile it never answers (its push service,
Google's, is out of reach). So the test that subscribes replaces ``PushManager.subscribe``
alone, by a subscription whose endpoint and keys are a phone of the tests' own push service
(tests/push_service.py). Everything else is the browser's and the app's own: the permission
granted, the site's worker registered and active, the subscription posted and stored, and the
notification the server then sends, decrypted with the phone's keys."""

import json

import pytest
from playwright.sync_api import expect

from notifications.models import PushSubscription
from tests.at_the_table import TESTS
from tests.push_service import Phone, serving_the_site
from tournaments.services.seating import publish_seating

pytestmark = pytest.mark.browser

REFUSED = "Le navigateur de ce téléphone n’autorise pas les notifications de ce site."
UNANSWERED = "La demande d’autorisation est restée sans réponse"


@pytest.fixture
def push_service(settings):
    with serving_the_site(settings) as service:
        yield service


@pytest.fixture
def player_page(chromium, live_server, table, push_service):  # noqa: ARG001 - its keys
    """``player_page(granted=…, script=…)``: player 1's page in a new context, the
    notifications granted or not, ``script`` run before the page's own."""
    contexts = []

    def opened(*, granted: bool, script: str = ""):
        context = chromium.new_context(locale="fr-FR", base_url=live_server.url)
        contexts.append(context)
        if granted:
            context.grant_permissions(["notifications"])
        if script:
            context.add_init_script(script)
        page = context.new_page()
        page.goto(f"/tournois/{table.position.tournament_id}/joueurs/1/")
        return page

    yield opened
    for context in contexts:
        context.close()


def fake_subscription(phone: Phone) -> str:
    """``PushManager.subscribe`` answering with ``phone``'s endpoint and keys (the one part of
    the browser replaced: see the module's docstring)."""
    fields = json.dumps({"endpoint": phone.endpoint, "p256dh": phone.p256dh, "auth": phone.auth})
    return f"""(() => {{
      const phone = {fields};
      const bytes = (text) => Uint8Array.from(
        atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4)),
        (c) => c.charCodeAt(0)).buffer;
      let made = null;
      PushManager.prototype.getSubscription = async function () {{ return made; }};
      PushManager.prototype.subscribe = async function (options) {{
        if (!this) throw new Error("no registration");
        made = {{
          endpoint: phone.endpoint,
          options: {{ applicationServerKey: options.applicationServerKey.buffer }},
          getKey: (name) => bytes(name === "p256dh" ? phone.p256dh : phone.auth),
          unsubscribe: async () => {{ made = null; return true; }},
        }};
        return made;
      }};
    }})();"""


def test_granted_the_phone_subscribes_and_receives_its_notification(
    player_page, push_service, table
):
    phone = Phone(push_service, "/push/chromium")
    page = player_page(granted=True, script=fake_subscription(phone))

    page.get_by_role("button", name="Me prévenir").click()

    expect(page.locator("#notify-status")).to_have_text("Ce téléphone sera prévenu.")
    expect(page.get_by_role("button", name="Ne plus me prévenir")).to_be_visible()
    # The site's own worker, registered and active (scope /tables/).
    assert (
        page.evaluate(
            "async () => (await navigator.serviceWorker.getRegistration('/tables/')).active.state"
        )
        == "activated"
    )
    stored = PushSubscription.objects.get()
    assert (stored.endpoint, stored.registration.number) == (phone.endpoint, 1)

    publish_seating(position=table.position, by=TESTS)

    assert [message["body"] for message in phone.messages()] == ["Position 1 : table 1, place Nord"]


def test_a_permission_refused_says_so_and_posts_nothing(player_page):
    posted = []
    page = player_page(granted=False)
    page.on(
        "request", lambda request: posted.append(request.url) if request.method == "POST" else None
    )
    assert page.evaluate("() => Notification.permission") in ("default", "denied")

    page.get_by_role("button", name="Me prévenir").click()

    expect(page.locator("#notify-status")).to_contain_text(REFUSED)
    expect(page.get_by_role("button", name="Me prévenir")).to_be_enabled()
    assert posted == []
    assert PushSubscription.objects.count() == 0


def test_a_request_left_unanswered_says_to_tap_again(player_page):
    dismissed = "Notification.requestPermission = async () => 'default';"
    page = player_page(granted=False, script=dismissed)

    page.get_by_role("button", name="Me prévenir").click()

    expect(page.locator("#notify-status")).to_contain_text(UNANSWERED)
    expect(page.get_by_role("button", name="Me prévenir")).to_be_enabled()


def test_a_browser_without_push_says_it_cannot(player_page):
    page = player_page(granted=True, script="delete window.PushManager;")

    expect(page.locator("#notify-status")).to_have_text(
        "Ce navigateur ne sait pas recevoir de notifications de ce site."
    )
    expect(page.get_by_role("button", name="Me prévenir")).to_be_hidden()


def test_a_worker_that_fails_to_register_is_said(player_page, push_service):
    phone = Phone(push_service, "/push/no-worker")
    page = player_page(granted=True, script=fake_subscription(phone))
    # A worker's address that answers 404: the browser refuses to register it.
    page.evaluate(
        "() => { document.getElementById('notify').dataset.workerUrl = '/tables/absent.js'; }"
    )

    page.get_by_role("button", name="Me prévenir").click()

    expect(page.locator("#notify-status")).to_have_text(
        "Ce navigateur n’a pas pu préparer les notifications de ce site ; réessayez dans un moment."
    )
    assert PushSubscription.objects.count() == 0


def test_a_push_service_that_never_answers_ends_in_a_timeout(player_page):
    never = "PushManager.prototype.subscribe = () => new Promise(() => {});"
    page = player_page(granted=True, script=never)
    # A second, not 20, to wait for the answer that never comes.
    page.evaluate("() => { document.getElementById('notify').dataset.waitSeconds = '1'; }")

    page.get_by_role("button", name="Me prévenir").click()

    expect(page.locator("#notify-status")).to_have_text(
        "Toujours pas de réponse : vérifiez la connexion et réessayez.", timeout=5_000
    )
    expect(page.get_by_role("button", name="Me prévenir")).to_be_enabled()
