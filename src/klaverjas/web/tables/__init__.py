"""Tables with friends: a host creates a table and shares its code; friends join a seat by that code.

Only the lobby routes live here (:mod:`.routes`); the game at the table is played through
:mod:`klaverjas.web.play`'s socket and service, as a solo game is.
"""
