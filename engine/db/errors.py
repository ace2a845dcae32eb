"""The database errors a repository may catch, whatever the backend raised."""


class IntegrityError(Exception):
    """A statement broke a uniqueness, foreign-key, NOT NULL or CHECK constraint."""


class MigrationError(RuntimeError):
    """The migration files, or the migrations recorded in a database, do not add up."""
