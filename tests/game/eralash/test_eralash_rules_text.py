"""The Rules' text as the Rules screen shows it: no markup left over (a lone ``*`` is drawn as it is), and
the two-player section that says why one deal decides a robber with the whole pack."""

import pytest

from game.menus.rules_screen import parse_markdown, rules_path, split_games


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_literal_asterisks_are_drawn(lang):
    blocks = parse_markdown(rules_path(lang).read_text(encoding="utf-8"))
    drawn = [b.text for b in blocks if "*" in b.text]
    assert drawn == []


def test_a_lone_asterisk_would_be_caught():
    assert [b.text for b in parse_markdown("a *b* c") if "*" in b.text] == ["a *b* c"]


@pytest.mark.parametrize("lang,heading,one_deal", [("en", "Two players", "every robber is one deal"),
                                                    ("ru", "Вдвоём", "каждый роббер — одна сдача")])
def test_the_rules_for_two_say_what_one_deal_means(lang, heading, one_deal):
    eralash = split_games(parse_markdown(rules_path(lang).read_text(encoding="utf-8")))["eralash"]
    at = next(i for i, b in enumerate(eralash) if b.kind == "heading" and b.text == heading)
    section = " ".join(b.text for b in eralash[at + 1:at + 4])
    assert one_deal in section and "21" in section
