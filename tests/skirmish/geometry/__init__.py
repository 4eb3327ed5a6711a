"""The seeded scene set and the exhaustive geometry check (issue 14)."""
