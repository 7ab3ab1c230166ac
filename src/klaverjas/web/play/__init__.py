"""Playing in the browser: a game table on the server, its store, and the WebSocket service.

The server alone holds the deal; each seat receives its own hand and the public table.

This package holds what solo games and tables with friends share: a table with friends is the same
:class:`~.game.GameTable` with an invitation code and a lobby, played through the same socket and
service, so the engine (:mod:`.game`), its store (:mod:`.store`), the service (:mod:`.service`), the
socket (:mod:`.socket`) and the frames (:mod:`.frames`, :mod:`.models`) live here once, and
:mod:`klaverjas.web.tables` imports them.  :mod:`.routes` holds the solo routes (``router``).
"""
