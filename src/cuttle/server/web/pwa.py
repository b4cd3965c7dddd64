"""The site as an installable web app: its manifest and its service worker.

Both are files in ``web/static``; the service worker is served from the site's root
(``/sw.js``) because a worker looks after the pages under the path it is served from, and
the manifest from ``/manifest.webmanifest`` with its registered media type.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).resolve().parent.parent.parent / "web" / "static"
"""The site's static files."""

router = APIRouter()


@router.get("/sw.js", include_in_schema=False)
def service_worker() -> FileResponse:
    """The service worker that caches the static files (``static/sw.js``), for every page."""
    return FileResponse(
        STATIC / "sw.js",
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )


@router.get("/manifest.webmanifest", include_in_schema=False)
def manifest() -> FileResponse:
    """The web app manifest: name, colours, icons, and the lobby as the start page."""
    return FileResponse(STATIC / "manifest.webmanifest", media_type="application/manifest+json")
