"""The roster beside the skirmish table, read off what is drawn at both window sizes:
each warrior of the player to act as a small profile card (a wound ticks a box of
its body zone), a click on one shows its large card, the card under the pointer
lights its token, the wheel scrolls the cards that do not fit; what is left of the
round's moves, charge and attacks on the large card; AP as pips below each base."""

from __future__ import annotations

import pygame
from driving import Painted, click, move, open_game, wheel

from tabletop.engine.core import CHANCE, Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish import card_art
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, NAMING
from tabletop.ui import theme as th

from .positions import play_begins


def match_of(warriors: dict[str, Warrior], active: str = "vladd", seed: int = 3) -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, seed)
    match.state = position(warriors=warriors, phase=ACTIVATION, active=active)
    return match


def demo(seed: int = 1) -> Match:
    """Ann and Bob on the demo table (ten warriors a side), in round 1's naming."""
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, seed)
    play_begins(match)
    assert match.state.phase == NAMING
    return match


def acting(match: Match) -> Match:
    """The match with the first warrior of the seat to name acting."""
    seat = match.state.turn
    first = next(model_id for model_id, entry in match.state.models.items() if entry["side"] == seat)
    match.act(Action("name", model=first))
    if match.state.phase == NAMING:  # the other side may counter; it lets it stand
        match.act(Action("pass"))
    assert match.state.phase == ACTIVATION and match.state.active == first
    return match


def redraw(app, game) -> None:
    """Read the match again and draw every panel anew."""
    game.view.on_events([])
    game.view.panels._panels.clear()
    app.run_until_idle()
    game.view.panels._panels.clear()
    game.view.draw(app.surface)


def card_rect(game, model_id: str) -> pygame.Rect:
    return next(hit.rect for hit in game.view.hits if hit.name == f"roster-{model_id}")


def count(surface: pygame.Surface, area: pygame.Rect, colour, tolerance: int) -> int:
    region = surface.subsurface(area.clip(surface.get_rect()))
    return sum(
        1
        for x in range(region.get_width())
        for y in range(region.get_height())
        if all(abs(int(a) - int(b)) <= tolerance for a, b in zip(region.get_at((x, y))[:3], colour, strict=True))
    )


def test_a_wound_shows_as_a_ticked_box_on_the_warriors_small_card(app):
    match = match_of(
        {
            "vladd": Warrior(0, (100, 300), "vladd"),
            "y1": Warrior(0, (100, 100), "yuri"),
            "y2": Warrior(0, (100, 500), "yuri", marks=(0, 0, 0, 2)),  # both white points of the legs
            "gorm": Warrior(1, (500, 300), "gorm"),
        }
    )
    game = open_game(app, match)
    redraw(app, game)
    plain, wounded = card_rect(game, "y1"), card_rect(game, "y2")
    # the zones stand at the card's right: the crosses of the ticked boxes are ink
    right = lambda rect: pygame.Rect(rect.x + rect.w // 2, rect.y, rect.w // 2, rect.h)  # noqa: E731
    ink_plain = count(app.surface, right(plain), card_art.TICK, 30)
    ink_wounded = count(app.surface, right(wounded), card_art.TICK, 30)
    assert ink_wounded > ink_plain + 6
    # the red points are drawn as on the big card
    assert count(app.surface, right(plain), card_art.RED_POINT, 20) > 0


def test_a_click_on_a_small_card_shows_that_warriors_large_card(app, monkeypatch):
    match = match_of(
        {
            "vladd": Warrior(0, (100, 300), "vladd"),
            "kira": Warrior(0, (100, 100), "kira"),
            "gorm": Warrior(1, (500, 300), "gorm"),
        }
    )
    game = open_game(app, match)
    redraw(app, game)
    side = game.view.side
    assert side.card_warrior() == "vladd"  # the active warrior's card, until another is chosen
    painted = Painted(monkeypatch)
    click(app, card_rect(game, "kira").center)
    redraw(app, game)
    assert side.card_warrior() == "kira"
    # the large card stands between the roster and the readout: Kira's name on it, in
    # the band of the warrior's colour; Vladd's card is gone
    card = pygame.Rect(
        side.rect.x, side.roster.area.bottom, side.rect.w, game.view.info.rect.y - side.roster.area.bottom
    )
    on_card = [(content, rect) for content, rect in painted.texts if card.contains(rect)]
    name = next(rect for content, rect in on_card if content == "Kira")
    band = app.surface.subsurface(pygame.Rect(name.right + 2, name.y, 6, name.h))
    colour = pygame.Color(game.view.reading.warriors["kira"].colour)[:3]
    assert count(band, band.get_rect(), colour, 12) > 0
    assert "Vladd" not in [content for content, _rect in on_card]


def test_the_card_under_the_pointer_lights_its_token_on_the_table(app):
    match = match_of(
        {
            "vladd": Warrior(0, (100, 300), "vladd"),
            "kira": Warrior(0, (300, 150), "kira"),
            "gorm": Warrior(1, (500, 300), "gorm"),
        }
    )
    game = open_game(app, match)
    redraw(app, game)
    view = game.view
    kira = view.reading.table.models["kira"]
    centre = view.to_screen(kira.position)
    edge = (round(centre[0]), round(centre[1] - kira.radius * view.scale - view.theme.px(3)) + 1)
    assert tuple(app.surface.get_at(edge))[:3] != (255, 255, 255)
    move(app, card_rect(game, "kira").center)
    assert view.hand.hovered == "kira"
    app.run_until_idle()
    assert tuple(app.surface.get_at(edge))[:3] == (255, 255, 255)


def limits_drawn(painted: Painted, area: pygame.Rect) -> set[str]:
    """What is left of each limit as the large card says it: "Moves 2/3" on one line,
    or the name over its count where the card is narrow."""
    texts = [(content, rect) for content, rect in painted.texts if area.contains(rect)]
    found = {content for content, _rect in texts}
    for name in ("Moves", "Charge", "Attacks"):
        for content, rect in texts:
            if content != name:
                continue
            below = [c for c, r in texts if "/" in c and abs(r.centerx - rect.centerx) <= 2 and r.y >= rect.bottom - 2]
            found.update(f"{name} {c}" for c in below[:1])
    return found


def finish(match: Match) -> None:
    """Roll the dice and take the first answer until the attack under way is over."""
    while match.state.pending is not None or match.actor == CHANCE:
        if match.actor == CHANCE:
            match.roll()
        else:
            attack = match.view(None).attack
            match.act(attack.options[0].action)


def test_what_is_left_of_the_rounds_limits_on_the_large_card_after_a_move_and_an_attack(app, monkeypatch):
    match = match_of(
        {
            "vladd": Warrior(0, (100, 300), "vladd"),
            "gorm": Warrior(1, (260, 300), "gorm"),
        }
    )
    game = open_game(app, match)
    painted = Painted(monkeypatch)
    redraw(app, game)
    card = pygame.Rect(game.view.side.rect)
    assert {"Moves 3/3", "Charge 1/1", "Attacks 2/2"} <= limits_drawn(painted, card)
    assert match.act(Action("move", model="vladd", path=((100.0, 300.0), (150.0, 300.0))))
    painted.texts.clear()
    redraw(app, game)
    assert {"Moves 2/3", "Charge 1/1", "Attacks 2/2"} <= limits_drawn(painted, card)
    # the charge ends in the attack: it counts against the attacks too
    reach = match.state.models["vladd"]["base"] / 2 + match.state.models["gorm"]["base"] / 2
    assert match.act(Action("charge", model="vladd", target="gorm", path=((150.0, 300.0), (260.0 - reach, 300.0))))
    finish(match)
    painted.texts.clear()
    redraw(app, game)
    assert {"Moves 2/3", "Charge 0/1", "Attacks 1/2"} <= limits_drawn(painted, card)


def test_ap_pips_below_a_token_go_hollow_as_ap_are_spent(app):
    match = match_of(
        {
            "vladd": Warrior(0, (100, 300), "vladd"),
            "kira": Warrior(0, (100, 100), "kira"),
            "gorm": Warrior(1, (500, 300), "gorm"),
        }
    )
    game = open_game(app, match)
    redraw(app, game)
    view = game.view

    def gold_below(model_id: str) -> int:
        model = view.reading.table.models[model_id]
        x, y = view.to_screen(model.position)
        top = round(y + model.radius * view.scale)
        return count(
            app.surface,
            pygame.Rect(round(x) - view.theme.px(30), top, view.theme.px(60), view.theme.px(16)),
            th.GOLD,
            24,
        )

    full = gold_below("kira")
    assert full > 0 and abs(gold_below("vladd") - full) <= 2
    assert match.act(Action("move", model="vladd", path=((100.0, 300.0), (150.0, 300.0))))
    redraw(app, game)
    spent_one = gold_below("vladd")
    assert 0 < spent_one < full
    assert abs(spent_one - full * 2 / 3) <= full / 6  # two of three pips full


def test_ten_small_cards_fit_at_the_large_size_and_the_wheel_scrolls_them_at_the_small(app, window_size, monkeypatch):
    match = acting(demo())
    game = open_game(app, match)
    painted = Painted(monkeypatch)
    redraw(app, game)
    roster = game.view.side.roster
    own = [warrior.id for warrior in roster.warriors()]
    assert len(own) == 10

    def shown() -> list[str]:
        return [model_id for model_id in own if any(hit.name == f"roster-{model_id}" for hit in game.view.hits)]

    hints = [content for content, _rect in painted.texts if content.startswith("Wheel:")]
    if window_size == (1920, 1080):
        assert shown() == own and not hints
        return
    assert own[-1] not in shown()
    assert hints and hints[-1] == f"Wheel: {len(own) - len(shown())} more warriors"
    move(app, roster.area.center)
    wheel(app, -5)
    redraw(app, game)
    assert own[-1] in shown() and own[0] not in shown()
    wheel(app, 5)
    redraw(app, game)
    assert own[0] in shown()


def test_every_text_of_the_roster_is_whole_and_inside_the_panel(app, window_size, monkeypatch):
    from ui.textcheck import TextCheck

    match = demo()
    seat = match.state.turn
    own = [model_id for model_id, entry in match.state.models.items() if entry["side"] == seat]
    match.state.models[own[0]]["markers"] = {"fire": 3, "fear": 1, "poison": 1, "rage": 2, "slow": 1}
    match.state.models[own[1]]["marks"] = [1, 1, 1, 1]
    match.state.models[own[1]]["markers"] = {"fire": 1}
    match.state.models[own[2]]["activated"] = True
    acting(match)
    with TextCheck(app, window_size) as check:
        game = open_game(app, match)
        painted = Painted(monkeypatch)
        redraw(app, game)
        check.look("the skirmish screen: the roster's small cards with markers and wounds")
        check.assert_whole()
    side = game.view.side.rect
    roster = game.view.side.roster
    drawn = [(content, rect) for content, rect in painted.texts if rect.colliderect(roster.area)]
    assert drawn
    assert all(side.contains(rect) for _content, rect in drawn)
    small = game.view.theme.font(th.SMALL)
    assert all(
        rect.h >= small.get_height() * 0.8 - 2 for content, rect in drawn if content.strip()
    )  # art.text may draw a line a fifth smaller


def test_the_ges_on_a_small_card_with_a_marker_is_whole_at_1366x768(app, monkeypatch):
    """Found at 1366x768: "GES 4" shrank to "G…" to leave room for a marker's "+1"; the
    state is whole and the markers take the room left."""
    from tabletop.ui import art

    app.resize((1366, 768))
    app.run_until_idle()
    match = demo()
    seat = match.state.turn
    own = [model_id for model_id, entry in match.state.models.items() if entry["side"] == seat]
    for model_id in own:
        match.state.models[model_id]["markers"] = {"fire": 1}
    game = open_game(app, match)
    states: list[tuple[str, bool]] = []
    real = art.text

    def record(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
        if content.startswith("GES"):
            states.append((content, max_width is None or font.size(content)[0] <= max_width))
        return real(surface, content, font, colour, pos, anchor, shadow, max_width)

    monkeypatch.setattr(art, "text", record)
    redraw(app, game)
    assert states and all(whole for _content, whole in states), states
