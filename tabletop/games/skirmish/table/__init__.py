"""The skirmish table's geometry: plane geometry, terrain pieces, the table with its
bases, sight, measuring, and the paths and reach of a move. It knows nothing of
turns, phases or players; the rules of play (tabletop.games.skirmish.play) build
on it. No pygame here.
"""
