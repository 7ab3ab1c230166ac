"""klaverjas: the Dutch trick-taking card game (and South African Klawerjas).

Layers, each depending only on those above it:

- :mod:`klaverjas.core`: the rules engine: cards, seats, rules, play, roem, scoring, records
  (pure Python, no I/O); everything in it is exported from ``klaverjas`` as well
- :mod:`klaverjas.solver`: the double-dummy solver
- :mod:`klaverjas.bots`: computer players, the bot protocol and the arena
- ``klaverjas.cli``: the ``klaverjas`` command
- ``klaverjas.web``: the web app

>>> from klaverjas import HEARTS, Rules, cards_text, legal_for, parse_cards, parse_hand
>>> cards_text(legal_for(Rules.parse("amsterdam"), HEARTS, parse_hand("7H JH 8C KD"), parse_cards("AS 7S QH")))
'JH'

``make docs`` builds this reference as HTML in ``build/api/``.
"""

from importlib.metadata import PackageNotFoundError, version

from .core import *  # noqa: F403
from .core import __all__ as __all__

# One source for the version: pyproject.toml, read back from the installed package's metadata.
# Semantic versioning (MAJOR.MINOR.PATCH); CHANGELOG.md lists what each version holds.
try:
    __version__ = version("klaverjas")
except PackageNotFoundError:  # pragma: no cover - a source tree that was never installed
    __version__ = "0+unknown"
