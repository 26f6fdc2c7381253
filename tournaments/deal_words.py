"""A deal in the sheet's words: its primes, points, signs and the players' short names, as
the sheet, the live marques, the history and the prints all write them.

Below the services, selectors, forms and prints, which all word a deal the same way.
"""

from django.utils.translation import gettext_lazy

from tournaments.choices import Camp, Chelem

PETIT_AU_BOUT = {
    Camp.ATTACK: gettext_lazy("petit au bout à l'attaque"),
    Camp.DEFENSE: gettext_lazy("petit au bout à la défense"),
}
CHELEMS = {
    Chelem.ANNOUNCED_MADE: gettext_lazy("chelem annoncé et réalisé"),
    Chelem.UNANNOUNCED_MADE: gettext_lazy("chelem réalisé sans annonce"),
    Chelem.ANNOUNCED_FAILED: gettext_lazy("chelem annoncé et chuté"),
    Chelem.DEFENSE: gettext_lazy("chelem réalisé par la défense"),
}
