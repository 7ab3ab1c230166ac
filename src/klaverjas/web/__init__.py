"""The web app: a FastAPI server with the score keeper (issue 5) and its pages."""

from .app import create_app, default_db_path

__all__ = ["create_app", "default_db_path"]
