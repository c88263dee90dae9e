#!/usr/bin/env bash
# One-off cross-check against RLCard (not part of CI). Needs the venv described in peers.py and
# a release build of the example. Compares (1) the 27,472 action strings and (2) the leads of
# 300 random 20-card hands, as sets of rank strings, with RLCard (default rules) and with
# DouZero's generator (--rules douzero).
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=${PY:-/tmp/ddzvenv/bin/python}
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/release/examples/doudizhu}
tmp=$(mktemp -d)
"$PY" crates/doudizhu/scripts/peers.py actions | sort > "$tmp/rlcard_actions"
{ "$BIN" moves --hand 3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR; echo pass; } | sort > "$tmp/ours_actions"
if diff -q "$tmp/rlcard_actions" "$tmp/ours_actions" >/dev/null; then
  echo "action space: identical ($(wc -l < "$tmp/ours_actions") actions)"
else
  echo "action space: DIFFERENT"; diff "$tmp/rlcard_actions" "$tmp/ours_actions" | head -20; exit 1
fi
"$PY" crates/doudizhu/scripts/peers.py hands "${HANDS:-300}" > "$tmp/hands"
bad=0
while IFS=$'\t' read -r hand plays; do
  echo "$plays" | tr ' ' '\n' | sort > "$tmp/theirs"
  "$BIN" moves --hand "$hand" | sort > "$tmp/ours"
  if ! diff -q "$tmp/theirs" "$tmp/ours" >/dev/null; then
    echo "hand $hand differs:"; diff "$tmp/theirs" "$tmp/ours" | head -5; bad=$((bad + 1))
  fi
done < "$tmp/hands"
echo "leads: $(wc -l < "$tmp/hands") hands compared with RLCard, $bad differ"
"$PY" crates/doudizhu/scripts/peers.py douzero-hands "${HANDS:-300}" > "$tmp/dzhands"
while IFS=$'\t' read -r hand plays; do
  echo "$plays" | tr ' ' '\n' | sort > "$tmp/theirs"
  "$BIN" moves --hand "$hand" --rules douzero | sort > "$tmp/ours"
  if ! diff -q "$tmp/theirs" "$tmp/ours" >/dev/null; then
    echo "douzero hand $hand differs:"; diff "$tmp/theirs" "$tmp/ours" | head -5; bad=$((bad + 1))
  fi
done < "$tmp/dzhands"
echo "leads: $(wc -l < "$tmp/dzhands") hands compared with DouZero (--rules douzero), $bad differ in total"
rm -rf "$tmp"
[ "$bad" -eq 0 ]
