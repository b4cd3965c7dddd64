"""Alembic migrations of the server's schema, applied by :func:`cuttle.server.db.migrate`."""
