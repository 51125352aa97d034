"""`domino completion bash|zsh|fish`: a shell completion script, generated from the command's own
argparse parser (so it always knows every subcommand, option and choice) and the bundled variants.

    source <(domino completion bash)                           # bash, in ~/.bashrc
    domino completion zsh > "${fpath[1]}/_domino"               # zsh, then restart it
    domino completion fish > ~/.config/fish/completions/domino.fish
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.resources import bundled_variants, doc_topics

SHELLS = ("bash", "zsh", "fish")
# Positionals and options whose value is a variant (a bundled name or a rule file), or a file.
_VARIANT_DESTS = {"variant", "diff"}
_FILE_METAVARS = {"FILE", "PATH", "LOG", "DIR"}
_FILE_DESTS = {"paths", "file", "log", "rules", "save", "state_dir"}


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "completion",
        help="print a shell completion script",
        description="Print a completion script for bash, zsh or fish: subcommands, options, their choices and "
        "the bundled variants complete with Tab.",
        # Each command on a line of its own, so that a narrow terminal wraps none inside it.
        epilog="install in bash:\n"
        "  echo 'source <(domino completion bash)' >> ~/.bashrc\n"
        "install in zsh, with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc:\n"
        "  domino completion zsh > ~/.zfunc/_domino\n"
        "install in fish:\n"
        "  domino completion fish > ~/.config/fish/completions/domino.fish",
    )
    parser.add_argument("shell", choices=SHELLS, help="the shell")
    parser.set_defaults(run=run)


@dataclass
class Option:
    flags: list[str]
    help: str
    takes_value: bool
    choices: list[str] = field(default_factory=list)
    kind: str = ""  # "variant", "file" or "" (a value to type)


@dataclass
class Command:
    name: str
    help: str
    options: list[Option]
    positionals: list[tuple[str, str, str]]  # (metavar, nargs, kind: "variant", "file", "choice:a b", "")


def _kind(action: argparse.Action) -> str:
    if action.choices:
        return "choice:" + " ".join(str(c) for c in action.choices)
    if action.dest == "topic":  # `domino docs`: a page, checked by the command (no argparse choices: did-you-mean)
        return "choice:" + " ".join(doc_topics())
    if action.dest in _VARIANT_DESTS:
        return "variant"
    if action.dest in _FILE_DESTS or str(action.metavar or "").upper() in _FILE_METAVARS:
        return "file"
    return ""


def _help(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    try:
        text = parser._get_formatter()._expand_help(action)
    except (ValueError, KeyError, TypeError):
        text = action.help
    text = " ".join(text.split())
    return text if len(text) <= 70 else text[:67].rsplit(" ", 1)[0] + "..."


def describe(parser: argparse.ArgumentParser) -> tuple[list[Option], list[Command]]:
    """The top-level options, and every subcommand with its options and positionals."""
    top: list[Option] = []
    commands: list[Command] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                options = [_option(sub, a) for a in sub._actions if a.option_strings]
                plain = [a for a in sub._actions if not a.option_strings]
                positionals = [(str(a.metavar or a.dest), str(a.nargs or ""), _kind(a)) for a in plain]
                commands.append(Command(name, helps.get(name, ""), options, positionals))
        elif action.option_strings:
            top.append(_option(parser, action))
    return top, commands


def _option(parser: argparse.ArgumentParser, action: argparse.Action) -> Option:
    takes_value = action.nargs != 0
    kind = _kind(action) if takes_value else ""
    choices = kind.removeprefix("choice:").split() if kind.startswith("choice:") else []
    return Option(list(action.option_strings), _help(parser, action), takes_value, choices, "" if choices else kind)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    top, commands = describe(args.fresh_parser())
    variants = list(bundled_variants())
    script = {"bash": bash, "zsh": zsh, "fish": fish}[args.shell](top, commands, variants)
    env.stdout.write(script)
    return ExitStatus.OK


# --- bash ------------------------------------------------------------------------------------


def bash(top: list[Option], commands: list[Command], variants: list[str]) -> str:
    cases = []
    for command in commands:
        values = [o for o in command.options if o.takes_value]
        value_cases = []
        for option in values:
            pattern = "|".join(option.flags)
            if option.choices:
                action = f'COMPREPLY=($(compgen -W "{" ".join(option.choices)}" -- "$cur"))'
            elif option.kind == "variant":
                action = "_domino_variants"
            elif option.kind == "file":
                action = "_domino_files"
            else:
                action = ":"  # a value to type: nothing to offer
            value_cases.append(f"                {pattern}) {action}; return ;;")
        flags = " ".join(flag for option in command.options for flag in option.flags)
        kinds = {kind for _, _, kind in command.positionals}
        if "variant" in kinds:
            positional = "_domino_variants"
        elif "file" in kinds:
            positional = "_domino_files"
        elif any(k.startswith("choice:") for k in kinds):
            words = " ".join(k.removeprefix("choice:") for k in kinds if k.startswith("choice:"))
            positional = f'COMPREPLY=($(compgen -W "{words}" -- "$cur"))'
        else:
            positional = ":"
        cases.append(
            f"        {command.name})\n"
            f'            case "$prev" in\n' + "".join(line + "\n" for line in value_cases) + "            esac\n"
            f'            if [[ $cur == -* ]]; then\n'
            f'                COMPREPLY=($(compgen -W "{flags}" -- "$cur"))\n'
            "            else\n"
            f"                {positional}\n"
            "            fi\n"
            "            ;;"
        )
    names = " ".join(c.name for c in commands)
    top_flags = " ".join(flag for option in top for flag in option.flags)
    return f"""\
# bash completion for domino; generated by `domino completion bash`.
# Install: echo 'source <(domino completion bash)' >> ~/.bashrc

_domino_variants() {{
    COMPREPLY=($(compgen -W "{" ".join(variants)}" -- "$cur"))
    _domino_files
}}

_domino_files() {{
    compopt -o filenames 2>/dev/null
    local IFS=$'\\n'
    COMPREPLY+=($(compgen -f -- "$cur"))
}}

_domino() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    local command="" i
    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${{COMP_WORDS[i]}}" in
            -*) ;;
            *) command="${{COMP_WORDS[i]}}"; break ;;
        esac
    done
    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "{top_flags}" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "{names}" -- "$cur"))
        fi
        return
    fi
    case "$command" in
{chr(10).join(cases)}
    esac
}}

complete -F _domino domino
"""


# --- zsh -------------------------------------------------------------------------------------


def _zsh_text(text: str, escaped: str = "[]:\\") -> str:
    """`text` inside a single-quoted _arguments spec: the characters in `escaped` behind a backslash
    (in an option's [description] only the brackets matter; in a message also the colons)."""
    text = "".join(f"\\{char}" if char in escaped else char for char in text)
    return text.replace("'", "'\\''")


def _zsh_action(kind: str, choices: list[str]) -> str:
    if choices:
        return f"({' '.join(choices)})"
    return {"variant": "_domino_variants", "file": "_files"}.get(kind, " ")


def _zsh_option(option: Option) -> str:
    description = f"[{_zsh_text(option.help, '[]')}]"
    tail = f":{_zsh_text(option.flags[-1].lstrip('-'))}:{_zsh_action(option.kind, option.choices)}"
    tail = tail if option.takes_value else ""
    if len(option.flags) == 1:
        return f"'{option.flags[0]}{description}{tail}'"
    exclusive = f"({' '.join(option.flags)})"
    return f"'{exclusive}'{{{','.join(option.flags)}}}'{description}{tail}'"


def zsh(top: list[Option], commands: list[Command], variants: list[str]) -> str:
    described = "\n".join(f"        '{c.name}:{_zsh_text(c.help)}'" for c in commands)
    cases = []
    for command in commands:
        specs = [_zsh_option(o) for o in command.options]
        for number, (metavar, nargs, kind) in enumerate(command.positionals, start=1):
            choices = kind.removeprefix("choice:").split() if kind.startswith("choice:") else []
            action = _zsh_action(kind, choices)
            if nargs in ("+", "*"):
                specs.append(f"'*:{_zsh_text(metavar.lower())}:{action}'")
            else:
                optional = ":" if nargs == "?" else ""
                specs.append(f"'{number}:{optional}{_zsh_text(metavar.lower())}:{action}'")
        body = " \\\n                ".join(specs)
        cases.append(f"            {command.name})\n                _arguments -s {body}\n                ;;")
    top_specs = " \\\n        ".join(_zsh_option(o) for o in top)
    return f"""\
#compdef domino
# zsh completion for domino; generated by `domino completion zsh`.
# Install: domino completion zsh > ~/.zfunc/_domino, with fpath=(~/.zfunc $fpath) before compinit.

_domino_variants() {{
    _alternative \\
        'variants:bundled variant:({" ".join(variants)})' \\
        'files:rule file:_files -g "*.(yaml|yml)"'
}}

_domino() {{
    local context state state_descr line
    typeset -A opt_args
    local -a commands
    commands=(
{described}
    )
    _arguments -C \\
        {top_specs} \\
        '1:command:->command' \\
        '*::argument:->argument'
    case $state in
        command)
            _describe -t commands 'domino command' commands
            ;;
        argument)
            case $words[1] in
{chr(10).join(cases)}
            esac
            ;;
    esac
}}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _domino "$@"
else
    compdef _domino domino
fi
"""


# --- fish ------------------------------------------------------------------------------------


def _fish_text(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish_option(condition: str, option: Option, variants: list[str]) -> str:
    parts = ["complete -c domino", f"-n {_fish_text(condition)}"]
    for flag in option.flags:
        parts.append(f"-l {flag[2:]}" if flag.startswith("--") else f"-s {flag[1:]}")
    if option.takes_value:
        if option.choices:
            parts.append(f"-x -a {_fish_text(' '.join(option.choices))}")
        elif option.kind == "variant":
            parts.append(f"-r -F -a {_fish_text(' '.join(variants))}")
        elif option.kind == "file":
            parts.append("-r -F")
        else:
            parts.append("-x")
    if option.help:
        parts.append(f"-d {_fish_text(option.help)}")
    return " ".join(parts)


def fish(top: list[Option], commands: list[Command], variants: list[str]) -> str:
    lines = [
        "# fish completion for domino; generated by `domino completion fish`.",
        "# Install: domino completion fish > ~/.config/fish/completions/domino.fish",
        "complete -c domino -f",
    ]
    lines += [_fish_option("__fish_use_subcommand", option, variants) for option in top]
    for command in commands:
        lines.append(
            f"complete -c domino -n '__fish_use_subcommand' -a {command.name} -d {_fish_text(command.help)}"
        )
    for command in commands:
        seen = f"__fish_seen_subcommand_from {command.name}"
        lines += [_fish_option(seen, option, variants) for option in command.options]
        kinds = {kind for _, _, kind in command.positionals}
        if "variant" in kinds:
            lines.append(f"complete -c domino -n {_fish_text(seen)} -F -a {_fish_text(' '.join(variants))}")
        elif "file" in kinds:
            lines.append(f"complete -c domino -n {_fish_text(seen)} -F")
        for kind in kinds:
            if kind.startswith("choice:"):
                lines.append(f"complete -c domino -n {_fish_text(seen)} -a {_fish_text(kind.removeprefix('choice:'))}")
    return "\n".join(lines) + "\n"
