"""Reading and checking a rule file: YAML with positions, extends:, the schema, the semantic
checks, the compiled Ruleset, house-rule overrides, and explain's rulebook.
"""
