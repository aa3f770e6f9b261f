"""Starting practice: from Statistics (the list kept in the data folder, one game's or all) or from the
review viewer (the mistakes of the review just made, put on the list first)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.store.practice import Mistake, Practice
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App


def load_book(app: App) -> Practice:
    return Practice.load(app.store) if app.store is not None else Practice()


def open_practice(app: App, game: str | None = None, mistakes: list[Mistake] | None = None,
                  book: Practice | None = None) -> Any:
    """Push the practice table on the first mistake (``mistakes``, else the list's, of ``game`` or
    all); None, with a word to the player, when there is nothing to practise."""
    from game.practice.control import PracticeControl
    from game.practice.tables import table_for

    book = book if book is not None else load_book(app)
    chosen = mistakes if mistakes is not None else book.pending(game)
    control = PracticeControl(app, book, chosen)
    if not control.has_position():
        app.notify(t("practice.none"), 6.0)
        return None
    table = table_for(app, control)
    app.stack.push(table)
    return table


def practise_review(app: App, game: str, record: dict[str, Any], seat: int,
                    verdicts: list[dict[str, Any]]) -> Any:
    """The review viewer's "Practise the mistakes": this review's mistakes go on the list, and
    practice opens on them."""
    book = load_book(app)
    mistakes = book.add_review(game, record, seat, verdicts)
    return open_practice(app, game, mistakes, book)
