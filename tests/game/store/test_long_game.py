"""A game far longer than any played (issue 34: "undo, save and the move log cost the same at move
19,000 as at move 10"): the save's text is made from each move's text, made once as it was played,
and undo replays from the deal being played's start, never from the first move. What both give is
exactly what the whole replay and the whole serialisation give."""

from __future__ import annotations

import json

from helpers import long_match_tool

from engine.uragan.match import Match
from game.store.saves import Session
from game.store.storage import Store, to_json_text

TOOL = long_match_tool()


def deep_session(tmp_path, moves=3000):
    TOOL.save_in_progress(tmp_path, TOOL.long_match(moves, seed=5))
    session = Session.resume(Store(tmp_path))
    assert session is not None and len(session.match.moves) >= moves
    return session


def person_plays(session):
    """Seat 0 plays its first legal move, then the novice's replies (random legal) until seat 0 again."""
    session.play(session.match.legal_moves()[0])
    while session.match.current_player() == 1:
        session.play(session.match.legal_moves()[-1])


def test_undo_at_a_deep_move_restores_exactly_and_replays_only_the_deal(tmp_path, monkeypatch):
    session = deep_session(tmp_path)
    assert session.deal_start is not None and session.deal_start[0] == session.deal_began()
    played: list[int] = []
    real_play = Match.play
    for _ in range(3):
        before = session.match.to_save()
        person_plays(session)
        played.clear()
        monkeypatch.setattr(Match, "play", lambda self, move: played.append(1) or real_play(self, move))
        assert session.undo() > 0
        monkeypatch.setattr(Match, "play", real_play)
        assert len(played) <= len(before["moves"]) - session.deal_began()  # not the 3,000 before it
        assert session.match.to_save() == before == Match.from_save(before).to_save()
        assert session.match.events == Match.from_save(before).events
        assert session.match.movers == Match.from_save(before).movers
        assert session.moves_json == before["moves"]
    Store(tmp_path).flush()
    again = Session.resume(Store(tmp_path))
    assert again is not None and again.match.to_save() == session.match.to_save()


def test_a_deal_begun_at_the_table_is_where_undo_starts_from(tmp_path):
    session = deep_session(tmp_path, 1500)
    deals = len(session.match.deals_done)
    while len(session.match.deals_done) == deals:  # play into the next deal
        person_plays(session) if session.match.current_player() == 0 else session.play(
            session.match.legal_moves()[0])
    while session.match.current_player() != 0 or session.match.deal.phase != 0:
        session.play(session.match.legal_moves()[0])
    person_plays(session)
    assert session.deal_start is not None and session.deal_start[0] == session.deal_began()
    before_undo = session.undo_point()
    session.undo()
    whole = Match.from_save({**session.saved.match, "moves": session.moves_json})
    assert len(session.match.moves) == before_undo and session.match.to_save() == whole.to_save()


def test_the_save_s_text_is_the_whole_document_without_serialising_every_move_again(tmp_path, monkeypatch):
    session = deep_session(tmp_path)
    person_plays(session)
    document = session.document_maker()()
    encoded = []
    real_dumps = json.dumps
    monkeypatch.setattr(json, "dumps", lambda obj, **kw: encoded.append(obj) or real_dumps(obj, **kw))
    text = document.json_text(1)
    monkeypatch.setattr(json, "dumps", real_dumps)
    assert json.loads(text) == json.loads(to_json_text({**document, "version": 1}))
    assert not any(isinstance(o, dict) and len(o.get("match", {}).get("moves", "")) > 100 for o in encoded)
    Store(tmp_path).flush()
    assert json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))["match"]["moves"] == \
        session.moves_json
