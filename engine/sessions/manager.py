"""The older import path of the session service (`engine.sessions.service`)."""

from engine.sessions.service import SessionManager, SessionService

__all__ = ["SessionManager", "SessionService"]
