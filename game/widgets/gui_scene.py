"""A screen built of pygame_gui elements on the cloth: the lifecycle, buttons and panel they share.

``GuiScene`` builds its elements on ``enter`` and ``resume``, kills them on ``exit`` and ``pause``
(pygame_gui elements are global to the UI manager, so a covered screen must not leave its buttons
live), and rebuilds on a resize only while it is on top (a covered screen builds when resumed).
Subclasses write ``build`` (which starts with ``self.clear()``) and, if they keep more elements than
``elements`` and ``buttons``, extend ``clear``.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel

from game.scene import ANIMATING, Scene
from game.widgets.backdrop import Backdrop
from game.widgets.boxes import frame_width
from game.widgets.focus import Focus
from game.widgets.question import Question
from game.words.i18n import t
from game.words.safe import safe_text

if TYPE_CHECKING:
    from game.app import App

__all__ = ["ANIMATING", "POLL_HELPER", "GuiScene", "row_rects", "ui_wake_in"]

POLL_HELPER = 0.05  # seconds between looks at a helper thread's result (a background, a folder opened)


def row_rects(x: int, y: int, width: int, n: int, height: int, gap: int = 10) -> list[pygame.Rect]:
    """``n`` equal buttons side by side across ``width`` (the last pixels of an odd split stay free)."""
    w = (width - gap * (n - 1)) // n
    return [pygame.Rect(x + i * (w + gap), y, w, height) for i in range(n)]


class GuiScene(Scene):
    """Elements killed in ``clear``; buttons by key; the cloth behind from a shared ``Backdrop``."""

    button_id_prefix = ""  # a button's theme object id is "#<prefix><key>"
    title_key = ""  # the catalog key of the title said when the screen opens (``screen_title``)
    keys_kept: tuple[int, ...] = ()  # keys the screen keeps for itself (Rules scrolls with ↑/↓)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.elements: list[Any] = []  # top-level elements (those in a panel die with the panel)
        self.buttons: dict[str, Any] = {}
        self.dialog: Question | None = None  # a question open over the screen
        self._backdrop: Backdrop | None = None
        self.focus = Focus(self)  # the keyboard focus: the controls in order, what it says, its ring

    # --- lifecycle --------------------------------------------------------------------------------

    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        self.clear()
        if self._backdrop is not None:
            self._backdrop.let_go()

    def pause(self) -> None:
        self.clear()
        if self._backdrop is not None:
            self._backdrop.let_go()

    def resume(self) -> None:
        self.build()

    def resize(self, size: tuple[int, int]) -> None:
        if self.app.stack.top is self:
            self.build()

    def build(self) -> None: ...

    def wake_in(self) -> float | None:
        """A screen of pygame_gui elements changes only on an event (the app asks ``ui_wake_in`` for
        what pygame_gui itself times: a tooltip's delay, the text cursor's blink), or when the table
        art its backdrop's helper is making arrives (plain baize stands in till then)."""
        if self._backdrop is not None and self._backdrop.waiting():
            return POLL_HELPER
        return None

    def clear(self) -> None:
        killed = [k for e in self.elements for k in element_tree(e)]
        for e in self.elements:
            e.kill()
        for e in killed:
            release_images(e)
        self.elements.clear()
        self.buttons.clear()
        self.dialog = None
        self.focus.reset()

    # --- elements ---------------------------------------------------------------------------------

    def add(self, element: Any) -> Any:
        """Keep a top-level element to kill in ``clear``."""
        self.elements.append(element)
        return element

    def add_panel(self, rect: pygame.Rect, object_id: str = "#menu_panel") -> UIPanel:
        """A themed pygame_gui panel (``self.panel``) that holds the screen's rows."""
        self.panel = self.add(UIPanel(rect, manager=self.app.ui, object_id=object_id))
        return self.panel

    def button(
        self,
        key: str,
        text: str,
        rect: pygame.Rect,
        selected: bool = False,
        enabled: bool = True,
        tooltip: str | None = None,
        container: Any = None,
        remember: bool = True,
    ) -> UIButton:
        """A button themed as ``#<prefix><key>``, kept in ``elements`` unless it lives in a container,
        and (``remember``) found again by ``buttons[key]`` and ``pressed``."""
        b = UIButton(rect, text, self.app.ui, container=container, tool_tip_text=tooltip,
                     object_id=f"#{self.button_id_prefix}{key}")
        if selected:
            b.select()
        if not enabled:
            b.disable()
        if container is None:
            self.add(b)
        if remember:
            self.buttons[key] = b
        self.focus.add_button(key, b)
        return b

    def pressed(self, event: pygame.event.Event) -> str | None:
        """The key of this screen's button a UI_BUTTON_PRESSED event is about, if any."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in list(self.buttons.items()):
                if event.ui_element is b:
                    return key
        return None

    def ask_confirmation(self, texts: str, object_id: str, question: str = "question",
                         cancel_first: bool = False, **fields: Any) -> Question:
        """A blocking question in the middle of the window, drawn as the other dialogs are, its words
        from ``<texts>.<question>`` (with ``fields``), ``.title`` and ``.confirm``; it answers with
        UI_CONFIRMATION_DIALOG_CONFIRMED (``cancel_first``: the focus starts on Cancel)."""
        fields = {k: safe_text(v) if isinstance(v, str) else v for k, v in fields.items()}  # a name from disk
        self.dialog = self.add(Question(self.app.ui, self.app.size, t(f"{texts}.title"),
                                        t(f"{texts}.{question}", **fields), t(f"{texts}.confirm"),
                                        t("common.cancel"), object_id, cancel_first=cancel_first))
        return self.dialog

    def confirmed(self, event: pygame.event.Event) -> bool:
        """Is this the open dialog's confirmation? (The dialog closes itself.)"""
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.dialog:
            self.dialog = None
            return True
        return False

    def dismiss_dialog(self) -> bool:
        """Close the open dialog unanswered (Esc); False if none is open."""
        if self.dialog is None:
            return False
        self.dialog.kill()
        self.dialog = None
        return True

    # --- the keyboard focus and speech ------------------------------------------------------------

    def screen_title(self) -> str:
        """What the screen is called, said when it opens (kind "screen")."""
        return t(self.title_key) if self.title_key else ""

    def first_focus(self) -> str | None:
        """The key of the control the focus starts on (None: the first that can be used)."""
        return None

    def focus_key(self, event: pygame.event.Event) -> bool:
        """A key for the focus, before pygame_gui and ``handle_event`` see it (the app asks)."""
        return self.focus.key(event)

    def follow_focus(self, shown_again: bool) -> None:
        """Once a frame while on top: say the title when shown, the focused control when it changed."""
        self.focus.follow(shown_again)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The focus ring, over pygame_gui's elements (the app draws it after them)."""
        self.focus.draw(surface)

    # --- drawing ----------------------------------------------------------------------------------

    @property
    def backdrop(self) -> Backdrop:
        if self._backdrop is None:
            self._backdrop = Backdrop()
        return self._backdrop

    def table_colour(self) -> str:
        return self.app.settings.table_colour

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        return self.backdrop.get(size, self.table_colour())


def element_tree(element: Any) -> list[Any]:
    """``element`` and every element inside it (a panel's rows), depth first."""
    out = [element]
    get = getattr(element, "get_container", None)
    container = get() if callable(get) else None
    inner = getattr(container, "elements", None)
    if inner is not None and container is not element:
        for child in list(inner):
            out.extend(element_tree(child))
    return out


def release_images(element: Any) -> None:
    """Let go of a killed element's drawn surfaces. A screen under another keeps its killed elements
    (``self.panel`` and the like, until it is built again), and a pygame_gui rounded shape holds its
    states and its 4-times-larger antialiasing work surfaces: 30 MB for a menu panel at 1920x1080."""
    shape = getattr(element, "drawable_shape", None)
    if shape is not None:
        with contextlib.suppress(Exception):
            shape.clean_up_temp_shapes()
        element.drawable_shape = None
    if getattr(element, "image", None) is not None:
        with contextlib.suppress(Exception):
            element.image = None


def roomy_buttons(buttons: list[Any]) -> None:
    """Widen pygame_gui buttons sized to their label (a dialog's) so the label has a clear margin: a
    quarter of the button's height at each side, inside its shadow and border."""
    for b in buttons:
        with contextlib.suppress(Exception):
            text = b.text
            if text.startswith("pygame-gui."):
                from pygame_gui.core.utility import translate

                text = str(translate(text))
            width = b.font.size(text)[0] + 2 * frame_width(b) + 2 * (b.rect.height // 4 + 4)
            if width > b.rect.width:
                b.set_dimensions((width, b.rect.height))
                b.rebuild()


def ui_wake_in(manager: Any) -> float | None:
    """Seconds until pygame_gui needs an update with no event: a held mouse button over an element
    (a slider, a scroll arrow) every frame, a hovered element's tooltip when its delay is up, a focused
    text field's cursor when it blinks; None when nothing of the UI is timed."""
    waits: list[float] = []
    if manager.get_hovering_any_element() and any(pygame.mouse.get_pressed()):
        return 0.0
    for element in manager.ui_group.sprites():
        if getattr(element, "hovered", False) and getattr(element, "tool_tip_text", None) is not None \
                and getattr(element, "tool_tip", 1) is None:
            waits.append(max(0.0, element.tool_tip_delay - element.hover_time) + 0.01)
    for element in manager.get_focus_set() or ():
        blink = getattr(element, "blink_cursor_time", None)
        if blink is None:
            continue
        # The app hands the time slept on (``App.advance``) less one 60 FPS step: asking for that
        # step more than is left makes the blink fall due in the very turn the loop wakes for.
        delay_left = element.cursor_blink_delay_after_moving - element.cursor_blink_delay_after_moving_acc
        if delay_left >= 0:
            waits.append(delay_left + 0.01)
        elif element.blink_cursor_time_acc >= blink:
            waits.append(0.0)
        else:
            waits.append(blink - element.blink_cursor_time_acc + 2.0 / 60)
    return min(waits) if waits else None
