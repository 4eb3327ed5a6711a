"""The options of the skirmish game's players.yaml that the rules understand: their
keys (written into saves), the values the rules handle, and the rulebook's reading
of those a match keeps only when it chooses otherwise (schema.py checks the file
against them; the rules read a match's options by these keys)."""

from __future__ import annotations

from tabletop.engine.gamedata import OptionValue

# option keys (written into saves)
START = "start"
#: the set-up's entries for the unit each seat plays (unit_1 for seat 0, unit_2 for
#: seat 1): a unit in full (play/units.py, Unit.to_setup) or LAYOUT_UNIT; not options
#: of players.yaml, the new-game screen's players pick them
UNITS = ("unit_1", "unit_2")
#: the unit entry that plays the warriors of the table's layout
LAYOUT_UNIT = "layout"
#: the points each unit may have (S7: 100, or 150 or 200 by agreement)
POINTS = "points"
RULESET = "ruleset"
DOUBLE_COST = "double_cost"
TABLE = "table"
DEPLOYMENT = "deployment"
SPACING = "spacing"
#: a follow-up after a strike back: only after a lost comparison ("lost", the
#: rulebook) or also after a won one ("won"; S19)
FOLLOW_UP = "follow_up"
#: a weapon's fire and fear markers: with a success, wound or not ("success", the
#: rulebook), or only with a wound ("wound"; S25)
WEAPON_MARKERS = "weapon_markers"
#: S9: round 1 has a bid of its own ("bid"), or the preparation's beginner begins it ("none")
ROUND_ONE_BID = "round_one_bid"
#: S30: a side left with nobody on the table: the victory points decide ("points"), or it loses ("loses")
EMPTIED_SIDE = "emptied_side"
#: a game between two units: the book's preparation ("book") or the table laid out freely ("free")
PREPARATION = "preparation"
#: S12: the pieces each player places under the basic rules
TERRAIN_PIECES = "terrain_pieces"
#: S12: under the terrain rules each player spends all 8 points ("all") or up to 8 ("up_to")
TERRAIN_SPEND = "terrain_spend"
#: optional rule 3 (L804-824): no weather ("off"), a weather rolled before the game
#: ("on"), two or three combined ("two", "three"), or one that may change after each
#: round ("changing"; S37's combined weather)
WEATHER = "weather"
#: S28: a tactical card's name is played once a game by either side ("game", the
#: rulebook) or once by each player ("player")
CARD_NAMES = "card_names"
#: S7: a unit's deck holds the cards of its chosen symbol ("chosen", the rulebook), or
#: also those of a symbol, faction or stigma, that all its warriors share ("shared")
DECK_SYMBOLS = "deck_symbols"
#: optional rule 2 (L768-770, S36): the infestation level, each player's pool of
#: non-player warriors' values (0: no non-player warriors)
INFESTATION = "infestation"
#: the rulebook's reading of the options a match keeps only when it chooses
#: otherwise: a match without them (a save made before they existed) plays by the book
RULEBOOK: dict[str, OptionValue] = {
    FOLLOW_UP: "lost",
    WEAPON_MARKERS: "success",
    ROUND_ONE_BID: "bid",
    EMPTIED_SIDE: "points",
    TERRAIN_PIECES: 4,
    TERRAIN_SPEND: "all",
    PREPARATION: "book",
    WEATHER: "off",
    DECK_SYMBOLS: "chosen",
    CARD_NAMES: "game",
    INFESTATION: 0,
}
#: the START value that lays out no scenario
EMPTY = "empty"

#: the options of players.yaml the rules understand: key -> the values they handle
#: (None: table sizes, checked against table.yaml)
OPTION_VALUES: dict[str, tuple[OptionValue, ...] | None] = {
    RULESET: ("basic", "terrain"),
    DOUBLE_COST: (False, True),
    TABLE: None,
    DEPLOYMENT: ("free", "open_battle", "ambush"),
    SPACING: ("enforce", "warn"),
    POINTS: (100, 150, 200),
    FOLLOW_UP: ("lost", "won"),
    WEAPON_MARKERS: ("success", "wound"),
    ROUND_ONE_BID: ("bid", "none"),
    EMPTIED_SIDE: ("points", "loses"),
    TERRAIN_PIECES: (2, 3, 4, 5, 6),
    TERRAIN_SPEND: ("all", "up_to"),
    PREPARATION: ("book", "free"),
    WEATHER: ("off", "on", "two", "three", "changing"),
    DECK_SYMBOLS: ("chosen", "shared"),
    CARD_NAMES: ("game", "player"),
    INFESTATION: tuple(range(11)),
}
