"""Eden (Kosmos, 2001), the coordinate-board game: irrigate, cultivate and conquer
fields of a 7 x 7 board; first to 20 fertility points wins."""
