"""The skirmish game's rules of play: the phases, whose turn it is, what may be
placed or moved and when (rules), deployment zones and terrain spacing
(deployment), table layouts read from and written to YAML (layout), and a
position stated in a few lines for tests and examples (position). They build on
the table's geometry (tabletop.games.skirmish.table). No pygame here.
"""
