"""Reading card data from files: YAML (with PyYAML) or JSON (standard library).

This module sits beside the rules core, which never imports it. PyYAML is
imported only when a YAML file is actually read; JSON needs nothing beyond
the standard library.

Card files hold ``cards:`` (a list) and optionally ``teams:``; deck files hold
a deck (``main:`` and ``cards:``) or are ``.txt`` deck lists; scenario files
hold ``scenario:``. Problems name the file and line, the card and the field.
"""

from __future__ import annotations

import gc
import json
from contextlib import contextmanager
from pathlib import Path

from .cards import CardPool, check_pool, parse_cards, parse_teams
from .decks import Deck, check_deck, deck_problems
from .errors import DataError, DeckError, Problem, cut, excerpt

# Limits for data read from users (card files, decks, scenarios, saves travel between players): a
# small file must not cost much time or memory, however it is written.
MAX_DEPTH = 100            # lists and mappings nested in each other (the card data needs about 12)
MAX_ALIAS_VALUES = 10_000  # values that YAML aliases may add by repeating anchored values
MAX_FILE_BYTES = 20_000_000


@contextmanager
def _no_gc():
    """Build a large tree of data without the cycle collector: it would go over every object made so
    far again and again (a 3 MB file took twice as long, and more than linearly). Nothing built here
    holds a cycle (an alias to a value that contains it is refused), so reference counting frees it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def read_text(path: str | Path) -> str:
    """A data file's text (UTF-8, with or without a byte-order mark). Raises DataError naming the file
    for a folder, a missing or unreadable file, a file too big or bytes that are not UTF-8."""
    path = Path(path)
    try:
        if path.is_dir():
            raise DataError([Problem(str(path), None, None, "is a folder, not a file")])
        if path.exists() and not path.is_file():  # a pipe or a device could block or never end
            raise DataError([Problem(str(path), None, None, "is not a regular file")])
        if path.stat().st_size > MAX_FILE_BYTES:
            raise DataError([Problem(str(path), None, None, f"is larger than {MAX_FILE_BYTES // 1_000_000} MB")])
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError([Problem(str(path), None, None, "no such file or folder")]) from None
    except OSError as e:
        raise DataError([Problem(str(path), None, None, f"cannot be read ({e.strerror or e})")]) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise DataError([Problem(str(path), None, None, f"is not UTF-8 text (line {line}, byte {e.start})")]) from None


def loads_json(text: str, source: str):
    """JSON text as data, refusing what the standard decoder would take badly: duplicate keys,
    nesting deeper than MAX_DEPTH (which would exhaust the stack). Raises DataError naming ``source``."""
    def pairs(items):
        out = {}
        for k, v in items:
            if k in out:
                raise _DuplicateKey(k)
            out[k] = v
        return out
    if _json_depth(text) > MAX_DEPTH:
        raise DataError([Problem(source, None, None, f"invalid JSON: nested more than {MAX_DEPTH} deep")])
    try:
        with _no_gc():
            return json.loads(text.lstrip("\ufeff"), object_pairs_hook=pairs)
    except _DuplicateKey as e:
        raise DataError([Problem(source, None, e.args[0], "invalid JSON: key given twice in one object")]) from None
    except json.JSONDecodeError as e:
        raise DataError([Problem(source, None, None, f"invalid JSON at line {e.lineno}: {e.msg}")]) from None
    except ValueError as e:  # a number of thousands of digits (int() refuses them: they cost time squared)
        raise DataError([Problem(source, None, None, f"invalid JSON: {cut(str(e), 100)}")]) from None
    except RecursionError:  # pragma: no cover - _json_depth stops this first
        raise DataError([Problem(source, None, None, "invalid JSON: nested too deep")]) from None


class _DuplicateKey(Exception):
    pass


def _json_depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (linear, no recursion)."""
    depth = best = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > best:
                best = depth
                if best > MAX_DEPTH:
                    return best
        elif ch in "]}":
            depth -= 1
    return best


def read_data(path: str | Path, problems: list | None = None) -> tuple[object, dict[int, int]]:
    """Parse a YAML or JSON file. Returns the data and the line of each top-level list item
    (under ``cards:``), for error messages. Raises DataError on a syntax error, a key given twice in
    one mapping, nesting deeper than MAX_DEPTH or aliases that repeat too much; with ``problems``
    (a list), duplicate keys are added to it instead and the data (last value wins) is returned."""
    path = Path(path)
    text = read_text(path)
    if path.suffix == ".json":
        return loads_json(text, str(path)), {}
    data, node, dups = parse_yaml(text, str(path))
    if dups:
        if problems is None:
            raise DataError(dups)
        problems += dups
    lines = {}
    if node is not None and node.tag.endswith(":map"):
        for k, v in node.value:
            if k.value == "cards" and v.tag.endswith(":seq"):
                for i, item in enumerate(v.value):
                    lines[i] = item.start_mark.line + 1
    return data, lines


def parse_yaml(text: str, source: str):
    """YAML text as data with the project's safe loader (see ``_safe_loader``). Returns the data, the
    document's node (for line numbers) and the duplicate-key problems. Raises DataError naming
    ``source`` on a syntax error, too deep a nesting or an alias bomb."""
    import yaml  # noqa: PLC0415 - only the tools need PyYAML, never the browser
    loader = _safe_loader()(text.lstrip("\ufeff"))
    loader.source = source
    try:
        with _no_gc():
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "somewhere"
        raise DataError([Problem(source, None, None, f"invalid YAML at {where}: "
                                                     f"{cut(str(getattr(e, 'problem', None) or e), 200)}")]) from None
    except RecursionError:  # pragma: no cover - the depth limit stops this first
        raise DataError([Problem(source, None, None, "invalid YAML: nested too deep")]) from None
    finally:
        loader.dispose()
    return data, node, loader.duplicates


_LOADER = None


def _safe_loader():
    """PyYAML's safe loader (libyaml's parser when there is one) with a composer of our own that
    limits nesting depth and alias expansion, and a constructor that reports duplicate keys."""
    global _LOADER
    if _LOADER is not None:
        return _LOADER
    import yaml  # noqa: PLC0415
    from yaml.composer import Composer, ComposerError
    from yaml.constructor import ConstructorError, SafeConstructor
    from yaml.events import AliasEvent, ScalarEvent
    from yaml.resolver import Resolver
    try:
        from yaml.cyaml import CParser as Parser
        bases = (Parser,)
    except ImportError:  # pragma: no cover - PyYAML without libyaml
        from yaml.parser import Parser
        from yaml.reader import Reader
        from yaml.scanner import Scanner
        bases = (Reader, Scanner, Parser)

    class LimitedComposer(Composer):
        """Composes nodes in Python (libyaml's own composer crashes on deep nesting), counting depth
        and the values aliases add."""

        def compose_node(self, parent, index):
            if self.check_event(AliasEvent):
                event = self.peek_event()
                node = self.anchors.get(event.anchor)
                if node is not None:
                    size = self._sizes.get(id(node))
                    if size is None:
                        raise ComposerError(None, None, f"the alias *{cut(event.anchor, 40)} refers to a value "
                                                        "that contains it", event.start_mark)
                    self._expanded += size
                    self._aliased += size
                    if self._aliased > MAX_ALIAS_VALUES:
                        raise ComposerError(None, None, f"aliases repeat more than {MAX_ALIAS_VALUES} values "
                                                        "(write the data out instead)", event.start_mark)
                return super().compose_node(parent, index)
            scalar = self.check_event(ScalarEvent)
            if not scalar:
                self._depth += 1
                if self._depth > MAX_DEPTH:
                    raise ComposerError(None, None, f"nested more than {MAX_DEPTH} deep", self.peek_event().start_mark)
            before = self._expanded
            node = super().compose_node(parent, index)
            self._expanded += 1
            if not scalar:
                self._depth -= 1
            self._sizes[id(node)] = self._expanded - before
            return node

    class CheckingConstructor(SafeConstructor):
        def construct_yaml_int(self, node):
            try:
                return super().construct_yaml_int(node)
            except ValueError:  # thousands of digits: int() refuses them
                raise ConstructorError(None, None, f"a number of {len(node.value)} characters is too long",
                                       node.start_mark) from None

        def construct_mapping(self, node, deep=False):
            seen: dict = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge" or not isinstance(key_node, yaml.ScalarNode):
                    continue
                key = self.construct_object(key_node)
                try:
                    first = seen.get(key)
                except TypeError:
                    continue
                if first is not None:
                    self.duplicates.append(Problem(
                        f"{self.source}:{key_node.start_mark.line + 1}", None, key if isinstance(key, str) else excerpt(key),
                        f"key given twice in one mapping (first at line {first}); remove one"))
                else:
                    seen[key] = key_node.start_mark.line + 1
            return super().construct_mapping(node, deep)

    CheckingConstructor.add_constructor("tag:yaml.org,2002:int", CheckingConstructor.construct_yaml_int)

    class Loader(LimitedComposer, *bases, CheckingConstructor, Resolver):
        def __init__(self, stream):
            for base in bases:
                base.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self._depth = self._expanded = self._aliased = 0
            self._sizes: dict = {}
            self.duplicates: list = []
            self.source = "?"

    _LOADER = Loader
    return Loader


def classify(data) -> str:
    if isinstance(data, dict):
        if data.get("game", "capeclash") != "capeclash":
            return "other_game"  # another ruleset's data (``game: dice``): its own module checks it
        if "rulebook" in data:
            return "rulebook"  # rulebook source text for print and the browser
        if "scenario" in data:
            return "scenario"
        if "tutorial" in data and "lessons" in data:
            return "tutorial"  # the guided first game (engine.tutorial)
        if "main" in data and "cards" in data:
            return "deck"
        if "cards" in data or "teams" in data:
            return "cards"
    return "unknown"


def data_files(paths) -> list[Path]:
    out = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out += sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml", ".json", ".txt")
                          and x.is_file() and not x.name.startswith("."))
        elif p.exists():
            out.append(p)
        else:
            raise DataError([Problem(str(p), None, None, "no such file or folder")])
    return out


def raw_card_data(paths) -> tuple[list[dict], list[dict]]:
    """The cards and teams of every card file under ``paths`` as plain data (for a JSON bundle)."""
    cards: list[dict] = []
    teams: list[dict] = []
    for f in data_files(paths):
        if f.suffix == ".txt":
            continue
        data, _ = read_data(f)
        if classify(data) == "cards":
            cards += data.get("cards") or []
            teams += data.get("teams") or []
    return cards, teams


def load_pool(paths, *, problems_out: list | None = None, cache: dict | None = None) -> CardPool:
    """Load every card file under ``paths`` into one pool. Raises DataError with all problems.
    ``cache`` (a dict) keeps each file's parsed data for the caller, so it is read only once."""
    cards: dict = {}
    teams: dict = {}
    problems: list[Problem] = []
    partial: list = []
    for f in data_files(paths):
        if f.suffix == ".txt":
            continue
        try:
            dups: list[Problem] = []
            data, lines = read_data(f, dups)
        except DataError as e:
            problems += e.problems
            if cache is not None:
                cache[f] = e
            continue
        if cache is not None:
            cache[f] = (data, lines)
        problems += dups
        if classify(data) != "cards":
            continue
        items = data.get("cards") or []
        with _no_gc():
            defs, probs = parse_cards(items, file=str(f), partial=partial)
        where = _line_index(f, items, lines)
        for p in probs:
            p.file = where.get(_key(p.card), str(f))
        problems += probs
        for cid, d in defs.items():
            if cid in cards:
                problems.append(Problem(where.get(cid, str(f)), cid, "id",
                                        f"duplicate card id (also in {cards[cid].source})"))
            else:
                cards[cid] = d
        tmap, tprobs = parse_teams(data.get("teams") or [], file=str(f))
        teams.update(tmap)
        problems += tprobs
    pool = CardPool(cards, teams)
    cross = check_pool(pool, partial)
    file_of: dict = {}
    for q in problems:
        if q.file and _key(q.card) is not None:
            file_of.setdefault(_key(q.card), q.file)
    for p in cross:  # give cross-card problems the same file:line as the card's other problems
        p.file = file_of.get(_key(p.card), p.file)
    problems += cross
    if problems_out is not None:
        problems_out += problems
        return pool
    if problems:
        raise DataError(problems)
    return pool


def _key(card):
    """A card reference usable as a dict key (None for anything else)."""
    return card if isinstance(card, (str, int)) else None


def _line_index(f: Path, items, lines: dict[int, int]) -> dict:
    """``file:line`` of each card of a file, by id and by name (the first card that has it).
    Built once per file: looking each problem's card up in the list would cost problems x cards."""
    out: dict = {}
    if isinstance(items, list):
        for i, it in enumerate(items):
            if isinstance(it, dict) and i in lines:
                for k in (it.get("id"), it.get("name")):
                    if _key(k) is not None:
                        out.setdefault(k, f"{f}:{lines[i]}")
    return out


def load_deck(path: str | Path, pool: CardPool) -> Deck:
    """Read a deck file (YAML or text), resolve names and check the deck-building rules."""
    path = Path(path)
    if path.suffix == ".txt":
        deck = Deck.from_text(read_text(path), source=str(path))
    else:
        data, _ = read_data(path)
        deck = Deck.from_data(data, source=str(path))
    if not deck.name:
        deck.name = path.stem
    return check_deck(pool, deck, str(path))


def find_deck(ref: str, pool: CardPool, root: str | Path = "card_data") -> Deck:
    """A deck by file path, or by file stem under ``root`` (e.g. 'test-blaze')."""
    p = Path(ref)
    if p.exists():
        return load_deck(p, pool)
    for f in data_files([root]):
        if f.stem == ref and f.suffix in (".yaml", ".yml", ".txt"):
            data = None
            if f.suffix != ".txt":
                data, _ = read_data(f)
                if classify(data) != "deck":
                    continue
            return load_deck(f, pool)
    raise DeckError([Problem(ref, None, None, "no deck file with that path or name")])


def _other_game_problems(f: Path, data: dict) -> list[Problem]:
    """Problems in a data file of another ruleset: ``engine.<game>.data.validate_file(path, data)``."""
    import importlib
    game = str(data["game"])
    try:
        mod = importlib.import_module(f"engine.{game}.data")
    except ModuleNotFoundError:
        return [Problem(str(f), None, "game", f"unknown game {game!r} (no module engine.{game}.data)")]
    try:
        return list(mod.validate_file(f, data))
    except DataError as e:
        return e.problems
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as e:
        # that game's checker met a value of a kind it did not expect: still a problem in this file
        return [Problem(str(f), None, None, f"could not be checked: a value of the wrong kind somewhere "
                                            f"({type(e).__name__}: {cut(str(e), 120)})")]


def validate(paths) -> tuple[list[Problem], dict]:
    """Check every card, deck and scenario file under ``paths``. Returns (problems, counts)."""
    problems: list[Problem] = []
    counts = {"files": 0, "cards": 0, "decks": 0, "scenarios": 0}
    try:
        files = data_files(paths)
    except DataError as e:
        return e.problems, counts
    if not files:
        where = ", ".join(str(p) for p in paths) or "."
        return [Problem(where, None, None, "no card, deck or scenario files found (.yaml, .yml, .json "
                                           "or .txt)")], counts
    parsed: dict = {}
    pool = load_pool(paths, problems_out=problems, cache=parsed)
    counts["cards"] = len(pool)
    counts["files"] = len(files)
    for f in files:
        try:
            if f.suffix == ".txt":
                deck = Deck.from_text(read_text(f), name=f.stem, source=str(f))
                kind = "deck"
            else:
                got = parsed.get(f)
                if isinstance(got, DataError):
                    continue  # already reported by load_pool
                data, _ = got if got is not None else read_data(f)
                kind = classify(data)
                if kind == "deck":
                    deck = Deck.from_data(data, source=str(f))
                elif kind == "other_game":
                    counts["other"] = counts.get("other", 0) + 1
                    problems += _other_game_problems(f, data)
                    continue
                elif kind == "rulebook":
                    if not isinstance(data.get("sections"), list):
                        problems.append(Problem(str(f), None, "sections", "a rulebook file needs a 'sections:' list"))
                    continue
                elif kind == "tutorial":
                    from .tutorial import check_tutorial
                    counts["tutorials"] = counts.get("tutorials", 0) + 1
                    problems += check_tutorial(data, pool, str(f))
                    continue
                elif kind == "unknown":
                    problems.append(Problem(str(f), None, None, "not a card, deck or scenario file "
                                                                "(expected a 'cards:', 'main:' or 'scenario:' key)"))
                    continue
            if kind == "deck":
                counts["decks"] += 1
                deck = deck.resolve(pool, str(f))
                problems += deck.problems + deck_problems(pool, deck, str(f))
            elif kind == "scenario":
                counts["scenarios"] += 1
                from .scenario import check_scenario
                problems += check_scenario(data, pool, str(f))
        except DataError as e:
            problems += e.problems
    unique, seen = [], set()
    for p in problems:
        if str(p) not in seen:
            seen.add(str(p))
            unique.append(p)
    return unique, counts

