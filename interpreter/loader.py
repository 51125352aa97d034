"""The documented place to load a rule file from a script: `load_ruleset(path)` and
`load_ruleset_text(text)` (docs/engine.md). The loader itself is interpreter/rulefile/loader.py."""

from interpreter.rulefile.loader import check_file, load_ruleset, load_ruleset_text, resolve_variant
from interpreter.text.diagnostics import RuleFileError

__all__ = ["RuleFileError", "check_file", "load_ruleset", "load_ruleset_text", "resolve_variant"]
