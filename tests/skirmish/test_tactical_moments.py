"""Tactical cards outside the tactical phase (rulebook L210; DECISIONS S10, S28, S42;
scenario A82): Deckung when a ranged attack on one of the player's warriors is
declared, Erste Hilfe during his own activation on his active warrior, Schutzwall
when one of his warriors is attacked in melee; at the same cost, from the hand,
with the Widerruf right after it shows, the hand never shown to the other seat."""

from __future__ import annotations

import random

from tabletop.engine.core import CHANCE, Action
from tabletop.games.skirmish.play import combat, melee, ranged, rounds
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, END, NAMING, NON_PLAYER_SIDE, RESOLVE, REVOKING
from tabletop.games.skirmish.play.units import Member, Unit
from tabletop.games.skirmish.play.warriors import card, new_entry

from .test_preparation import BOTTOM_SPOTS, TOP_SPOTS, at_deployment, deploy, refused, told
from .test_tactical_phase import HAND_A, HAND_B, in_tactical_phase, model

#: a stigma unit of Beschützen (protection): Hale leads (PSI 4); its deck is the neutral cards and Schutzwall
PROTECTION = Unit(
    "Shield",
    "stigma",
    "protection",
    100,
    (Member("hale", "Hale", True), Member("brutus", "Brutus"), Member("abama", "Abama"), Member("gorm", "Gorm")),
)


def placed(match, **where: tuple[float, float]) -> None:
    """Warriors set down where a test wants them (the geometry rebuilt)."""
    for name, at in where.items():
        match.state.models[model(match, name)]["position"] = [at[0], at[1]]
    match.state.table = None


def activated(match, name: str) -> str:
    """The round's beginner names `name`; the other side lets it stand."""
    found = model(match, name)
    match.act(Action("name", model=found))
    if match.state.phase == NAMING:
        match.act(Action("pass"))
    assert match.state.phase == ACTIVATION and match.state.active == found
    return found


def in_activation(hand_b=("adrenaline", "cover", "caltrops", "holy_fear")):
    """Round 1, no card played in its tactical phase: A's Tony is active, Kira stands 12 cm
    in front of him, the nearest enemy in sight of his pistol (20 cm)."""
    match = in_tactical_phase(hand_b=hand_b)
    placed(match, Tony=(560.0, 100.0), Kira=(560.0, 250.0))
    match.act(Action("no_card"))
    match.act(Action("no_card"))
    activated(match, "Tony")
    return match


def test_a82_cover_when_a_shot_at_kira_is_declared_the_shooters_kat_is_2_lower():
    """A declares a shot at Kira; B plays Deckung (no Taktische Phase) paying 2 SP:
    A's KAT for that shot is 2 lower. (Widerruf 1: A lets it stand.)"""
    match = in_activation()
    tony, kira = model(match, "Tony"), model(match, "Kira")
    sp = list(match.state.sp)
    match.act(Action("shoot", model=tony, item="pistol", target=kira))
    aimed = combat.resolution(match.state)
    assert isinstance(aimed, ranged.Shot)
    assert match.actor == 1 and told(match)[-1] == "Tony attacks Kira: B may play a tactical card before the roll."
    assert RULES.secret_holder(match.state) == 1  # behind the curtain
    assert refused(match, Action("shift", face=1)) == "First a tactical card is played before the roll, or none."
    match.act(Action("play_card", card="cover", targets=()))
    assert match.state.sp == [sp[0], sp[1] - 2]
    assert match.state.phase == REVOKING and match.actor == 0 and told(match)[-1] == "A may revoke Cover for 1 SP."
    match.act(Action("revoke", revoke=False))
    shot = combat.resolution(match.state)
    assert isinstance(shot, ranged.Shot) and shot.kat == aimed.kat - 2
    assert "Cover: Tony has KAT -2 for this attack." in told(match)
    assert match.state.phase == ACTIVATION and match.actor == CHANCE  # the shot is rolled now
    assert "card_modifiers" not in match.state.models[tony]  # nothing after this attack


def test_a82_adrenaline_with_taktische_phase_is_refused_in_the_activation_phase():
    match = in_activation()
    tony = model(match, "Tony")
    assert refused(match, Action("play_card", card="adrenaline", targets=(tony,))) == (
        "The card Adrenaline may only be played in the tactical phase."
    )
    # a card of an attack's moment is not played in the activation
    assert refused(match, Action("play_card", card="cover", targets=())) == (
        "The card Cover is played when its text says, not now."
    )


def test_a82_first_aid_heals_the_active_warrior_during_its_activation():
    """Erste Hilfe (Widerruf 2) during A's activation on Tony, wounded in the arms."""
    match = in_activation()
    tony = model(match, "Tony")
    entry = match.state.models[tony]
    entry["marks"] = list(card(entry).wound("arms").marks)
    assert refused(match, Action("play_card", card="first_aid", targets=())) == "Choose the zone of Tony to heal."
    assert refused(match, Action("play_card", card="first_aid", targets=(), zone="legs")) == (
        "Tony has no wound there (legs)."
    )
    match.act(Action("play_card", card="first_aid", targets=(), zone="arms"))
    assert match.state.phase == REVOKING and match.actor == 1
    match.act(Action("revoke", revoke=False))
    assert card(entry).healable() == ()
    assert "First aid: Tony heals 1 wound (arms)." in told(match)
    assert match.state.phase == ACTIVATION and match.actor == 0 and match.state.active == tony
    RULES.check_invariants(match.state)


def test_a82_first_aid_revoked_is_discarded_and_the_activation_goes_on():
    match = in_activation()
    tony = model(match, "Tony")
    entry = match.state.models[tony]
    entry["marks"] = list(card(entry).wound("arms").marks)
    match.act(Action("play_card", card="first_aid", targets=(), zone="arms"))
    match.act(Action("revoke", revoke=True))
    assert card(entry).healable() == ("arms",)
    assert match.state.phase == ACTIVATION and match.actor == 0


def protection_match():
    """A (unit A, Tony) against the Beschützen unit led by Hale, who holds Schutzwall;
    Tony is active and touches Hale."""
    match = at_deployment(unit_2=PROTECTION.to_setup())
    match.act(Action("edge", edge="top"))
    deploy(match, TOP_SPOTS)
    match.act(Action("deployed"))
    for spot, base in zip(BOTTOM_SPOTS, (30.0, 40.0, 40.0, 40.0), strict=False):
        match.act(Action("add_model", base=base, at=spot))
    match.act(Action("deployed"))
    match.act(Action("hand", cards=HAND_A))
    match.act(Action("hand", cards=("cover", "first_aid", "caltrops", "protective_wall")))
    from .positions import through_the_bid

    through_the_bid(match, 0)
    placed(match, Tony=(560.0, 270.0), Hale=(560.0, 300.0))
    match.act(Action("no_card"))
    match.act(Action("no_card"))
    activated(match, "Tony")
    return match


def test_a82_protective_wall_when_hale_is_attacked_in_melee_she_dodges_without_paying():
    match = protection_match()
    tony, hale = model(match, "Tony"), model(match, "Hale")
    sp = match.state.sp[1]
    match.act(Action("attack", model=tony, target=hale))
    assert match.actor == 1 and RULES.moves.phase_of(match.state) == RESOLVE
    match.act(Action("play_card", card="protective_wall", targets=()))
    assert match.state.sp[1] == sp - 2
    found = combat.resolution(match.state)
    assert isinstance(found, melee.Melee) and found.reaction == melee.DODGE
    assert found.fighter(hale).ap == 3  # the dodge paid no AP
    assert "Protective wall: Hale dodges without paying an AP." in told(match)
    while match.state.pending is not None:
        if match.actor == CHANCE:
            match.roll()
        else:
            match.act(combat.choices(match.state)[0])
    assert match.state.models[hale]["ap"] == 3


def test_the_moment_is_offered_whatever_the_hand_holds_and_tells_nothing_of_it():
    """B's hand holds no Deckung: the shot is offered to B all the same (its deck holds
    Deckung, not yet played), the public log and views are those of a hand with it."""
    without = in_activation(hand_b=("adrenaline", "first_aid", "caltrops", "holy_fear"))
    tony, kira = model(without, "Tony"), model(without, "Kira")
    shot = Action("shoot", model=tony, item="pistol", target=kira)
    without.act(shot)
    assert without.actor == 1 and without.state.pending is not None and "offer" in without.state.pending
    with_it = in_activation()
    with_it.act(shot)
    public = [e.for_seat(None) for step in without.history[-1:] for e in step]
    assert public == [e.for_seat(None) for step in with_it.history[-1:] for e in step]
    for looker in (None, 0):
        assert without.view(looker).seats[1].hand is None
    other = RULES.perturb_secrets(with_it.state, 1, random.Random(1))
    assert other is not None
    for looker in (None, 0):
        assert RULES.view(other, looker) == RULES.view(with_it.state, looker)
    # declining goes on with the roll
    without.act(Action("no_card"))
    assert without.actor == CHANCE and told(without)[-1] == "B plays no card."


def test_no_moment_is_offered_once_the_decks_cards_of_it_are_played_or_the_leader_fell():
    match = in_activation()
    match.state.played.append(
        {"card": "cover", "side": 0, "round": 1, "targets": [], "revoked": False, "moment": "tactical_phase"}
    )
    tony, kira = model(match, "Tony"), model(match, "Kira")
    later = RULES.copy_state(match.state)
    match.act(Action("shoot", model=tony, item="pistol", target=kira))
    assert match.actor == CHANCE  # Cover has been played this game: nothing to offer
    later.played.clear()
    later.leader_fell[1] = 1  # S10: no more cards
    RULES.apply(later, Action("shoot", model=tony, item="pistol", target=kira))
    assert RULES.actor(later) == CHANCE


def test_a80_a_card_at_an_attacks_moment_costs_3_sp_in_a_snowstorm():
    """The cost of a card outside the tactical phase is the same as in it: 3 SP in a
    snowstorm (L822); a side with 2 SP is not offered the moment."""
    match = in_activation()
    match.state.weather = ["snowstorm"]
    tony, kira = model(match, "Tony"), model(match, "Kira")
    poor = RULES.copy_state(match.state)
    sp = match.state.sp[1]
    match.act(Action("shoot", model=tony, item="pistol", target=kira))
    match.act(Action("play_card", card="cover", targets=()))
    assert match.state.sp[1] == sp - 3
    assert "B plays Cover (3 SP)" in " ".join(told(match))
    poor.sp[1] = 2
    RULES.apply(poor, Action("shoot", model=tony, item="pistol", target=kira))
    assert RULES.actor(poor) == CHANCE  # nothing to offer: a card costs 3


def protection_active():
    """The Beschützen unit (Hale, holding Schutzwall) is A's, against unit B; A begins
    and Hale, active, touches Kira."""
    match = at_deployment(unit_1=PROTECTION.to_setup())
    match.act(Action("edge", edge="top"))
    for spot, base in zip(TOP_SPOTS, (30.0, 40.0, 40.0, 40.0), strict=False):
        match.act(Action("add_model", base=base, at=spot))
    match.act(Action("deployed"))
    deploy(match, BOTTOM_SPOTS)
    match.act(Action("deployed"))
    match.act(Action("hand", cards=("cover", "first_aid", "caltrops", "protective_wall")))
    match.act(Action("hand", cards=HAND_B))
    from .positions import through_the_bid

    through_the_bid(match, 0)
    placed(match, Hale=(560.0, 270.0), Kira=(560.0, 300.0))
    match.act(Action("no_card"))
    match.act(Action("no_card"))
    activated(match, "Hale")
    return match


def settled_until(match, stage: str) -> None:
    """The melee under way rolled (all sixes) and chosen (the first option) until it waits at `stage`."""
    while combat.resolution(match.state).stage != stage:
        if match.actor == CHANCE:
            match.roll(tuple([6] * match.chance_spec().count))
        else:
            match.act(combat.choices(match.state)[0])


def test_a82_protective_wall_when_kira_follows_up_on_hale_she_dodges_without_paying():
    """Hale attacks Kira, who strikes back and loses the comparison: Kira's follow-up is
    an attack on Hale in melee, so A may play Schutzwall before it is rolled."""
    match = protection_active()
    hale, kira = model(match, "Hale"), model(match, "Kira")
    match.act(Action("attack", model=hale, target=kira))  # B's deck holds no melee card: no moment
    match.act(Action("react", reaction="strike_back"))
    match.roll((6, 1))  # Hale wins the comparison and strikes
    settled_until(match, "follow_up")
    match.act(Action("answer", option="attack"))
    assert told(match)[-1] == "Kira attacks Hale: A may play a tactical card before the roll."
    assert match.actor == 0 and RULES.secret_holder(match.state) == 0
    assert refused(match, Action("react", reaction="passive")) == (
        "First a tactical card is played before the roll, or none."
    )
    ap = combat.resolution(match.state).fighter(hale).ap
    match.act(Action("play_card", card="protective_wall", targets=()))
    found = combat.resolution(match.state)
    assert isinstance(found, melee.Melee) and found.reaction == melee.DODGE and found.struck == hale
    assert found.fighter(hale).ap == ap  # the dodge paid no AP
    assert "Protective wall: Hale dodges without paying an AP." in told(match)


def test_a82_protective_wall_when_hale_breaking_away_is_punished_she_dodges_without_paying():
    """Hale breaks away from Kira and fails: Kira's punishment is an attack on Hale in
    melee, so A may play Schutzwall before it is rolled; Hale dodges it for free."""
    match = protection_active()
    hale = model(match, "Hale")
    match.act(Action("move", model=hale, path=((560.0, 270.0), (560.0, 200.0))))
    match.roll(tuple([1] * match.chance_spec().count))  # the disengage roll fails
    settled_until(match, "punish")
    match.act(Action("answer", option="attack"))
    assert told(match)[-1] == "Kira attacks Hale: A may play a tactical card before the roll."
    assert match.actor == 0
    match.act(Action("play_card", card="protective_wall", targets=()))
    found = combat.resolution(match.state)
    assert isinstance(found, melee.Melee) and found.reaction == melee.DODGE and found.struck == hale
    assert "Protective wall: Hale dodges without paying an AP." in told(match)
    while match.state.pending is not None:
        if match.actor == CHANCE:
            match.roll()
        else:
            match.act(combat.choices(match.state)[0])
    RULES.check_invariants(match.state)


def test_a82_a_follow_up_declined_offers_no_moment():
    """Only an attack gets a moment: Kira letting the melee end offers none."""
    match = protection_active()
    hale, kira = model(match, "Hale"), model(match, "Kira")
    match.act(Action("attack", model=hale, target=kira))
    match.act(Action("react", reaction="strike_back"))
    match.roll((6, 1))
    settled_until(match, "follow_up")
    match.act(Action("answer", option="decline"))
    assert match.state.pending is None or "offer" not in match.state.pending
    assert not any("may play a tactical card" in line for line in told(match))


def test_a82_first_aid_from_the_hand_opened_in_the_activation_behind_the_curtain():
    """A opens the tactical hand during Tony's activation: the curtain closes for A,
    only a card or none may follow; Erste Hilfe heals Tony and the activation goes on."""
    match = in_activation()
    tony = model(match, "Tony")
    entry = match.state.models[tony]
    entry["marks"] = list(card(entry).wound("arms").marks)
    assert RULES.secret_holder(match.state) is None
    match.act(Action("open_hand"))
    assert told(match)[-1] == "A looks at the tactical hand for a card."
    assert RULES.secret_holder(match.state) == 0
    assert refused(match, Action("done")) == "Your tactical hand is open: play a card, or none."
    match.act(Action("play_card", card="first_aid", targets=(), zone="arms"))
    match.act(Action("revoke", revoke=False))
    assert card(entry).healable() == ()
    assert match.state.phase == ACTIVATION and match.actor == 0 and not match.state.card_moment
    assert RULES.secret_holder(match.state) is None


def test_a82_the_hand_opened_in_the_activation_closes_with_no_card():
    match = in_activation()
    match.act(Action("open_hand"))
    match.act(Action("no_card"))
    assert told(match)[-1] == "A plays no card."
    assert match.state.phase == ACTIVATION and RULES.secret_holder(match.state) is None


def test_the_hand_opens_in_the_activation_by_the_public_facts_alone():
    """The deck holds Erste Hilfe not yet played: the hand opens whatever it holds (B's
    hand has none); once Erste Hilfe was played, or with too few SP, it does not."""
    match = in_activation(hand_b=("adrenaline", "cover", "caltrops", "holy_fear"))
    match.act(Action("done"))
    activated_b = next(m for m, e in match.state.models.items() if e["side"] == 1 and e["name"] == "Kira")
    match.act(Action("name", model=activated_b))
    if match.state.phase == NAMING:
        match.act(Action("pass"))
    assert match.state.turn == 1 and match.state.phase == ACTIVATION
    match.act(Action("open_hand"))  # B's hand holds no Erste Hilfe: the hand opens all the same
    match.act(Action("no_card"))
    match.state.sp[1] = 1
    assert refused(match, Action("open_hand")) == "No tactical card can be played on the active warrior now."


def test_a82_protective_wall_when_a_non_player_warrior_attacks_hale_in_the_end_phase():
    """A marauder activated in end-phase step 2 attacks Hale in melee: its attack is an
    attack on one of A's warriors, so A may play Schutzwall before it is rolled (S28,
    S36), behind the curtain; Hale then dodges without paying an AP."""
    match = protection_active()
    state = match.state
    hale = model(match, "Hale")
    x, y = state.models[hale]["position"]
    state.models["nsk1"] = new_entry("marauder", NON_PLAYER_SIDE, (x - 30.5, y), "grey", 1, "Marauder 1")
    state.table = None  # the table is built again with the marauder on it
    state.phase, state.active, state.named = END, None, []
    state.end = rounds._non_player_step(state)
    match.act(Action("activate_nsk", model="nsk1"))
    match.act(Action("nsk_order", duty="attack", target=hale, path=()))
    assert told(match)[-1] == "Marauder 1 attacks Hale: A may play a tactical card before the roll."
    assert match.actor == 0 and RULES.secret_holder(match.state) == 0
    ap = combat.resolution(match.state).fighter(hale).ap
    match.act(Action("play_card", card="protective_wall", targets=()))
    found = combat.resolution(match.state)
    assert isinstance(found, melee.Melee) and found.reaction == melee.DODGE
    assert found.fighter(hale).ap == ap  # the dodge paid no AP
    assert match.state.phase == END  # the card played, the end phase goes on
    while match.state.pending is not None:
        if match.actor == CHANCE:
            match.roll()
        else:
            match.act(combat.choices(match.state)[0])
    RULES.check_invariants(match.state)
    assert match.state.phase != ACTIVATION or match.state.active is not None
