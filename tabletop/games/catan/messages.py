"""Every text Catan's rules show: log lines, action labels, chance reasons.

A message about one kind of resource or card is written out for each kind, so that
a translation can give every sentence its own grammar.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.i18n import N_, Listed, Message, Nn_

# -- resources, one text per resource key -------------------------------------------
# (a count of cards in singular and plural: English writes "2 wood", other languages
# may not)

RECEIVE = {
    "wood": Nn_("{player} receives {count} wood.", "{player} receives {count} wood."),
    "brick": Nn_("{player} receives {count} brick.", "{player} receives {count} brick."),
    "wool": Nn_("{player} receives {count} wool.", "{player} receives {count} wool."),
    "grain": Nn_("{player} receives {count} grain.", "{player} receives {count} grain."),
    "ore": Nn_("{player} receives {count} ore.", "{player} receives {count} ore."),
}
RETURN = {
    "wood": Nn_("{player} returns {count} wood to the bank.", "{player} returns {count} wood to the bank."),
    "brick": Nn_("{player} returns {count} brick to the bank.", "{player} returns {count} brick to the bank."),
    "wool": Nn_("{player} returns {count} wool to the bank.", "{player} returns {count} wool to the bank."),
    "grain": Nn_("{player} returns {count} grain to the bank.", "{player} returns {count} grain to the bank."),
    "ore": Nn_("{player} returns {count} ore to the bank.", "{player} returns {count} ore to the bank."),
}
TAKE_FROM = {
    "wood": Nn_("{player} takes {count} wood from {other_player}.", "{player} takes {count} wood from {other_player}."),
    "brick": Nn_(
        "{player} takes {count} brick from {other_player}.", "{player} takes {count} brick from {other_player}."
    ),
    "wool": Nn_("{player} takes {count} wool from {other_player}.", "{player} takes {count} wool from {other_player}."),
    "grain": Nn_(
        "{player} takes {count} grain from {other_player}.", "{player} takes {count} grain from {other_player}."
    ),
    "ore": Nn_("{player} takes {count} ore from {other_player}.", "{player} takes {count} ore from {other_player}."),
}
GIVE_TO = {
    "wood": Nn_("{player} gives {count} wood to {other_player}.", "{player} gives {count} wood to {other_player}."),
    "brick": Nn_("{player} gives {count} brick to {other_player}.", "{player} gives {count} brick to {other_player}."),
    "wool": Nn_("{player} gives {count} wool to {other_player}.", "{player} gives {count} wool to {other_player}."),
    "grain": Nn_("{player} gives {count} grain to {other_player}.", "{player} gives {count} grain to {other_player}."),
    "ore": Nn_("{player} gives {count} ore to {other_player}.", "{player} gives {count} ore to {other_player}."),
}
#: a number of cards of one resource, an item of a list of cards (card_list)
AMOUNT = {
    "wood": Nn_("{count} wood", "{count} wood"),
    "brick": Nn_("{count} brick", "{count} brick"),
    "wool": Nn_("{count} wool", "{count} wool"),
    "grain": Nn_("{count} grain", "{count} grain"),
    "ore": Nn_("{count} ore", "{count} ore"),
}
SHORT = {
    "wood": N_("The bank has too little wood: nobody receives wood."),
    "brick": N_("The bank has too little brick: nobody receives brick."),
    "wool": N_("The bank has too little wool: nobody receives wool."),
    "grain": N_("The bank has too little grain: nobody receives grain."),
    "ore": N_("The bank has too little ore: nobody receives ore."),
}
DISCARD_LABEL = {
    "wood": N_("Discard a wood"),
    "brick": N_("Discard a brick"),
    "wool": N_("Discard a wool"),
    "grain": N_("Discard a grain"),
    "ore": N_("Discard an ore"),
}
TAKE_LABEL = {
    "wood": N_("Take a wood"),
    "brick": N_("Take a brick"),
    "wool": N_("Take a wool"),
    "grain": N_("Take a grain"),
    "ore": N_("Take an ore"),
}
MONOPOLY_LABEL = {
    "wood": N_("Play monopoly on wood"),
    "brick": N_("Play monopoly on brick"),
    "wool": N_("Play monopoly on wool"),
    "grain": N_("Play monopoly on grain"),
    "ore": N_("Play monopoly on ore"),
}
MONOPOLY = {
    "wood": N_("{player} plays monopoly on wood."),
    "brick": N_("{player} plays monopoly on brick."),
    "wool": N_("{player} plays monopoly on wool."),
    "grain": N_("{player} plays monopoly on grain."),
    "ore": N_("{player} plays monopoly on ore."),
}
#: a bank trade gives 2 to 4 cards; English writes "2 wood", other languages may not
BANK_TRADE_LABEL = {
    ("wood", "brick"): Nn_("Trade {count} wood for a brick", "Trade {count} wood for a brick"),
    ("wood", "wool"): Nn_("Trade {count} wood for a wool", "Trade {count} wood for a wool"),
    ("wood", "grain"): Nn_("Trade {count} wood for a grain", "Trade {count} wood for a grain"),
    ("wood", "ore"): Nn_("Trade {count} wood for an ore", "Trade {count} wood for an ore"),
    ("brick", "wood"): Nn_("Trade {count} brick for a wood", "Trade {count} brick for a wood"),
    ("brick", "wool"): Nn_("Trade {count} brick for a wool", "Trade {count} brick for a wool"),
    ("brick", "grain"): Nn_("Trade {count} brick for a grain", "Trade {count} brick for a grain"),
    ("brick", "ore"): Nn_("Trade {count} brick for an ore", "Trade {count} brick for an ore"),
    ("wool", "wood"): Nn_("Trade {count} wool for a wood", "Trade {count} wool for a wood"),
    ("wool", "brick"): Nn_("Trade {count} wool for a brick", "Trade {count} wool for a brick"),
    ("wool", "grain"): Nn_("Trade {count} wool for a grain", "Trade {count} wool for a grain"),
    ("wool", "ore"): Nn_("Trade {count} wool for an ore", "Trade {count} wool for an ore"),
    ("grain", "wood"): Nn_("Trade {count} grain for a wood", "Trade {count} grain for a wood"),
    ("grain", "brick"): Nn_("Trade {count} grain for a brick", "Trade {count} grain for a brick"),
    ("grain", "wool"): Nn_("Trade {count} grain for a wool", "Trade {count} grain for a wool"),
    ("grain", "ore"): Nn_("Trade {count} grain for an ore", "Trade {count} grain for an ore"),
    ("ore", "wood"): Nn_("Trade {count} ore for a wood", "Trade {count} ore for a wood"),
    ("ore", "brick"): Nn_("Trade {count} ore for a brick", "Trade {count} ore for a brick"),
    ("ore", "wool"): Nn_("Trade {count} ore for a wool", "Trade {count} ore for a wool"),
    ("ore", "grain"): Nn_("Trade {count} ore for a grain", "Trade {count} ore for a grain"),
}

# -- development cards, one text per kind --------------------------------------------

DRAW = {
    "knight": N_("{player} draws a knight."),
    "road_building": N_("{player} draws a road building card."),
    "year_of_plenty": N_("{player} draws a year of plenty card."),
    "monopoly": N_("{player} draws a monopoly card."),
    "victory_point": N_("{player} draws a victory point card."),
}
BUY_DEVELOPMENT = N_("{player} buys a development card.")
PLAY_KNIGHT = N_("{player} plays a knight.")
PLAY_ROAD_BUILDING = N_("{player} plays road building.")
PLAY_YEAR_OF_PLENTY = N_("{player} plays year of plenty.")
SHOW_VICTORY_CARDS = Nn_("{player} shows {count} victory point card.", "{player} shows {count} victory point cards.")

LABEL_ROLL = N_("Roll the dice")
LABEL_END_TURN = N_("End the turn")
LABEL_ROAD = N_("Build a road on path {path}")
LABEL_SETTLEMENT = N_("Build a settlement on intersection {intersection}")
LABEL_CITY = N_("Build a city on intersection {intersection}")
LABEL_BUY = N_("Buy a development card")
LABEL_KNIGHT = N_("Play a knight")
LABEL_ROAD_BUILDING = N_("Play road building")
LABEL_YEAR_OF_PLENTY = N_("Play year of plenty")
LABEL_ROBBER = N_("Move the robber to hex {hex}")
LABEL_ROBBER_STEAL = N_("Move the robber to hex {hex} and rob {other_player}")
LABEL_ROBBER_NO_THEFT = N_("Move the robber to hex {hex} and rob nobody")
LABEL_OFFER = N_("Offer a trade to {other_player}")
LABEL_COUNTER = N_("Make a counter-offer")
LABEL_ACCEPT = N_("Accept the trade")
LABEL_REJECT = N_("Decline the trade")

# -- events ----------------------------------------------------------------------------

LAND_LAID = N_("The land hexes are shuffled and laid out.")
HARBOURS_LAID = N_("The harbours are laid on the sea frame.")
TOKENS_SPIRAL = N_("The number tokens are laid in a spiral.")
TOKENS_RANDOM = N_("The number tokens are placed.")
TOKENS_AGAIN = N_("Two red numbers are side by side: the tokens are shuffled again.")
FIRST_ROLL = N_("{player} rolls {total} to see who begins.")
FIRST_TIE = N_("A tie for the highest roll: those players roll again.")
BEGINS = N_("{player} begins.")
PLACE_SETTLEMENT = N_("{player} places a settlement.")
PLACE_ROAD = N_("{player} places a road.")
ROLLS = N_("{player} rolls {total}.")
NO_PRODUCTION = N_("Nobody receives anything.")
SEVEN = N_("A 7: everyone holding more than {limit} cards discards half of them.")
DISCARDS = Nn_("{player} discards {count} card.", "{player} discards {count} cards.")
DISCARDS_LISTED = Nn_("{player} discards {count} card: {cards}.", "{player} discards {count} cards: {cards}.")
MOVES_ROBBER = N_("{player} moves the robber.")
ROBS_NOBODY = N_("{player} takes no card.")
STEALS_A_CARD = N_("{player} takes a card from {other_player}.")
BUILDS_ROAD = N_("{player} builds a road.")
BUILDS_SETTLEMENT = N_("{player} builds a settlement.")
BUILDS_CITY = N_("{player} builds a city.")
FREE_ROAD = N_("{player} builds a free road.")
OFFERS = N_("{player} offers a trade to {other_player}.")
COUNTERS = N_("{player} makes a counter-offer to {other_player}.")
ACCEPTS = N_("{player} accepts the trade.")
REJECTS = N_("{player} declines the trade.")
ENDS_TURN = N_("{player} ends the turn.")
TAKES_LONGEST_ROAD = N_("{player} takes the Longest Road card.")
LOSES_LONGEST_ROAD = N_("The Longest Road card goes back to the supply.")
TAKES_LARGEST_ARMY = N_("{player} takes the Largest Army card.")
LOSES_LARGEST_ARMY = N_("The Largest Army card goes back to the supply.")
WINS = N_("{player} wins with {points} victory points!")

# -- chance reasons ---------------------------------------------------------------------

SHUFFLE_LAND = N_("Shuffle the land hexes")
SHUFFLE_HARBOURS = N_("Shuffle the harbours")
PICK_CORNER = N_("Choose the corner where the number tokens start")
SHUFFLE_TOKENS = N_("Shuffle the number tokens")
DRAW_DEVELOPMENT = N_("{player} draws a development card")
ROLL_FOR_FIRST = N_("{player} rolls to see who begins")
ROLL_FOR_PRODUCTION = N_("{player} rolls the dice")
PICK_STOLEN = N_("{player} draws a card from the hand of {other_player}")

# -- reasons an action is refused ----------------------------------------------------

NOT_NOW = N_("That move is not allowed now.")
NOT_YOUR_MOVE = N_("Only the player whose turn it is may do that.")
CANNOT_AFFORD = N_("You do not have the cards for that.")
NO_PIECES = N_("You have no such pieces left.")
PATH_TAKEN = N_("That path already has a road.")
PATH_UNCONNECTED = N_("A road must join your own road, settlement or city.")
PATH_NOT_AT_SETTLEMENT = N_("The road must touch the settlement you just placed.")
INTERSECTION_TAKEN = N_("That intersection is taken.")
DISTANCE_RULE = N_("Too close to another settlement or city: the three neighbouring intersections must be free.")
SETTLEMENT_UNCONNECTED = N_("A settlement must touch one of your roads.")
NOT_YOUR_SETTLEMENT = N_("A city replaces one of your own settlements.")
DECK_EMPTY = N_("No development cards are left.")
CARD_ALREADY_PLAYED = N_("You have already played a development card this turn.")
NO_PLAYABLE_CARD = N_("You have no such card that you bought before this turn.")
NO_ROAD_SPOT = N_("There is no place for a road.")
BANK_EMPTY = N_("The bank has no cards left to give.")
BANK_HAS_NONE = N_("The bank has none of that resource left.")
TRADING_CLOSED = N_("Trading is over once you have built this turn.")
BAD_TRADE = N_("A trade needs at least one card each way, and no resource on both sides.")
BAD_PARTNER = N_("You can only trade with another player.")
PARTNER_CANNOT_PAY = N_("They do not have the cards for that.")
SAME_HEX = N_("The robber must move to another land hex.")
BAD_VICTIM = N_("Choose a player with a settlement or city on that hex who holds cards.")
MUST_ROB = N_("The robber's move comes with a theft: choose a player to rob.")
NOTHING_TO_DISCARD = N_("You have no card of that kind.")
NO_HEX = N_("There is no land hex called {name}.")
NO_CORNER = N_("There is no corner called {name}.")
NO_SIDE = N_("There is no side called {name}.")
OTHER_HEX_NAME = N_("Moves name this land hex {canonical}, not {name}.")
OTHER_CORNER_NAME = N_("Moves name this corner {canonical}, not {name}.")
OTHER_SIDE_NAME = N_("Moves name this side {canonical}, not {name}.")
UNKNOWN_RESOURCE = N_("There is no such resource.")


def cards(pair: tuple[str, str], count: int, params: dict[str, Any]) -> Message:
    """The message of `pair` (an Nn_ text of the tables above) for `count` cards."""
    singular, plural = pair
    return Message(singular, {**params, "count": count}, plural)


def card_list(counts: Sequence[int], resources: Sequence[str]) -> Listed:
    """The cards `counts` (per resource, in the order of `resources`) as a list:
    "2 wood and 1 ore"."""
    return Listed(tuple(cards(AMOUNT[key], count, {}) for key, count in zip(resources, counts, strict=True) if count))
