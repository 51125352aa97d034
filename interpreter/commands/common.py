"""What several commands share: naming a variant and reporting why it cannot be loaded."""

from __future__ import annotations

from interpreter.commands.environment import Env
from interpreter.loader import RuleFileError, load_ruleset, resolve_variant
from interpreter.ruleset import Ruleset


def load_variant(variant: str, env: Env) -> Ruleset | None:
    """The ruleset named by `variant` (a bundled name or a path), or None after printing why not."""
    try:
        return load_ruleset(resolve_variant(variant, env.cwd))
    except RuleFileError as error:
        for diagnostic in error.diagnostics:
            env.stderr.write(diagnostic.format() + "\n")
        return None
