"""The skirmish game's rules in the players' words, for the help (F1): one rule per
message, under the heading of its section in docs/rules/skirmish.md (a test holds the
two together)."""

from __future__ import annotations

from tabletop.i18n import N_

MEASURES = N_("Measures")
TERRAIN = N_("Terrain")
UNITS = N_("Units")
LAYING_OUT = N_("Laying out the table")
PREPARATION = N_("A game between two units: the preparation")
WHO_BEGINS = N_("Who begins each round, and the end of the game")
TO_PLAY = N_("From laying out to play")
MOVING = N_("Moving")
SIGHT = N_("Line of sight (DECISIONS.md)")
TEMPLATES = N_("Templates and targets")
MATCH = N_("The match as a whole")
SCREEN = N_("The screen")
PROFILE_CARDS = N_("Profile cards")
DICE = N_("Dice")
MELEE = N_("Melee")
RANGED = N_("Ranged attacks")
ABILITIES = N_("Special abilities and putting out fire")
TACTICAL_CARDS = N_("Tactical cards")
ROUNDS = N_("Rounds")
MISSIONS = N_("Missions and victory")
WEATHER = N_("Weather (optional rule 3)")
NON_PLAYER = N_("Non-player warriors (optional rule 2)")

SUMMARY: tuple[tuple[str, str], ...] = (
    (MEASURES, N_("The table is 60 x 60 cm; distances between warriors run from edge to edge of their bases.")),
    (MEASURES, N_("Bases are 30 or 40 mm across; two bases at most 1 mm apart are in contact.")),
    (
        TERRAIN,
        N_(
            "Each terrain piece blocks sight, only hinders it or is ignored, and can be crossed or not,"
            " as its card says."
        ),
    ),
    (TERRAIN, N_("Heavy terrain (X) counts each millimetre of a move X times.")),
    (TERRAIN, N_("A hill hides only what is behind it, and a warrior on it stands on high ground.")),
    (UNITS, N_("A unit holds only warriors of one faction, or only warriors of one stigma.")),
    (UNITS, N_("A unit has at most 100 points; 150 or 200 by agreement.")),
    (UNITS, N_("Each warrior of a unit has a name of its own, and exactly one of them leads it.")),
    (UNITS, N_("Strategy points: the unit's PSI added up, halved and rounded up for a stigma unit.")),
    (LAYING_OUT, N_("Terrain pieces may touch but never overlap, and stay on the table.")),
    (LAYING_OUT, N_("Terrain keeps 5 cm from other terrain, the table's edges and objectives.")),
    (LAYING_OUT, N_("A warrior stands where its base overlaps no other base and no terrain it may not stand on.")),
    (LAYING_OUT, N_("You place, move and remove only your own warriors.")),
    (
        TO_PLAY,
        N_(
            "When both players are ready, play begins: every warrior has 3 AP, each side's strategy points are"
            " its warriors' PSI; any change to the table takes the ready back."
        ),
    ),
    (TO_PLAY, N_("Once play has begun the terrain stays where it is.")),
    (
        PREPARATION,
        N_(
            "With two units: a bid for who begins, the leaders named, terrain placed in turns (one piece a turn), "
            "then the first deployer chooses an edge and deploys, the other along the opposite edge."
        ),
    ),
    (
        WHO_BEGINS,
        N_(
            "Each round opens with a bid in private: both bids are spent, the higher says who begins; "
            "equal bids roll off. A side whose leader fell last round does not bid."
        ),
    ),
    (WHO_BEGINS, N_("The game ends after round 5, or after a round that left a side with nobody on the table.")),
    (
        MOVING,
        N_("The active warrior moves along a path of at most 10 cm, for 1 AP, at most three times a round."),
    ),
    (MOVING, N_("A base passes only through gaps wide enough for it, and a move may not end touching an enemy.")),
    (MOVING, N_("A warrior in contact with an enemy cannot simply walk away.")),
    (SIGHT, N_("A warrior sees a target when some straight line joins their bases without meeting a blocker.")),
    (SIGHT, N_("Something that reaches into the corridor without blocking it is an obstacle: -1 to the shot.")),
    (SIGHT, N_("Sight is the same whoever looks.")),
    (TEMPLATES, N_("The explosion disc is 8 cm across and covers every base it overlaps.")),
    (TEMPLATES, N_("The flame template is 20 cm long and is laid touching the attacker's base.")),
    (TEMPLATES, N_("A shot's target is a nearest enemy within range and in sight.")),
    (
        MATCH,
        N_(
            "Everyone sees the whole table; a bid until both are made, a secret mission and a tactical hand "
            "stay behind the curtain."
        ),
    ),
    (
        MATCH,
        N_(
            "Options: a follow-up also after a won comparison; weapon markers only with a wound."
            " Without them the rulebook holds."
        ),
    ),
    (
        SCREEN,
        N_(
            "Tape measure M, line of sight L, explosion E, flame F, reach A, grid G; the wheel zooms, 0"
            " shows the whole table."
        ),
    ),
    (
        PROFILE_CARDS,
        N_("Each warrior has a profile card: PSI, KAT, WID and GES, four body zones with their points, a hit index."),
    ),
    (PROFILE_CARDS, N_("A wound marks a point of the zone hit, white points first, then red ones.")),
    (
        PROFILE_CARDS,
        N_(
            "When a zone's white points are all marked it is wounded, and its attribute takes the red value:"
            " PSI the head, KAT the arms, WID the torso, GES the legs."
        ),
    ),
    (PROFILE_CARDS, N_("A warrior with every point of one zone marked is out of action; extra wounds are lost.")),
    (PROFILE_CARDS, N_("Healing removes the last mark of a zone.")),
    (PROFILE_CARDS, N_("An item's bonus counts while it is used; fractions round up.")),
    (PROFILE_CARDS, N_("Armour takes its value off the wounds a hit causes in the zone it protects.")),
    (PROFILE_CARDS, N_("Abilities the rules cannot run are shown as text, for the players to apply by hand.")),
    (DICE, N_("An attribute roll throws as many dice as the attribute; each die at or above the difficulty succeeds.")),
    (
        DICE,
        N_("A difficulty above 6 counts as 6 and takes a die away for each point above; below 1 every die succeeds."),
    ),
    (DICE, N_("An attribute at 0 or below fails the roll without dice.")),
    (
        DICE,
        N_(
            "A comparison roll adds one die to each attribute; the higher total wins, then the higher attribute;"
            " otherwise roll again."
        ),
    ),
    (DICE, N_("The hit roll's die names the body zone on the target's hit index.")),
    (
        DICE,
        N_(
            "The attacker may spend successes to move the hit roll one point each, keeping one success;"
            " an effect such as Supple moves it first."
        ),
    ),
    (DICE, N_("A shot's strength roll throws its strength plus the successes kept, against the target's WID.")),
    (DICE, N_("Fire throws 3 dice: each die above WID is a wound. Armour takes its value off the wounds.")),
    (
        MELEE,
        N_(
            "Attacked in melee, a warrior stays passive, dodges (1 AP) or strikes back (1 AP and an attack),"
            " before any die is rolled."
        ),
    ),
    (MELEE, N_("The attacker rolls KAT, with his weapon's bonus, against the target's WID; no success, no hit.")),
    (MELEE, N_("Dodging rolls GES against the attacker's KAT: each success cancels one of his successes.")),
    (
        MELEE,
        N_(
            "Striking back is a KAT comparison: the winner strikes, the loser stays passive; a target that lost"
            " may then attack at once."
        ),
    ),
    (MELEE, N_("With a fear marker a warrior cannot strike back, attack or charge; without AP it cannot dodge.")),
    (MELEE, N_("A weapon's markers land when a success gets through, wound or not.")),
    (MELEE, N_("The active warrior attacks an enemy in contact; its player answers with the reaction it chooses.")),
    (MELEE, N_("A warrior in contact with an enemy that begins a move first rolls GES to break away.")),
    (
        MELEE,
        N_(
            "A charge costs 2 AP once a round and ends in contact with an attack that costs no AP;"
            " without contact it is a plain move."
        ),
    ),
    (
        MELEE,
        N_(
            "Leaving a melee takes a GES roll against the enemies' best GES; failed, each of them may strike"
            " first while you stay passive."
        ),
    ),
    (RANGED, N_("Only a warrior no enemy touches may shoot, throw or use a flamethrower; each is an attack (1 AP).")),
    (RANGED, N_("A shot goes to a nearest enemy within range and in sight; enemies in a melee may be skipped.")),
    (RANGED, N_("The shot's KAT roll is against the target's GES, one die less for each obstacle in the way.")),
    (
        RANGED,
        N_("An odd number of successes on a target in a melee hits the warrior touching it nearest to the shooter."),
    ),
    (RANGED, N_("A shot's target has no reaction; the strength roll decides the wounds, armour counts.")),
    (
        RANGED,
        N_(
            "A throwable lands on a point in range and sight: Explosive (X) rolls X dice against each WID under the"
            " template, any success a wound in every zone."
        ),
    ),
    (
        RANGED,
        N_("The flame covers a nearest enemy: everyone under it takes a wound in every zone and a fire marker."),
    ),
    (RANGED, N_("On the screen Shoot lights the enemies the shot may go to; a click on one shoots.")),
    (
        RANGED,
        N_(
            "On the screen a throw is aimed anywhere on the table: the template follows the pointer and rings who it"
            " would hit, your own warriors too, with the distance from the thrower's base."
        ),
    ),
    (
        RANGED,
        N_("On the screen the flame turns round the attacker towards the pointer; a click lays it there."),
    ),
    (
        ABILITIES,
        N_(
            "An action ability is used in its warrior's activation: pay its AP and the side's SP, within its"
            " limits, with the items it needs."
        ),
    ),
    (ABILITIES, N_("A warrior with a fear marker uses no action ability and puts out no fire.")),
    (ABILITIES, N_("An ability reaches only the warriors its card names: touching, within a distance, of a type.")),
    (ABILITIES, N_("Healing removes the last mark of a wounded zone the healing player picks.")),
    (ABILITIES, N_("An ability that is only text is paid for, and the players apply it by hand.")),
    (ABILITIES, N_("In its own activation a warrior puts out a fire marker for 1 AP, as often as it likes.")),
    (ABILITIES, N_("The screen offers the abilities among the attacks; the targets light up on the table.")),
    (
        TACTICAL_CARDS,
        N_(
            "After deployment each player chooses a hidden hand: as many different cards of his deck"
            " as his leader's PSI."
        ),
    ),
    (
        TACTICAL_CARDS,
        N_("Each round, once who begins is decided, each player may play one card for 2 SP, the beginner first."),
    ),
    (
        TACTICAL_CARDS,
        N_("The opponent may revoke a card with Widerruf (X) for X SP: it is discarded without effect."),
    ),
    (TACTICAL_CARDS, N_("A card's name is played once a game; a side whose leader fell plays no more cards.")),
    (ROUNDS, N_("The round's beginner alternates; the player chosen to begin has round 1.")),
    (
        ROUNDS,
        N_(
            "Name a warrior not yet activated with its GES; the other side may counter with a higher GES;"
            " the warrior named last is activated."
        ),
    ),
    (ROUNDS, N_("The beginner names first; two passes in a row end the activation phase.")),
    (ROUNDS, N_("A warrior is activated once a round; one without AP counts as activated.")),
    (ROUNDS, N_("AP left after an activation serve for reactions until the end phase.")),
    (
        ROUNDS,
        N_(
            "End phase: fire, fear, poison, rage, the AP lapse, 3 new AP, slow, effects of the round end;"
            " then the next round."
        ),
    ),
    (
        MISSIONS,
        N_(
            "Each player plays a mission before the terrain, the beginner first: a secret one stays hidden until"
            " the game ends, two open ones must differ; each side deploys as its mission says."
        ),
    ),
    (MISSIONS, N_("Missions score victory points (SIG) at each end phase, secret ones at the end; more SIG wins.")),
    (
        WEATHER,
        N_("With the weather option, 2 dice before the game give the weather; the badge beside the round says it."),
    ),
    (
        WEATHER,
        N_(
            "Storm: every movement action at most 8 cm. Dense fog: nothing seen beyond 15 cm. Snowstorm: a card"
            " costs 3 SP. Light fog: the players deploy one warrior each in turn."
        ),
    ),
    (
        WEATHER,
        N_(
            "Ion storm: at the end of each round a WID roll at difficulty 6 or a wound to the torso. Acid rain: a WID"
            " roll at difficulty 5 or a poison marker, unless sheltered all round by a tree, dense forest or wreck."
        ),
    ),
    (
        NON_PLAYER,
        N_(
            "With the infestation option, each player places non-player warriors from a pool of that many points"
            " after the terrain, away from every deployment zone; killing one scores its value in SIG."
        ),
    ),
    (
        NON_PLAYER,
        N_(
            "In the end phase the players take turns activating them: each attacks, charges, shoots, roams 5 cm or"
            " stays, as the rules force; it strikes back for free and never follows up."
        ),
    ),
)
