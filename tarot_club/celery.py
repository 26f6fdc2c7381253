"""The Celery app: workers start with ``celery -A tarot_club worker``.

Configured from Django's settings, the ``CELERY_`` ones (tarot_club/settings.py): the broker is
the Redis of ``REDIS_URL``; without it every task runs eagerly, in the process that sends it.
Each app keeps its tasks in its own ``tasks.py``, found by ``autodiscover_tasks``.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")

app = Celery("tarot_club")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
