#!/bin/sh
# book.sh — `othello book`: show, check, merge, name; errors with file:line:col.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

t=book-sh.$$
mkdir -p "$t"
cat > "$t/a.book" <<'END'
# a tiny book
start f5:+0.00/20
f5 d6:+0.00/18 f6:-0.20/18 f4:-0.40/18
END
cat > "$t/b.book" <<'END'
f5d6 c3:+0.10/16 c5:-0.30/16
END
printf 'f5 d6:+0.00\nf5d6 c3:x\n' > "$t/bad.book"

out=$("$OTHELLO" book show --book "$t/a.book" f5 2>&1); st=$?
check "book show exits 0 for a book position" $st
echo "$out" | grep -q "^f5 (White to move): 3 book moves" ; check "book show names the side and counts moves" $?
echo "$out" | grep -q "^  d6   +0.00  depth 18" ; check "book show prints the best move first with its score" $?

out=$("$OTHELLO" book show --book "$t/a.book" --book "$t/b.book" e6f4 2>&1); st=$?
check "book show with two books finds the second one's position under symmetry" $st
echo "$out" | grep -q "^  c3   +0.10  depth 16" ; check "the move comes out in the position's own orientation" $?

"$OTHELLO" book show --book "$t/a.book" f5d6c3 >/dev/null 2>&1; st=$?
[ $st -eq 1 ]; check "a position out of the book exits 1" $?

"$OTHELLO" book show --book "$t/bad.book" start >/dev/null 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q "bad.book:2:9: expected a score" "$t/err"; check "a malformed book is refused with file:line:col" $?

"$OTHELLO" book check "$t/a.book" "$t/b.book" > "$t/out" 2>&1; st=$?
[ $st -eq 0 ] && grep -q "a.book: 2 positions" "$t/out"; check "book check counts positions" $?

"$OTHELLO" book merge -o "$t/m.book" "$t/a.book" "$t/b.book"; st=$?
[ $st -eq 0 ] && grep -q "^f5d6 c3:+0.10/16 c5:-0.30/16$" "$t/m.book"; check "book merge writes the combined book" $?
out=$("$OTHELLO" book show --book "$t/m.book" f5d6 2>&1)
echo "$out" | grep -q "2 book moves"; check "the merged book reads back" $?

out=$("$OTHELLO" book name f5d6c3d3c4 2>&1)
[ "$out" = "Tiger (named at ply 5)" ]; check "book name names the Tiger" $?
out=$("$OTHELLO" book name e6f4c3c4d3 2>&1)
[ "$out" = "Tiger (named at ply 5)" ]; check "book name matches under symmetry" $?
"$OTHELLO" book name f5d6c3d3c3 >/dev/null 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q "column 9: c3 is not a legal move" "$t/err"; check "an illegal sequence is refused" $?
n=$("$OTHELLO" book names | wc -l)
[ "$n" -ge 60 ]; check "book names lists at least 60 openings" $?

rm -rf "$t"
tap_done
