"""Settings for tarot_club, driven by the environment.

Local use needs no variable at all: SQLite in the project folder, DEBUG on, a development key.
Production is switched on with DEBUG=0 and must then be given SECRET_KEY and ALLOWED_HOSTS;
a missing or unreadable value stops the start with a message instead of running half set up.
"""

import json
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

DEVELOPMENT_SECRET_KEY = "django-insecure-development-only-never-use-in-production"


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}={value!r}: expected 1/0, true/false, yes/no or on/off.")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r}: expected a whole number.") from None


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        number = float(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r}: expected a number.") from None
    if not number > 0:
        raise ImproperlyConfigured(f"{name}={value!r}: expected a number above 0.")
    return number


def env_json(name: str, default: dict) -> dict:
    value = os.environ.get(name)
    if not value:
        return default
    try:
        parsed = json.loads(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}: expected a JSON object.") from None
    if not isinstance(parsed, dict):
        raise ImproperlyConfigured(f"{name}: expected a JSON object.")
    return parsed


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off (production).")
    SECRET_KEY = DEVELOPMENT_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set when DEBUG is off (production).")

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# The addresses of the reverse proxies whose X-Forwarded-For is believed (comma-separated).
# Empty: the client's address is REMOTE_ADDR, whatever headers the client sends.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # Django's own widget templates, for the form renderer below.
    "django.forms",
    "django_htmx",
    "template_partials",
    "simple_history",
    "documents",
    "clubs",
    "axes",
    "tournaments",
    "championships",
    "notifications",
    "entries",
    "seasons",
    "palmares",
    "guides",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A NUL character in a query or a form: a French 400 before any view reads it.
    "tarot_club.middleware.NulCharacterMiddleware",
    # Django's, saving the session once more when its connection was cut (not a 400).
    "tarot_club.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tarot_club.middleware.ContentSecurityPolicyMiddleware",
    "tarot_club.middleware.DroppedConnectionMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it answers a login refused for too many failures.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tarot_club.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["django_htmx.templatetags.django_htmx"],
        },
    },
]

# Forms draw their widgets with the project's templates (templates/widgets/), where its own
# widgets keep theirs (tournaments/widgets.py).
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

WSGI_APPLICATION = "tarot_club.wsgi.application"

# SQLite by default, a file beside manage.py. Tables enter their deals at the same time, so
# SQLite runs in WAL mode and takes its write lock at the start of each transaction
# (IMMEDIATE) with a busy timeout: concurrent writers wait their turn instead of failing
# with "database is locked" half-way through a transaction.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": ("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"),
}

if os.environ.get("DATABASE_URL"):
    # Connections are kept between requests (DATABASE_CONN_MAX_AGE seconds, 0 under ASGI:
    # tarot_club/asgi.py), and checked before each request reuses one: a connection that the
    # server or a proxy cut while it was idle is replaced, not a 500.
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"],
            conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
            conn_health_checks=True,
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
    elif DATABASES["default"]["CONN_MAX_AGE"] == 0:
        # Under ASGI each request takes a connection from the process's pool and gives it back:
        # 100 phones typing their codes at once wait a few milliseconds for one, where each
        # opening its own went past PostgreSQL's 100 clients and was answered 503. At most
        # DATABASE_POOL_SIZE per web process; a request waits up to 20 s for one (then 503).
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 2,
            "max_size": env_int("DATABASE_POOL_SIZE", 10),
            "timeout": 20,
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": SQLITE_OPTIONS,
        }
    }

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The tests' database is a file, not memory: the browser tests' server answers each request
    # in a thread of its own, and with a database in memory Django makes every thread share one
    # connection, so two requests at once (a poll and a signature) would mix their transactions.
    # With a file, each thread has its own connection, as on a real server.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "db.sqlite3.tests")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache holds what every web process must share: the table-code attempts and the one-time
# device links (tournaments/table_access.py). REDIS_URL: Redis through Django's own RedisCache,
# for several processes or machines. Otherwise, in production, a database table (created by
# ``manage.py createcachetable``); locally, one process's memory.
REDIS_URL = os.environ.get("REDIS_URL", "")
# It also keeps the rankings and each past evening's totals and counts, which a club's seasons
# and its players' histories read: two entries an evening. Django's default of 300 entries
# would drop them after a hundred evenings, to sum them again at every read.
CACHE_MAX_ENTRIES = 20_000
# A Redis that has not answered within this many seconds is taken as cut (tarot_club/cache.py).
CACHE_REDIS_TIMEOUT = env_float("CACHE_REDIS_TIMEOUT", 0.5)
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's RedisCache, answered by the process's memory while Redis does not
            # answer within CACHE_REDIS_TIMEOUT seconds: a request never fails for it.
            "BACKEND": "tarot_club.cache.FallbackRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "tarot"),
            "OPTIONS": {
                # One pool of connections per process, not one per request (tarot_club/cache.py).
                "pool_class": "tarot_club.cache.SharedConnectionPool",
                "socket_connect_timeout": CACHE_REDIS_TIMEOUT,
                "socket_timeout": CACHE_REDIS_TIMEOUT,
            },
        }
    }
elif DEBUG:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "tarot-club",
            "OPTIONS": {"MAX_ENTRIES": CACHE_MAX_ENTRIES},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "tarot_cache",
            "OPTIONS": {"MAX_ENTRIES": CACHE_MAX_ENTRIES},
        }
    }

# The heavy work (the PDFs, the .xlsx exports) goes to Celery (tarot_club/celery.py), with the
# Redis of REDIS_URL as its broker; without it, every task runs eagerly in the process that
# sends it, so that a laptop needs nothing more than ``./dev serve``. A task is acknowledged
# only once done, and given back to the queue when its worker dies, so that another worker does
# it again (every task is idempotent). A render may run DOCUMENTS_TIME_LIMIT seconds; a message
# taken by a worker that died is given back after the visibility timeout; a job not done after
# both is reported as failed (documents/services.py).
DOCUMENTS_TIME_LIMIT = env_int("DOCUMENTS_TIME_LIMIT", 120)
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
# CELERY_EAGER=1 draws in the request even with a broker (bench/queue_bench.py compares both).
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_EAGER", not REDIS_URL)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_TIME_LIMIT = DOCUMENTS_TIME_LIMIT
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_TIMEOUT = 2
# A worker looks for messages taken by a worker that died every CELERY_RESTORE_INTERVAL seconds
# (kombu's default, 10 s but only at one call in ten, gave them back up to 100 s after their
# visibility timeout: an arbitre's document waited that long after a worker died).
CELERY_RESTORE_INTERVAL = env_int("CELERY_RESTORE_INTERVAL", 5)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", DOCUMENTS_TIME_LIMIT + 30),
    "unacked_restore_interval": CELERY_RESTORE_INTERVAL,
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
}
# A web request that cannot reach the broker draws the document itself (documents/services.py):
# it must learn it at once, not after Celery's default retries.
CELERY_TASK_PUBLISH_RETRY = False
DOCUMENTS_EXPIRY = (
    DOCUMENTS_TIME_LIMIT
    + CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    + CELERY_RESTORE_INTERVAL
)
# Anonymous requests for a public document, per address and per minute, before the next one is
# answered 429 (a person asks for a few; a script in a loop is slowed down before a render).
DOCUMENTS_PUBLIC_PER_MINUTE = env_int("DOCUMENTS_PUBLIC_PER_MINUTE", 30)
# Under the production server, an address has this many together at once, then one every
# 60 / DOCUMENTS_PUBLIC_PER_MINUTE seconds, each further request waiting for its turn before
# Django sees it (documents/limits.py): a script in a loop costs one request every 2 s.
DOCUMENTS_PUBLIC_AT_ONCE = env_int("DOCUMENTS_PUBLIC_AT_ONCE", 4)
if DOCUMENTS_PUBLIC_PER_MINUTE < 1 or DOCUMENTS_PUBLIC_AT_ONCE < 1:
    raise ImproperlyConfigured(
        "DOCUMENTS_PUBLIC_PER_MINUTE and DOCUMENTS_PUBLIC_AT_ONCE: expected 1 or more."
    )

# The live pages' event bus (common/bus.py): a Redis stream shared by every web process, or one
# process's memory without Redis. LIVE_REDIS_URL lets the bus use another Redis than the cache
# (bench/live_bench.py cuts the bus's alone); it is REDIS_URL by default.
LIVE_REDIS_URL = os.environ.get("LIVE_REDIS_URL", REDIS_URL)
LIVE_STREAM_KEY = os.environ.get("CACHE_KEY_PREFIX", "tarot") + ":live"
# A heartbeat comment on every open stream, so that no proxy closes it as idle.
LIVE_HEARTBEAT_SECONDS = 15
# Each process reads the bus at most this often: the events of a busy room (a dozen deals a
# second at a federation's event) reach each open stream as one write, not one write each.
LIVE_BATCH_SECONDS = float(os.environ.get("LIVE_BATCH_SECONDS", "0.25"))
# The live streams one web process holds open for one address, before a 429: a room's phones
# share the venue's address, so it is generous; a script opening thousands is stopped.
LIVE_STREAMS_PER_ADDRESS = env_int("LIVE_STREAMS_PER_ADDRESS", 300)

# « Me prévenir » (notifications/push): Web Push signed with the site's VAPID keys, made once by
# ``manage.py vapid_keys``; without them the button is not offered. The subscriptions may name
# only the browsers' push services (PUSH_SERVICE_HOSTS, over HTTPS), never another address.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:arbitre@example.org")
PUSH_SERVICE_HOSTS = (
    "fcm.googleapis.com",
    "push.services.mozilla.com",
    "push.apple.com",
    "notify.windows.com",
)
PUSH_PLAIN_HTTP_FOR_TESTS = False
# The notifications go to a Celery queue of their own, which the documents' workers never read
# (``-Q celery``; the notifications' worker ``-Q notifications``): a thousand phones never keep
# a PDF waiting. They are sent in batches of at most PUSH_BATCH_SIZE phones or
# PUSH_BATCH_SECONDS, each well within PUSH_TASK_TIME_LIMIT, each queueing the next.
PUSH_QUEUE = "notifications"
CELERY_TASK_ROUTES = {
    "tournaments.push.tasks.send_event_notifications": {"queue": PUSH_QUEUE},
}
PUSH_BATCH_SIZE = env_int("PUSH_BATCH_SIZE", 50)
PUSH_BATCH_SECONDS = env_int("PUSH_BATCH_SECONDS", 20)
PUSH_TASK_TIME_LIMIT = env_int("PUSH_TASK_TIME_LIMIT", 90)
# Phones one address may have subscribed to one tournament's notifications (a room's phones
# share the venue's address: generous, but far from a script's thousands).
PUSH_PHONES_PER_ADDRESS = env_int("PUSH_PHONES_PER_ADDRESS", 300)

# E-mail (entries/: online registration's confirmations, promotions, reminders), sent by the
# task queue after the commit through Django's backend: SMTP from EMAIL_HOST and its fellows in
# production, the console (the terminal) on a laptop (docs/deploying/configuration.md).
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Tarot <tarot@localhost>")
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL: one of them at most.")
# The site's address as the e-mails' links write it (no request to read it from in a task).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# Online entries one address may send a minute (entries/pace.py), before « Trop de demandes ».
ENTRIES_PER_MINUTE = env_int("ENTRIES_PER_MINUTE", 10)

# Sessions live in the database alone, the one engine a deal needs: a phone's grant on its
# table and an arbitre's login hold while Redis is stopped, and no session read back from a
# cache can be older than the database's (a logout during a cut stays a logout). One read by
# primary key a request.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Failed logins are limited by django-axes, per pair (account, address) and per address
# (tarot_club.login_throttle): after AXES_FAILURE_LIMIT failures of that account from that
# address, that pair, or after LOGIN_FAILURE_LIMIT_PER_ADDRESS from that address on any
# accounts, that address, is refused for AXES_COOLOFF_TIME, whatever the
# password, with a French message saying how long is left (tarot_club.lockout). An account
# alone is never locked: its owner logs in from his own address whatever others try. A
# successful login forgets its own pair's failures, never the address's. Only logging in is
# refused: the arbitre's sessions already open and the tables (which type codes, not passwords)
# go on. The address is the one the table codes use (behind TRUSTED_PROXIES, X-Forwarded-For).
# The failures are kept in the shared cache (Redis, or the database's cache table), so that
# every web process counts them.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
LOGIN_FAILURE_LIMIT_PER_ADDRESS = 20
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
# A failure while locked does not push the end further: the time the message gives holds.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "common.addresses.client_address"
AXES_LOCKOUT_CALLABLE = "tarot_club.lockout.lockout_response"
AXES_HANDLER = "tarot_club.login_throttle.LoginThrottle"
AXES_CACHE = "default"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "setup_home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français")]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True
LOCALE_PATHS = [BASE_DIR / "locale"]

STATIC_URL = "static/"
# The guides' pictures (docs/captures/, taken by the browser tests) are static files too, for
# « Aide » to show them under /static/captures/.
STATICFILES_DIRS = [BASE_DIR / "static", ("captures", BASE_DIR / "docs" / "captures")]
# Where collectstatic puts the static files whitenoise serves in production (STATIC_ROOT: the
# stack tests give each ./dev prod its own, so that none rewrites another's while it serves).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", "") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # The finished documents (PDFs, .xlsx), kept until what they show changes: a folder by
    # default; any Django storage shared by every machine in production (docs, « Deploying »).
    "documents": {
        "BACKEND": os.environ.get(
            "DOCUMENTS_STORAGE", "django.core.files.storage.FileSystemStorage"
        ),
        "OPTIONS": env_json(
            "DOCUMENTS_STORAGE_OPTIONS",
            {"location": os.environ.get("DOCUMENTS_ROOT", str(BASE_DIR / "var" / "documents"))},
        ),
    },
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# HTTPS in production. PLAIN_HTTP=1 is for a club that runs the app on a laptop in the room,
# over the room's own network without a certificate: no redirect to https, no secure-only
# cookies, no HSTS (and ``check --deploy`` then says so).
PLAIN_HTTP = env_bool("PLAIN_HTTP", False)
if not DEBUG and not PLAIN_HTTP:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # Joining the browsers' HSTS preload list is the domain owner's decision, made once for
    # the whole domain, not the app's: SECURE_HSTS_PRELOAD=1 says yes; otherwise the check
    # that suggests it is silenced rather than the domain committed by default.
    if not SECURE_HSTS_PRELOAD:
        SILENCED_SYSTEM_CHECKS = ["security.W021"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# What the pages may load: everything from this site only (htmx is served by django-htmx from
# the static files), no inline <script> and no inline style, nothing framed, forms posted here.
# Inline SVG drawn by the server needs nothing more. Built by tarot_club.middleware.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
