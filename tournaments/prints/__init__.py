"""The printed documents (WeasyPrint), one module per document: the feuilles de marque
(sheets), the seating plan (plan), the player cards (cards), the ranking (ranking); and what
they share: the QR codes (qr), the sheet's layout on its ruled form (layout), the PDF itself
(pdf). Each reads what its document shows and returns plain values for the templates under
``templates/prints/``."""
