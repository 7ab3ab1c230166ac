"""Learning pages: rules per preset, the glossary, guided lessons.

:mod:`.routes` holds the pages and their JSON API (``router``); the content comes from the engine
(:mod:`.rules_page`, :mod:`.glossary`, :mod:`.lessons`), the answers' shapes are in :mod:`.models`.
"""

from .routes import router

__all__ = ["router"]
