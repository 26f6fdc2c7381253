"""The reads: plain values in few queries, for the pages, exports, prints and the projector.

A selector imports nothing above it: no services, views, forms, prints or template tags
(tests/test_architecture.py); what a deal scores and how it is worded come from
``tournaments.deal_scoring`` and ``tournaments.deal_words``, below them all."""
