"""One module per keyword of the glossary (Core Rulebook 5.2, Glossary of Terms and Keywords).

Each module names its keyword (`NAME`) and registers a `KeywordRule` (`RULE`, base.py): its
compile step (card data to `Op`s), the effects it runs on resolution, its default target and the
facts the rest of the engine asks of it. rules.core.engine.registry lists every module; a new
keyword is one file here, its line there, and its test (docs/architecture.md).
"""
