"""Documents drawn off the request: the PDFs and the .xlsx exports of the apps above.

An app registers each of its documents (``registry.register``): how to read what the document
shows as a stamp, and how to draw it. A request asks for a document (``services.ask``): the
file kept for that stamp is served at once; otherwise one job is queued per document and stamp
(``tasks.draw``) and the request answers « Impression en préparation… » (``views``). This app
sits below every other: it never names a tournament or a season.
"""
