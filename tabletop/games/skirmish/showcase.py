"""The README's pictures of the skirmish table (docs/screenshots/skirmish.png) and of
a fight (docs/screenshots/skirmish-fight.png), made again the same way:

    python -m tabletop.games.skirmish.showcase docs/screenshots/skirmish.png [--size 1920x1080]
    python -m tabletop.games.skirmish.showcase docs/screenshots/skirmish-fight.png --fight
    python -m tabletop.games.skirmish.showcase docs/screenshots/skirmish-game.png --book

Ann and Bob play the demo table: both say they are ready, then each moves a few
warriors (legal moves the rules offer, a fixed seed) for a few activations. The screen is
then drawn with the line-of-sight tool in use: a warrior of the player to move
and an enemy that see each other farthest across the table past two or three
obstacles (warriors and terrain), so the picture shows the corridor, the
obstacles with their penalties, warriors in contact and the readout beside the
table. Needs no window (the dummy video driver).

The fight: the players name warriors in turn (a fixed seed) and move them towards the
enemy until one can attack in melee or charge; the attack is fought out with dice the
seed draws (the target strikes back when it can) until a wound lands. The screen then
shows the warrior struck on its profile card, the dice tray with the attack's rolls and
the log.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

NAMES = ("Ann", "Bob")
SEED = 3
#: activations played before the picture
ACTIVATIONS = 4
#: moves each active warrior makes
MOVES = 2


def _play(match, rng: random.Random) -> None:
    """Ready, the bid (the first player bids 1 SP, the second none, and begins),
    then ACTIVATIONS activations of round 1, MOVES moves each."""
    from tabletop.engine.core import Action
    from tabletop.games.skirmish.play.state import table_of

    match.act(Action("ready"))
    match.act(Action("ready"))
    _through_the_bid(match)
    for _activation in range(ACTIVATIONS):
        names = [a for a in match.legal_actions() if a.kind == "name"]
        if not names:
            break
        match.act(names[rng.randrange(len(names))])
        while match.state.phase == "naming":
            match.act(Action("pass"))
        for _move in range(MOVES):
            # plain moves only: a warrior in contact would break away first (a roll)
            if table_of(match.state).engaged(match.state.active):
                break
            moves = [a for a in match.legal_actions() if a.kind == "move"]
            if not moves:
                break
            match.act(moves[rng.randrange(len(moves))])
        match.act(Action("done"))


def _through_the_bid(match) -> None:
    """A round's bid, when one is under way: the first player bids 1 SP (none when
    the pool is empty), the other none; the winner begins (equal bids roll off)."""
    from tabletop.engine.core import CHANCE, Action

    while match.state.phase in ("bidding", "choosing"):
        if match.actor == CHANCE:
            match.roll()
        elif match.state.phase == "choosing":
            match.act(Action("begin", player=match.state.turn))
        else:
            first = match.state.bids == [None, None]
            match.act(Action("bid", sp=1 if first and match.state.sp[match.state.turn] > 0 else 0))


def _pair(table, side: int) -> tuple[str, str]:
    """A warrior of `side` and an enemy that see each other far across the table
    past two or three obstacles, warriors and terrain among them."""
    from tabletop.games.skirmish.table.sight import sight_pairs

    best = None
    for (a, b), seen in sight_pairs(table).items():
        kinds = {o.element in table.models for o in seen.obstacles}
        if table.models[a].side == table.models[b].side:
            continue
        if not seen.visible or not 2 <= len(seen.obstacles) <= 3 or kinds != {True, False}:
            continue
        if table.models[a].side != side:
            a, b = b, a
        score = (math.dist(table.models[a].position, table.models[b].position),)
        if best is None or score > best[0]:
            best = (score, a, b)
    if best is None:
        raise RuntimeError("no two warriors see each other")
    return best[1], best[2]


def make(out: Path, size: tuple[int, int] = (1920, 1080), seed: int = SEED) -> Path:
    """Draw the picture into `out` (a PNG)."""
    from tabletop.ui import showcase

    with showcase.headless():
        import pygame

        from tabletop.engine.core import PlayerInfo, Setup
        from tabletop.engine.match import Match
        from tabletop.games.skirmish.play.rules import RULES
        from tabletop.games.skirmish.play.state import table_of

        colours = [key for key, _label, _rgb in RULES.colours()]
        setup = Setup(tuple(PlayerInfo(name, colours[i]) for i, name in enumerate(NAMES)), RULES.default_options(), 0)
        match = Match(RULES, setup, seed)
        _play(match, random.Random(seed))
        viewer, target = _pair(table_of(match.state), match.state.turn)
        with showcase.game_screen(match, size) as app:
            view = app.top.view
            view.set_tool("sight")
            showcase.click(app, view.to_screen(view.table.models[viewer].position))
            showcase.click(app, view.to_screen(view.table.models[target].position))
            # the pointer rests off the table, so nothing is hovered
            showcase.post(app, pygame.MOUSEMOTION, pos=(size[0] - 5, size[1] - 5), rel=(0, 0), buttons=(0, 0, 0))
            assert view.seen is not None and view.seen.visible
            return showcase.save(app, out)


#: the most activations played looking for a fight
FIGHT_ACTIVATIONS = 60


def _fight(match, rng: random.Random) -> str:
    """Play until an attack leaves a wound; the warrior struck."""
    from tabletop.engine.core import CHANCE, Action

    match.act(Action("ready"))
    match.act(Action("ready"))
    for _activation in range(FIGHT_ACTIVATIONS):
        _through_the_bid(match)
        names = [a for a in match.legal_actions() if a.kind == "name"]
        if not names:
            match.act(Action("pass"))
            continue
        match.act(names[rng.randrange(len(names))])
        while match.state.phase == "naming":
            match.act(Action("pass"))
        for _step in range(3):
            actions = match.legal_actions()
            melee = [a for a in actions if a.kind in ("attack", "charge")]
            if melee:
                before = {m: list(e["marks"]) for m, e in match.state.models.items()}
                match.act(melee[0])
                while match.state.pending is not None:
                    if match.actor == CHANCE:
                        match.roll()
                        continue
                    choices = match.legal_actions()
                    strike_back = [a for a in choices if a.get("reaction") == "strike_back"]
                    match.act(strike_back[0] if strike_back else choices[-1])
                struck = [m for m, e in match.state.models.items() if m in before and e["marks"] != before[m]]
                if struck:
                    return struck[0]
                break
            moves = [a for a in actions if a.kind == "move"]
            if not moves:
                break
            enemies = [e["position"] for e in match.state.models.values() if e["side"] != match.state.turn]
            # the move that ends nearest to an enemy
            match.act(min(moves, key=lambda a: min(math.dist(a["path"][-1], spot) for spot in enemies)))
        if match.state.phase == "activation":
            match.act(Action("done"))
    raise RuntimeError("no wound in the activations played")


def make_fight(out: Path, size: tuple[int, int] = (1920, 1080), seed: int = SEED) -> Path:
    """Draw the picture of a fight into `out` (a PNG)."""
    from tabletop.ui import showcase

    with showcase.headless():
        import pygame

        from tabletop.engine.core import PlayerInfo, Setup
        from tabletop.engine.match import Match
        from tabletop.games.skirmish.play.rules import RULES

        colours = [key for key, _label, _rgb in RULES.colours()]
        setup = Setup(tuple(PlayerInfo(name, colours[i]) for i, name in enumerate(NAMES)), RULES.default_options(), 0)
        match = Match(RULES, setup, seed)
        struck = _fight(match, random.Random(seed))
        with showcase.game_screen(match, size) as app:
            view = app.top.view
            view.choose(struck)
            showcase.post(app, pygame.MOUSEMOTION, pos=(size[0] - 5, size[1] - 5), rel=(0, 0), buttons=(0, 0, 0))
            return showcase.save(app, out)


def make_book(out: Path, size: tuple[int, int] = (1920, 1080), seed: int = SEED) -> Path:
    """Draw a game between two units prepared by the book into `out` (a PNG): unit A
    against unit B on an empty table, every choice of the preparation and the rounds
    made at random among the legal ones (a fixed seed) until round 2 is under way;
    the screen shows the missions beside the table, the hands' sizes and the SIG."""
    from tabletop.ui import showcase

    with showcase.headless():
        from tabletop.engine.core import CHANCE, PlayerInfo, Setup
        from tabletop.engine.match import Match
        from tabletop.games.skirmish.play.rules import RULES
        from tabletop.games.skirmish.unit_files import bundled_unit

        colours = [key for key, _label, _rgb in RULES.colours()]
        options = {
            **RULES.default_options(),
            "start": "empty",
            "unit_1": bundled_unit("unit-a").to_setup(),
            "unit_2": bundled_unit("unit-b").to_setup(),
        }
        match = Match(RULES, Setup(tuple(PlayerInfo(n, colours[i]) for i, n in enumerate(NAMES)), options, 0), seed)
        rng = random.Random(seed)
        while not (match.state.round == 2 and match.state.phase == "activation"):
            if match.actor == CHANCE:
                match.roll()
            else:
                actions = match.legal_actions()
                # a warrior moves rather than ending its activation at once, so the table changes
                moves = [a for a in actions if a.kind == "move"]
                match.act(rng.choice(moves if moves and rng.random() < 0.7 else actions))
        with showcase.game_screen(match, size) as app:
            return showcase.save(app, out)


def main(argv: list[str] | None = None) -> int:
    from tabletop.ui import showcase

    args = list(sys.argv[1:] if argv is None else argv)
    if "--book" in args:
        args.remove("--book")
        return showcase.main(make_book, "Draw the README's picture of a game between two units.", SEED, args)
    if "--fight" in args:
        args.remove("--fight")
        return showcase.main(make_fight, "Draw the README's picture of a fight on the skirmish table.", SEED, args)
    return showcase.main(make, "Draw the README's picture of the skirmish table.", SEED, args)


if __name__ == "__main__":
    sys.exit(main())
