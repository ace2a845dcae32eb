"""Shared pieces of the Discord layer: messages, errors, controls and posting outcomes."""
