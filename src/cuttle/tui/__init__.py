"""The Textual table of ``cuttle play``: setup, the table, dialogs, hints and rematches.

Run it with :func:`run_app` (options as :class:`AppOptions`). Everything drawn comes from
the human seat's view of the game; bots think in worker threads.
"""

from .app import CuttleApp, run_app
from .options import AppOptions

__all__ = ["AppOptions", "CuttleApp", "run_app"]
