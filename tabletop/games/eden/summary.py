"""Eden's rules in the players' words, for the help (F1): one rule per message, under
the heading of its section in docs/rules/eden.md (a test holds the two together)."""

from __future__ import annotations

from tabletop.i18n import N_

SET_UP = N_("Material and set-up")
TURN = N_("A turn")
CULTIVATION = N_("Cultivation")
CONQUEST = N_("Conquest")
END = N_("The end")
ALWAYS = N_("Always")
CHOICES = N_("Where the rulebook is silent: our choices")

SUMMARY: tuple[tuple[str, str], ...] = (
    (
        SET_UP,
        N_("The board has 7 x 7 fields, A1 top left to G7 bottom right; fields touch side to side, never diagonally."),
    ),
    (SET_UP, N_("The deck holds one irrigation card for each field and 17 cultivation cards of different shapes.")),
    (SET_UP, N_("Everyone is dealt 6 cards, gets 100 mana and the tiles of one colour: 1/2 tiles and 3/4 tiles.")),
    (SET_UP, N_("A tile shows its value in dots: one white dot and a red dot for each point above 1.")),
    (SET_UP, N_('Three or four players; two only with the option "Two players". The players choose who begins.')),
    (TURN, N_("At the start of your turn you receive 5 mana for each red dot of your tiles on the board.")),
    (
        TURN,
        N_(
            "Then one play: one or two irrigations, or one cultivation, or discarding one dead "
            "irrigation card, or pass."
        ),
    ),
    (TURN, N_("Irrigating lays one of your free 1/2 tiles, value 1, on the field named by the card.")),
    (TURN, N_("An irrigation card whose field is taken is dead: you may discard it as your play.")),
    (
        TURN,
        N_(
            "In your own turn you may sell cultivation cards (10 mana a field) and buy them from the "
            "display (10 plus 10 a field)."
        ),
    ),
    (TURN, N_("A sold card lies open in the display; a card you buy may be played at once.")),
    (TURN, N_("End your turn yourself; holding fewer than 5 cards, you then draw one.")),
    (TURN, N_("Your hand and your mana are yours alone; everyone sees the board, the display and the discard pile.")),
    (CULTIVATION, N_("Lay the card's shape on your own tiles, turned as you like but never mirrored.")),
    (CULTIVATION, N_("Only the lowest values under the card rise one step, at 10 mana a tile.")),
    (
        CULTIVATION,
        N_("Every field under the card must hold one of your tiles, and the card must lie wholly on the board."),
    ),
    (
        CULTIVATION,
        N_("From 2 to 3 a tile is swapped for a free 3/4 tile: without enough of them the cultivation is not allowed."),
    ),
    (CONQUEST, N_("Right after an irrigation you may attack when an opponent's tile touches the new tile.")),
    (
        CONQUEST,
        N_(
            "You attack with the new tile and at most one of your tiles touching it, against tiles of "
            "one opponent that touch it."
        ),
    ),
    (
        CONQUEST,
        N_(
            "Bids are mana per point of the other side: the attacker opens with at least 10, then the "
            "sides raise by at least 5 or accept."
        ),
    ),
    (CONQUEST, N_("Every bid must be affordable: your bid times the other side's points.")),
    (
        CONQUEST,
        N_(
            "When one side accepts, the other pays its bid times the accepting side's points and takes "
            "those tiles at their values."
        ),
    ),
    (END, N_("Whoever first has 20 points on the board wins at once, even in someone else's turn.")),
    (
        END,
        N_(
            "When no tile can ever be placed or raised again, the game ends: the most points win and a "
            "tie shares the win."
        ),
    ),
    (ALWAYS, N_("An illegal move is refused with its reason.")),
    (ALWAYS, N_("Undo takes back your own moves within the turn, never past a drawn card or a settled conquest.")),
    (CHOICES, N_("A conquest's loser keeps any tile the winner has no free matching tile for; the payment stands.")),
    (CHOICES, N_("There is no hand limit: buying may take your hand above five.")),
    (CHOICES, N_("The attacker may sell and buy when it is their bid; the defender may not.")),
)
