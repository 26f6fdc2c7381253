"""Every write of online registration: a verb-noun function in one transaction, told who acts,
refusing in French, journalled (``journal.record``)."""
