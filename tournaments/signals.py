"""What the tournaments' services tell the apps above them, which they never import.

``tournament_hidden``: a published tournament taken off the public by a service, sent inside
the service's transaction with ``tournament`` and ``by`` (who acts, an ``Actor``). The
seasons listen to it, and journal who recounted them without the evening.

``tournament_shown``: a tournament published again by a service (it had been hidden), sent
inside the service's transaction with ``tournament`` and ``by``: the seasons count it again.

``entry_recorded``: a journal entry written (``services.journal.record``), sent inside the
write's transaction with ``entry``, its ``subject`` and its ``table`` (each may be None). The
notifications listen to it: the live pages' events and « Me prévenir », once the write commits.
"""

from django.dispatch import Signal

tournament_hidden = Signal()
tournament_shown = Signal()
entry_recorded = Signal()
