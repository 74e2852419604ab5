"""Reading data files: YAML (with PyYAML, imported only when a YAML file is read) or JSON (standard
library), with limits that keep a small hostile file cheap, and line numbers for error messages.
Both games read their cards, decks, scenarios and saves through this module."""

from __future__ import annotations

import gc
import json
import re
from contextlib import contextmanager
from pathlib import Path

from engine.core.errors import DataError, Problem, cut, excerpt

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


def read_data(path: str | Path, problems: list | None = None) -> tuple[object, Lines]:
    """Parse a YAML or JSON file. Returns the data and its ``Lines``: the line of each item of the
    top-level ``cards:`` list (``lines[i]``) and of every other value (``lines.at(path)``), for error
    messages. Raises DataError on a syntax error, a key given twice in one mapping, nesting deeper
    than MAX_DEPTH or aliases that repeat too much; with ``problems`` (a list), duplicate keys are
    added to it instead and the data (last value wins) is returned."""
    path = Path(path)
    text = read_text(path)
    if path.suffix == ".json":
        data = loads_json(text, str(path))
        with _no_gc():
            return data, Lines(_json_tree(text))
    data, node, dups = parse_yaml(text, str(path))
    if dups:
        if problems is None:
            raise DataError(dups)
        problems += dups
    with _no_gc():
        return data, Lines(_yaml_tree(node))


# ------------------------------------------------------------------ line numbers of values
#
# A file's "line tree" mirrors its data: each value is ``(line, children)``, children being a dict
# (key -> value) for a mapping, a list for a list and None for a plain value. A mapping's value carries
# the line of its key (``gain:`` rather than the first line of what follows it), a list item the line
# where it starts. Problems name their field as a path (``powers[0].effect[1].gain.atk``);
# ``Lines.at`` walks that path down the tree, so each problem points at its field's own line.

_FIELD_PART = re.compile(r"\[(\d+)\]|([^.\[\]]+)")


def field_path(field) -> list:
    """A problem's field as a path: ``"powers[0].effect"`` -> ``["powers", 0, "effect"]``."""
    if not isinstance(field, str):
        return []
    return [int(m.group(1)) if m.group(1) is not None else m.group(2) for m in _FIELD_PART.finditer(field)]


class Lines(dict):
    """Line numbers of a data file. As a dict: the line of each item of the top-level ``cards:`` list
    by its index. ``at(path)``: the line of any value, or of the nearest enclosing value that exists."""

    __slots__ = ("tree",)

    def __init__(self, tree=None):
        super().__init__()
        self.tree = tree
        if tree is not None and isinstance(tree[1], dict):
            cards = tree[1].get("cards")
            if cards is not None and isinstance(cards[1], list):
                self.update((i, item[0]) for i, item in enumerate(cards[1]))

    def at(self, path, keys=()) -> int | None:
        """The line of the value at ``path`` (a list of keys and indexes); where the path leaves the
        file (a field that is missing, an index into a single value the checker took as a list of
        one), the line of the last value that exists. With ``keys``, and when the whole path exists
        and is a mapping holding one of them, the line of that key (a deck's ``cards: {NAME: count}``)."""
        node = self.tree
        if node is None:
            return None
        for part in path:
            kids = node[1]
            if isinstance(part, int) and isinstance(kids, list):
                if not 0 <= part < len(kids):
                    return node[0]
                node = kids[part]
            elif isinstance(kids, dict) and str(part) in kids:
                node = kids[str(part)]
            elif part == 0 and not isinstance(kids, list):
                continue  # a single value where a list may be written: the value is item 0
            else:
                return node[0]
        if isinstance(node[1], dict):
            for k in keys:
                if str(k) in node[1]:
                    return node[1][str(k)][0]
        return node[0]

    def locate(self, problems, file: str, base=(), *, by_card=None) -> None:
        """Give each problem of ``file`` (its ``file`` is exactly ``file``: one that already names
        a line is left alone) the line of its field: ``file:LINE``. ``base`` is the path of the value
        the fields are relative to (a card: ``["cards", 3]``). ``by_card`` (a function: a problem's
        card -> the keys it may be written as), for a problem that names a card: the line of that
        card's key under its field, when there is one (a deck's card counts)."""
        if self.tree is None:
            return
        for p in problems:
            if p.file != file:
                continue
            keys = by_card(p.card) if by_card is not None and p.card is not None else ()
            line = self.at([*base, *field_path(p.field)], keys)
            if line is not None:
                p.file = f"{file}:{line}"


def _yaml_tree(root):
    """The line tree of a composed YAML document (iterative: the depth limit is checked elsewhere,
    but a walk without recursion costs no stack at all). A value that aliases an anchored one is
    walked once and shared."""
    if root is None:
        return None
    done: dict = {}

    def make(node, line):
        if type(node).__name__ == "MappingNode":
            kids: dict | list | None = {}
        elif isinstance(node.value, list):
            kids = []
        else:
            kids = None
        return (line, kids)

    top = make(root, root.start_mark.line + 1)
    stack = [(root, top[1])] if top[1] is not None else []
    done[id(root)] = top
    while stack:
        node, kids = stack.pop()
        if isinstance(kids, dict):
            pairs = [(k, v, k.start_mark.line + 1) for k, v in node.value]
        else:
            pairs = [(None, v, v.start_mark.line + 1) for v in node.value]
        for k, v, line in pairs:
            shared = done.get(id(v))
            if shared is not None:
                entry = (line, shared[1])
            else:
                entry = make(v, line)
                done[id(v)] = entry
                if entry[1] is not None:
                    stack.append((v, entry[1]))
            if isinstance(kids, dict):
                if isinstance(k.value, str):  # (a later key wins, as in the data: a merge's own keys)
                    kids[k.value] = entry
            else:
                kids.append(entry)
    return top


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|[^\s,:\[\]{}"]+')


def _json_tree(text: str):
    """The line tree of JSON text that ``loads_json`` has already accepted (so it is well formed)."""
    text = text.lstrip("\ufeff")
    root = None
    stack: list = []  # [children, pending key, its line]
    line, pos = 1, 0
    for m in _JSON_TOKEN.finditer(text):
        start = m.start()
        line += text.count("\n", pos, start)
        pos = start
        tok = m.group()
        if tok in "]}":
            stack.pop()
            continue
        top = stack[-1] if stack else None
        if top is not None and isinstance(top[0], dict) and top[1] is None:
            top[1], top[2] = json.loads(tok), line  # a key
            continue
        kids: dict | list | None = {} if tok == "{" else [] if tok == "[" else None
        entry = (line, kids)
        if top is None:
            root = entry
        elif isinstance(top[0], dict):
            top[0].setdefault(str(top[1]), (top[2], kids))
            top[1] = None
        else:
            top[0].append(entry)
        if kids is not None:
            stack.append([kids, None, 0])
    return root


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
        bases: tuple = (Parser,)
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

    class Loader(LimitedComposer, *bases, CheckingConstructor, Resolver):  # type: ignore[misc]  # bases: libyaml or Python
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


def art_problem(art) -> str | None:
    """What is wrong with a card's ``art:`` field (``{icon: NAME}``, a game-icons.net icon name: lower
    case, digits and dashes), or None; both games' cards name their pictures this way."""
    if isinstance(art, dict) and set(art) == {"icon"} and isinstance(art["icon"], str) and art["icon"] \
            and all(ch.islower() or ch.isdigit() or ch == "-" for ch in art["icon"]):
        return None
    return (f"is {{icon: NAME}} with a game-icons.net icon name such as 'flame' "
            f"(lower case, digits and dashes), not {art!r}")


def data_files(paths) -> list[Path]:
    """The data files of ``paths`` (files, and the .yaml, .yml, .json and .txt files of folders), each
    once: a folder given twice, or a folder and one inside it, do not read a file twice (its cards
    would clash with themselves)."""
    out = []
    seen: set = set()
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found = sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml", ".json", ".txt")
                           and x.is_file() and not x.name.startswith("."))
        elif p.exists():
            found = [p]
        else:
            raise DataError([Problem(str(p), None, None, "no such file or folder")])
        for x in found:
            key = x.resolve()
            if key not in seen:
                seen.add(key)
                out.append(x)
    return out


