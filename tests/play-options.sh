#!/bin/sh
# play-options.sh — options shared by the game commands: --book (repeatable),
# --no-book, and what a saved game records about its play (opening name, seed).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/othello-options.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export OTHELLO_SAVE_DIR="$tmp/saves"

# A book that answers f5 with the weak parallel f4, which no search would choose.
printf '# test book\nf5 f4:+5.00/20\n' > "$tmp/f4.txt"
printf 'f5 f4:+5.00/20\nf5 zz:+1/2\n' > "$tmp/bad.txt"

out=$(printf 'f5\n' | "$OTHELLO" script --no-board --white master --book "$tmp/f4.txt" 2>&1)
echo "$out" | grep -q '^White plays f4 (book +5.00)' ; check "master plays the move of a --book file, from the book" $?

out=$(printf 'f5\n' | "$OTHELLO" script --no-board --white master --book "$tmp/f4.txt" --no-book 2>&1)
echo "$out" | grep -q '^White plays f4' ; [ $? -ne 0 ] ; check "--no-book: the book is not used" $?

"$OTHELLO" script --no-board --book "$tmp/missing.txt" </dev/null >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "missing.txt" "$tmp/err" ; check "a missing --book file is refused (exit 2, names it)" $?
"$OTHELLO" script --no-board --book "$tmp/bad.txt" </dev/null >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "bad.txt:2:" "$tmp/err" ; check "a malformed --book file is refused with file:line" $?

out=$(printf 'f5\nhint\n' | "$OTHELLO" script --no-board --white "pre-master --depth 6 --threads 2" 2>&1)
echo "$out" | grep -Eq '^White plays (d6|f6|f4)' ; check "a level with --threads 2 plays in the game" $?
"$OTHELLO" --threads 65 </dev/null >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q -- "--threads" "$tmp/err" ; check "the game refuses --threads 65 (exit 2)" $?

printf 'f5\nd6\nc3\nd3\nc4\nsave tiger\n' | "$OTHELLO" script --no-board >/dev/null 2>&1
grep -q 'ON\[Tiger\]' "$OTHELLO_SAVE_DIR/tiger.sgf" ; check "a saved game is named after its opening (SGF ON)" $?

printf 'f5\nd6\ninfo opening My line\nsave mine\n' | "$OTHELLO" script --no-board >/dev/null 2>&1
grep -q 'ON\[My line\]' "$OTHELLO_SAVE_DIR/mine.sgf" ; check "an opening named by a person is kept" $?

printf 'f5\ngo\nsave seeded\n' | "$OTHELLO" script --no-board --white "beginner --random 10 --seed 4242" >/dev/null 2>&1
grep -q '4242' "$OTHELLO_SAVE_DIR/seeded.sgf" ; check "a randomized engine's seed is recorded in the saved game" $?

tap_done
