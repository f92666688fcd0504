#!/bin/sh
# cli.sh — the program's command line: --help, --version, perft and its errors.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

ok "--help exits 0" "$OTHELLO" --help
ok "--version names the program" sh -c '"$0" --version | grep -q "^othello (Othello Master) "' "$OTHELLO"

out=$("$OTHELLO" perft 6 2>&1); st=$?
check "perft 6 exits 0" $st
echo "$out" | grep -q "^depth 6: 8200 nodes in " ; check "perft 6 prints 8200 at depth 6" $?
echo "$out" | grep -q "^depth 1: 4 nodes in " ; check "perft prints every depth" $?

"$OTHELLO" perft 0 >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "not a depth" err.$$; check "perft 0 is refused with exit 2" $?
"$OTHELLO" perft 3 --board "XO" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--board: column 3: the board has 2 squares" err.$$; check "a bad board is refused with its column" $?
"$OTHELLO" perft abc >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ]; check "perft abc exits 2" $?
rm -f err.$$

out=$("$OTHELLO" perft 2 --board "---------------------------OX------XO--------------------------- O")
echo "$out" | grep -q "^depth 2: 12 nodes" ; check "perft from a board string (White to move, mirrored start)" $?

tap_done
