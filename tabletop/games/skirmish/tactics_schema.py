"""Data model of the skirmish game's tactical cards (rulebook L200-218, DECISIONS.md S28, S42).

`data/skirmish/tactics.yaml` (`TacticsData`): each card's unique name, its symbol
(a faction or a stigma whose units may use it, or none: every unit may), its
restrictions (Taktische Phase, Erste Runde, Widerruf (X)), the moment it is played
when it is not bound to the tactical phase, its effects in the vocabulary of the
profile cards (card_schema.EFFECT_VERBS) and its text. A card whose effect the
vocabulary cannot say has no effects: its players apply its text by hand.

An effect reaches one warrior unless its target says `warriors: all` or a number;
the effects of one card with the same target reach the same warrior(s). An effect
lasts until the end of the round unless the card says otherwise (L218).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from tabletop.engine.data import DataModel, field_faults, unique_by
from tabletop.engine.gamedata import Identifier, Label, Text
from tabletop.games.skirmish.card_schema import Effect, known_verbs
from tabletop.i18n import _

#: the most tactical cards a data set may hold (docs/DATA.md)
MAX_TACTICAL_CARDS = 100
#: SP a card costs to play (L394), and the most a revocation may cost
PLAY_COST = 2
MAX_REVOKE = 10

#: When a card without "Taktische Phase" is played (S28: when its text says):
#:   tactical_phase             the tactical phase, like every card
#:   ranged_attack_on_friend    a ranged attack on one of the player's warriors, before it is rolled
#:   melee_attack_on_friend     a melee attack on one of the player's warriors, before it is rolled
#:   friend_active              while one of the player's warriors is active
Moment = Literal["tactical_phase", "ranged_attack_on_friend", "melee_attack_on_friend", "friend_active"]


class TacticalCard(DataModel):
    key: Identifier
    name: Label
    symbol: Identifier | None = None  # a faction's key or a stigma; none: every unit may use it
    tactical_phase: bool = False  # Taktische Phase: only in the tactical phase (L210)
    first_round: bool = False  # Erste Runde: only in the first round (L212)
    revoke: Annotated[int, Field(ge=1, le=MAX_REVOKE)] | None = None  # Widerruf (X) (L214, S28)
    moment: Moment = "tactical_phase"
    effects: list[Effect] = []
    text: Text  # the card's words, English

    @model_validator(mode="before")
    @classmethod
    def _known_verbs(cls, data: Any) -> Any:
        return known_verbs(data)

    @model_validator(mode="after")
    def _playable(self) -> TacticalCard:
        if self.tactical_phase and self.moment != "tactical_phase":
            raise field_faults([(("moment",), _("a card with Taktische Phase is played in the tactical phase"))])
        if not self.effects and not self.text.strip():
            raise field_faults([(("text",), _("a card with no effects of the vocabulary needs its text"))])
        faults = []
        for index, effect in enumerate(self.effects):
            where = ("effects", index)
            if effect.verb == "dodge" and self.moment != "melee_attack_on_friend":
                faults.append((where, _("a dodge is played when a warrior of yours is attacked in melee")))
            elif effect.verb == "template" and getattr(effect, "shape", None) != "explosion":
                faults.append((where, _("a tactical card lays the explosion template")))
            elif effect.verb == "heal" and getattr(getattr(effect, "target", None), "warriors", 1) != 1:
                faults.append((where, _("a card heals one warrior")))
        if faults:
            raise field_faults(faults)
        return self

    @property
    def by_hand(self) -> bool:
        """Nothing of it runs by itself: the players apply its text."""
        return not self.effects


class TacticsData(DataModel):
    cards: Annotated[
        list[TacticalCard],
        Field(min_length=1, max_length=MAX_TACTICAL_CARDS),
        unique_by("key"),
        unique_by("name", whatever_case=True),  # a name is played once a game (L204)
    ]
