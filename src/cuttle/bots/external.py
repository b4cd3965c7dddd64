"""A bot that is another program: :class:`ExternalBot` speaks the engine protocol.

The program (any language) is started on the first decision, learns the rule set and its
seat, and for each decision receives the public events since it last heard, its seat's
view (the table's observer's JSON: never a card its seat may not see), its legal moves
and its time; it answers ``move TEXT`` (``docs/protocol.md``). A program that answers
too late, answers a move that is not legal, resigns, or exits raises
:class:`BotForfeit`; the arena and ``cuttle play`` then resign its seat with the reason
and go on. The process is ended by :meth:`ExternalBot.close` (``quit``, then a kill) or,
at the latest, when the bot is collected or Python exits.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import shutil
import subprocess
import tempfile
import time
import weakref
from collections.abc import Sequence
from typing import IO, Any

from ..engine.errors import CuttleError
from ..engine.moves import move_text, parse_move
from .base import SeatView
from .protocol import PROTOCOL_VERSION, dumps, parse_info, rules_json, split_message

DEFAULT_MOVE_SECONDS = 10.0
"""A program's time for one move when its spec names none (``ext:CMD``)."""

HANDSHAKE_SECONDS = 10.0
"""Time a program has to start and answer ``cuttleok``."""

GRACE_SECONDS = 0.25
"""Extra time allowed past ``movetime`` for the pipes and the operating system."""

MAX_LINE_BYTES = 1 << 20
"""The longest line a program may send (a longer one costs it the game)."""


class BotForfeit(RuntimeError):
    """A bot lost its game by failing: ``seat`` is its seat, ``reason`` says how
    (timed out, illegal answer, exited, resigned)."""

    def __init__(self, seat: int, bot: str, reason: str) -> None:
        """Record who failed and why; the message is ``"p1 ext:./bot: reason"`` (on one
        line, without double quotes, so that a record's header can hold it)."""
        reason = " ".join(reason.replace('"', "'").split())
        bot = bot.replace('"', "'")
        super().__init__(f"p{seat} {bot}: {reason}")
        self.seat = seat
        self.bot = bot
        self.reason = reason


class _Failed(Exception):
    """The program broke the protocol; the text says how."""


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Ask ``proc`` to quit (closing its input), then terminate and kill it."""
    if proc.poll() is not None:
        return
    try:
        if proc.stdin is not None:
            proc.stdin.close()
    except OSError:
        pass
    for stop in (None, proc.terminate, proc.kill):
        if stop is not None:
            stop()
        try:
            proc.wait(timeout=1.0)
            return
        except subprocess.TimeoutExpired:
            continue


def command_argv(command: str | Sequence[str]) -> list[str]:
    """The argument list of ``command`` (split as a shell would), checked to name a
    program that exists; raises ``ValueError`` saying what is wrong."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    if not argv:
        raise ValueError("an external bot needs a command, e.g. ext:'./mybot --fast'")
    exe = argv[0]
    if os.sep in exe:
        if not os.path.isfile(exe):
            raise ValueError(f"external bot: no program {exe!r}")
        if not os.access(exe, os.X_OK):
            raise ValueError(f"external bot: {exe!r} is not executable (chmod +x)")
    elif shutil.which(exe) is None:
        raise ValueError(f"external bot: no program {exe!r} on the PATH")
    return argv


class ExternalBot:
    """A seat played by another program through the engine protocol.

    ``command`` is the program and its arguments (a string is split as a shell would);
    ``seconds`` its time for each move. ``seed`` is passed on (``seed N``) for programs
    that want to play repeatably.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        seed: int | None = None,
        *,
        seconds: float = DEFAULT_MOVE_SECONDS,
        handshake_seconds: float = HANDSHAKE_SECONDS,
        grace: float = GRACE_SECONDS,
    ) -> None:
        """Check the command names a program; it is started at the first decision."""
        self.argv = command_argv(command)
        self.name = "ext:" + shlex.join(self.argv)
        self.seed = seed
        self.seconds = seconds
        self.handshake_seconds = handshake_seconds
        self.grace = grace
        self.program_name: str | None = None
        """The name the program gave (``id name ...``), once it has started."""
        self.last_info: dict[str, Any] = {}
        """The last ``info`` the program sent during its latest move."""
        self.total_iterations = 0
        self.total_search_seconds = 0.0
        self._proc: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._reader: selectors.BaseSelector | None = None
        self._buffer = b""
        self._sent_events = 0
        self._game_key: tuple[int | None, str] | None = None
        self._finalizer: weakref.finalize[..., Any] | None = None
        self._dead = False

    # ------------------------------------------------------------------ the process

    def _start(self) -> None:
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 -- closed by close()
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                bufsize=0,
            )
        except OSError as exc:
            raise _Failed(f"could not start: {exc.strerror or exc}") from None
        self._proc = proc
        self._finalizer = weakref.finalize(self, _kill, proc)
        assert proc.stdin is not None and proc.stdout is not None
        os.set_blocking(proc.stdin.fileno(), False)
        self._send([f"cuttle {PROTOCOL_VERSION}"], time.monotonic() + self.handshake_seconds)
        deadline = time.monotonic() + self.handshake_seconds
        while True:
            keyword, rest = split_message(self._read_line(deadline, "the handshake"))
            if keyword == "cuttleok":
                return
            if keyword == "id" and rest.startswith("name "):
                self.program_name = rest[5:].strip()

    def _exit_reason(self) -> str:
        """How the program ended: its exit status and its last line on stderr."""
        proc = self._proc
        assert proc is not None
        try:
            code = proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "closed its output"
        text = f"exited with code {code}" if code >= 0 else f"was killed by signal {-code}"
        if self._stderr is not None:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - 400))
            lines = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
            if lines:
                text += f" ({lines[-1].strip()[:200]})"
        return text

    def _send(self, lines: Sequence[str], deadline: float) -> None:
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        data = ("\n".join(lines) + "\n").encode("utf-8")
        fd = proc.stdin.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_WRITE)
            while data:
                try:
                    data = data[os.write(fd, data) :]
                    continue
                except BlockingIOError:
                    pass
                except (BrokenPipeError, ConnectionResetError):
                    raise _Failed(self._exit_reason()) from None
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise _Failed("stopped reading its input")

    def _read_line(self, deadline: float, waiting: str) -> str:
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Failed(f"did not answer {waiting} in time")
            if self._reader is None:
                self._reader = selectors.DefaultSelector()
                self._reader.register(fd, selectors.EVENT_READ)
            if not self._reader.select(left):
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise _Failed(self._exit_reason())
            self._buffer += chunk
            if len(self._buffer) > MAX_LINE_BYTES and b"\n" not in self._buffer:
                raise _Failed(f"sent a line longer than {MAX_LINE_BYTES // 1024} KiB")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace").rstrip("\r")

    def _drain(self) -> None:
        """Forget whatever the program said after its last answer (a second ``move``,
        late ``info``): each ``go`` is answered by the first ``move`` after it."""
        self._buffer = b""
        proc = self._proc
        if self._reader is None or proc is None or proc.stdout is None:
            return
        while self._reader.select(0):
            if not os.read(proc.stdout.fileno(), 65536):
                return  # the end of its output: the next read says how it ended

    # ------------------------------------------------------------------ a decision

    def _catch_up(self, view: SeatView) -> list[str]:
        """The messages that bring the program to ``view``: a new game's opening when
        ``view`` belongs to another game, then every public event it has not seen."""
        key = (view.seat, view.rules.name)
        history = view.history
        lines: list[str] = []
        if self._game_key != key or len(history) < self._sent_events:
            self._game_key = key
            self._sent_events = 0
            lines += ["newgame", "rules " + dumps(rules_json(view.rules)), f"seat {view.seat}"]
            if self.seed is not None:
                lines.append(f"seed {self.seed}")
        lines += [f"event {e.line()}" for e in history[self._sent_events :]]
        self._sent_events = len(history)
        return lines

    def choose(self, view: SeatView) -> str:
        """Ask the program for its move; raise :class:`BotForfeit` if it fails."""
        seat = view.acting
        if self._dead:
            raise BotForfeit(seat, self.name, "the program has already failed")
        try:
            if self._proc is None:
                self._start()
            ms = max(1, int(self.seconds * 1000))
            lines = self._catch_up(view)
            lines += ["view " + dumps(view.position), "legal " + dumps(list(view.legal))]
            lines.append(f"go movetime {ms}")
            t0 = time.monotonic()
            deadline = t0 + self.seconds + self.grace
            self._drain()
            self._send(lines, deadline)
            self.last_info = {}
            while True:
                keyword, rest = split_message(self._read_line(deadline, "with a move"))
                if keyword == "move":
                    break
                if keyword == "info":
                    self.last_info.update(parse_info(rest))
            self.total_search_seconds += time.monotonic() - t0
            self.total_iterations += int(self.last_info.get("iterations", 0))
            return self._legal_answer(rest, view)
        except _Failed as exc:
            self._fail()
            raise BotForfeit(seat, self.name, str(exc)) from None

    def _legal_answer(self, text: str, view: SeatView) -> str:
        if text == "resign":
            self._fail()
            raise BotForfeit(view.acting, self.name, "resigned")
        if text in view.legal:
            return text
        try:
            canonical = move_text(parse_move(text))
        except CuttleError:
            canonical = None
        if canonical in view.legal:
            assert canonical is not None
            return canonical
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise _Failed(f"answered {shown!r}, which is not one of its legal moves")

    def _fail(self) -> None:
        """Stop the program after it broke the protocol: nothing it says counts now."""
        self._dead = True
        self.close()

    # ------------------------------------------------------------------ the end

    def game_over(self, view: SeatView) -> None:
        """Tell the program how the game ended (the last events, its final view and
        ``gameover``); a program that cannot hear it any more is left alone."""
        if self._proc is None or self._dead or self._proc.poll() is not None:
            return
        winner = view.position.get("winner")
        seat = view.seat
        if winner is None:
            result = "unfinished"
        elif winner == "draw":
            result = "draw"
        else:
            winners = winner if isinstance(winner, list) else [winner]
            result = "win" if seat in winners else "loss"
        term = view.position.get("termination") or ""
        lines = [*self._catch_up(view), "view " + dumps(view.position)]
        lines.append(f"gameover {result} {term}".rstrip())
        try:
            self._send(lines, time.monotonic() + 1.0)
        except _Failed:
            self._dead = True

    def close(self) -> None:
        """Send ``quit`` and end the process (killed if it lingers past a second)."""
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            with contextlib.suppress(_Failed):
                self._send(["quit"], time.monotonic() + 0.5)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=1.0)
        if self._finalizer is not None:
            self._finalizer()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        if proc.stdout is not None:
            proc.stdout.close()
        self._proc = None
        self._buffer = b""
        self._game_key = None

    def __repr__(self) -> str:
        return f"<ExternalBot {self.name} {self.seconds:g}s>"


def end_game(bot: object, view: SeatView | None) -> None:
    """After a game: tell ``bot`` how it ended (``view``: its seat's final view) and
    release what it holds (an external program is quit). Any bot may be passed."""
    over = getattr(bot, "game_over", None)
    if view is not None and callable(over):
        over(view)
    closer = getattr(bot, "close", None)
    if callable(closer):
        closer()


__all__ = ["DEFAULT_MOVE_SECONDS", "BotForfeit", "ExternalBot", "command_argv", "end_game"]
