"""The tactical cards' effects the match applies itself (DECISIONS S2, S28, S42;
rulebook L218, L444): play/card_effects.py, verb by verb with a card of
tactics.yaml, and a modder's card written with the same verbs."""

from __future__ import annotations

from tabletop.engine.core import Action
from tabletop.games.skirmish.play import combat, hands, limits, rounds
from tabletop.games.skirmish.play.warriors import card, in_force
from tabletop.games.skirmish.tactics_schema import TacticalCard

from .test_preparation import refused, told
from .test_tactical_phase import finish_round, in_tactical_phase, model


def holding(match, *keys: str, seat: int = 0) -> None:
    """The seat's hand holds these cards (a unit of their symbol would)."""
    match.state.hands[seat] = list(keys)


def test_modify_mutation_gives_kat_and_wid_for_the_round_read_wherever_they_are_read():
    """Mutation (Veränderung): one own warrior KAT +1, WID +1 until the round ends."""
    match = in_tactical_phase()
    holding(match, "mutation", "adrenaline")
    tony = model(match, "Tony")
    entry = match.state.models[tony]
    before = {a: in_force(entry, a) for a in ("kat", "wid", "ges")}
    match.act(Action("play_card", card="mutation", targets=(tony,)))
    assert {a: in_force(entry, a) for a in ("kat", "wid", "ges")} == {
        "kat": before["kat"] + 1,
        "wid": before["wid"] + 1,
        "ges": before["ges"],
    }
    assert "Mutation: Tony has KAT +1 this round." in told(match)
    assert "Mutation: Tony has WID +1 this round." in told(match)
    # an attack reads it (the melee's fighter), so does the card shown
    assert combat.modifiers(entry)["kat"] == 1 and combat.fighter(match.state, tony).modifiers[1] == 1
    shown = next(w for w in match.view(None).warriors if w.id == tony)
    assert dict(shown.attributes)["kat"] == before["kat"] + 1
    finish_round(match)  # step 11 ends it
    assert {a: in_force(entry, a) for a in ("kat", "wid", "ges")} == before


def test_modify_discipline_gives_all_own_warriors_ges_for_the_naming():
    """Disziplin (Ordnung): all own warriors GES +1; the naming reads the current GES (S14)."""
    match = in_tactical_phase()
    holding(match, "discipline")
    own = [m for m, e in match.state.models.items() if e["side"] == 0]
    before = {m: rounds.ges(match.state, m) for m in own}
    match.act(Action("play_card", card="discipline", targets=()))
    assert {m: rounds.ges(match.state, m) for m in own} == {m: ges + 1 for m, ges in before.items()}
    enemy = next(m for m, e in match.state.models.items() if e["side"] == 1)
    assert "card_modifiers" not in match.state.models[enemy]


def test_limit_destructive_rage_lets_a_warrior_attack_three_times_this_round():
    """Zerstörungswut (Zerstörung): one own warrior may attack 3 times this round."""
    match = in_tactical_phase()
    holding(match, "destructive_rage")
    tony = model(match, "Tony")
    entry = match.state.models[tony]
    entry["round_uses"][limits.ATTACK] = 2
    entry["ap"] = 3
    assert limits.ATTACK_COST.refusal_of(entry) is not None  # the book's 2 a round
    match.act(Action("play_card", card="destructive_rage", targets=(tony,)))
    assert "Destructive rage: Tony may attack 3 times this round." in told(match)
    assert limits.ATTACK_COST.refusal_of(entry) is None
    assert combat.fighter(match.state, tony).attacks_left == 1
    entry["round_uses"][limits.ATTACK] = 3
    assert limits.ATTACK_COST.refusal_of(entry) is not None
    entry["round_uses"][limits.ATTACK] = 0
    finish_round(match)
    assert limits.action_limit(entry, limits.ATTACK).round == 2  # over with the round


def test_template_contaminated_area_poisons_every_warrior_under_the_explosion_template():
    """Kontaminierter Bereich: the explosion template anywhere, 1 poison marker to everyone under it."""
    match = in_tactical_phase()
    holding(match, "contaminated_area")
    tony, yuri = model(match, "Tony"), model(match, "Yuri")
    x, y = match.state.models[tony]["position"]
    assert refused(match, Action("play_card", card="contaminated_area", targets=())) == (
        "Say where the template of Contaminated area lies."
    )
    assert refused(match, Action("play_card", card="contaminated_area", targets=(), at=(700.0, 10.0))) == (
        "That point lies off the table."
    )
    match.act(Action("play_card", card="contaminated_area", targets=(), at=(x, y)))
    assert match.state.models[tony]["markers"]["poison"] == 1
    assert match.state.models[yuri]["markers"]["poison"] == 0  # 10 cm away: not under the 8 cm disc
    lines = told(match)
    assert (
        f"Contaminated area: the explosion template lies at {x / 10:.1f}, {y / 10:.1f} cm; 1 warrior is under it."
        in (lines)
    )
    assert "Contaminated area: Tony gets 1 poison marker." in lines


def test_no_cards_the_jammer_silences_the_opponent_but_not_his_widerruf():
    """Störsender: the opponent plays no more cards this round; revoking plays no card (S28)."""
    match = in_tactical_phase()
    holding(match, "jammer", "caltrops")
    match.state.sp[1] = 2  # too few for the jammer's Widerruf (3): it takes effect
    match.act(Action("play_card", card="jammer", targets=()))
    assert "B plays no more cards this round." in told(match)
    assert match.state.effects[-1]["card"] == "jammer"
    later = match.state
    assert later.phase == "naming"  # B is passed over in the tactical phase


def test_a_modders_card_with_these_verbs_is_applied_by_the_match(monkeypatch):
    """A card written with modify (all attributes), limit (moves) and a template of
    fear is applied by the match, nothing by hand."""
    modder = TacticalCard.model_validate(
        {
            "key": "war_drums",
            "name": "War drums",
            "tactical_phase": True,
            "effects": [
                {"verb": "modify", "attribute": "all", "by": 1, "target": {"who": "friend"}},
                {"verb": "limit", "action": "move", "at_most": 4, "target": {"who": "friend"}},
            ],
            "text": "One of your warriors has every attribute +1 and may move 4 times this round.",
        }
    )
    found = {**hands.cards(), modder.key: modder}
    monkeypatch.setattr(hands, "cards", lambda: found)
    match = in_tactical_phase()
    holding(match, "war_drums")
    tony = model(match, "Tony")
    entry = match.state.models[tony]
    psi = in_force(entry, "psi")
    match.act(Action("play_card", card="war_drums", targets=(tony,)))
    lines = told(match)
    assert not [line for line in lines if "applied by hand" in line]
    assert "War drums: Tony may move 4 times this round." in lines
    assert in_force(entry, "psi") == psi + 1 and entry["card_modifiers"] == {"psi": 1, "kat": 1, "wid": 1, "ges": 1}
    assert limits.action_limit(entry, limits.MOVE).round == 4
    assert card(entry).healable() == ()
