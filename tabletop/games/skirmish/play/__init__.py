"""The skirmish game's rules of play: the moves table (moves), the rules that
put them together (rules), laying out the table (laying_out), rounds with their end
phase, naming and activation (rounds, activation), the melee and ranged attacks as
resolutions (melee, reaction, ranged, templates, attack), the warriors in play
on their profile cards (warriors, cards, profile), limits per round and per game
(limits), the dice and rolls as chance steps (dice, chance), deployment zones and
terrain spacing (deployment), table layouts read from and written to YAML
(layout), and a position stated in a few lines for tests and examples (position).
They build on the table's geometry (tabletop.games.skirmish.table). No pygame here.

Imports go one way, down these layers (no module imports one above it):

1. facts and resolutions: the state, the warriors and their cards, dice and rolls,
   the resolutions, and what the optional rules do to the table (hostile, burning,
   hiding, destruction, weather_play, infestation, victory, tactical_phase). They
   change the state and return their events and what happened (a warrior out of
   action, a step over); they never carry the flow on.
2. the flow: rounds (a round's bid, naming, activation and end phase in the book's
   order; a warrior out of action leaving the table), then preparation (its steps
   one after the other).
3. the moves: each one's check and apply, which carry the flow on (rounds.out_of_action,
   rounds.advance_end_phase, preparation.step_done): combat (an attack resolved) and
   climbing (a climb's, swim's or jump's roll) below attack_moves, climbing_moves and
   piece_attacks (declared), activation, bidding, mission_play, terrain_turns,
   deploying, laying_out, non_player_play, abilities, card_effects, card_moves.
4. the match: sampling and views, rules, position.
"""
