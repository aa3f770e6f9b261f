"""Speech through the player's own screen reader (NVDA, JAWS, Orca, VoiceOver, …) or, only when the
player asks for it (``speech_voice == "builtin"``), the system's voice (SAPI, OneCore, AVSpeech,
speech-dispatcher), through Prism (the ``prismatoid`` package, module ``prism``).

The backend is opened and spoken to on one thread of its own: opening may take seconds (a speech
server starting), and some backends (SAPI) must be used on the thread that made them. ``say`` only
queues; a new announcement that interrupts drops what is still queued and cuts off what is spoken.
If no backend answers, the speaker says why once (``problem``; the app shows it and writes it on
stderr) and goes on silently.

``open_speaker(settings, speech_log)`` builds what the settings ask for: nothing (speech off), the
reader, the log of ``--speech-log`` alone (it turns speech on for the run without a real voice, for
checks), or both.
"""

from __future__ import annotations

import contextlib
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any

from game.speech import Both, LogSpeaker, SilentSpeaker, Speaker, check_kind

OPEN_TIMEOUT = 20.0  # seconds a backend may take to open (a speech server spawning) before it is given up

# Prism's backends that are screen readers (they speak in the reader's own voice, and braille);
# the others are voices of the system, used only when the player chose the built-in voice.
SCREEN_READERS = (
    "NVDA",
    "JAWS",
    "ORCA",
    "VOICE_OVER",
    "ZDSR",
    "ZOOM_TEXT",
    "BOY_PC_READER",
    "PC_TALKER",
    "SENSE_READER",
    "SYSTEM_ACCESS",
    "WINDOW_EYES",
    "SPIEL",
    "UIA",
    "ANDROID_SCREEN_READER",
)
VOICES = ("SPEECH_DISPATCHER", "SAPI", "ONE_CORE", "AV_SPEECH", "ANDROID_TTS")

_STOP = object()


class SpeechUnavailable(Exception):
    """No backend of the kind asked for answered; the message says why, for the player."""


def candidates(voice: str) -> tuple[str, ...]:
    """Prism's backend names to try, in order, for the ``speech_voice`` setting."""
    return VOICES if voice == "builtin" else SCREEN_READERS


def open_backend(voice: str) -> Any:
    """The first Prism backend of ``candidates(voice)`` that is there and works now (the registry's
    own priority order); raises SpeechUnavailable."""
    try:
        import prism
    except Exception as err:  # a build without the library's native part
        raise SpeechUnavailable(f"prism: {err}") from err
    try:
        ctx = prism.Context()
    except Exception as err:
        raise SpeechUnavailable(f"prism: {err}") from err
    wanted = {getattr(prism.BackendId, name) for name in candidates(voice) if hasattr(prism.BackendId, name)}
    ids = []
    for i in range(ctx.backends_count):
        with contextlib.suppress(Exception):
            ids.append(ctx.id_of(i))
    ids.sort(key=lambda b: -ctx.priority_of(b))
    tried = []
    for backend_id in ids:
        if backend_id not in wanted:
            continue
        try:
            backend = ctx.create(backend_id)
        except Exception as err:
            tried.append(f"{backend_id.name.lower()}: {err}")
            continue
        if backend.features.is_supported_at_runtime:
            backend._salon_context = ctx  # the context must outlive its backend
            return backend
        tried.append(f"{backend_id.name.lower()}: not running")
    raise SpeechUnavailable("; ".join(tried) or "none on this system")


class ReaderSpeaker:
    """Says announcements through a Prism backend, on its own thread.

    ``problem`` is set (once) when no backend could be opened or it failed; ``on_problem(why)`` is called
    from the speech thread then."""

    def __init__(
        self,
        voice: str,
        on_problem: Callable[[str], None] | None = None,
        opener: Callable[[str], Any] = open_backend,
    ) -> None:
        self.voice = voice
        self.name = "reader"
        self.problem: str | None = None
        self.ready = threading.Event()  # set when the backend is open, or failed to
        self._on_problem = on_problem
        self._opener = opener
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._backend: Any = None
        self.spoken = 0  # announcements handed to the backend (for tests: ``wait_spoken``)
        self._spoken_now = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="salon-speech", daemon=True)
        self._thread.start()

    @property
    def opening(self) -> bool:
        return not self.ready.is_set()

    def say(self, kind: str, text: str, *, interrupt: bool = True) -> None:
        check_kind(kind)
        if not text or self.problem is not None:
            return
        if interrupt:  # what is still queued is old news
            with contextlib.suppress(queue.Empty):
                while True:
                    self._queue.get_nowait()
        self._queue.put((text.replace("\x00", ""), interrupt))

    def wait_spoken(self, n: int, timeout: float) -> bool:
        """Wait until ``n`` announcements were handed to the backend (tests)."""
        with self._spoken_now:
            return self._spoken_now.wait_for(lambda: self.spoken >= n, timeout)

    def stop(self) -> None:
        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()
        self._queue.put(("", True))

    def close(self) -> None:
        self._queue.put(_STOP)

    def _fail(self, why: str) -> None:
        if self.problem is None:
            self.problem = why
            if self._on_problem is not None:
                with contextlib.suppress(Exception):
                    self._on_problem(why)

    def _run(self) -> None:
        try:
            self._backend = self._opener(self.voice)
            self.name = str(self._backend.name).lower().replace(" ", "-")
        except SpeechUnavailable as err:
            self._fail(str(err))
        except Exception as err:  # the outside world: whatever the library does, the game goes on
            self._fail(f"{type(err).__name__}: {err}")
        finally:
            self.ready.set()
        backend = self._backend
        while True:
            item = self._queue.get()
            if item is _STOP:
                break
            if backend is None:
                continue
            text, interrupt = item
            try:
                if not text:
                    backend.stop()
                elif self.voice == "builtin":
                    backend.speak(text, interrupt)
                else:
                    backend.output(text, interrupt)  # speech and braille
                with self._spoken_now:
                    self.spoken += 1
                    self._spoken_now.notify_all()
            except Exception as err:
                self._fail(f"{type(err).__name__}: {err}")
                backend = None
        self._backend = None


def open_speaker(
    settings: Any, speech_log: str | None = None, on_problem: Callable[[str], None] | None = None
) -> Speaker:
    """The speaker the settings ask for: ``settings.speech`` on, the reader (a screen reader, or the
    built-in voice when ``settings.speech_voice == "builtin"``); ``speech_log`` (``--speech-log``), the log,
    alone when speech is off in the settings, else beside the reader."""
    log = LogSpeaker(speech_log) if speech_log else None
    if not settings.speech:
        return log if log is not None else SilentSpeaker()
    reader = ReaderSpeaker(settings.speech_voice, on_problem)
    return Both(reader, log) if log is not None else reader


def say_problem(why: str) -> None:
    """The one line on stderr when speech cannot start."""
    print(f"salon: speech unavailable ({why}); the game goes on silently", file=sys.stderr)
