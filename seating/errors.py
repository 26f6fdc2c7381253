"""The one error of the seating generator."""


class SeatingError(ValueError):
    """The players cannot be seated as asked; the message is French, meant for the arbitre."""
