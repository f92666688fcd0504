#!/bin/sh
# book.sh — `othello book` (show, check, merge, name, build, import, score) and `othello ladder`; errors
# with file:line:col.
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
printf 'f5 d6:+0.00/4\nf5d6 c3:x\n' > "$t/bad.book"

out=$("$OTHELLO" book show --book "$t/a.book" f5 2>&1); st=$?
check "book show exits 0 for a book position" $st
echo "$out" | grep -q "^f5 (White to move): 3 book moves" ; check "book show names the side and counts moves" $?
echo "$out" | grep -q "^  d6   +0.00  depth 18" ; check "book show prints the best move first with its score" $?

# a corrupt shipped book: every command that would use it says so and plays
# on without it (nboard did; match, script and gtp dropped it without a word)
mkdir -p "$t/dd/openings" && cp "$t/bad.book" "$t/dd/openings/book.txt"
why="the opening book is left out: $t/dd/openings/book.txt:2:9: expected a score"
OTHELLO_DATADIR=$t/dd "$OTHELLO" match --black master --white random --time 0.01 --games 1 \
  --openings start --quiet >/dev/null 2>"$t/err"; st=$?
[ $st -eq 0 ] && grep -q "^othello: note: $why" "$t/err"
check "match: a corrupt shipped book is said" $?
printf 'quit\n' | OTHELLO_DATADIR=$t/dd "$OTHELLO" script >/dev/null 2>"$t/err"; st=$?
[ $st -eq 0 ] && grep -q "^othello script: $why" "$t/err"
check "script: a corrupt shipped book is said" $?
printf 'quit\n' | OTHELLO_DATADIR=$t/dd "$OTHELLO" gtp --level master >/dev/null 2>"$t/err"; st=$?
[ $st -eq 0 ] && grep -q "^othello gtp: $why" "$t/err"
check "gtp: a corrupt shipped book is said" $?
printf 'nboard 2\nquit\n' | OTHELLO_DATADIR=$t/dd "$OTHELLO" nboard >/dev/null 2>"$t/err"
grep -q "book.txt:2:9: expected a score" "$t/err"
check "nboard: a corrupt shipped book is said" $?

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
cp "$t/a.book" "$t/in.book"
"$OTHELLO" book merge -o "$t/in.book" "$t/in.book" "$t/b.book"; st=$?
[ $st -eq 0 ] && grep -q "^f5d6 c3:+0.10/16" "$t/in.book" && grep -q "^f5 d6:+0.00/18" "$t/in.book"
check "book merge into one of its inputs keeps that input's positions" $?
cp "$t/a.book" "$t/keep.book"
"$OTHELLO" book merge -o "$t/keep.book" "$t/b.book" "$t/bad.book" 2>/dev/null; st=$?
[ $st -eq 2 ] && cmp -s "$t/a.book" "$t/keep.book"; check "a failed book merge leaves the output as it was" $?
"$OTHELLO" book merge -o "$t/no-such-dir/m.book" "$t/a.book" 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q "no-such-dir/m.book: No such file or directory" "$t/err" &&
  [ -z "$(ls -A "$t" | grep '^\.othello-tmp-')" ]; check "an unwritable book output: a message, no temporary left" $?

out=$("$OTHELLO" book name f5d6c3d3c4 2>&1)
[ "$out" = "Tiger (named at ply 5)" ]; check "book name names the Tiger" $?
out=$("$OTHELLO" book name e6f4c3c4d3 2>&1)
[ "$out" = "Tiger (named at ply 5)" ]; check "book name matches under symmetry" $?
"$OTHELLO" book name f5d6c3d3c3 >/dev/null 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q "column 9: c3 is not a legal move" "$t/err"; check "an illegal sequence is refused" $?
n=$("$OTHELLO" book names | wc -l)
[ "$n" -ge 60 ]; check "book names lists at least 60 openings" $?

"$OTHELLO" book build --plies 2 --depth 2 -q -o "$t/built.book" 2>/dev/null; st=$?
check "book build writes a tiny book" $st
out=$("$OTHELLO" book show --book "$t/built.book" start 2>&1)
echo "$out" | grep -q "4 book moves"; check "the built book scores the four first moves" $?
"$OTHELLO" book build --plies 1 --depth 2 --book "$t/built.book" -q -o "$t/more.book" 2>/dev/null &&
  "$OTHELLO" book check "$t/more.book" >/dev/null; check "book build extends a book" $?
mkfifo "$t/out.fifo"
(timeout 60 cat "$t/out.fifo" >"$t/fifo.copy") &
reader=$!
"$OTHELLO" book build --plies 1 --depth 2 -q -o "$t/out.fifo" 2>/dev/null; st=$?
wait $reader
[ $st -eq 0 ] && [ -p "$t/out.fifo" ] && grep -q "^start " "$t/fifo.copy"
check "book build -o a pipe writes the book through it and leaves it a pipe" $?
timeout 60 "$OTHELLO" book build --plies 1 --depth 1 -q -o "$t/d1.book" 2>/dev/null; st=$?
[ $st -eq 0 ] && grep -q "^start d3:" "$t/d1.book" && grep -q "^f5 [a-h][1-8]:[-+][0-9.]*/1 " "$t/d1.book"
check "book build --depth 1 scores the moves by the evaluation (it searched without end)" $?
"$OTHELLO" book build --depth 0 -o "$t/x" >/dev/null 2>&1; st=$?
[ $st -eq 2 ]; check "book build refuses depth 0" $?
# the checksum of the weights file, bytes 24-31 of its header, little-endian
sum=$(od -A n -t x1 -j 24 -N 8 "$TOP_SRCDIR/eval/pattern.bin" | tr -s ' ' '\n' | grep . | tac | tr -d '\n')
[ ${#sum} -eq 16 ] &&
  grep -qx "# Scored by 2-ply searches with the pattern evaluation (weights checksum $sum)." "$t/built.book"
check "a built book's header names its searches, the pattern evaluation (the default) and its weights" $?
"$OTHELLO" book build --plies 2 --depth 2 --eval classic -q -o "$t/classic.book" 2>/dev/null &&
  grep -qx "# Scored by 2-ply searches with the classic evaluation." "$t/classic.book" &&
  ! cmp -s "$t/built.book" "$t/classic.book"
check "book build --eval classic scores with the classic evaluation, into other scores" $?
"$OTHELLO" book build --plies 1 --depth 2 --eval "$t/nosuch.bin" -o "$t/y" >/dev/null 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q "^othello book build: --eval: .*nosuch.bin" "$t/err" && [ ! -e "$t/y" ]
check "book build refuses a missing --eval file, naming it, and writes nothing" $?

out=$("$OTHELLO" ladder --games 2 --plies 2 --no-book --quiet beginner novice 2>&1); st=$?
[ $st -eq 0 ] && echo "$out" | grep -q "^novice vs beginner  *2 "; check "ladder plays a rung and prints it" $?
out=$("$OTHELLO" ladder --games 4 --plies 2 --no-book --quiet --jobs 2 --threads 2 novice \
  "expert --depth 4" 2>&1); st=$?
[ $st -eq 0 ] && echo "$out" | grep -q "^expert --depth 4 vs novice  *4 "
check "ladder --jobs 2 --threads 2: two games at once, two search threads each" $?
"$OTHELLO" ladder --games 2 --threads 0 beginner novice >/dev/null 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q -- "--threads" "$t/err"; check "ladder refuses --threads 0" $?
"$OTHELLO" ladder --games 3 beginner novice >/dev/null 2>&1; st=$?
[ $st -eq 2 ]; check "ladder refuses an odd number of games" $?
"$OTHELLO" ladder --games 2 beginner "expert --depth 0" >/dev/null 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q "level 'expert --depth 0': --depth" "$t/err"; check "ladder refuses a bad level" $?

out=$("$OTHELLO" book check "$TOP_SRCDIR/openings/book.txt" 2>&1); st=$?
[ $st -eq 0 ]; check "the shipped book loads" $?
grep -qx "# Scored by [0-9]*-ply searches with the pattern evaluation (weights checksum $sum)[,.].*" \
  "$TOP_SRCDIR/openings/book.txt"
check "the shipped book was scored by the shipped weights, and says so" $?
out=$("$OTHELLO" book show f5d6c3 2>&1); st=$?
[ $st -eq 0 ] && echo "$out" | grep -q "^  d3 "; check "the shipped book answers the Tiger's d3 line by default" $?
# the man page gives the start position's score in the shipped book
said=$(sed -n 's/^.*puts the start position at \\*\([-+][0-9.]*\) for Black$/\1/p' "$TOP_SRCDIR/man/othello.6")
[ -n "$said" ] && "$OTHELLO" book show start 2>&1 | grep -q "^  [a-h][1-8]  *$said  "
check "the man page gives the shipped book's score of the start ($said)" $?
out=$("$OTHELLO" book show --no-book start 2>&1); st=$?
[ $st -eq 1 ]; check "--no-book starts from an empty book" $?

# book import: two tournament games that share 36 moves (the second with
# passes); the 37 positions both reached, each with the move they played,
# and where they part, both moves scored by the games' own final scores.
cat >"$t/two.gam" <<'LINES'
+f5-d6+c3-d3+c4-b5+b4-f4+c5-b3+a6-c6+b6-e6+a3-f3+e2-e3+a2-d1+g4-g3+f2-e1+h3-f6+g5-h5+h4-h2+f7-h6+g6-d7+c7-h7+c2-e7+g2-e8+g1-d2+f8-d8+c8-a5+a4-g7+f1-h1+g8-b7+c1-b1+a7-a8+b8-h8+b2-a1: -26 1
+f5-d6+c3-d3+c4-b5+b4-f4+c5-b3+a6-c6+b6-e6+a3-f3+e2-e3+a2-d1+g4-g3+f2-e1+h3-f6+g5-h5+h4-h2+f7-h6+g6-d7+c7-h7+e8-e7+f8-d2+c2-b7+f1-b1+a8-a5+b2-g1+a4-c1+g2-h1-a7-c8+b8-d8+g7-h8-g8-a1: -42 1
LINES
"$OTHELLO" book import -o "$t/imp.txt" --plies 40 --min-games 2 "$t/two.gam" 2>"$t/err"; st=$?
[ $st -eq 0 ] && grep -q 'book import: 2 games, 37 positions' "$t/err"; check "book import keeps the 37 positions both games reached" $?
"$OTHELLO" book check "$t/imp.txt" >/dev/null 2>&1; check "and writes a book that book check reads" $?
p36=f5d6c3d3c4b5b4f4c5b3a6c6b6e6a3f3e2e3a2d1g4g3f2e1h3f6g5h5h4h2f7h6g6d7c7h7
# Each game's final score for Black (to move after 36 moves), counted from its last position.
black_score() {
  sed -n "${1}p" "$t/two.gam" | sed 's/:.*//; s/[+-]//g' >"$t/g.txt"
  "$OTHELLO" convert "$t/g.txt" - --to obf 2>/dev/null |
    awk '{ x = gsub(/X/, "X", $1); o = gsub(/O/, "O", $1); printf "%+d.00", x - o }'
}
s1=$(black_score 1); s2=$(black_score 2)
out=$("$OTHELLO" book show --no-book --book "$t/imp.txt" "$p36" 2>&1)
echo "$out" | grep -q '^  c2 ' && echo "$out" | grep -q '^  e8 '
check "where they part, both moves are in the book" $?
echo "$out" | grep -q "^  c2 *$s1\$" && echo "$out" | grep -q "^  e8 *$s2\$"
check "scored by the final score of the game that played each ($s1, $s2)" $?
# book score: the imported book scored by the engine's searches.
"$OTHELLO" book score -o "$t/s.txt" --depth 2 "$t/imp.txt" 2>"$t/err"; st=$?
[ $st -eq 0 ] && grep -q 'book score: 37 positions, depth 2' "$t/err" &&
  grep -q '^# Scored by 2-ply searches with the pattern evaluation (weights checksum [0-9a-f]\{16\})' "$t/s.txt"
check "book score scores every position and names the weights in its header" $?
"$OTHELLO" book check "$t/s.txt" >/dev/null 2>&1 && ! grep -v '^#' "$t/s.txt" | grep -q '/0\b'
check "its book reads back and keeps no imported (depth 0) score" $?
cp "$t/s.txt" "$t/s0.txt"
"$OTHELLO" book score -o "$t/s.txt" --depth 2 --jobs 2 --quiet "$t/imp.txt" 2>/dev/null && cmp -s "$t/s.txt" "$t/s0.txt"
check "run again on its own output, it finds everything scored and writes the same book" $?
"$OTHELLO" book score -o "$t/s.txt" --depth 3 "$t/imp.txt" 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q 's.txt: scored by 2-ply searches; give --depth 2' "$t/err" && cmp -s "$t/s.txt" "$t/s0.txt"
check "book score will not go on at another depth, and leaves the file" $?
"$OTHELLO" book score -o "$t/imp.txt" "$t/imp.txt" 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q "imp.txt: not a book that book score wrote" "$t/err"
check "book score will not write over a book it did not write" $?
"$OTHELLO" book score "$t/imp.txt" 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q -- "-o OUT is required" "$t/err"; check "book score asks for -o" $?
"$OTHELLO" book import -o "$t/x.txt" "$t/none.gam" 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q 'none.gam: No such file' "$t/err" && [ ! -e "$t/x.txt" ]
check "book import of a missing file exits 2 and writes nothing" $?
"$OTHELLO" match --black master --white master --white-book "$t/none.txt" --games 2 2>"$t/err"; st=$?
[ $st -eq 2 ] && grep -q -- '--white-book: .*none.txt: No such file' "$t/err"
check "match refuses a --white-book it cannot read before any game" $?
"$OTHELLO" match --black master --white random --black-book "$t/imp.txt" --games 2 --time 0.01 --quiet >/dev/null 2>&1
check "match plays with a --black-book" $?

rm -rf "$t"
tap_done
