"""What the tournaments' services tell the apps above them, which they never import.

``tournament_hidden``: a published tournament taken off the public by a service, sent inside
the service's transaction with ``tournament`` and ``by`` (who acts, an ``Actor``). The
seasons listen to it, and journal who recounted them without the evening.
"""

from django.dispatch import Signal

tournament_hidden = Signal()
