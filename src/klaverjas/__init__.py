"""klaverjas: the Dutch trick-taking card game (and South African Klawerjas).

Layers, each depending only on those above it:

- ``klaverjas.core``   rules engine: cards, rules, play, roem, scoring, records (pure, no I/O)
- ``klaverjas.solver`` double-dummy solver
- ``klaverjas.bots``   computer players
- ``klaverjas.cli``    the ``klaverjas`` command
- ``klaverjas.web``    the web app
"""

from .core import *  # noqa: F403
from .core import __all__ as __all__

__version__ = "0.1.0"
