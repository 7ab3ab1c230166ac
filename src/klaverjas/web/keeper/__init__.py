"""The score keeper: a sheet the players type their deals into; the core scores it.

:mod:`.sheet` validates and computes, :mod:`.store` keeps the inputs in SQLite (with undo),
:mod:`.models` are the JSON bodies, :mod:`.routes` the API (``router``) and the /keeper page.
"""

from .routes import router
from .store import Store

__all__ = ["router", "Store"]
