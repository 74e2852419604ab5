"""The card language reference, generated from the registry: every effect verb (its arguments, an
example and the text it renders to), then the argument types, filters, conditions, trigger
events, durations, continuous abilities and keywords, from the tables in ``language``.

``capeclash language`` prints it; docs/language.md is this text (tests/test_language_reference.py
checks the file is up to date: regenerate it with ``capeclash language > docs/language.md``).
"""

from __future__ import annotations

import json
import sys

from engine.cardlang import language as L
from engine.cardlang import phrases as P
from engine.cardlang.cards import ENUM_ARGS, parse_card
from engine.cardlang.text import NOT_ABOUT_THIS_CHARACTER, keyword_rules, render_effect
from engine.cardlang.verbs import VERBS

_PLAIN = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_- ")


def flow(v) -> str:
    """A value as YAML flow style, the way card files write effects: ``{draw: {n: 2}}``."""
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str) and v and set(v) <= _PLAIN and v.strip() == v \
            and v.lower() not in ("yes", "no", "on", "off", "true", "false", "null") and not v[0].isdigit():
        return v
    return json.dumps(v)


def _example_text(steps) -> str:
    card, problems = parse_card({"id": "example", "name": "Example", "type": "plot_twist", "timing": "main",
                                 "effect": list(steps)})
    if problems or card is None:  # (tests/test_text.py keeps every example valid)
        raise AssertionError(problems)
    return render_effect(card.effect, until="turn")


def _arg_line(name: str, typ: str) -> str:
    optional = typ.endswith("?")
    typ = typ.rstrip("?")
    return f"- `{name}`: {typ}" + (" (optional)" if optional else "")


def _module_of(verb) -> str:
    return type(verb).__module__.rsplit(".", 1)[-1]


def verb_section(name: str, level: int = 4) -> list[str]:
    v = VERBS[name]
    out = [f"{'#' * level} {name}", "", v.summary, ""]
    if v.args:
        out += [_arg_line(k, t) for k, t in v.args.items()]
    else:
        out.append("No arguments.")
    if v.nested:
        out.append("")
        out.append("Nested steps: " + ", ".join(f"`{k}`" for k in v.nested) + ".")
    out += ["", "```yaml", *(f"- {flow(s)}" for s in v.example), "```", "",
            f"> {_example_text(v.example)}", ""]
    return out


def _types() -> list[str]:
    out = ["## Argument types", "",
           "- **selector**: the characters a step acts on: one of "
           + ", ".join(f"`{s}` ({P.SELECTORS[s]})" for s in L.BUILTIN_SELECTORS)
           + "; a name bound earlier by `choose` (read \"it\", or by what it is); or `{each: FILTER}`, every "
             "character in play the filter matches.",
           "- **amount**: a whole number, or counted when the step resolves: "
           + ", ".join(f"`{{{k}: ...}}` ({w})" for k, w in L.AMOUNT_KINDS.items())
           + ". `count` counts one of: " + ", ".join(f"`{k}` ({w})" for k, w in P.COUNT_PLURALS.items()) + ".",
           "- **steps**: a list of effect steps (nested).",
           "- **trigger**: a triggered ability, written and checked like an entry of a card's `triggers:` "
           "(`{when: EVENT, if: CONDITION, effect: [...], optional: true}`); its effect runs when it triggers, "
           "for the character that has it (`self`).",
           "- **condition**: see Conditions. **filter**: see Filters. **card_filter**: see Card filters. "
           "**card_target**: see Equipment, locations and resources.",
           "- **bool**: true or false. **int**: a whole number. **str**, **name**: text (a name binds what "
           "a step chose, for later steps).",
           ]
    for typ, (options, what) in ENUM_ARGS.items():
        opts = options if len(options) <= 12 else (*options[:12], "...")
        out.append(f"- **{typ}** ({what}): " + ", ".join(f"`{o}`" if o != "..." else o for o in opts)
                   + (" (see Keywords)" if typ == "keyword" else ""))
    return [*out, ""]


def _filters() -> list[str]:
    out = ["## Filters", "", "Pick characters in play (`choose`, `{each: ...}`, `exists`, continuous abilities). "
           "Without `stunned`, only face-up characters match.", ""]
    examples = {"side": "enemy", "row": "back", "in_combat": True, "kind": "supporting", "stunned": "any",
                "team": "Dawnwatch", "keyword": "flight", "not_self": True, "cost_max": 2, "atk_max": 3,
                "def_max": 3, "alignment": "good", "tag": "Robot", "named": "guess"}
    examples.update(L.FILTER_EXAMPLES)
    for k, typ in L.FILTER_KEYS.items():
        ex = {k: examples.get(k, 1)}
        out.append(f"- `{k}` ({typ}): `{flow(ex)}` reads \"{P.filter_phrase(ex)}\"")
    out += ["", "## Card filters", "", "Pick cards outside play (`choose: {what: card}`, `search`).", ""]
    cexamples = {"type": "location", "team": "Dawnwatch", "cost_max": 2, "cost_min": 3, "name": "Swarmling",
                 "keyword": "flight", "kind": "main"}
    cexamples.update(L.CARD_FILTER_EXAMPLES)
    for k, typ in L.CARD_FILTER_KEYS.items():
        ex = {k: cexamples.get(k, 1)}
        out.append(f"- `{k}` ({typ}): `{flow(ex)}` reads \"{P.card_filter_phrase(ex)}\"")
    return [*out, ""]


def _play_cards() -> list[str]:
    """Equipment, locations and resources as targets (issue 18)."""
    out = ["## Equipment, locations and resources", "",
           "Cards in play that are not characters: equipment worn by characters, locations (face-up cards of a "
           "resource row) and resources (face-down ones). `choose: {what: equipment, filter: ...}` (or `location`, "
           "`resource`) picks one; a **card_target** (`ko_card`, `return_card`, `move_equipment`; `put` takes "
           "them too) is such a name, `its_equipment` (" + P.SELECTORS["its_equipment"] + ") or "
           + ", ".join(f"`{{{k}: FILTER}}`" for k in L.PLAY_CARD_SELECTORS if k.startswith("each_"))
           + "; " + ", ".join(f"`{{{k}: FILTER}}`" for k in L.PLAY_CARD_AMOUNTS) + " count them. A face-down "
           "resource stays hidden from everyone but its owner: its filter says only whose it is, and a player "
           "choosing another player's sees only its place in the row.", ""]
    for kind, keys in L.PLAY_CARD_FILTER_KEYS.items():
        ex = L.PLAY_CARD_FILTER_EXAMPLES[kind]
        out.append(f"- `{kind}`: " + ", ".join(f"`{k}` ({t})" for k, t in keys.items())
                   + f"; `{flow(ex)}` reads \"{P.play_card_phrase(kind, ex)}\"")
    return [*out, ""]


def _conditions() -> list[str]:
    out = ["## Conditions", "", "For `if` steps, a trigger's `if`, a continuous ability's `while` and "
           "Unbreakable. Several keys must all hold.", ""]
    examples = {"filter": {"side": "enemy", "kind": "main"}, "bool": True, "int": 2,
                "count": {"count": "hand", "n": 3},
                "target_filter": {"target": "that_character", "filter": {"kind": "main"}}, "row": "front",
                "attack_kind": "ranged", "condition": {"your_turn": True},
                "conditions": [{"in_row": "back"}, {"attack_is": "team"}]}
    examples.update({f"play_filter:{kind}": ex for kind, ex in L.PLAY_CARD_FILTER_EXAMPLES.items()})
    for k, typ in L.CONDITIONS.items():
        ex = {k: examples[typ]}
        note = f". {L.CONDITION_NOTES[k]}" if k in L.CONDITION_NOTES else ""
        out.append(f"- `{k}` ({typ}): `{flow(ex)}` reads \"{P.render_condition(ex)}\"{note}")
    return [*out, ""]


def _events() -> list[str]:
    out = ["## Trigger events", "", "`triggers: [{when: EVENT, if: CONDITION, optional: BOOL, effect: STEPS}]`, "
           "a reaction's `reaction:`, a level-up's `when:`.", ""]
    out += [f"- `{k}`: \"when {'' if k in NOT_ABOUT_THIS_CHARACTER else 'this character '}{w}\""
            for k, w in L.EVENTS.items()]
    return [*out, ""]


def _durations() -> list[str]:
    out = ["## Durations", "", "`until:` of modify, set_base, swap_stats, grant, lose_powers, take_control, "
           "impersonate, restrict, restrict_player and lasting. Without it a modifier lasts as its ability's text "
           "says: the combat for a combat super power or plot twist, a reaction or a triggered ability on attacking, "
           "being attacked or striking (the turn when it resolves outside a combat), else the turn; a restriction "
           "the turn; a lasting ability the rest of the game. `your_next_turn` ends "
           "with the next turn of the player whose effect made it (their current one not counted).", ""]
    out += [f"- `{k}`: \"{P.DURATION[k].strip() or '(for good)'}\"" for k in L.DURATIONS]
    return [*out, ""]


def _statics() -> list[str]:
    out = ["## Continuous abilities", "", "`statics: [{affects: FILTER, atk: N, def: N, grant: [KEYWORD], "
           "while: CONDITION}]`: while the source is face up in play.", ""]
    out += [f"- `{k}`: {t}" for k, t in L.STATIC_KEYS.items()]
    return [*out, ""]


def _restrictions() -> list[str]:
    out = ["## Restrictions", "", "\"Can't\" beats \"can\". Characters: `statics: [{affects: FILTER, cant: [...]}]` "
           "(without `affects`: the card itself) or the verb `restrict`. Players: `statics: [{players: "
           "you|opponent|each, cant: [...], card: CARD_FILTER}]` or the verb `restrict_player`.", ""]
    out += [f"- `{k}`: \"{P.restriction_phrase([k])}\"" for k in L.RESTRICTIONS]
    out += [f"- `{k}` (players): \"{P.restriction_phrase([k], players=True)}\"" for k in L.PLAYER_RESTRICTIONS]
    return [*out, ""]


def _keywords() -> list[str]:
    out = ["## Keywords", "", "`keywords: [flight, {team_up: Dawnwatch}]`.", ""]
    for k, spec in L.KEYWORDS.items():
        param = f" ({spec['param']})" if "param" in spec else ""
        out.append(f"- `{k}`{param}: {keyword_rules(k, spec.get('default'))}")
    return [*out, ""]


def reference(verbs: list[str] | None = None) -> str:
    """The whole reference as Markdown, or only the sections of the named verbs."""
    if verbs:
        return "\n".join(line for name in verbs for line in verb_section(name, 2)).rstrip() + "\n"
    out = ["# The card language", "",
           "Generated from the registry (engine/cardlang/verbs and engine/cardlang/language.py) by "
           "`capeclash language`; do not edit by hand. Each verb shows its arguments, an example as "
           "written in a card file, and the rules text that example renders to.", "",
           "## Effect verbs", ""]
    modules: dict[str, list[str]] = {}
    for name, v in VERBS.items():
        modules.setdefault(_module_of(v), []).append(name)
    for mod, names in modules.items():
        doc = (sys.modules[type(VERBS[names[0]]).__module__].__doc__ or "").strip().split("\n\n")[0]
        out += [f"### {mod.title()}", "", " ".join(doc.split()), ""]
        for name in names:
            out += verb_section(name)
    out += _types() + _filters() + _play_cards() + _conditions() + _events() + _durations() + _statics() + _restrictions() + _keywords()
    out += _card_fields()
    return "\n".join(out).rstrip() + "\n"


def _card_fields() -> list[str]:
    """Card-level fields of issue 18, part B: each with an example and the text it renders to."""
    from engine.cardlang.cards import CardPool
    from engine.cardlang.text import ability_lines
    out = ["## More card fields", "", "Fields of a card (beside its abilities): super power uses and timings, "
           "alternative costs, recruit discounts, deck-building clauses and equipment details.", ""]
    base = {"supporting": {"type": "supporting", "team": "Dawnwatch", "cost": 2, "atk": 1, "def": 1, "health": 1},
            "equipment": {"type": "equipment", "cost": 1, "keywords": ["dodge"]}}
    power = {"name": "Spark", "timing": "main", "cost": ["might"], "effect": [{"draw": {"n": 1}}]}
    for field, kind, extra in L.card_field_examples(power):
        card = {"id": "x", "name": "X", **base[kind], **extra}
        c = CardPool.from_data([card])["x"]
        lines = [ln for ln in ability_lines(c) if not ln.startswith("Put this on") or "only" in ln]
        out.append(f"- `{field}`: `{flow(extra)}` reads \"{' '.join(lines)}\"")
    return [*out, ""]
