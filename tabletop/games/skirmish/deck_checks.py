"""The tactical cards and missions against the profile cards: a card's symbol is a
player's faction or a stigma (L194-196, S7), and a warrior type or a `near` a card
names is one the warriors have (or the leader). Called with the data set (schema.py)."""

from __future__ import annotations

from tabletop.engine.data import LoadedData, Problem
from tabletop.games.skirmish.card_schema import WarriorsData
from tabletop.games.skirmish.mission_schema import MissionsData
from tabletop.games.skirmish.play import units
from tabletop.games.skirmish.tactics_schema import TacticsData
from tabletop.i18n import _


def symbols(warriors: WarriorsData) -> set[str]:
    """What a card's symbol may be: what a unit may be built on, a faction or a stigma."""
    cards = units.CardIndex.from_data(warriors)
    return {symbol for kind in units.KINDS for symbol in units.symbols(cards, kind)}


def deck_problems(loaded: LoadedData, warriors_file: str, tactics_file: str, missions_file: str) -> list[Problem]:
    warriors: WarriorsData = loaded[warriors_file]
    tactics: TacticsData = loaded[tactics_file]
    missions: MissionsData = loaded[missions_file]
    known = symbols(warriors)
    types = {kind for warrior in warriors.warriors for kind in warrior.types}
    problems = []

    def symbol(file: str, loc: tuple[str | int, ...], value: str | None) -> None:
        if value is not None and value not in known:
            message = _(
                "{symbol} is neither a faction nor a stigma ({known})",
                symbol=repr(value),
                known=", ".join(sorted(known)),
            )
            problems.append(loaded.problem(file, loc, message))

    for index, card in enumerate(tactics.cards):
        symbol(tactics_file, ("cards", index, "symbol"), card.symbol)
        for place, effect in enumerate(card.effects):
            target = getattr(effect, "target", None)
            if target is None:
                continue
            at = ("cards", index, "effects", place, "target")
            if target.type is not None and target.type not in types:
                problems.append(
                    loaded.problem(
                        tactics_file, (*at, "type"), _("no warrior has the type {type}", type=repr(target.type))
                    )
                )
            if target.near is not None and target.near != "leader" and target.near not in types:
                message = _("{near} is neither leader nor a type a warrior has", near=repr(target.near))
                problems.append(loaded.problem(tactics_file, (*at, "near"), message))
            if target.near is not None and target.within is None:
                problems.append(
                    loaded.problem(
                        tactics_file, (*at, "near"), _("near says from whom within is measured: give within")
                    )
                )
    for index, mission in enumerate(missions.missions):
        symbol(missions_file, ("missions", index, "symbol"), mission.symbol)
    return problems
