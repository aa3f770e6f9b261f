# ruff: noqa: E501  (each sentence is asserted whole, on one line, as the player reads it)
"""Every sentence type of the Uragan coach, in both languages, asserted word for word (issue 28's
proof-reading pass), and the reasons behind them on constructed positions: counting (which cards of a
value are still out, what can take a card left on the table), trades, what the better move does on the
table, and the last round read from every solved best line, never from one line or a view-only guess.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.bots.uragan.club import UraganClub
from engine.bots.uragan.endgame import Endgame, deal_of_view, finishes, in_last_round, points_utility
from engine.cards import parse, parse_set
from engine.review import words as W
from engine.review.reasons import BetterValue, Decided
from engine.review.uragan import why as U
from engine.review.uragan.count import Takers
from engine.review.why import decision_why, hint_why
from engine.uragan.deal import Deal
from engine.uragan.match import Match
from engine.uragan.moves import CLAIM, LET_STAND
from engine.uragan.moves import parse_move as mv
from engine.uragan.options import Options
from engine.uragan.view import View

ROOT = Path(__file__).resolve().parents[3]


def m(*names: str) -> int:
    return parse_set(list(names))


def T(c: str, twins: list[str], takers: list[str], retake: str = "") -> Takers:  # noqa: N802
    return Takers(parse(c), m(*twins), m(*takers), parse(retake) if retake else -1)


REASONS: dict[str, Any] = {
 "table_left_seen": U.TableLeft(mv("JD:JS"), mv("3C:AS+2D"), m("AS","2D","6C"), 9, 9, m("QH","QD"), False),
 "table_left_one": U.TableLeft(mv("2S"), mv("4C"), m("2S"), 2, 2, m("2H","2D","2C"), False),
 "table_left_four": U.TableLeft(mv("AS"), mv("4C"), m("AS","2H","6C"), 9, 9, m("QS","QH","QD","QC"), False),
 "table_left_known": U.TableLeft(mv("AS"), mv("4C"), m("AS","2H","6C"), 9, 9, m("QH"), True),
 "sweep_missed": U.SweepMissed(mv("QS:AS+3H+2D+3C")),
 "seven_missed": U.SevenOfHearts("missed", mv("2S"), mv("JC:7H+AD")),
 "seven_home": U.SevenOfHearts("home", mv("2S"), mv("7H:7S")),
 "seven_exposed_known": U.SevenOfHearts("exposed", mv("2S:2D"), mv("JC:7H+AD"), m("7S"), True),
 "seven_trailed_sevens": U.SevenOfHearts("trailed", mv("7H"), mv("2S"), m("7S","7C"), False),
 "seven_exposed_seen": U.SevenOfHearts("exposed", mv("2S:2D"), mv("JC:7H+AD"), m("7S","JD","QC"), False),
 "primiera_missed": U.PrimieraCard("missed", parse("6D"), mv("2S"), mv("JC:6D+2C")),
 "primiera_given": U.PrimieraCard("given", parse("7C"), mv("7C"), mv("2S")),
 "count_cards": U.CategoryCount("cards", 15, 12, 3, mv("JC:6D+2C")),
 "count_hearts": U.CategoryCount("hearts", 4, 3, 2, mv("JC:6H+2H")),
 "count_primiera": U.CategoryCount("primiera", 52, 60, 5, mv("JC:6D+2C"), 70),
 "offer_heart": U.TrailOffered(mv("AH"), mv("4S"), "heart"),
 "offer_primiera": U.TrailOffered(mv("AC"), mv("QD"), "primiera", 16),
 "bait": U.Bait(parse("5D"), 0.62),
 "own_sum": U.OwnSum(mv("3D:3S"), m("3S","4C"), 7, parse("7D")),
 "claimable_equal_forced": U.Claimable(mv("7C:3S+4S"), "equal", True, m("7H")),
 "claimable_trail_let": U.Claimable(mv("5C"), "trail", False, None),
 "answer_claimed_kept": U.ClaimAnswer(True, parse("7C"), m("3S","4S"), m("7H"), False, True),
 "answer_let_to_them": U.ClaimAnswer(False, parse("7C"), m("3S","4S","7H"), m("7D"), True, False),
 "waits": U.Waits(mv("KC"), mv("QC"), T("KC", ["KS","KH","KD"], ["KS","KH","KD"]), T("QC", ["QH"], ["QH"])),
 "waits_retake": U.Waits(mv("5C"), mv("JD"), T("5C", ["5S","5H","5D"], ["5S","5H","5D"]), T("JD", [], [], "JH")),
 "waits_sums": U.Waits(mv("2C"), mv("JD"), T("2C", [], ["3S","4H","5D"]), T("JD", [], ["QS","KD"])),
 "last_card": U.LastCard(mv("KC:QH+AD"), mv("5C"), parse("5C"), m("3S")),
 "last_card_empty": U.LastCard(mv("KC:QH+AD"), mv("5C"), parse("5C"), 0),
 "gives_seven": U.GivesUp(mv("KC:4S+6D"), mv("7C:7H"), "seven"),
 "gives_sweep": U.GivesUp(mv("KC:4S+6D"), mv("5C:5H"), "sweep"),
 "gives_seven_left": U.GivesUp(mv("KC:4S+6D"), mv("7C:7S"), "seven_left", takers=m("7D")),
 "gives_cards": U.GivesUp(mv("KC"), mv("AC:AD"), "cards", n=2),
 "on_table_take": U.OnTable(mv("QC:4D+5S"), mv("2S"), m("QC","4D","5S"), 0),
 "on_table_take_hearts": U.OnTable(mv("QC:4H+5S"), mv("2S:2H"), m("QC","4H","5S"), m("2S","2H")),
 "on_table_trail": U.OnTable(mv("KC"), mv("AC:AD"), 0, m("AC","AD"), T("KC", ["KS","KH","KD"], ["KS","KH","KD","5D"])),
 "known_hand": U.KnownHand(m("2S","AD","5C")),
 "solved_diffs": U.Solved(mv("JD"), mv("KS"), (("cards", frozenset([1]), frozenset([0])), ("seven", frozenset([1]), frozenset([-1,0]))), (3,1), (1,2), (1, parse("5D"), m("AC","4H","7H"), False)),
 "solved_uragans": U.Solved(mv("QD"), mv("AD"), (("uragans_theirs", frozenset([0]), frozenset([1])),), (2,2), (2,3), (1, parse("5D"), m("AD","4C"), True)),
 "solved_uragans_mine": U.Solved(mv("6H:2S+4D"), mv("7D"), (("uragans_mine", frozenset([1]), frozenset([0])),), (3,1), (2,1), None),
 "solved_points_can": U.Solved(mv("KD"), mv("3C:3D"), (), (1,5), (1,6), None, ("hearts", "primiera")),
 "better_value": BetterValue(mv("QC"), 0.3, "points"),
 "better_chance": BetterValue(mv("QC"), 0.08, "chance"),
 "decided": Decided(),
 "claimable_trail_unknown": U.Claimable(mv("5C"), "trail", None, None),
 "answer_let_kept": U.ClaimAnswer(False, parse("7C"), m("3S","4S"), m("7H"), False, True),
 "waits_one_out": U.Waits(mv("KC"), mv("QC"), T("KC", ["KH"], ["KH"]), T("QC", [], [])),
 "waits_more_than_twins": U.Waits(mv("5D"), mv("6D"), T("5D", ["5H","5C"], ["5H","5C","6S","6H","6C"]), T("6D", ["6S","6H","6C"], ["6S","6H","6C","7C"])),
 "table_left_who_one": U.TableLeft(mv("AS"), mv("4C"), m("AS","2H","6C"), 9, 9, m("QH"), False),
 "solved_together_theirs": U.Solved(mv("KD"), mv("3C:3D"), (), (1,5), (1,6), None, (), ("cards", "hearts"), False),
 "solved_together_mine": U.Solved(mv("KD"), mv("3C:3D"), (), None, None, None, (), ("seven", "primiera"), True),
 "on_table_trail_safe": U.OnTable(mv("JD"), mv("5C"), 0, 0, T("JD", [], [])),
 "solved_theirs": U.Solved(mv("JD"), mv("KS"), (("primiera", frozenset([0]), frozenset([-1])), ("hearts", frozenset([1]), frozenset([-1]))), None, None, None),
}

SENTENCES = {
    "last_card": ("After K♣ taking Q♥ A♦ your last card in hand is the 5♣, and it takes nothing on 3♠: unless your opponent's card gives it a capture, it will have to be trailed.",
                  'После «К♣ берёт Д♥ Т♦» на руке у вас останется только 5♣, а на столе (3♠) ей нечего взять: если карта соперника не даст ей взятку, её придётся положить на стол.'),
    "last_card_empty": ("After K♣ taking Q♥ A♦ your last card in hand is the 5♣, and the table is empty: unless your opponent's card gives it a capture, it will have to be trailed.",
                        'После «К♣ берёт Д♥ Т♦» на руке у вас останется только 5♣, а стол пуст: если карта соперника не даст ей взятку, её придётся положить на стол.'),
    "solved_together_theirs": ('Solved exactly: with best play the deal ends 1:5 after K♦ to the table but 1:6 after 3♣ taking 3♦; after 3♣ taking 3♦ your opponent wins the point for cards and the point for hearts on every line of best play, after K♦ to the table never all of them.',
                               'Решено точно: при лучшей игре сдача кончается 1:5 после «К♦ на стол», но 1:6 после «3♣ берёт 3♦»; после «3♣ берёт 3♦» при любой лучшей игре сопернику достаются балл за карты и балл за черви, а после «К♦ на стол» — никогда все сразу.'),
    "solved_together_mine": ('Solved exactly: after K♦ to the table you win the 7♥ and the primiera on every line of best play, after 3♣ taking 3♦ never all of them.',
                             'Решено точно: после «К♦ на стол» при любой лучшей игре вам достаются 7♥ и премьера, а после «3♣ берёт 3♦» — никогда все сразу.'),
    "answer_let_kept": ('Letting it stand gives your opponent 3♠ 4♠; had you claimed, the 7♥ would have stayed on the table for you.',
                        'Если оставить ход, соперник получает 3♠ 4♠; если бы вы потребовали, 7♥ осталась бы на столе для вас.'),
    "waits_one_out": ('The K♣ could wait: one King is still out, the K♥, while no card still out can take your Q♣.',
                      'К♣ лучше было придержать: ещё не вышел один король, К♥, а Д♣ не возьмёт ни одна из невышедших карт.'),
    "waits_more_than_twins": ('The 5♦ could wait: 5 cards still out can take it, while 4 cards still out can take your 6♦.',
                              '5♦ лучше было придержать: её может взять любая из 5 невышедших карт, а 6♦ может взять любая из 4 невышедших карт.'),
    "solved_theirs": ("Solved exactly, on every line of best play: the primiera is no one's after J♦ to the table but your opponent's after K♠ to the table; the point for hearts is yours after J♦ to the table but your opponent's after K♠ to the table.",
                      'Решено точно, при любой лучшей игре: премьера — ни за кем после «В♦ на стол», но за соперником после «К♠ на стол»; балл за черви — за вами после «В♦ на стол», но за соперником после «К♠ на стол».'),
    "table_left_who_one": ('A♠ to the table leaves A♠ 2♥ 6♣ = 9 on the table; the one unseen Queen can sweep it: an uragan for your opponent.',
                           'После хода «Т♠ на стол» на столе остаются Т♠ 2♥ 6♣ = 9; это ураган для дамы: одна дама ещё не вышла.'),
    "on_table_trail_safe": ('J♦ to the table: no card still out can take your J♦.',
                            '«В♦ на стол»: В♦ не возьмёт ни одна из невышедших карт.'),
    "table_left_seen": ('J♦ taking J♠ leaves A♠ 2♦ 6♣ = 9 on the table; both unseen Queens can sweep it: an uragan for your opponent.',
                        'После хода «В♦ берёт В♠» на столе остаются Т♠ 2♦ 6♣ = 9; это ураган для дамы: обе дамы ещё не вышли.'),
    "table_left_one": ('2♠ to the table leaves 2♠ on the table; three unseen twos can sweep it: an uragan for your opponent.',
                       'После хода «2♠ на стол» на столе остаётся 2♠; это ураган для двойки: три двойки ещё не вышли.'),
    "table_left_four": ('A♠ to the table leaves A♠ 2♥ 6♣ = 9 on the table; any of the four Queens, none seen yet, can sweep it: an uragan for your opponent.',
                        'После хода «Т♠ на стол» на столе остаются Т♠ 2♥ 6♣ = 9; это ураган для дамы: все четыре дамы ещё не вышли.'),
    "table_left_known": ('A♠ to the table leaves A♠ 2♥ 6♣ = 9 on the table; your opponent holds Q♥ and sweeps it: an uragan.',
                         'После хода «Т♠ на стол» на столе остаются Т♠ 2♥ 6♣ = 9; у соперника Д♥, и он забирает всё ураганом.'),
    "sweep_missed": ('Your Q♠ could take the whole table, A♠ 3♥ 2♦ 3♣: an uragan, 1 point.',
                     'Ваша Д♠ могла забрать весь стол, Т♠ 3♥ 2♦ 3♣, — это ураган, 1 балл.'),
    "seven_missed": ('Your J♣ could take the 7♥, a point by itself.',
                     'Ваш В♣ мог взять 7♥ — это отдельный балл.'),
    "seven_home": ('Your 7♥ could take 7♠ and be safe in your pile, a point by itself.',
                   'Ваша 7♥ могла взять 7♠ и уйти в вашу стопку — это отдельный балл.'),
    "seven_exposed_known": ('2♠ taking 2♦ leaves the 7♥ on the table: your opponent holds 7♠ and takes it.',
                            'После «2♠ берёт 2♦» 7♥ остаётся на столе, а у соперника 7♠.'),
    "seven_trailed_sevens": ('Trailing the 7♥ leaves it on the table: both unseen sevens can take it.',
                             'Положив 7♥ на стол, вы подставляете её: обе семёрки ещё не вышли.'),
    "seven_exposed_seen": ('2♠ taking 2♦ leaves the 7♥ on the table: 3 of the cards you have not seen can take it.',
                           'После «2♠ берёт 2♦» 7♥ остаётся на столе, а взять её могут карты, которых вы ещё не видели: 3.'),
    "primiera_missed": ('J♣ taking 6♦ 2♣ puts the 6♦ in your pile, the best primiera card of diamonds (18).',
                        '«В♣ берёт 6♦ 2♣» кладёт в вашу стопку 6♦ — лучшую карту бубён для премьеры (18).'),
    "primiera_given": ('7♣ to the table puts the 7♣, a primiera card worth 21, on the table for your opponent.',
                       '«7♣ на стол» оставляет сопернику 7♣ — карту премьеры на 21.'),
    "count_cards": ("You have 15 cards to your opponent's 12 cards; 21 take the point, and the better move takes 3 cards more.",
                    'У вас 15 карт, у соперника 12 карт; балл берут 21, а лучший ход забирает на 3 карты больше.'),
    "count_hearts": ("You have 4 hearts to your opponent's 3 hearts; 6 take the point, and the better move takes 2 hearts more.",
                     'У вас 4 карты червей, у соперника 3 карты червей; балл берут 6, а лучший ход забирает на 2 карты червей больше.'),
    "count_primiera": ('Primiera stands at 52 to 60; the better move raises yours to 70.',
                       'Премьера 52 против 60; лучший ход поднимает вашу до 70.'),
    "offer_heart": ('Trailing the A♥ offers your opponent a heart; 4♠ to the table does not.',
                    'Положив Т♥ на стол, вы подставляете сопернику карту червей, а «4♠ на стол» — нет.'),
    "offer_primiera": ('Trailing the A♣ offers your opponent 16 in primiera; Q♦ to the table offers less.',
                       'Положив Т♣ на стол, вы подставляете сопернику 16 в премьере, а «Д♦ на стол» — меньше.'),
    "bait": ('Your opponent trailed the 5♦ though no rule made them, often a sign of holding another five: 62% of the hands they could hold have one.',
             'Соперник положил 5♦ на стол без нужды — часто это значит, что у него есть ещё пятёрка: такая карта есть в 62 % рук, которые у него могут быть.'),
    "own_sum": ('3♦ taking 3♠ breaks up 3♠ 4♣ = 7, which your 7♦ could take whole.',
                '«3♦ берёт 3♠» разбивает 3♠ 4♣ = 7, которые целиком взяла бы ваша 7♦.'),
    "claimable_equal_forced": ('7♣ taking 3♠ 4♠ breaks a capture rule (a card must take an equal card lying on the table): your opponent may claim it; they claimed, and your 7♣ had to take 7♥.',
                               '«7♣ берёт 3♠ 4♠» нарушает правило взятия (карта должна взять равную ей карту со стола): соперник может потребовать; он потребовал, и 7♣ пришлось взять 7♥.'),
    "claimable_trail_let": ('5♣ to the table breaks a capture rule (a card that can capture must not be trailed): your opponent may claim it; they let it stand.',
                            '«5♣ на стол» нарушает правило взятия (карту, которая может взять, нельзя класть на стол): соперник может потребовать; он оставил ход как есть.'),
    "answer_claimed_kept": ('The claim makes the 7♣ take 7♥; had you let it stand, the 7♥ would have stayed on the table for you.',
                            'По требованию 7♣ берёт 7♥; если бы вы оставили ход, 7♥ осталась бы на столе для вас.'),
    "answer_let_to_them": ('Letting it stand gives your opponent 3♠ 4♠ 7♥; the 7♥ goes to your opponent.',
                           'Если оставить ход, соперник получает 3♠ 4♠ 7♥; 7♥ уходит сопернику.'),
    "waits": ('The K♣ could wait: three Kings are still out, while only the Q♥ can take your Q♣.',
              'К♣ лучше было придержать: ещё не вышли три короля, а Д♣ может взять только Д♥.'),
    "waits_retake": ('The 5♣ could wait: three fives are still out, while no card still out can take your J♦, and your J♥ can take it back.',
                     '5♣ лучше было придержать: ещё не вышли три пятёрки, а В♦ не возьмёт ни одна из невышедших карт, и ваш В♥ заберёт её обратно.'),
    "waits_sums": ('The 2♣ could wait: 3 cards still out can take it, while only the Q♠ and K♦ can take your J♦.',
                   '2♣ лучше было придержать: её может взять любая из 3 невышедших карт, а В♦ могут взять только Д♠ и К♦.'),
    "gives_seven": ('K♣ taking 4♠ 6♦ gives up the 7♥, but it pays off.',
                    '«К♣ берёт 4♠ 6♦» при этом отдаёт 7♥, но это окупается.'),
    "gives_sweep": ('K♣ taking 4♠ 6♦ gives up an uragan, but it pays off.',
                    '«К♣ берёт 4♠ 6♦» при этом упускает ураган, но это окупается.'),
    "gives_seven_left": ('K♣ taking 4♠ 6♦ leaves the 7♥ on the table (7♦), but it pays off.',
                         '«К♣ берёт 4♠ 6♦» при этом оставляет на столе 7♥ (7♦), но это окупается.'),
    "gives_cards": ('K♣ to the table takes 2 cards fewer, but it pays off.',
                    '«К♣ на стол» берёт на 2 карты меньше, но это окупается.'),
    "on_table_take": ('Q♣ taking 5♠ 4♦ puts 3 cards in your pile; 2♠ to the table takes nothing.',
                      '«Д♣ берёт 5♠ 4♦» кладёт в вашу стопку 3 карты; «2♠ на стол» не берёт ничего.'),
    "on_table_take_hearts": ('Q♣ taking 5♠ 4♥ puts 3 cards in your pile, 1 of them hearts; 2♠ taking 2♥ takes only 2 cards.',
                             '«Д♣ берёт 5♠ 4♥» кладёт в вашу стопку 3 карты, из них червей: 1; «2♠ берёт 2♥» берёт только 2 карты.'),
    "on_table_trail": ('K♣ to the table: 4 cards still out can take your K♣.',
                       '«К♣ на стол»: К♣ может взять любая из 4 невышедших карт.'),
    "known_hand": ('Your opponent holds 2♠ A♦ 5♣: the stock is empty, so every other card is seen.',
                   'У соперника на руке 2♠ Т♦ 5♣: колода кончилась, и все остальные карты видны.'),
    "solved_diffs": ("Solved exactly, on every line of best play: the point for cards is yours after J♦ to the table but no one's after K♠ to the table; the 7♥ is yours after J♦ to the table but not yours after K♠ to the table; after K♠ to the table, for instance, your opponent's 5♦ takes 4♥ 7♥ A♣.",
                     'Решено точно, при любой лучшей игре: балл за карты — за вами после «В♦ на стол», но ни за кем после «К♠ на стол»; 7♥ — за вами после «В♦ на стол», но не за вами после «К♠ на стол»; например, после «К♠ на стол» 5♦ соперника берёт 4♥ 7♥ Т♣.'),
    "solved_uragans": ("Solved exactly, on every line of best play: your opponent's uragans number 0 after Q♦ to the table but 1 after A♦ to the table; after A♦ to the table, for instance, your opponent's 5♦ takes A♦ 4♣: an uragan.",
                       'Решено точно, при любой лучшей игре: ураганов соперника — 0 после «Д♦ на стол», но 1 после «Т♦ на стол»; например, после «Т♦ на стол» 5♦ соперника берёт Т♦ 4♣ — это ураган.'),
    "solved_uragans_mine": ('Solved exactly, on every line of best play: your uragans number 1 after 6♥ taking 2♠ 4♦ but 0 after 7♦ to the table.',
                            'Решено точно, при любой лучшей игре: ваших ураганов — 1 после «6♥ берёт 2♠ 4♦», но 0 после «7♦ на стол».'),
    "solved_points_can": ('Solved exactly: with best play the deal ends 1:5 after K♦ to the table but 1:6 after 3♣ taking 3♦; after 3♣ taking 3♦ best play can give your opponent the point for hearts and the primiera.',
                          'Решено точно: при лучшей игре сдача кончается 1:5 после «К♦ на стол», но 1:6 после «3♣ берёт 3♦»; после «3♣ берёт 3♦» при лучшей игре сопернику могут достаться балл за черви и премьера.'),
    "better_value": ('Q♣ to the table is worth 0.3 more deal points here.',
                     '«Д♣ на стол» приносит здесь на 0,3 балла больше.'),
    "better_chance": ('Q♣ to the table keeps 8% more chance to win.',
                      '«Д♣ на стол» сохраняет на 8 % больше шансов на победу.'),
    "decided": ('Nothing you could have done in this deal would have changed the result.',
                'Что бы вы ни сделали в этой сдаче, результат был бы тем же.'),
    "claimable_trail_unknown": ('5♣ to the table breaks a capture rule (a card that can capture must not be trailed): your opponent may claim it.',
                                '«5♣ на стол» нарушает правило взятия (карту, которая может взять, нельзя класть на стол): соперник может потребовать.'),
}

HINT_REASONS: dict[str, Any] = {
 "hint_safe": U.TableLeft(None, mv("4C"), 0,0,0,0,False),
 "hint_sweep": U.SweepMissed(mv("QS:AS+3H+2D+3C")),
 "hint_seven": U.SevenOfHearts("missed", None, mv("JC:7H+AD")),
 "hint_home": U.SevenOfHearts("home", None, mv("7H:7S")),
 "hint_primiera": U.PrimieraCard("missed", parse("6D"), None, mv("JC:6D+2C")),
 "hint_takes": U.Does(mv("QC:4H+5S"), m("QC","4H","5S")),
 "hint_none": U.Does(mv("JD"), 0, T("JD", [], [])),
 "hint_retake": U.Does(mv("JD"), 0, T("JD", [], [], "JH")),
 "hint_only": U.Does(mv("QC"), 0, T("QC", ["QH"], ["QH"])),
 "hint_only2": U.Does(mv("QC"), 0, T("QC", ["QH"], ["QH", "KD"])),
 "hint_many": U.Does(mv("KC"), 0, T("KC", ["KS","KH","KD"], ["KS","KH","KD","5D","3C"])),
 "hint_safest": U.Does(mv("KC"), 0, T("KC", ["KS","KH","KD"], ["KS","KH","KD"]), True),
 "hint_claim": U.ClaimAnswer(True, parse("7C"), m("3S","4S"), m("7H"), False, False),
 "hint_let": U.ClaimAnswer(False, parse("QC"), m("4S","5S"), m("QH"), False, False),
 "hint_let_trail": U.ClaimAnswer(False, parse("QC"), 0, m("QH"), False, False),
 "hint_solved": U.SolvedHint(("cards", "seven", "primiera"), (), (3,1)),
 "hint_solved_one": U.SolvedHint(("hearts",), (), None),
 "hint_solved_points": U.SolvedHint((), ("cards",), (0, 3)),
}

HINTS = {
    "hint_safe": ('it leaves nothing an unseen card can sweep.',
                  'так на столе не остаётся ничего для урагана соперника.'),
    "hint_sweep": ('it takes the whole table: an uragan, 1 point.',
                   'так вы забираете весь стол — ураган, 1 балл.'),
    "hint_seven": ('it takes the 7♥, a point by itself.',
                   'так вы берёте 7♥ — это отдельный балл.'),
    "hint_home": ('your 7♥ goes safe into your pile, a point by itself.',
                  'так 7♥ уходит в вашу стопку — это отдельный балл.'),
    "hint_primiera": ('it puts the 6♦ in your pile, the best primiera card of diamonds (18).',
                      'так в вашу стопку идёт 6♦ — лучшая карта бубён для премьеры (18).'),
    "hint_takes": ('it takes 3 cards, 1 of them hearts.',
                   'так вы берёте 3 карты, из них червей: 1.'),
    "hint_none": ('no card still out can take it.',
                  'её не возьмёт ни одна из невышедших карт.'),
    "hint_retake": ('no card still out can take it, and your J♥ can take it back.',
                    'её не возьмёт ни одна из невышедших карт, и ваш В♥ заберёт её обратно.'),
    "hint_only": ('only the Q♥ can take it.',
                  'её может взять только Д♥.'),
    "hint_only2": ('only the Q♥ and K♦ can take it.',
                   'её могут взять только Д♥ и К♦.'),
    "hint_many": ('5 cards still out can take it.',
                  'её может взять любая из 5 невышедших карт.'),
    "hint_safest": ('3 cards still out can take it; any other card you could trail is easier to take.',
                    'её может взять любая из 3 невышедших карт; любую другую карту, которую можно положить, взять легче.'),
    "hint_claim": ('the claim makes the 7♣ take 7♥.',
                   'по требованию 7♣ берёт 7♥.'),
    "hint_let": ('a claim would make the Q♣ take Q♥; as it stands it takes 4♠ 5♠.',
                 'по требованию Д♣ взяла бы Д♥, а так берёт 4♠ 5♠.'),
    "hint_let_trail": ('a claim would make the Q♣ take Q♥; as it stands it takes nothing.',
                       'по требованию Д♣ взяла бы Д♥, а так не берёт ничего.'),
    "hint_solved": ('solved exactly: on every line of best play you win the point for cards, the 7♥ and the primiera, and the deal ends 3:1.',
                    'решено точно: при любой лучшей игре за вами балл за карты, 7♥ и премьера, а сдача кончается 3:1.'),
    "hint_solved_one": ('solved exactly: on every line of best play you win the point for hearts.',
                        'решено точно: при любой лучшей игре за вами балл за черви.'),
    "hint_solved_points": ('solved exactly: with best play the deal ends 0:3.',
                           'решено точно: при лучшей игре сдача кончается 0:3.'),
}

ERALASH_KEYS = {"decided", "high_trump", "trick_taken", "exact_tricks", "high_loser", "over_partner", "slam_let",
                "slam_missed", "race_lead", "race_behind", "eralash_better", "e_play", "e_trump", "hint_trump"}


@pytest.mark.parametrize("name", sorted(SENTENCES))
def test_each_sentence_type_reads_as_written(name: str) -> None:
    en, ru = SENTENCES[name]
    assert W.say([REASONS[name]], "en") == en
    assert W.say([REASONS[name]], "ru") == ru


@pytest.mark.parametrize("name", sorted(HINTS))
def test_each_hint_type_reads_as_written(name: str) -> None:
    en, ru = HINTS[name]
    assert W.say_hint([HINT_REASONS[name]]) == {"en": en, "ru": ru}


def test_the_sentence_types_use_every_uragan_phrase(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables above are the proof-reading pass: together they say every phrase of the module but
    Eralash's (another module's tests), so a new phrase needs a sentence type here."""
    used: set[str] = set()

    class Spy(dict):  # type: ignore[type-arg]
        def __getitem__(self, key: str) -> str:
            used.add(key)
            return str(super().__getitem__(key))

    monkeypatch.setattr(W, "PHRASES", {lang: Spy(table) for lang, table in W.PHRASES.items()})
    for r in REASONS.values():
        W.say([r], "en")
    for r in HINT_REASONS.values():
        W.say_hint([r])
    W.move_text(mv("7C:7H"), "en")
    W.move_text(mv("7C"), "en")
    W.move_text(CLAIM, "en")
    W.move_text(LET_STAND, "en")
    W.unseen_of_rank(10, 4, "en", all_four=True)
    missing = set(W.PHRASES["en"]) - used - ERALASH_KEYS - {"owner_any", "owner_not_theirs"}
    assert not missing


def test_russian_words() -> None:
    assert W.unseen_of_rank(11, 4, "ru", all_four=True) == "все четыре короля ещё не вышли"
    assert W.unseen_of_rank(10, 4, "ru", all_four=True) == "все четыре дамы ещё не вышли"
    for path in [ROOT / "engine/review/words.py", *sorted((ROOT / "game/i18n").glob("*.ru.json")),
                 *sorted((ROOT / "game/rules").glob("*"))]:
        assert "примьер" not in path.read_text(encoding="utf-8").lower(), path


def test_english_agreement_in_the_log_of_the_remainder() -> None:
    """"You takes what is left" came from "{name} takes ...", with "You" as the name."""
    catalog = json.loads((ROOT / "game/i18n/story.en.json").read_text(encoding="utf-8"))
    text = catalog["story.log.remainder"].format(name="You", take="2♠ 3♣")
    assert text == "You: what is left on the table, 2♠ 3♣"


CAPITAL_AFTER_JOIN = re.compile(r"; [A-ZА-ЯЁ](?![♠♥♦♣0-9])")


def test_no_capital_letter_after_a_semicolon() -> None:
    for name, (en, ru) in SENTENCES.items():
        assert not CAPITAL_AFTER_JOIN.search(en) and not CAPITAL_AFTER_JOIN.search(ru), name
    view = view_of(["2S", "KC", "3H"], ["AS", "3D", "6C", "JH"])
    two = W.say([U.KnownHand(m("5C")), REASONS["table_left_seen"]], "ru")
    assert "; после хода «В♦ берёт В♠»" in two and CAPITAL_AFTER_JOIN.search(two) is None
    said = decision_why("uragan", view, mv("2S"), mv("KC"), loss=0.1)
    assert said is not None and not CAPITAL_AFTER_JOIN.search(said["ru"])


# -- constructed positions -------------------------------------------------------------------------

def view_of(hand: list[str], table: list[str], mine: tuple[str, ...] = (), theirs: tuple[str, ...] = (),
            opp: int = 6, stock: int = 20, claims: str = "strict") -> View:
    """Seat 0 to play, first round, with these cards in its hand, on the table and in the piles (a
    view, not a deal: the reasons of rounds 1-2 read nothing else)."""
    base = View.of_deal(Deal.position(Options(claims=claims), 1, m("AS", "2S", "3S", "4S"), 0, 0), 0)
    v = replace(base, hand=m(*hand), table=m(*table), piles=(m(*mine), m(*theirs)), own_dealt=(m(*hand),),
                hand_sizes=(len(hand), opp), stock_size=stock, plays=(), history=())
    object.__setattr__(v, "_deal_type", Deal)
    return v


def _why(view: View, played: str, best: str, **facts: Any) -> dict[str, str]:
    said = decision_why("uragan", view, mv(played), mv(best), loss=0.1, deal_loss=0.4, **facts)
    assert said is not None
    return said


def test_a_card_that_could_wait_is_said_by_the_count() -> None:
    """K♣ or Q♣ to the table: no king is seen, two queens are in the piles; only the Q♥ can take Q♣."""
    view = view_of(["KC", "QC", "2H"], ["5S", "6D"], mine=("QS",), theirs=("QD",))
    assert _why(view, "KC", "QC") == {
        "en": "The K♣ could wait: three Kings are still out, while only the Q♥ can take your Q♣.",
        "ru": "К♣ лучше было придержать: ещё не вышли три короля, а Д♣ может взять только Д♥."}
    assert hint_why(view, mv("QC"), "uragan") == {
        "en": "only the Q♥ can take it; any other card you could trail is easier to take.",
        "ru": "её может взять только Д♥; любую другую карту, которую можно положить, взять легче."}
    assert hint_why(view, mv("KC"), "uragan") == {"en": "3 cards still out can take it.",
                                                  "ru": "её может взять любая из 3 невышедших карт."}


def test_a_twin_in_hand_takes_the_trailed_card_back() -> None:
    """Both other jacks are in the piles: nothing still out takes the J♦, and the J♥ retakes it."""
    view = view_of(["5C", "JD", "JH"], ["KS", "QD"], mine=("JS",), theirs=("JC",))
    said = _why(view, "5C", "JD")
    assert said["en"].endswith("the 5♣ could wait: three fives are still out, while no card still out can"
                               " take your J♦, and your J♥ can take it back.")
    assert said["ru"].endswith("5♣ лучше было придержать: ещё не вышли три пятёрки, а В♦ не возьмёт ни одна"
                               " из невышедших карт, и ваш В♥ заберёт её обратно.")


def test_a_trade_says_what_the_better_move_gives_up() -> None:
    """7♣ takes the 7♥ but leaves 4♠ 6♦ = 10 for three unseen kings; K♣ clears them and leaves the 7♥."""
    view = view_of(["7C", "KC", "2H"], ["7H", "4S", "6D"])
    assert _why(view, "7C:7H", "KC:4S+6D") == {
        "en": ("7♣ taking 7♥ leaves 4♠ 6♦ = 10 on the table; three unseen Kings can sweep it: an uragan for"
               " your opponent; K♣ taking 4♠ 6♦ puts the 6♦ in your pile, the best primiera card of diamonds"
               " (18); K♣ taking 4♠ 6♦ gives up the 7♥, but it pays off."),
        "ru": ("После хода «7♣ берёт 7♥» на столе остаются 4♠ 6♦ = 10; это ураган для короля: три короля"
               " ещё не вышли; «К♣ берёт 4♠ 6♦» кладёт в вашу стопку 6♦ — лучшую карту бубён для премьеры"
               " (18); «К♣ берёт 4♠ 6♦» при этом отдаёт 7♥, но это окупается.")}


def test_with_no_typed_reason_the_why_says_what_the_better_move_does() -> None:
    view = view_of(["QC", "2S", "3H"], ["4D", "5S", "JH"])
    assert _why(view, "2S", "QC:4D+5S") == {
        "en": "Q♣ taking 5♠ 4♦ puts 3 cards in your pile; 2♠ to the table takes nothing.",
        "ru": "«Д♣ берёт 5♠ 4♦» кладёт в вашу стопку 3 карты; «2♠ на стол» не берёт ничего."}
    view = view_of(["AC", "KC", "3H"], ["AD", "5S", "JH"])
    said = _why(view, "AC:AD", "KC")
    assert said["en"] == ("K♣ to the table: 3 cards still out can take your K♣; K♣ to the table takes 2 cards"
                          " fewer, but it pays off.")
    assert not re.search(r"more deal points?|is worth|приносит здесь", said["en"] + said["ru"])


def test_the_last_card_in_hand_that_takes_nothing_is_said() -> None:
    view = view_of(["KC", "5C"], ["QH", "AD", "3S"])
    last = [r for r in U.reasons(view, mv("KC:QH+AD"), mv("5C")) if isinstance(r, U.LastCard)]
    assert last == [U.LastCard(mv("KC:QH+AD"), mv("5C"), parse("5C"), m("3S"))]
    assert W.say(last, "en") == SENTENCES["last_card"][0]
    assert not [r for r in U.reasons(view, mv("5C"), mv("KC:QH+AD")) if isinstance(r, U.LastCard)]
    three = view_of(["KC", "5C", "2H"], ["QH", "AD", "3S"])  # not the last two cards: not said
    assert not [r for r in U.reasons(three, mv("KC:QH+AD"), mv("5C")) if isinstance(r, U.LastCard)]


def test_a_primiera_card_is_not_offered_to_an_opponent_who_holds_a_better_one() -> None:
    holds = view_of(["AC", "QD", "2H"], ["5S", "6H"], theirs=("7C", "3C"))
    said = _why(holds, "AC", "QD")
    assert "primiera" not in said["en"] and "премьер" not in said["ru"]
    free = view_of(["AC", "QD", "2H"], ["5S", "6H"], theirs=("3C",))
    assert "offers your opponent 16 in primiera" in _why(free, "AC", "QD")["en"]


def test_a_claimed_card_is_said_to_take_what_the_claim_made_it_take() -> None:
    """The 6♠ trailed beside the 6♥ (book claims) and claimed: it took the 6♥, it never lay on the table."""
    view = view_of(["6S", "KC", "2H"], ["6H", "4D"], claims="book")
    said = _why(view, "6S", "KC", claimed=True, forced=None)
    assert "your 6♠ had to take 6♥" in said["en"] and "6♠ пришлось взять 6♥" in said["ru"]
    assert "Trailing the 6♠" not in said["en"] and "on the table for your opponent" not in said["en"]


def test_bait_speaks_of_the_hands_the_opponent_could_hold() -> None:
    en, ru = SENTENCES["bait"]
    assert "search" not in en and "тренер" not in ru
    assert "of the hands they could hold" in en and "рук, которые у него могут быть" in ru


# -- the last round: every best line ---------------------------------------------------------------

def _ends_by_brute_force(deal: Deal, solver: Endgame, seat: int) -> set[tuple[int, int, int, int, int, int]]:
    """Every finish of every line of best play from ``deal`` (Deal moves, the score's own breakdown):
    (cards, hearts, seven, primiera, my points, their points), a category 1 mine, -1 theirs, 0 no one's."""
    if deal.is_over():
        bd = deal.score_breakdown()["points"]
        me, them = bd[seat], bd[1 - seat]
        return {(*(me[k] - them[k] for k in ("cards", "hearts", "seven", "primiera")), me["total"],
                 them["total"])}
    target = solver.value(deal)
    out: set[tuple[int, int, int, int, int, int]] = set()
    for move in (Endgame.root_moves(deal) if deal.phase == 0 else deal.legal_moves()):
        if solver.value_after(deal, move) == target:
            d = deal.copy()
            d.play(move)
            out |= _ends_by_brute_force(d, solver, seat)
    return out


def _last_round_views(seeds: range, most_cards: int) -> list[View]:
    """Seat 0's last-round decisions of Club deals with at most ``most_cards`` cards in both hands."""
    out = []
    for seed in seeds:
        m_ = Match.new(Options(claims="strict"), ["a", "b"], seed)
        bots = [UraganClub(seed), UraganClub(seed + 1)]
        while not m_.deals_done:
            s = m_.current_player()
            d = m_.deal
            if s == 0 and in_last_round(d) and d.phase == 0 and len(m_.legal_moves()) > 1 \
                    and d.hands[0].bit_count() + d.hands[1].bit_count() <= most_cards:
                out.append(m_.view(0))
            m_.play(bots[s].choose(m_.view(s)))
    return out


def test_finishes_are_every_line_of_best_play() -> None:
    """``endgame.finishes`` against an enumeration of every optimal line with the Deal itself."""
    checked = 0
    for view in _last_round_views(range(6), 7):
        deal = deal_of_view(view)
        solver = Endgame(points_utility)
        for move in Endgame.root_moves(deal):
            got = finishes(solver, deal, move)
            assert got is not None
            mine = {(*(1 if f[k] == 0 else -1 if f[k] == 1 else 0 for k in range(4)), *f.points)
                    for f in got.ends}
            d = deal.copy()
            d.play(move)
            assert mine == _ends_by_brute_force(d, Endgame(points_utility), 0)
            checked += 1
    assert checked >= 20


def test_an_exact_why_names_the_categories_that_differ_on_every_best_line() -> None:
    said_any = 0
    for view in _last_round_views(range(8), 8):
        deal = deal_of_view(view)
        sol = Endgame(points_utility).solve(deal, all_values=True)
        for worse, value in sol.values.items():
            if value >= sol.value:
                continue
            said = decision_why("uragan", view, worse, sol.move, deal_loss=sol.value - value, exact=True,
                                line=sol.line)
            assert said is not None
            held = W.card_list(view.unseen(), "en")
            assert said["en"].startswith(f"Your opponent holds {held}: the stock is empty")
            assert "search" not in said["en"] and "finish with" not in said["en"] and "%" not in said["en"]
            d = deal.copy()
            d.play(worse)
            after_played = _ends_by_brute_force(d, Endgame(points_utility), 0)
            d = deal.copy()
            d.play(sol.move)
            after_best = _ends_by_brute_force(d, Endgame(points_utility), 0)
            for k, cat in enumerate(("the point for cards", "the point for hearts", "the 7♥", "the primiera")):
                if f"{cat} is " in said["en"]:  # said to differ: on every line of both
                    assert not {e[k] for e in after_best} & {e[k] for e in after_played}, (cat, said)
            said_any += 1
    assert said_any >= 5


def test_a_last_round_hint_says_what_every_best_line_gives() -> None:
    hints = 0
    for view in _last_round_views(range(6), 8):
        deal = deal_of_view(view)
        sol = Endgame(points_utility).solve(deal)
        said = hint_why(view, sol.move, "uragan")
        assert said is not None
        if said["en"].startswith("solved exactly"):
            d = deal.copy()
            d.play(sol.move)
            ends = _ends_by_brute_force(d, Endgame(points_utility), 0)
            for k, cat in enumerate(("the point for cards", "the point for hearts", "the 7♥", "the primiera")):
                if cat in said["en"]:
                    assert {e[k] for e in ends} == {1}, (cat, said)
            hints += 1
    assert hints >= 5


@pytest.mark.slow
def test_every_hint_of_an_arena_deal_carries_a_reason() -> None:
    """Novice against Club, every decision of seat 0 in every round: the hint for each lawful move
    (the hint is Master's move; any of them may be) has its one line."""
    from engine.bots.uragan import make

    said = 0
    for seed in (1, 2):
        m_ = Match.new(Options(), ["novice", "club"], seed)
        bots = [make("novice", seed), make("club", seed + 1)]
        while not m_.deals_done:
            s = m_.current_player()
            view = m_.view(s)
            if s == 0 and len(view.legal_moves()) > 1:
                for move in view.legal_moves():
                    text = hint_why(view, move, "uragan")
                    assert text is not None, (seed, len(m_.moves), move)
                    assert all(t and t.endswith(".") and "{" not in t for t in text.values())
                    said += 1
            m_.play(bots[s].choose(view))
    assert said > 60


_UNUSED = (BetterValue, Decided)
