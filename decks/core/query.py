"""The card search language (docs/search.md), parsed into a small syntax tree.

Pure Python: decks.selectors turns the tree into a database filter. The grammar:

    query   := or_expr
    or_expr := and_expr ("or" and_expr)*
    and_expr:= unary (["and"] unary)*
    unary   := "-" unary | atom
    atom    := "(" or_expr ")" | filter | "quoted phrase" | word
    filter  := key (":" | "=" | "!=" | "<" | "<=" | ">" | ">=") value
"""

import re
from dataclasses import dataclass

from rules.core.game_cards import GRAND_ARCHIVE_TYPES, TITANS_SPECIES, TITANS_TYPES
from rules.core.games import GAMES

MAX_QUERY_LENGTH = 500
MAX_TERMS = 50
MAX_NESTING = 10  # parentheses inside parentheses

# key -> (canonical field, kind). "number" fields take comparisons; the others take ":" or "=".
FIELDS: dict[str, tuple[str, str]] = {
    "t": ("type", "choice"),
    "type": ("type", "choice"),
    "chi": ("chi", "number"),
    "c": ("chi", "number"),
    "hp": ("hp", "number"),
    "aura": ("aura", "number"),
    "er": ("energy_reduction", "number"),
    "reduction": ("energy_reduction", "number"),
    "aff": ("affiliation", "word"),
    "a": ("affiliation", "word"),
    "affiliation": ("affiliation", "word"),
    "world": ("world", "word"),
    "w": ("world", "word"),
    "kw": ("keyword", "word"),
    "keyword": ("keyword", "word"),
    "k": ("keyword", "word"),
    "speed": ("speed", "choice"),
    "cost": ("cost", "choice"),
    "set": ("set", "word"),
    "s": ("set", "word"),
    "name": ("name", "text"),
    "n": ("name", "text"),
    "text": ("text", "text"),
    "o": ("text", "text"),
    "source": ("source", "choice"),
    "is": ("is", "choice"),
    # A champion's name or slug: cards a timeline for it may hold (decks.selectors).
    "legal": ("legal", "word"),
    # Every game (docs/search.md, Games): which game, and other games' fields. `cost` with a
    # number or a comparison is a card's cost (Grand Archive, Titans of Eden); with a word it is
    # a Genesis ability's cost kind, as before.
    "game": ("game", "choice"),
    "g": ("game", "choice"),
    "level": ("level", "number"),
    "lv": ("level", "number"),
    "power": ("power", "number"),
    "pow": ("power", "number"),
    "class": ("class", "word"),
    "element": ("element", "word"),
    "el": ("element", "word"),
    "species": ("species", "choice"),
    "supertype": ("supertype", "choice"),
    # Directives, not filters: how the results are sorted (`sorting`).
    "order": ("order", "choice"),
    "direction": ("direction", "choice"),
    "dir": ("direction", "choice"),
}
DIRECTIVES = ("order", "direction")
CHOICES: dict[str, tuple[str, ...]] = {
    "type": ("champion", "spell", "technique", "summon", "alteration", "enchantment"),
    # Other games' types, tried when a value matches no Genesis type (so Genesis prefixes such
    # as `t:su` keep their meaning): Grand Archive's, then Titans of Eden's.
    "other_type": tuple(t for t in (*GRAND_ARCHIVE_TYPES, *TITANS_TYPES) if t != "champion"),
    "game": tuple(GAMES),
    "species": TITANS_SPECIES,
    "supertype": ("regalia", "unique"),
    "speed": ("action", "swift", "immediate", "trigger", "continuous"),
    "cost": ("aura", "energy", "hp", "exert", "discard"),
    "source": ("rulebook", "demo", "custom"),
    # Placeholder: a card a source names without revealing all of it (its `unrevealed` fields).
    "is": ("placeholder",),
    "order": ("name", "chi", "type", "hp"),
    "direction": ("asc", "desc"),
}
OPERATORS = ("<=", ">=", "!=", ":", "=", "<", ">")


class QueryError(ValueError):
    """A query that cannot be read. `token` is the offending piece, `position` its offset."""

    def __init__(self, message: str, token: str = "", position: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.token = token
        self.position = position


@dataclass(frozen=True)
class Word:
    """Free text: matches card names and text (a quoted phrase is one Word)."""

    text: str


@dataclass(frozen=True)
class Filter:
    field: str
    op: str
    value: str | int


@dataclass(frozen=True)
class Not:
    node: "Node"


@dataclass(frozen=True)
class And:
    nodes: tuple["Node", ...]


@dataclass(frozen=True)
class Or:
    nodes: tuple["Node", ...]


Node = Word | Filter | Not | And | Or

_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<lparen>\()
  | (?P<rparen>\))
  | (?P<filter>(?P<key>[A-Za-z_]+)(?P<op><=|>=|!=|:|=|<|>)(?:"(?P<qvalue>[^"]*)"|(?P<value>[^\s()"]*)))
  | (?P<phrase>"(?P<ptext>[^"]*)")
  | (?P<neg>-(?=[^\s)]))
  | (?P<word>[^\s()"]+)
  | (?P<bad>.)
    """,
    re.VERBOSE,
)


@dataclass(frozen=True)
class _Token:
    kind: str
    text: str
    position: int
    node: Node | None = None


def parse(query: str) -> Node | None:
    """Parse a query; None for an empty query (which matches every card)."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryError(
            f"the query is longer than {MAX_QUERY_LENGTH} characters", "", MAX_QUERY_LENGTH
        )
    tokens = _tokenize(query)
    if not tokens:
        return None
    if sum(1 for t in tokens if t.node is not None) > MAX_TERMS:
        raise QueryError(f"the query has more than {MAX_TERMS} terms")
    _check_nesting(tokens)
    parser = _Parser(tokens)
    node = parser.or_expr()
    token = parser.peek()
    if token is not None:
        raise QueryError(f"unexpected '{token.text}'", token.text, token.position)
    return node


def _check_nesting(tokens: list[_Token]) -> None:
    """The parser recurses once per "(": bound the depth before parsing, so hundreds of "("
    are a clear refusal, not a RecursionError."""
    depth = 0
    for token in tokens:
        depth += {"lparen": 1, "rparen": -1}.get(token.kind, 0)
        if depth > MAX_NESTING:
            raise QueryError(
                f"the query nests parentheses more than {MAX_NESTING} deep",
                token.text,
                token.position,
            )


def _tokenize(query: str) -> list[_Token]:
    tokens = []
    for match in _TOKEN.finditer(query):
        kind = match.lastgroup
        text, position = match.group(0), match.start()
        if kind == "space":
            continue
        if match.group("filter") is not None:
            kind = "filter"
            tokens.append(_Token("term", text, position, _filter(match, text, position)))
        elif kind == "phrase":
            phrase = " ".join(match.group("ptext").split())
            if not phrase:
                raise QueryError("empty quotes", text, position)
            tokens.append(_Token("term", text, position, Word(phrase.casefold())))
        elif kind == "word":
            lowered = text.lower()
            if lowered in ("or", "and"):
                tokens.append(_Token(lowered, text, position))
            elif text.startswith('"') or '"' in text:
                raise QueryError("unclosed quote", text, position)
            else:
                tokens.append(_Token("term", text, position, Word(text.casefold())))
        elif kind == "bad":
            message = "unclosed quote" if text == '"' else f"unexpected character '{text}'"
            raise QueryError(message, query[position:].split()[0], position)
        else:
            assert kind is not None  # every alternative of _TOKEN is a named group
            tokens.append(_Token(kind, text, position))
    return tokens


def _filter(match: re.Match[str], text: str, position: int) -> Filter:
    key, op = match.group("key").lower(), match.group("op")
    value = match.group("qvalue") if match.group("qvalue") is not None else match.group("value")
    value = " ".join(value.split())
    if key not in FIELDS:
        known = ", ".join(sorted({k for k in FIELDS if len(k) > 1}))
        raise QueryError(f"unknown filter '{key}'; known filters: {known}", text, position)
    field, kind = FIELDS[key]
    if not value:
        raise QueryError(f"'{key}{op}' needs a value", text, position)
    if field == "cost" and (value.isdigit() or op not in (":", "=")):
        field, kind = "card_cost", "number"
    if kind == "number":
        if op == ":":
            op = "="
        if not re.fullmatch(r"\d{1,4}", value):
            raise QueryError(f"'{key}' needs a whole number, got '{value}'", text, position)
        return Filter(field, op, int(value))
    if op not in (":", "="):
        raise QueryError(f"'{key}' can only be matched with ':' (got '{op}')", text, position)
    value = value.casefold()
    if kind == "choice":
        choices = CHOICES[field]
        matches = [c for c in choices if c.startswith(value)]
        if value in choices:
            matches = [value]
        if field == "type" and not matches:
            choices = choices + CHOICES["other_type"]
            matches = [c for c in CHOICES["other_type"] if c.startswith(value)]
            if value in choices:
                matches = [value]
        if len(matches) != 1:
            raise QueryError(
                f"'{key}' must be one of: {', '.join(choices)} (got '{value}')", text, position
            )
        value = matches[0]
    elif kind == "word":
        value = re.sub(r"[\s-]+", "_", value) if field == "keyword" else value
    return Filter(field, "=", value)


class _Parser:
    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.index = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> _Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def or_expr(self) -> Node:
        nodes = [self.and_expr()]
        while (token := self.peek()) is not None and token.kind == "or":
            self.take()
            following = self.peek()
            if following is None or following.kind in ("or", "and", "rparen"):
                raise QueryError("'or' needs something on both sides", token.text, token.position)
            nodes.append(self.and_expr())
        return nodes[0] if len(nodes) == 1 else Or(tuple(nodes))

    def and_expr(self) -> Node:
        nodes = [self.unary()]
        while (token := self.peek()) is not None and token.kind not in ("or", "rparen"):
            if token.kind == "and":
                self.take()
            nodes.append(self.unary())
        return nodes[0] if len(nodes) == 1 else And(tuple(nodes))

    def unary(self) -> Node:
        token = self.peek()
        if token is None:
            last = self.tokens[-1]
            raise QueryError(
                f"the query ends too soon after '{last.text}'", last.text, last.position
            )
        if token.kind == "neg":
            self.take()
            return Not(self.unary())
        if token.kind == "lparen":
            self.take()
            following = self.peek()
            if following is not None and following.kind == "rparen":
                raise QueryError("empty parentheses", "()", token.position)
            node = self.or_expr()
            closing = self.peek()
            if closing is None or closing.kind != "rparen":
                raise QueryError("missing ')'", token.text, token.position)
            self.take()
            return node
        if token.kind == "term":
            self.take()
            assert token.node is not None  # _tokenize gives every term its node
            return token.node
        raise QueryError(f"unexpected '{token.text}'", token.text, token.position)


def asks_for(node: Node | None, field: str) -> bool:
    """Whether the query names the filter `field` anywhere (negated or not)."""
    if node is None:
        return False
    if isinstance(node, Filter):
        return node.field == field
    if isinstance(node, Not):
        return asks_for(node.node, field)
    if isinstance(node, And | Or):
        return any(asks_for(part, field) for part in node.nodes)
    return False


@dataclass(frozen=True)
class Sorting:
    """`order:` and `direction:` of a query (docs/search.md, Sorting)."""

    order: str = "name"
    direction: str = "asc"


def sorting(node: Node | None) -> tuple[Node | None, Sorting]:
    """The query without its sort directives, and the sorting they ask for. A directive applies
    to the whole query, so it may not stand inside parentheses, after `-` or beside `or`."""
    found: dict[str, str] = {}

    def directive(part: Node) -> bool:
        return isinstance(part, Filter) and part.field in DIRECTIVES

    def take(part: Node) -> None:
        assert isinstance(part, Filter)
        if part.field in found:
            raise QueryError(f"'{part.field}:' is given twice", f"{part.field}:{part.value}")
        found[part.field] = str(part.value)

    rest: Node | None = node
    if node is not None and directive(node):
        take(node)
        rest = None
    elif isinstance(node, And):
        kept = []
        for part in node.nodes:
            if directive(part):
                take(part)
            else:
                kept.append(part)
        rest = None if not kept else kept[0] if len(kept) == 1 else And(tuple(kept))
    if asks_for(rest, "order") or asks_for(rest, "direction"):
        raise QueryError(
            "'order:' and 'direction:' apply to the whole query: put them outside parentheses, "
            "'-' and 'or'",
            "order:",
        )
    return rest, Sorting(found.get("order", "name"), found.get("direction", "asc"))
