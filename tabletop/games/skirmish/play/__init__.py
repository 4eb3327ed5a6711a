"""The skirmish game's rules of play: the phases, whose turn it is, what may be
placed or moved and when (rules), deployment zones and terrain spacing
(deployment), and table layouts read from and written to YAML (layout). They
build on the table's geometry (tabletop.games.skirmish.table). No pygame here.
"""
