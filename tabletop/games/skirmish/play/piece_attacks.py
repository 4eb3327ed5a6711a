"""Attacks on terrain declared (the extended terrain rules: Zerstörung X, rulebook L690;
DECISIONS S31; acceptance A89): the active warrior touching a destructible piece
attacks it (`attack_piece`), or, free, shoots at it in range and sight (`shoot_piece`;
no nearest-target rule). Each is an Attack (1 AP, one of its 2 a round; a shot's item
its own uses), with no roll: it succeeds and counts on the piece (play/destruction.py).
A shot with Brand (X) at a flammable piece also gives it X fire markers, each a
further attack (S31, play/burning.py). A piece's aura may forbid the attack (the cult
statue, L748: play/auras.py).
"""

from __future__ import annotations

from tabletop.engine.core import Action, IllegalAction, Step
from tabletop.games.skirmish.play import attack, auras, burning, hiding, limits
from tabletop.games.skirmish.play.checks import active_warrior, illegal
from tabletop.games.skirmish.play.destruction import aim_point, hit, strength, strength_of, targets, touches
from tabletop.games.skirmish.play.moves import ATTACK_PIECE, SHOOT_PIECE
from tabletop.games.skirmish.play.state import SkirmishState, kinds, table_of
from tabletop.games.skirmish.play.warriors import card, spend_ap
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.table.sight import sight
from tabletop.i18n import N_, Message, data_name


@ATTACK_PIECE.check
def _check(rules: object, state: SkirmishState, model: str, piece: str) -> None:
    entry = active_warrior(state, model, fearless=True)  # fear forbids attacks (L660)
    if piece not in state.pieces:
        raise illegal(N_("There is no such terrain piece."))
    name = Message(kinds()[state.pieces[piece]["kind"]].name)
    if not strength(state, piece):
        raise illegal(N_("{piece} cannot be destroyed."), piece=name)
    if not touches(table_of(state), model, piece):
        raise illegal(N_("{name} does not touch {piece}."), name=data_name(entry["name"]), piece=name)
    _not_forbidden(state, model, piece)
    refused = limits.ATTACK_COST.refusal_of(entry)
    if refused is not None:
        raise IllegalAction(refused)


@ATTACK_PIECE.apply
def _attack(rules: object, state: SkirmishState, model: str, piece: str) -> Step:
    entry = state.models[model]
    spend_ap(entry, limits.ATTACK_COST.ap)
    limits.ATTACK_COST.record(entry)
    events = hiding.ends(state, model)
    events += hit(state, piece, entry["name"])
    return Step(events)


@SHOOT_PIECE.check
def _check_shot(rules: object, state: SkirmishState, model: str, item: str, piece: str) -> None:
    entry = active_warrior(state, model, fearless=True)  # fear forbids attacks (L660)
    used, mode = attack.weapon(card(entry), item, "shooting")
    refused = attack.attack_cost(used, mode).refusal_of(entry)
    if refused is not None:
        raise IllegalAction(refused)
    if piece not in state.pieces:
        raise illegal(N_("There is no such terrain piece."))
    table = table_of(state)
    name = Message(table.pieces[piece].kind.name)
    if not strength(state, piece):
        raise illegal(N_("{piece} cannot be destroyed."), piece=name)
    _not_forbidden(state, model, piece)
    attack.check_free(table, {model: card(entry)}, model)
    warrior = table.models[model]
    aim = aim_point(table, model, piece)
    distance = max(0.0, planar.dist(warrior.position, aim) - warrior.radius)
    reach = attack.reach(table, model, mode)
    if distance > reach + EPS:
        raise illegal(
            N_("{piece} is {distance:.1f} cm away; the {item} reaches {reach:.1f} cm."),
            piece=name,
            distance=distance / 10,
            item=Message(used.name),
            reach=reach / 10,
        )
    if not sight(table, model, aim).visible:
        raise illegal(N_("{name} does not see {piece}."), name=data_name(entry["name"]), piece=name)


@SHOOT_PIECE.apply
def _shoot(rules: object, state: SkirmishState, model: str, item: str, piece: str) -> Step:
    entry = state.models[model]
    used, mode = attack.weapon(card(entry), item, "shooting")
    cost = attack.attack_cost(used, mode)
    spend_ap(entry, cost.ap)
    cost.record(entry)
    events = hiding.ends(state, model) + hit(state, piece, entry["name"])
    # Brand (X) sets a flammable piece on fire (S31; a piece the shot destroyed is none)
    return Step(events + burning.set_fire(state, piece, mode.fire or 0, entry["name"]))


def _not_forbidden(state: SkirmishState, model: str, piece: str) -> None:
    """The piece's aura does not forbid the warrior to attack it (the cult statue, L748)."""
    refused = auras.attack_refusal(state, model, piece)
    if refused is not None:
        raise IllegalAction(refused)


def sample(state: SkirmishState) -> list[Action]:
    """The active warrior's attacks on the pieces it touches and shots at the two
    nearest destructible ones (for random play; the check decides)."""
    model = state.active
    if model is None or model not in state.models:
        return []
    table = table_of(state)
    found = [ATTACK_PIECE.action(model=model, piece=piece) for piece in targets(table, model)]
    at = table.models[model].position
    near = sorted(
        (piece for piece in table.pieces if strength_of(table, piece)),
        key=lambda piece: table.pieces[piece].distance_to_point(at),
    )
    shooting = [item.key for item in card(state.models[model]).items if item.mode("shooting") is not None]
    found += [SHOOT_PIECE.action(model=model, item=item, piece=piece) for piece in near[:2] for item in shooting]
    return found
