#!/bin/sh
# bench.sh — the bench signature (`othello bench`, src/batch/bench.c): the
# node count of the fixed set of searches is the one bench/signature keeps,
# the same from run to run, and its exact solves give the known scores.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
SIGNATURE=${TOP_SRCDIR:-$(dirname "$0")/..}/bench/signature

tmp=$(mktemp -d "${TMPDIR:-/tmp}/othello-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

want=$(grep -v '^#' "$SIGNATURE")
"$OTHELLO" bench >"$tmp/out" 2>"$tmp/err"; st=$?
check "othello bench exits 0, nothing on stderr" $([ $st -eq 0 ] && [ ! -s "$tmp/err" ]; echo $?)
got=$(sed -n 's/^total: \([0-9]*\) nodes, .*/\1/p' "$tmp/out")
[ -n "$want" ] && [ "$got" = "$want" ]
check "the bench signature is bench/signature's $want nodes (got ${got:-none}: a change of the search's behaviour writes its count there)" $?
[ "$(grep -c ' nodes ' "$tmp/out")" -ge 12 ] &&
  awk '/ nodes / { n += $(NF-3) } /^total:/ { t = $2 } END { exit n != t }' "$tmp/out"
check "the total is the sum of the searches it lists" $?

# the exact solves, against the scores of their files (tests/data/fforum-20-39.obf,
# variant-6x6.obf, variant-10x10.obf)
grep -q "^ 9 8x8  *exact  *g8  *+2.00 " "$tmp/out" && grep -q "^10 8x8  *exact  *a2  *+4.00 " "$tmp/out" &&
  grep -q "^11 8x8  *exact  *c3  *+0.00 " "$tmp/out" && grep -q "^14 6x6  *exact  *a2  *+24.00 " "$tmp/out" &&
  grep -q "^16 10x10-holes exact  *a1  *-10.00 " "$tmp/out"
check "its exact solves give the known scores" $?

"$OTHELLO" bench >"$tmp/again" 2>&1
[ "$(sed -n 's/^total: \([0-9]*\) nodes, .*/\1/p' "$tmp/again")" = "$got" ]
check "a second run counts the same nodes" $?
"$OTHELLO" bench extra >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "^othello bench: expected no argument" "$tmp/err"
check "bench refuses an argument" $?

tap_done
