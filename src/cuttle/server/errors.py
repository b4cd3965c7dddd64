"""The one error type of the site's request handling."""

from __future__ import annotations

from cuttle.i18n import Domain

SITE = Domain("site")


class ServiceError(ValueError):
    """A request the site refuses; ``status`` is the HTTP status to answer with (4xx).

    ``message`` is English (mark it with ``N_`` so the ``site`` catalog has it); its
    ``str.format`` fields are filled from ``params``. ``str(error)`` stays English (logs,
    and API readers that asked for no language); :meth:`text` says it in the current
    language (the request's, see ``cuttle.server.web.language``).
    """

    def __init__(self, message: str, status: int = 400, **params: object) -> None:
        """Keep the message, its fields and the status."""
        super().__init__(message.format(**params) if params else message)
        self.status = status
        self.message = message
        self.params = params

    def text(self) -> str:
        """The message in the current language (English where the catalog lacks it)."""
        return translated(self.message, **self.params)


def translated(message: str, **params: object) -> str:
    """The English ``message`` in the current language, its fields filled from ``params``
    (a translation that names a field wrongly falls back to English)."""
    said = SITE.gettext(message)
    if not params:
        return said
    try:
        return said.format(**params)
    except (KeyError, IndexError, ValueError):
        return message.format(**params)
