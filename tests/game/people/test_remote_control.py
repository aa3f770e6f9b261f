"""The seat's side of a hosted match without a network (``RemoteControl`` fed the host's messages by
hand): updates sent before the whole story it asked for are never played, a turn asked on a connection
that broke is not answered, and one try at a time reaches the host again."""

from __future__ import annotations

import random
from typing import Any

from engine.games import game_named
from engine.net.protocol import event_json, view_json
from engine.uragan import Match, Options
from game.people.remote import RemoteControl


class FakeLink:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def drain(self) -> list[dict[str, Any]]:
        return []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def move(self, move: Any) -> None:
        self.send({"type": "move", "move": move})

    def close(self) -> None:
        pass


class Teller:
    """What a host tells seat 1 of its match: updates since the last, or the whole story."""

    def __init__(self) -> None:
        self.game = game_named("uragan")
        self.match = Match.new(Options.from_dict({}), ["A", "B"], seed=4)
        self.seen = self.moves_seen = 0

    def update(self, whole: bool = False) -> dict[str, Any]:
        m = self.match
        if whole:
            self.seen = self.moves_seen = 0
        since = self.moves_seen
        msg = {"type": "update", "turn": m.current_player(), "since": since,
               "events": [event_json(e) for e in m.events_for(1, self.seen)],
               "moves": [{"seat": s, "move": self.game.move_to_json(mv)}
                         for s, mv in zip(m.movers[since:], m.moves[since:], strict=True)],
               "view": view_json(m.view(1), self.game.move_to_json)}
        self.seen, self.moves_seen = len(m.events), len(m.moves)
        return msg

    def play_others(self, rng: random.Random, n: int) -> None:
        for _ in range(n):
            self.match.play(rng.choice(self.match.legal_moves()))


def _seated(make_app: Any) -> tuple[RemoteControl, FakeLink, Teller]:
    link = FakeLink()
    control = RemoteControl(make_app(), link, "ws://127.0.0.1:1", "ROOM", "B", hosted=object())  # type: ignore[arg-type]
    teller = Teller()
    control.take({"type": "welcome", "seat": 1, "token": "tok", "game": "uragan", "options": {},
                  "match_id": "x"})
    control.take({"type": "table", "seats": [{"seat": 0, "name": "A", "kind": "remote"},
                                             {"seat": 1, "name": "B", "kind": "remote"}]})
    control.take(teller.update())
    return control, link, teller


def test_updates_sent_before_the_whole_story_asked_for_are_not_played(make_app: Any) -> None:
    control, link, teller = _seated(make_app)
    rng = random.Random(1)
    teller.play_others(rng, 3)
    control.take(teller.update())
    assert control.told == 3 and len(control.incoming) == 3
    control.take({"type": "refused_move", "move": "?", "reason": "no"})  # out of step: the whole story
    assert link.sent == [{"type": "sync"}] and not control.incoming
    teller.play_others(rng, 2)
    control.take(teller.update())  # sent before the host read the sync: follows what was dropped
    control.take({"type": "refused_move", "move": "?", "reason": "no"})
    assert link.sent == [{"type": "sync"}]  # asked once
    assert not control.incoming and control.match is not None and len(control.match.moves) == 0
    old = control.match
    control.take(teller.update(whole=True))
    assert control.match is not old and control.match.moves == teller.match.moves and control.told == 5
    assert control.replaced
    teller.play_others(rng, 1)
    control.take(teller.update())
    assert control.told == 6 and len(control.incoming) == 1


def test_a_gap_in_the_updates_asks_for_the_whole_story(make_app: Any) -> None:
    control, link, teller = _seated(make_app)
    rng = random.Random(2)
    teller.play_others(rng, 2)
    teller.update()  # lost on the way
    teller.play_others(rng, 1)
    control.take(teller.update())
    assert link.sent == [{"type": "sync"}] and not control.incoming


def test_a_turn_asked_before_the_connection_broke_is_not_answered(make_app: Any, monkeypatch: Any) -> None:
    import game.people.remote as remote

    control, link, teller = _seated(make_app)
    control.take({"type": "your_turn", "legal": ["x"]})
    control.take({"type": "lost", "reason": "test"})
    assert control.asked is None and control.lost_at is not None and control.retry_at is not None
    tries: list[str] = []

    def join(*_args: Any, **_kwargs: Any) -> FakeLink:
        tries.append("try")
        return FakeLink()

    monkeypatch.setattr(remote.GuestLink, "join", join)
    control.retry_at = 0.0
    control._reconnect()
    control._reconnect()
    assert tries == ["try"]  # one try at a time; the next only after this one failed
    control.take({"type": "lost", "reason": "refused"})
    assert control.retry_at is not None and control.retry_at > 0
    control.take({"type": "welcome", "seat": 1, "token": "tok", "game": "uragan", "options": {},
                  "match_id": "x"})
    assert control.lost_at is None and control.asked is None
    control.take(teller.update())  # the first update of a connection: the whole story
    assert control.told == len(teller.match.moves)
