"""Playing in the browser: a game table on the server, its store, and the WebSocket service.

The server alone holds the deal; each seat receives its own hand and the public table.
"""
