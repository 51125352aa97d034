"""Record the reference logs: `python -m tests.reference_logs.record` plays the recipe
(recipe.py) and writes logs.json (one line per match, sorted) and the kept whole logs (kept/).

Re-record only when a change is MEANT to change play, or when the corpus gains a rule file; say
why in the commit message. The test (tests/test_reference_logs.py) then holds every later change
to the new logs.
"""

from __future__ import annotations

import json
import sys

from tests.reference_logs.recipe import KEPT, KEPT_FOLDER, RECIPE, RECORDING, every_recipe, play, summary, write_kept


def main() -> int:
    lines = [f'"recipe": {json.dumps(RECIPE, sort_keys=True, separators=(",", ":"))}']
    entries = {}
    KEPT_FOLDER.mkdir(exist_ok=True)
    for old in KEPT_FOLDER.glob("*.jsonl.gz"):
        old.unlink()
    for recipe in every_recipe():
        played = play(recipe)
        entries[str(recipe)] = summary(played)
        if recipe in KEPT:
            write_kept(recipe, played.events)
    missing = [str(recipe) for recipe in KEPT if str(recipe) not in entries]
    if missing:
        print(f"the kept matches are not in the recipe: {', '.join(missing)}", file=sys.stderr)
        return 1
    lines += [f"{json.dumps(key)}: {json.dumps(entries[key], sort_keys=True, separators=(',', ':'))}"
              for key in sorted(entries)]  # fmt: skip
    RECORDING.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    ended = sum(entry["over"] for entry in entries.values())
    print(f"{len(entries)} matches ({ended} ended), {len(KEPT)} kept whole: {RECORDING}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
