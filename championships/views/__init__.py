"""The championship's pages: the stages and the halls for the arbitre, the public draws."""
