"""Practice — find the better move: the table returns to each position the coach marked mistake, the
player plays, and the coach answers from the saved verdict (offline: no search).

``store``'s ``game.store.practice`` keeps the list and the counts; ``control.PracticeControl`` is the
tables' controller (the list, the mistake at hand, the misses, the answers: ``coach.answer``);
``tables`` holds each game's table in practice (the game's own table, its parts reused, driven by the
controller); ``open.open_practice`` starts it (from the review viewer or Statistics).
"""
