"""The help's rules summary (F1) follows each game's rules document: every section of
docs/rules/GAME.md has its summary, under the same heading, and nothing else."""

import re
from pathlib import Path

import pytest

from tabletop.games import registry

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
GAMES = sorted(path.stem for path in DOCS.glob("*.md"))


def sections(game: str) -> list[str]:
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    return re.findall(r"^## (.+?)\s*$", text, flags=re.MULTILINE)


def test_every_game_with_a_screen_has_its_rules_document():
    assert set(GAMES) == {"eden", "catan", "skirmish"}


@pytest.mark.parametrize("game", GAMES)
def test_every_section_of_the_rules_document_has_its_summary_entry(game):
    summary = registry.get(game).summary
    headings = sections(game)
    assert headings, f"docs/rules/{game}.md has no sections"
    missing = [heading for heading in headings if heading not in {section for section, _rule in summary}]
    assert not missing, f"sections of docs/rules/{game}.md without a rule in the help's summary: {missing}"
    stray = sorted({section for section, _rule in summary} - set(headings))
    assert not stray, f"summary sections that docs/rules/{game}.md does not have: {stray}"


@pytest.mark.parametrize("game", GAMES)
def test_the_summary_follows_the_documents_order_one_message_per_rule(game):
    summary = registry.get(game).summary
    order = sections(game)
    positions = [order.index(section) for section, _rule in summary]
    assert positions == sorted(positions), "the summary's sections run in the document's order"
    rules = [rule for _section, rule in summary]
    assert len(rules) == len(set(rules)), "each rule is its own message"
    assert all(rule.strip() and "\n" not in rule for rule in rules)
