#!/bin/sh
# variant.sh — the other boards from the command line (--variant): perft and
# its errors, and the exact solver on 6×6 positions.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

out=$("$OTHELLO" perft 8 --variant 6x6 2>&1); st=$?
check "perft --variant 6x6 exits 0" $st
echo "$out" | grep -q "^depth 8: 308716 nodes in " ; check "6x6 perft 8 is 308716" $?
out=$("$OTHELLO" perft 2 --board "--------------OX----XO-------------- O" --variant 6x6 2>&1)
echo "$out" | grep -q "^depth 2: 12 nodes" ; check "a 6x6 board string before --variant" $?
out=$("$OTHELLO" perft 1 --variant 10x10-holes --board \
  "----##---- ---------- ---------- ---------- #---OX---# #---XO---# ---------- ---------- ---------- ----##---- X")
echo "$out" | grep -q "^depth 1: 4 nodes" ; check "a 10x10 board string with its holes" $?
"$OTHELLO" perft 3 --variant 7x7 >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--variant: '7x7' is not a board (8x8, 6x6 or 10x10-holes)" err.$$
check "an unknown variant is refused with the names" $?
"$OTHELLO" perft 3 --variant 10x10-holes --board "X---" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--board: column 5: the board has 4 squares, expected 100" err.$$
check "a short 10x10 board is refused with its column" $?
"$OTHELLO" perft 3 --variant 10x10-holes --board \
  "----X----- ---------- ---------- ---------- #---OX---# #---XO---# ---------- ---------- ---------- ----##---- X" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--board: column 5: e1 is a hole" err.$$; check "a disc on a hole is refused" $?
rm -f err.$$

tap_done
