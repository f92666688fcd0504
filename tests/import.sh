#!/bin/sh
# import.sh — `othello train import`, `train label` and `train measure` end
# to end: book lines become labelled data, the labels of finished lines
# measure as exact, so do those that label solves, a resumed run adds
# nothing, and bad options or files exit 2 with a message.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/othello-import.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# Two finished tournament games that share their first 34 moves; the second
# has passes (two moves of one sign). The scores after ':' are not used: a
# finished line's leaf is counted from the board.
cat >"$tmp/lines.gam" <<'LINES'
+f5-d6+c3-d3+c4-b5+b4-f4+c5-b3+a6-c6+b6-e6+a3-f3+e2-e3+a2-d1+g4-g3+f2-e1+h3-f6+g5-h5+h4-h2+f7-h6+g6-d7+c7-h7+c2-e7+g2-e8+g1-d2+f8-d8+c8-a5+a4-g7+f1-h1+g8-b7+c1-b1+a7-a8+b8-h8+b2-a1: -26 1
+f5-d6+c3-d3+c4-b5+b4-f4+c5-b3+a6-c6+b6-e6+a3-f3+e2-e3+a2-d1+g4-g3+f2-e1+h3-f6+g5-h5+h4-h2+f7-h6+g6-d7+c7-h7+e8-e7+f8-d2+c2-b7+f1-b1+a8-a5+b2-g1+a4-c1+g2-h1-a7-c8+b8-d8+g7-h8-g8-a1: -42 1
LINES
"$OTHELLO" train import "$tmp/d.dat" "$tmp/lines.gam" --solve 10 --solve-from 6 -q >"$tmp/out" 2>"$tmp/err"
check "two book lines import" $?
grep -q '^2 games, 2 with an exact leaf' "$tmp/out"; check "with their two leaves" $?
size=$(wc -c <"$tmp/d.dat")
"$OTHELLO" train measure exact "$tmp/d.dat" --empties 6-10 >"$tmp/m" 2>&1
awk '$1 == "all" { ok = ($2 >= 10 && $5 == 100.0) } END { exit !ok }' "$tmp/m"
check "the solved positions measure as exact (train measure exact)" $?
"$OTHELLO" train measure pattern "$tmp/d.dat" >"$tmp/m2" 2>&1
grep -q '^empties  positions  error0' "$tmp/m2" && grep -q '^    all' "$tmp/m2"
check "train measure prints a table by empties" $?
"$OTHELLO" train import "$tmp/d.dat" "$tmp/lines.gam" --solve 10 --solve-from 6 -q >/dev/null 2>&1
[ "$(wc -c <"$tmp/d.dat")" -eq "$size" ]; check "a second run finds every record done" $?
"$OTHELLO" train import "$tmp/x.dat" "$tmp/lines.gam" --shard 2/2 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q -- "--shard: '2/2' is not K/N" "$tmp/err"; check "a bad --shard exits 2" $?
"$OTHELLO" train import "$tmp/x.dat" "$tmp/none.wtb" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "none.wtb: No such file" "$tmp/err" && [ ! -e "$tmp/x.dat" ]
check "a missing collection exits 2 and writes nothing" $?
"$OTHELLO" train import "$tmp/x.dat" "$tmp/lines.gam" --min-empties 30 --max-empties 20 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "min-empties 30 is above --max-empties 20" "$tmp/err"; check "an empty range exits 2" $?
"$OTHELLO" train measure exact "$tmp/d.dat" --all 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "give --empties LO-HI up to 30" "$tmp/err"
check "train measure exact refuses to solve positions of more than 30 empties" $?

"$OTHELLO" train label "$tmp/l.dat" "$tmp/d.dat" --depth 4 --empties 11-30 --solve 12 -q >"$tmp/lab" 2>"$tmp/err"
check "train label relabels the imported data" $?
awk '$1 == "all" { ok = ($2 > 0 && $3 > 0 && $3 < $2) } END { exit !ok }' "$tmp/lab"
check "... searching most positions and solving those of 11-12 empties" $?
"$OTHELLO" train measure exact "$tmp/l.dat" --empties 11-12 >"$tmp/m3" 2>&1
awk '$1 == "all" { ok = ($2 >= 2 && $5 == 100.0) } END { exit !ok }' "$tmp/m3"
check "the positions train label solved measure as exact" $?
size=$(wc -c <"$tmp/l.dat")
"$OTHELLO" train label "$tmp/l.dat" "$tmp/d.dat" --depth 4 --empties 11-30 --solve 12 -q >/dev/null 2>&1
[ "$(wc -c <"$tmp/l.dat")" -eq "$size" ]; check "a second train label finds every record done" $?
"$OTHELLO" train label "$tmp/d.dat" "$tmp/d.dat" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "d.dat: the output would overwrite the data it labels" "$tmp/err"
check "train label refuses to write over its input" $?
"$OTHELLO" train label "$tmp/y.dat" "$tmp/none.dat" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "none.dat: cannot open" "$tmp/err" && [ ! -e "$tmp/y.dat" ]
check "train label of a missing file exits 2 and writes nothing" $?
"$OTHELLO" train measure pattern "$tmp/d.dat" --empties 21-28x 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q -- "--empties: '21-28x' is not LO-HI" "$tmp/err"
check "train measure refuses --empties with text after the range" $?
"$OTHELLO" train label "$tmp/y.dat" "$tmp/d.dat" --empties abc 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q -- "--empties: 'abc' is not LO-HI" "$tmp/err" && [ ! -e "$tmp/y.dat" ]
check "train label refuses an --empties that is not a range" $?

tap_done
