"""Building a unit (rulebook section 3, L312-320; L332-334; S7, S8): the rules of a
unit, each a check that says why; acceptance scenarios A25 and A26."""

from __future__ import annotations

import pytest

from tabletop.games.skirmish.play import tactics, units
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.units import FACTION, STIGMA, Member, Unit
from tabletop.games.skirmish.schema import TACTICS_FILE, bundled
from tabletop.games.skirmish.unit_files import bundled_unit

CARDS = starter_set()


def unit(kind: str, symbol: str, *cards: str, limit: int = 100, leader: int = 0) -> Unit:
    """A unit of these cards, each named after its key, warrior `leader` leading."""
    members = tuple(Member(c, c.title(), i == leader) for i, c in enumerate(cards))
    return Unit("Test", kind, symbol, limit, members)  # type: ignore[arg-type]


def reasons(built: Unit) -> list[str]:
    return [reason.render() for _where, reason in units.faults(built, CARDS)]


UNIT_A = ("yuri", "vladd", "tony", "brutus")


def test_the_acceptance_units_are_bundled_with_their_points_sp_and_leaders():
    """Unit A 88 points, SP 14, Tony; B 76, 10, Elenia; C 84, 14, Mbeki."""
    found = {}
    for stem in ("unit-a", "unit-b", "unit-c"):
        built = bundled_unit(stem)
        assert units.faults(built, CARDS) == []
        leader = built.leader()
        assert leader is not None
        found[stem] = (units.points(built, CARDS), units.sp(built, CARDS), leader.name)
    assert found == {
        "unit-a": (88, 14, "Tony"),
        "unit-b": (76, 10, "Elenia"),
        "unit-c": (84, 14, "Mbeki"),
    }


def test_a25_points_limit():
    """Unit A (88 points) is accepted. Unit A + Mira (18) = 106: refused. With the
    option 150: accepted."""
    assert reasons(unit(FACTION, "jokergang", *UNIT_A)) == []
    over = unit(FACTION, "jokergang", *UNIT_A, "mira")
    assert units.points(over, CARDS) == 106
    assert reasons(over) == ["106 points: over the limit of 100 by 6."]
    assert reasons(unit(FACTION, "jokergang", *UNIT_A, "mira", limit=150)) == []


def test_a26_faction_and_stigma_units():
    """A Jokergang unit with Dzala (Clan Bamaka) is refused. A Chaos stigma unit Yuri,
    Dzala, Voss, Kira (80 points) is accepted; SP = (4+3+3+3)/2 = 6.5 -> 7. Its
    tactical deck: the neutral cards and Panik (Chaos), not Schlachtruf."""
    assert reasons(unit(FACTION, "jokergang", "yuri", "dzala")) == [
        "Dzala's faction is Clan Bamaka, not Jokergang: a faction unit holds only warriors of its faction."
    ]
    chaos = unit(STIGMA, "chaos", "yuri", "dzala", "voss", "kira")
    assert reasons(chaos) == []
    assert units.points(chaos, CARDS) == 80
    assert units.sp(chaos, CARDS) == 7
    deck = [card.key for card in tactics.deck(bundled()[TACTICS_FILE].cards, chaos.symbol)]
    assert "panic" in deck and "battle_cry" not in deck
    assert deck == ["adrenaline", "cover", "first_aid", "caltrops", "panic"]


def test_a_stigma_unit_holds_only_its_stigma_and_a_faction_unit_keeps_its_whole_sp():
    assert reasons(unit(STIGMA, "chaos", "yuri", "vladd")) == [
        "Vladd's stigma is Destruction, not Chaos: a stigma unit holds only warriors of its stigma."
    ]
    assert units.sp(unit(FACTION, "jokergang", *UNIT_A), CARDS) == 14  # not halved
    assert units.sp(unit(STIGMA, "chaos", "yuri", "dzala"), CARDS) == 4  # (4 + 3) / 2 rounded up
    assert units.strategy_points([4, 4], stigma=True) == 4 and units.strategy_points([5], stigma=True) == 3


def test_names_are_unique_within_the_unit_whatever_their_case():
    base = unit(FACTION, "jokergang", "yuri", "vladd")
    assert reasons(base.renamed(1, "yuri")) == ["Two warriors are called yuri: each needs a name of its own."]
    assert reasons(base.renamed(1, "  ")) == ["Every warrior needs a name."]
    # the same card twice is two warriors when each has its own name
    assert reasons(base.added("yuri", units.free_name(base, "Yuri"))) == []
    assert units.free_name(base, "Yuri") == "Yuri 2"


def test_a_unit_has_exactly_one_leader_and_any_warrior_may_lead():
    base = unit(FACTION, "jokergang", *UNIT_A)
    assert [m.name for m in base.warriors if m.leader] == ["Yuri"]
    for index in range(4):
        assert reasons(base.led_by(index)) == []
    none = Unit("Test", FACTION, "jokergang", 100, tuple(Member(m.card, m.name) for m in base.warriors))
    assert reasons(none) == ["The unit has no leader: mark one of its warriors."]
    two = Unit("Test", FACTION, "jokergang", 100, (*base.warriors[:3], Member("brutus", "Brutus", True)))
    assert reasons(two) == ["Brutus cannot lead too: a unit has one leader."]
    # removing the leader hands the lead on; adding to an empty unit makes a leader
    assert base.removed(0).leader() == Member("vladd", "Vladd", True)
    assert Unit("Test", FACTION, "jokergang").added("tony", "Tony").leader() == Member("tony", "Tony", True)


def test_only_players_warriors_of_known_cards_join_a_unit():
    assert reasons(unit(FACTION, "jokergang", "yuri", "ulla")) == ["There is no warrior card ulla."]
    assert reasons(unit(FACTION, "jokergang", "yuri", "marauder")) == [
        "marauder is a non-player warrior: it joins no unit."
    ]


def test_a_unit_is_built_on_a_players_faction_or_a_stigma():
    assert reasons(unit(FACTION, "marauders", "yuri"))[0].startswith("There is no faction marauders;")
    assert reasons(unit(STIGMA, "greed", "yuri"))[0].startswith("There is no stigma greed;")
    assert set(units.symbols(CARDS, FACTION)) == {"jokergang", "clan_bamaka", "isc", "matriarchat"}
    assert [w.key for w in units.eligible(CARDS, STIGMA, "chaos")] == ["yuri", "dzala", "voss", "kira"]


def test_a_unit_has_warriors_a_name_and_a_limit_of_the_book_or_the_options():
    assert reasons(Unit("Test", FACTION, "jokergang")) == ["The unit has no warriors yet."]
    assert reasons(unit(FACTION, "jokergang", "yuri", limit=120)) == [
        "A unit is built to 100, 150, or 200 points, not 120."
    ]
    nameless = Unit(" ", FACTION, "jokergang", 100, (Member("yuri", "Yuri", True),))
    assert reasons(nameless) == ["The unit needs a name."]
    crowd = Unit("Crowd", FACTION, "jokergang", 200, tuple(Member("mira", f"M{i}", i == 0) for i in range(41)))
    assert "A unit holds at most 40 warriors." in reasons(crowd)


@pytest.mark.parametrize("stem", ["unit-a", "unit-b", "unit-c"])
def test_a_unit_goes_into_a_set_up_and_comes_back_whole(stem):
    built = bundled_unit(stem)
    assert Unit.from_setup(built.to_setup()) == built
    assert Unit.from_data(built.to_data()) == built


@pytest.mark.parametrize(
    "value",
    ["unit-a", [], ["A", "army", "jokergang", 100, []], ["A", "faction", "jokergang", 100, [["yuri", "Yuri", 1]]]],
)
def test_a_set_up_value_that_is_no_unit_is_refused(value):
    with pytest.raises(ValueError):
        Unit.from_setup(value)
