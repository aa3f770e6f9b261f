"""Records with planted "saved verdicts" for practice tests: a game played by first legal moves up to a
decision of seat 0 with several moves, and a verdict marking it mistake (best: another legal move)."""

from engine.games import game_named


def record_with_mistake(game, seed=5, skip=0, players=2):
    """(record, verdict): the record of a game played up to and past seat 0's ``skip``-th real decision
    (the first legal move each time), and a mistake verdict on that decision, as the review writes it."""
    g = game_named(game)
    options = g.Options.from_dict({}) if hasattr(g.Options, "from_dict") else g.Options()
    names = ["You", "Bot", "Ann", "Ivan"][:players]
    m = g.Match.new(options, names, seed)
    verdict = None
    seen = 0
    while not m.is_over() and len(m.moves) < 400:
        moves = m.legal_moves()
        if verdict is None and m.current_player() == 0 and len(moves) > 1 and _is_play(game, moves[0], m):
            if seen == skip:
                played, best = moves[0], moves[1]
                verdict = {"deal": len(m.deals_done) + 1, "play": 1, "kind": "play", "move": len(m.moves),
                           "played": g.move_to_json(played), "best": g.move_to_json(best),
                           "loss": 0.2, "mark": "mistake",
                           "why": {"en": "PLANTED reason in English.", "ru": "ЗАЛОЖЕННАЯ причина."}}
                m.play(played)
                for _ in range(3):  # a few moves more, so the position is inside the record
                    if m.is_over():
                        break
                    m.play(m.legal_moves()[0])
                break
            seen += 1
        m.play(moves[0])
    assert verdict is not None
    return m.to_record(), verdict


def _is_play(game, move, match):
    """A card played in the play (Eralash: not a trump choice; Uragan: a play of the hand)."""
    if game == "eralash":
        return isinstance(move, int) and match.deal.trump >= 0
    from engine.uragan.moves import Play

    return isinstance(move, Play) and match.deal.phase == 0
