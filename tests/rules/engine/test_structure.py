"""The shape of the engine's code (issue 27, finding 7): one module per keyword of the glossary,
no keyword named by a string literal outside its own module, and no function above radon's C
complexity (more than 20) without a comment saying why."""

import ast
import importlib
import keyword as python_words
from pathlib import Path

import pytest
from radon.complexity import cc_visit

from decks.core.bundled import card_set
from rules.core.engine import registry, stack
from rules.core.engine.compiler import card_spec
from rules.core.keywords import GLOSSARY

ENGINE = Path(__file__).resolve().parents[3] / "rules" / "core" / "engine"
KEYWORDS = ENGINE / "keywords"
SLUGS = {k.slug for k in GLOSSARY}
# The keyword modules' own support, which no keyword owns.
NOT_KEYWORDS = {"__init__", "base"}
# A word that is a keyword's name but means something else here, each with the reason.
OTHER_SENSES = {
    # The turn's move phase (Phase), a step of every turn, not the keyword Move.
    ("flow.py", "move"),
    # Weakness/Resistance [Attack]: a [Specific] word. attack.py runs Damage Resolution, so it
    # sits above damage.py and cannot be imported by it.
    ("damage.py", "attack"),
    # The card format's target kind "sacrifice" (rules.core.cards.TARGET_KINDS). sacrifice.py's
    # effect uses the state changes, which sit above queries.py's targeting.
    ("queries.py", "sacrifice"),
    # A Dash action's type in the game log. keywords/dash.py sits above the state, which imports
    # the actions.
    ("actions.py", "dash"),
}
LIMIT = 20  # radon's rank C ends at 20


def module_name(slug: str) -> str:
    """A keyword's module: its slug, with a trailing _ where the slug is a word of Python."""
    return f"{slug}_" if python_words.iskeyword(slug) else slug


def test_every_keyword_of_the_glossary_has_exactly_one_module_and_one_rule():
    # given: the modules of rules/core/engine/keywords/
    modules = {path.stem for path in KEYWORDS.glob("*.py")} - NOT_KEYWORDS
    # then: one per keyword of the glossary, no more, no less
    assert modules == {module_name(slug) for slug in SLUGS}
    for slug in SLUGS:
        module = importlib.import_module(f"rules.core.engine.keywords.{module_name(slug)}")
        # and each names its keyword and registers its rule once
        assert slug == module.NAME
        assert module.RULE.name == slug
        assert module.RULE.glossary.slug == slug
    assert sorted(rule.name for rule in registry.RULES) == sorted(SLUGS)
    assert len(registry.RULES) == len(SLUGS)


def test_every_step_a_card_compiles_to_has_an_effect_that_runs_it():
    # given: every ability of the bundled card sets, compiled
    kinds = {
        op.kind
        for code in ("demo", "rulebook")
        for card in card_set(code).values()
        for ability in card_spec(card).abilities
        for op in ability.effects
    }
    # then: the stack knows how to run each of its steps
    assert kinds
    assert kinds <= set(stack.EFFECTS)
    # and every keyword's own steps are run by the function its module registered
    for rule in registry.RULES:
        for kind, effect in rule.effects:
            assert stack.EFFECTS[kind] is effect


def _literal_type_strings(tree: ast.AST) -> set[int]:
    """The string constants inside `Literal[...]` types, which cannot name a constant."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            name = node.value
            if (isinstance(name, ast.Name) and name.id == "Literal") or (
                isinstance(name, ast.Attribute) and name.attr == "Literal"
            ):
                found |= {id(n) for n in ast.walk(node.slice) if isinstance(n, ast.Constant)}
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def keyword_literals(path: Path) -> list[tuple[str, int]]:
    """(keyword, line) of each string constant in `path` that is a keyword's name, outside
    docstrings and `Literal[...]` types."""
    tree = ast.parse(path.read_text())
    skipped = _docstrings(tree) | _literal_type_strings(tree)
    return [
        (node.value, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in SLUGS
        and id(node) not in skipped
    ]


def test_the_scan_finds_a_keyword_named_by_a_string_literal(tmp_path):
    # given: a module that names Flight by a string
    source = tmp_path / "sample.py"
    source.write_text(
        '"""flight"""\nfrom typing import Literal\nA: Literal["stun"]\nB = has(st, p, "flight")\n'
    )
    # then: the scan finds it, and not the docstring or the Literal type
    assert keyword_literals(source) == [("flight", 4)]


def test_no_keyword_is_named_by_a_string_literal_outside_its_own_module():
    # given: every module of the engine
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        own = path.stem.removesuffix("_") if path.parent == KEYWORDS else None
        for word, line in keyword_literals(path):
            if word != own and (path.name, word) not in OTHER_SENSES:
                found.append(f"{path.relative_to(ENGINE)}:{line}: {word!r}")
    # then: none names a keyword but its own module (use the module's NAME)
    assert found == []


def _functions(blocks):
    for block in blocks:
        if hasattr(block, "methods"):  # a class
            yield from _functions(block.methods)
        else:
            yield block
            yield from _functions(block.closures)


def _says_why(lines: list[str], block) -> bool:
    """A `# complexity:` comment in the comment block above the function (or its decorators) or
    in its body."""
    body = lines[block.lineno - 1 : block.endline]
    above = []
    index = block.lineno - 2
    while index >= 0 and lines[index].strip().startswith(("#", "@")):
        above.append(lines[index])
        index -= 1
    return any("# complexity:" in line for line in (*above, *body))


def complex_functions(path: Path) -> list[str]:
    """The functions of `path` above radon's C with no comment saying why."""
    source = path.read_text()
    lines = source.splitlines()
    # radon lists a class's methods both in the class and on their own: each is reported once.
    found = {
        f"{path.name}:{block.lineno} {block.name} ({block.complexity})": None
        for block in _functions(cc_visit(source))
        if block.complexity > LIMIT and not _says_why(lines, block)
    }
    return list(found)


def test_the_complexity_check_finds_a_function_above_c(tmp_path):
    # given: a function of 21 branches, and the same one with a reason
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(21))
    bare = tmp_path / "bare.py"
    bare.write_text(f"def f(x):\n{branches}    return -1\n")
    said = tmp_path / "said.py"
    said.write_text(f"# complexity: a table.\ndef f(x):\n{branches}    return -1\n")
    # then: only the bare one is reported
    assert complex_functions(bare) == ["bare.py:1 f (22)"]
    assert complex_functions(said) == []


@pytest.mark.parametrize(
    "path", sorted(ENGINE.rglob("*.py")), ids=lambda p: str(p.relative_to(ENGINE))
)
def test_no_engine_function_is_above_radon_c_without_a_comment_saying_why(path):
    assert complex_functions(path) == []
