"""The games. Each is a package with its rules (no pygame), data schema and view."""
