"""The web app: FastAPI, one folder per feature.

- :mod:`.keeper`  the score keeper: a sheet typed in by hand, its store and JSON API
- :mod:`.play`    playing against computer players, and the game engine, store and WebSocket that
                  tables with friends share
- :mod:`.tables`  tables with friends: create, look up and join by a six-character code
- :mod:`.learn`   rules per preset, the glossary and guided lessons

The shared part: :func:`create_app` (:mod:`.app`), the database (:mod:`.db`: SQLite or PostgreSQL), error
bodies (:mod:`.errors`), ``GET /healthz`` (:mod:`.health`) and the static pages (:mod:`.pages`).  The
WebSocket protocol is in docs/web-protocol.md; running it for others in docs/deploy.md.
"""

from .app import create_app
from .storage import default_db_path

__all__ = ["create_app", "default_db_path"]
