"""Lucky draw: a tiny test-only game that exercises the whole engine contract
(shuffles, dice, hidden hands, reveals). Not offered in the launcher."""
