"""Catan's rules in the players' words, for the help (F1): one rule per message, under
the heading of its section in docs/rules/catan.md (a test holds the two together)."""

from __future__ import annotations

from tabletop.i18n import N_

ISLAND = N_("Material and the island")
BOARD = N_("Setting up the board")
FOUNDING = N_("Who begins and the founding rounds")
TURN = N_("A turn")
ROBBER = N_("The robber")
TRADE = N_("Trade")
BUILDING = N_("Building")
DEVELOPMENT = N_("Development cards")
SPECIAL = N_("Longest road and largest army")
END = N_("The end")
SEEN = N_("What each player sees")
WHOLE = N_("Whole games")
CHOICES = N_("Choices where the rulebook is silent")
ACTIONS = N_("Actions")

SUMMARY: tuple[tuple[str, str], ...] = (
    (
        ISLAND,
        N_(
            "19 land hexes inside a frame of sea: forest gives wood, pasture wool, fields grain, hills "
            "brick, mountains ore; the desert gives nothing."
        ),
    ),
    (ISLAND, N_("Two to four players.")),
    (BOARD, N_("The land hexes and the harbours are laid at random; the number tokens follow a spiral from a corner.")),
    (BOARD, N_("The robber starts on the desert, which has no number.")),
    (BOARD, N_("A harbour serves the two corners of the coast it faces.")),
    (FOUNDING, N_("Everyone rolls both dice; the highest begins, and a tie rolls again.")),
    (
        FOUNDING,
        N_("Two founding rounds: each places a settlement and a road touching it, clockwise, then back the other way."),
    ),
    (FOUNDING, N_("A settlement never stands next to another: the three neighbouring corners stay free.")),
    (FOUNDING, N_("Your second settlement pays one card for each land hex it touches.")),
    (TURN, N_("Roll both dice first: every settlement on a hex with that number gets one card, every city two.")),
    (TURN, N_("The hex under the robber produces nothing.")),
    (TURN, N_("When the bank cannot pay a resource to all who are owed it, nobody gets that resource.")),
    (TURN, N_("After the roll, trade, then build; your first build ends trading for the turn. Then end your turn.")),
    (ROBBER, N_("On a 7 nobody produces; everyone holding more than 7 cards gives back half, rounded down.")),
    (
        ROBBER,
        N_("Then the roller moves the robber to another land hex and takes a card at random from an opponent there."),
    ),
    (
        TRADE,
        N_(
            "With the bank: 4 cards of one kind for one card; at a harbour 3 for 1, at a resource's "
            "harbour 2 of it for 1."
        ),
    ),
    (
        TRADE,
        N_(
            "Only the player whose turn it is trades with the others, one at a time: offer, counter-"
            "offer, accept or reject."
        ),
    ),
    (TRADE, N_("A trade has at least one card each way, never the same resource on both sides.")),
    (BUILDING, N_("A road costs wood and brick and joins your own road, settlement or city.")),
    (BUILDING, N_("A settlement costs wood, brick, wool and grain, keeps the distance and touches your road.")),
    (BUILDING, N_("A city costs 2 grain and 3 ore and replaces your settlement; it counts 2 points.")),
    (BUILDING, N_("You have 15 roads, 5 settlements and 4 cities.")),
    (BUILDING, N_("A development card costs wool, grain and ore; you draw it at random and only you see it.")),
    (
        DEVELOPMENT,
        N_("Play at most one development card a turn, at any moment of your turn, never one bought this turn."),
    ),
    (DEVELOPMENT, N_("Knight: move the robber and rob, as after a 7.")),
    (DEVELOPMENT, N_("Road building: two free roads. Year of plenty: two cards of your choice from the bank.")),
    (DEVELOPMENT, N_("Monopoly: every other player hands you all their cards of the resource you name.")),
    (DEVELOPMENT, N_("Victory point cards are never played; they count in secret.")),
    (SPECIAL, N_("Longest Road: 2 points for the one player with the longest unbroken road of at least 5 pieces.")),
    (SPECIAL, N_("Another player's settlement cuts a road in two.")),
    (SPECIAL, N_("Largest Army: 2 points for the one player who has played the most knights, at least 3.")),
    (END, N_("Whoever has 10 points in their own turn wins at once; victory point cards count.")),
    (SEEN, N_("Everyone sees the board, how many cards each player holds, played knights and public points.")),
    (
        SEEN,
        N_("Your resource and development cards are yours alone; the curtain closes when such a secret would show."),
    ),
    (SEEN, N_("The bank's cards lie in five open piles: everyone sees how many are left.")),
    (WHOLE, N_("Undo goes back within your turn, never past a roll, a card drawn or another player's answer.")),
    (CHOICES, N_("A road cannot pass through another player's settlement or city.")),
    (CHOICES, N_("After a 7 the cards are given back one at a time, each player choosing in private.")),
    (CHOICES, N_("Road building and year of plenty are used in full when possible.")),
    (
        ACTIONS,
        N_("Places are named by their land hex: the hex C3 is the centre, C2.se a corner of C2, C2.s a side of it."),
    ),
)
