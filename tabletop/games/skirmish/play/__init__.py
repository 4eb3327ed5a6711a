"""The skirmish game's rules of play: the moves table (moves), the rules that
put them together (rules), laying out the table (laying_out), rounds with their end
phase, naming and activation (rounds, activation), the melee and ranged attacks as
resolutions (melee, reaction, ranged, templates, attack), the warriors in play
on their profile cards (warriors, cards, profile), limits per round and per game
(limits), the dice and rolls as chance steps (dice, chance), deployment zones and
terrain spacing (deployment), table layouts read from and written to YAML
(layout), and a position stated in a few lines for tests and examples (position).
They build on the table's geometry (tabletop.games.skirmish.table). No pygame here.
"""
