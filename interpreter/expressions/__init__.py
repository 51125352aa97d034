"""The expression language of conditions and formulas: its grammar (expression.lark), the compiler
to callables, and the words that describe an expression to people.
"""
