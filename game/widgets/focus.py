"""The keyboard focus of a screen of pygame_gui controls: which control it is on, how the keys move it,
what it says, and the ring that shows it.

A ``GuiScene`` owns one ``Focus``. While the screen builds itself it registers its controls in reading
order (``GuiScene.button`` registers every button; a screen groups a row of choices into one ``list``
stop, an on/off pair into one ``checkbox``, and adds its text fields, sliders and drawn pictures).
Tab / Shift+Tab and the arrows move the focus, Enter and Space activate a button, ←/→ change a list, a
checkbox or a slider (a text field keeps ←/→ for its caret). Enter on anything but a button is left to
the screen (New game's Enter deals from any row). An open question (``scene.dialog``) has its own two
stops and gives the focus back when it closes.

What the focus says goes through ``app.say``: the screen's title (kind ``screen``) when it opens or comes
back on top, a question's title and text when it opens, and the focused control (kind ``focus``):
"Language: Русский, list", "Four-colour deck, checkbox, off", "Continue, button, disabled". A control
is said again only when what it says changed (its value, its state, the language), so a resize, which
rebuilds every element, says nothing. ``unreachable`` lists the screen's controls the focus never
reaches: the check that keeps every control of every screen on the keyboard.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui

from game.words.i18n import t

__all__ = ["Control", "Focus", "interactive_elements", "unreachable"]

RING = (255, 214, 92)  # the focus ring: a bright gold, seen on the cloth, the panels and the buttons
RING_DARK = (30, 20, 8)
SLIDER_STEP = 5
ROLES = ("button", "list", "checkbox", "text", "slider")


@dataclass
class Control:
    """One stop of the focus: a role, a name, and the elements (or drawn places) it stands for."""

    key: str  # who it is across a rebuild (the same key after a resize or a press)
    role: str  # one of ROLES
    label: str = ""  # a button says its own text; the others their row's label
    elements: list[Any] = field(default_factory=list)  # the pygame_gui elements it covers
    choices: list[str] = field(default_factory=list)  # a drawn list's values (pictures)
    chosen: int = -1
    choose: Callable[[int], None] | None = None  # a drawn list: pick a value by its index
    places: list[pygame.Rect] = field(default_factory=list)  # a drawn list's pictures, in the window
    chosen_now: Callable[[], int] | None = None  # a drawn list whose choice moves without a rebuild
    act: Callable[[], None] | None = None  # a button answered otherwise than by its press (a question's)
    deliver: Callable[[Any], Any] = pygame.event.post  # how its events reach the app (the Focus sets it)

    # --- what it is ---------------------------------------------------------------------------

    @property
    def element(self) -> Any:
        return self.elements[0] if self.elements else None

    def alive(self) -> bool:
        return bool(self.places) or any(e.alive() and e.visible for e in self.elements)

    def enabled(self) -> bool:
        if self.places:
            return True
        return any(getattr(e, "is_enabled", True) for e in self.elements)

    def selected_index(self) -> int:
        if self.places:
            return self.chosen_now() if self.chosen_now is not None else self.chosen
        for i, e in enumerate(self.elements):
            if getattr(e, "is_selected", False):
                return i
        return -1

    def value(self) -> str:
        if self.role == "list":
            i = self.selected_index()
            if self.places:
                return self.choices[i] if 0 <= i < len(self.choices) else ""
            return str(self.elements[i].text) if i >= 0 else ""
        if self.role == "text":
            return str(self.element.get_text())
        if self.role == "slider":
            return str(round(self.element.get_current_value()))
        return ""

    def state(self) -> str:
        if not self.enabled():
            return "disabled"
        if self.role == "checkbox":
            return "on" if self.selected_index() == 1 else "off"
        if self.role == "button" and getattr(self.element, "is_selected", False):
            return "selected"
        if self.role == "text" and not self.value():
            return "empty"
        return ""

    def describe(self) -> str:
        """What the focus says on this control, in the interface language."""
        role = t(f"focus.role.{self.role}")
        if self.role == "button":
            text = t("focus.say.plain", label=str(self.element.text), role=role)
        elif self.role == "checkbox" or (self.role == "text" and not self.value()):
            text = t("focus.say.plain", label=self.label, role=role)
        else:
            text = t("focus.say.value", label=self.label, value=self.value(), role=role)
        state = self.state()
        return t("focus.say.state", text=text, state=t(f"focus.state.{self.role}.{state}")) if state else text

    def rect(self) -> pygame.Rect:
        """Where it is in the window (a drawn list: its chosen picture)."""
        if self.places:
            return pygame.Rect(self.places[max(0, min(self.selected_index(), len(self.places) - 1))])
        rects = [pygame.Rect(e.rect) for e in self.elements if e.alive()]
        if not rects:
            return pygame.Rect(0, 0, 0, 0)
        return rects[0].unionall(rects[1:])

    # --- what it does -------------------------------------------------------------------------

    def press(self, element: Any) -> None:
        """As a click on ``element``: its UI_BUTTON_PRESSED goes the way a click's does, at once."""
        if element.is_enabled:
            self.deliver(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
                "ui_element": element, "ui_object_id": element.most_specific_combined_id, "mouse_button": 1}))

    def activate(self) -> bool:
        """Enter or Space: press a button, flip a checkbox, move a list on (True: done)."""
        if not self.enabled():
            return self.role in ("button", "checkbox")
        if self.role == "button":
            if self.act is not None:
                self.act()
            else:
                self.press(self.element)
            return True
        if self.role == "checkbox":
            self.press(self.elements[1 - max(0, self.selected_index())])
            return True
        if self.role == "list":
            return self.step(1, wrap=True)
        return False

    def step(self, delta: int, wrap: bool = False) -> bool:
        """←/→: the list's next value, the checkbox flipped, the slider moved (True: done)."""
        if self.role == "checkbox":
            return self.activate()
        if self.role == "slider":
            slider = self.element
            low, high = slider.value_range
            value = max(low, min(high, round(slider.get_current_value()) + delta * SLIDER_STEP))
            slider.set_current_value(value)
            self.deliver(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                "value": value, "ui_element": slider, "ui_object_id": slider.most_specific_combined_id}))
            return True
        if self.role != "list":
            return False
        n = len(self.places) or len(self.elements)
        i = self.selected_index()
        for _ in range(n):
            i += delta
            if wrap:
                i %= n
            if not 0 <= i < n:
                return True  # at the end of the row: nothing further
            if self.places:
                if self.choose is not None:
                    self.choose(i)
                return True
            if self.elements[i].is_enabled:
                self.press(self.elements[i])
                return True
        return True


class Focus:
    """The focus of one screen: its controls in order, the one focused, what was said last."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.controls: list[Control] = []
        self.at_key: str | None = None  # the screen's focused control (kept across rebuilds)
        self.at_index = 0
        self.dialog_at = 0  # the open question's focused button
        self._dialog: Any = None  # the question the focus was last in
        self._heard: tuple[Any, str] | None = None  # (view, control's words) said last
        self._view: Any = None  # what was announced as open: the screen's title, or a question

    # --- registering (while the screen builds) ------------------------------------------------

    def reset(self) -> None:
        """The screen is building again: forget its controls (the focused one's key is kept)."""
        self.controls = []

    def add(self, control: Control) -> Control:
        """A stop at the end of the order; a list or checkbox takes its buttons' own stops' place."""
        control.deliver = self.deliver
        taken = {id(e) for e in control.elements}
        if taken:
            own = [c.role == "button" and id(c.element) in taken for c in self.controls]
            first = own.index(True) if True in own else len(self.controls)
            self.controls = [c for c, mine in zip(self.controls, own, strict=True) if not mine]
            self.controls.insert(min(first, len(self.controls)), control)
        else:
            self.controls.append(control)
        return control

    def add_button(self, key: str, button: Any) -> Control:
        return self.add(Control(key, "button", elements=[button]))

    def add_list(self, key: str, label: str, buttons: Sequence[Any]) -> Control:
        """A row of buttons, one selected: one stop, ←/→ choose."""
        return self.add(Control(f"list:{key}", "list", label, elements=list(buttons)))

    def add_checkbox(self, key: str, label: str, off: Any, on: Any) -> Control:
        """An Off and an On button: one stop, Enter, Space or ←/→ flip it."""
        return self.add(Control(f"checkbox:{key}", "checkbox", label, elements=[off, on]))

    def add_field(self, key: str, label: str, element: Any) -> Control:
        """A text field or a slider, named by its label."""
        role = "slider" if isinstance(element, pygame_gui.elements.UIHorizontalSlider) else "text"
        return self.add(Control(f"{role}:{key}", role, label, elements=[element]))

    def add_pictures(self, key: str, label: str, choices: list[str], chosen: int | Callable[[], int],
                     places: list[pygame.Rect], choose: Callable[[int], None]) -> Control:
        """Things the screen draws and answers clicks on itself (card backs, cloths, a list's rows):
        a list; ``chosen`` the index chosen, or how to find it when it moves without a rebuild."""
        now = chosen if callable(chosen) else None
        return self.add(Control(f"pictures:{key}", "list", label, choices=choices,
                                chosen=chosen if isinstance(chosen, int) else -1, chosen_now=now,
                                choose=choose, places=[pygame.Rect(r) for r in places]))

    def reorder(self, keys: list[str]) -> None:
        """The stops ``keys`` in this order, before the others (a screen built in another order)."""
        rank = {k: i for i, k in enumerate(keys)}
        self.controls.sort(key=lambda c: rank.get(c.key, len(keys)))

    # --- where the focus is -------------------------------------------------------------------

    def dialog(self) -> Any:
        d = getattr(self.scene, "dialog", None)
        return d if d is not None and d.alive() else None

    def stops(self) -> list[Control]:
        """The stops the keys move through now: the open question's two buttons, or the screen's."""
        d = self.dialog()
        if d is not None:
            stops = [
                Control("confirm", "button", elements=[d.confirm_button], act=lambda: self.answer(d, True)),
                Control("cancel", "button", elements=[d.cancel_button], act=lambda: self.answer(d, False)),
            ]
            for stop in stops:
                stop.deliver = self.deliver
            return stops
        return [c for c in self.controls if c.alive()]

    def deliver(self, event: Any) -> None:
        """A control's event, handled at once as the app handles a click's."""
        self.scene.app.dispatch(event)

    def answer(self, question: Any, confirm: bool) -> None:
        """A question's button pressed from the keys: closed, and answered as its click answers."""
        question.kill()
        if confirm:
            self.deliver(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, {
                "ui_element": question, "ui_object_id": question.most_specific_combined_id}))

    def current(self) -> Control | None:
        stops = self.stops()
        if not stops:
            return None
        d = self.dialog()
        if d is not None:
            if d is not self._dialog:
                self._dialog, self.dialog_at = d, 1 if getattr(d, "cancel_first", False) else 0
            return stops[self.dialog_at % len(stops)]
        if self.at_key is None:
            first = self.scene.first_focus()
            found = [i for i, c in enumerate(stops) if c.key == first] if first else []
            enabled = [i for i, c in enumerate(stops) if c.enabled()]
            self.at_index = found[0] if found else (enabled[0] if enabled else 0)
            self.at_key = stops[self.at_index].key
        for i, c in enumerate(stops):
            if c.key == self.at_key:
                self.at_index = i
                return c
        self.at_index = max(0, min(self.at_index, len(stops) - 1))  # gone (a row hidden): its neighbour
        self.at_key = stops[self.at_index].key
        return stops[self.at_index]

    def move(self, delta: int) -> None:
        stops = self.stops()
        here = self.current()
        if here is None:
            return
        if self.dialog() is not None:
            self.dialog_at = (self.dialog_at + delta) % len(stops)
        else:
            self.at_index = (stops.index(here) + delta) % len(stops)
            self.at_key = stops[self.at_index].key
        self._enter_field()
        self.say_focus()

    def focus_on(self, key: str) -> None:
        """Put the focus on the control ``key`` (a screen that knows where the player goes next)."""
        self.at_key = key

    def _enter_field(self) -> None:
        """A text field takes the typing while it has the focus, and only then."""
        here = self.current()
        ui = self.scene.app.ui
        if here is not None and here.role == "text":
            ui.set_focus_set(here.element)
        else:
            focused = ui.get_focus_set() or ()
            if any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focused):
                ui.set_focus_set(None)

    # --- keys ---------------------------------------------------------------------------------

    def key(self, event: Any) -> bool:
        """A key for the focus (before pygame_gui and the screen see it); True when it was used. A click
        is never used, but the focus goes to the control clicked, so the keys go on from there."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            self.click(event.pos)
            return False
        if event.type != pygame.KEYDOWN or getattr(self.scene, "file_dialog", None) is not None:
            return False
        key, mod = event.key, getattr(event, "mod", 0)
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if key in self.scene.keys_kept and self.dialog() is None:
            return False
        here = self.current()
        if here is None:
            return False
        if key == pygame.K_TAB:
            self.move(-1 if mod & pygame.KMOD_SHIFT else 1)
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.move(-1 if key == pygame.K_UP else 1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if here.role == "text":
                return False  # the caret
            if here.role in ("list", "checkbox", "slider"):
                return here.step(-1 if key == pygame.K_LEFT else 1)
            self.move(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return here.role in ("button", "checkbox") and here.activate()
        if key == pygame.K_SPACE and here.role != "text":
            return here.activate()
        return False

    def click(self, pos: tuple[int, int]) -> None:
        for i, stop in enumerate(self.stops()):
            if stop.rect().collidepoint(pos) and stop.enabled():
                if self.dialog() is not None:
                    self.dialog_at = i
                else:
                    self.at_index, self.at_key = i, stop.key
                return

    # --- speaking -----------------------------------------------------------------------------

    def view(self) -> Any:
        d = self.dialog()
        return d if d is not None else self.scene.screen_title()

    def say_focus(self, again: bool = False) -> None:
        here = self.current()
        if here is None:
            return
        words = here.describe()
        heard = (self.view(), words)
        if again or heard != self._heard:
            self._heard = heard
            self.scene.app.say("focus", words, interrupt=False)

    def follow(self, shown_again: bool) -> None:
        """Once a frame while the screen is on top: say what opened (``shown_again``: the screen came
        on top), and the focused control when what it says changed."""
        view = self.view()
        if shown_again or view != self._view:
            self._view = view
            d = self.dialog()
            if d is not None:
                self.scene.app.say("screen", d.title)
                self.scene.app.say("screen", d.question, interrupt=False)
            else:
                title = self.scene.screen_title()
                if title:
                    self.scene.app.say("screen", title)
            self._enter_field()
            self.say_focus(again=True)
            return
        self.say_focus()

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The ring around the focused control, over pygame_gui's drawing."""
        here = self.current()
        if here is None:
            return
        r = here.rect()
        if r.width <= 0:
            return
        width = max(3, surface.get_height() // 300)
        outer = r.inflate(2 * width + 4, 2 * width + 4)
        pygame.draw.rect(surface, RING_DARK, outer.inflate(2, 2), 1, border_radius=8 + width)
        pygame.draw.rect(surface, RING, outer, width, border_radius=8 + width)


INTERACTIVE = ("UIButton", "UITextEntryLine", "UITextEntryBox", "UIHorizontalSlider", "UIDropDownMenu",
               "UISelectionList", "UICheckBox")


def interactive_elements(manager: Any) -> list[Any]:
    """The controls a player can use on screen now: visible, enabled or not, not the parts of a control
    (a slider's arrows, a text box's scroll bar) nor of a window the focus does not own."""
    found = []
    for e in manager.get_sprite_group().sprites():
        if type(e).__name__ not in INTERACTIVE or not e.alive() or not getattr(e, "visible", False):
            continue
        ids = list(getattr(e, "element_ids", None) or [])
        if any(part in ("horizontal_slider", "vertical_scroll_bar", "horizontal_scroll_bar",
                        "drop_down_menu", "selection_list", "file_dialog", "window") for part in ids[:-1]):
            continue
        found.append(e)
    return found


def unreachable(scene: Any) -> list[str]:
    """The controls on ``scene`` that no stop of its focus covers (each by its text or object id)."""
    covered = {id(e) for c in scene.focus.controls for e in c.elements}
    d = scene.focus.dialog()
    if d is not None:
        covered |= {id(d.confirm_button), id(d.cancel_button)}
    return [str(getattr(e, "text", "") or e.most_specific_combined_id)
            for e in interactive_elements(scene.app.ui) if id(e) not in covered]
