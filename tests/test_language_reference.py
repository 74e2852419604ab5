"""The card language reference (``capeclash language``, docs/language.md) comes from the registry."""

from __future__ import annotations

from pathlib import Path

from engine.cardlang.reference import flow, reference
from engine.cardlang.verbs import VERBS

ROOT = Path(__file__).resolve().parent.parent


def test_docs_language_md_is_up_to_date():
    doc = ROOT / "docs" / "language.md"
    assert doc.read_text(encoding="utf-8") == reference(), \
        "docs/language.md is stale: regenerate it with  capeclash language > docs/language.md"


def test_every_verb_has_its_arguments_example_and_text():
    text = reference()
    for name, verb in VERBS.items():
        section = text.split(f"#### {name}\n", 1)[1].split("\n#### ", 1)[0]
        assert verb.summary in section
        for arg in verb.args:
            assert f"- `{arg}`:" in section, (name, arg)
        assert f"- {flow(verb.example[-1])}" in section
        said = section.split("\n> ", 1)[1].split("\n", 1)[0]
        assert said.endswith((".", ".)")) and "{" not in said, (name, said)


def test_the_example_reads_as_a_card_file():
    import yaml
    for verb in VERBS.values():
        assert [yaml.safe_load(flow(s)) for s in verb.example] == verb.example


def test_capeclash_language_command(capsys):
    from apps.cli import main
    assert main(["language", "grant"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("## grant") and "This character gains [[Flight]] this turn." in out
    assert main(["language", "grnt"]) == 2
    assert "did you mean 'grant'" in capsys.readouterr().err
