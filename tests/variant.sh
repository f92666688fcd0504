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
out=$("$OTHELLO" solve --variant 6x6 --all-moves "$TESTDATA/variant-6x6.obf" 2>&1); st=$?
check "solve --variant 6x6 --all-moves agrees with minimax" $st
echo "$out" | grep -q "^total: 3 positions, 0 mismatches" ; check "solve prints the 6x6 total" $?
out=$("$OTHELLO" solve --variant 10x10-holes --all-moves "$TESTDATA/variant-10x10.obf" 2>&1); st=$?
check "solve --variant 10x10-holes --all-moves agrees with minimax" $st
sed 's/+16;/+14;/' "$TESTDATA/variant-6x6.obf" > bad.$$.obf
"$OTHELLO" solve --variant 6x6 --all-moves bad.$$.obf >out.$$ 2>&1; st=$?
[ $st -eq 1 ] && grep -q "MISMATCH" out.$$; check "a wrong score is a mismatch (exit 1)" $?
printf -- '--------------OX----XO-------------- X; g1:+4;\n' > bad.$$.obf
"$OTHELLO" solve --variant 6x6 bad.$$.obf >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "bad.$$.obf:1:41: 'g1' is not a square of 6x6 (a1 to f6)" err.$$
check "a square off the 6x6 board is refused with its line and column" $?
printf -- '--------------OX----XO------------ X;\n' > bad.$$.obf
"$OTHELLO" solve --variant 6x6 bad.$$.obf >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "bad.$$.obf:1:37: the board has 35 squares, expected 36 (6x6)" err.$$
check "a short 6x6 board is refused with its column" $?
"$OTHELLO" solve --variant 6x6 --all-moves --time 0.5 "$TESTDATA/variant-6x6.obf" >/dev/null 2>&1
check "a time limit still gives the scores of small positions" $?
"$OTHELLO" solve --variant 6x6 --selectivity 87 "$TESTDATA/variant-6x6.obf" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--selectivity: its solver has no ProbCut on 6x6" err.$$
check "solve --variant refuses --selectivity, not ignores it" $?
out=$("$OTHELLO" solve --variant 6x6 --eval builtin "$TESTDATA/variant-6x6.obf" 2>&1); st=$?
[ $st -eq 0 ] && echo "$out" | grep -q "^total: 3 positions, 0 mismatches"
check "solve --variant 6x6 --eval builtin orders with the built-in weights, same scores" $?
rm -f err.$$ out.$$ bad.$$.obf

out=$("$OTHELLO" ladder --variant 6x6 --games 2 --quiet beginner novice expert 2>&1); st=$?
check "ladder --variant 6x6 exits 0" $st
echo "$out" | grep -q "^expert vs novice  *2 " && echo "$out" | grep -q "^novice vs beginner  *2 "
check "the 6x6 ladder prints each rung" $?
out=$("$OTHELLO" match --variant 10x10-holes --black novice --white beginner --games 2 2>&1); st=$?
check "match --variant 10x10-holes exits 0" $st
echo "$out" | grep -q "^game 2 (2/2): beginner - novice [0-9]*-[0-9]*" ; check "match swaps colours on the 10x10 board" $?
out=$("$OTHELLO" match --variant 6x6 --black expert --white novice --games 2 --game-time 0.5 2>&1); st=$?
check "match --variant with --game-time exits 0" $st
out=$("$OTHELLO" tournament --variant 6x6 --players beginner,novice,expert --games 2 --quiet 2>&1); st=$?
check "tournament --variant 6x6 exits 0" $st
echo "$out" | grep -q "^ 1\. expert .* 4\.0 / 4 " ; check "the 6x6 tournament ranks expert first, 4 of 4" $?
"$OTHELLO" tournament --variant 6x6 --games 2 >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "players needs at least two players" err.$$; check "tournament --variant needs --players" $?
"$OTHELLO" match --variant 6x6 --black grandmaster --white novice >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "'grandmaster' is not a level" err.$$; check "an unknown level is refused" $?
"$OTHELLO" match --variant 6x6 --black expert >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--black and --white are required" err.$$; check "match --variant needs both levels" $?
"$OTHELLO" match --variant 6x6 --black "engine:true" --white novice >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "external engine plays 8x8 only" err.$$; check "an external engine is refused on 6x6" $?

# every series option on both other boards: --jobs, --report, --log-dir, --svg,
# --openings, --eval, --game-time, --shard (the one series runner)
s=$(mktemp -d "${TMPDIR:-/tmp}/variant-series.XXXXXX")
for v in 6x6 10x10-holes; do
  "$OTHELLO" match --variant $v --black expert --white novice --games 4 --jobs 2 --quiet \
    --report "$s/$v.txt" --log-dir "$s/$v" --svg "$s/$v.svg" --eval builtin --game-time 2 >"$s/out" 2>&1
  check "match --variant $v with --jobs 2, --report, --log-dir, --svg, --eval, --game-time" $?
  [ "$(grep -vc '^#' "$s/$v.txt")" -eq 4 ] && [ "$(ls "$s/$v" | wc -l)" -eq 4 ] && grep -q "<svg" "$s/$v.svg"
  check "$v: four report lines, four game logs and a picture" $?
  size=$(echo $v | sed 's/x.*//')
  grep -q "SZ\[$size\]" "$s/$v/game-00001.sgf"; check "$v: the game logs are games of that board" $?
  awk -F'\t' -v n=$([ $v = 6x6 ] && echo 36 || echo 92) '!/^#/ && $6 + $7 != n { bad = 1 } END { exit bad }' "$s/$v.txt"
  check "$v: every game's discs add up to the board (empties to the winner)" $?
  "$OTHELLO" match --variant $v --black expert --white novice --games 4 --quiet \
    --report "$s/$v-1.txt" --shard 1/2 --eval builtin >/dev/null 2>&1 &&
  "$OTHELLO" match --variant $v --black expert --white novice --games 4 --quiet \
    --report "$s/$v-1.txt" --shard 2/2 --eval builtin >/dev/null 2>&1
  check "$v: --shard 1/2 and 2/2" $?
  grep -v "^#" "$s/$v.txt" | cut -f1-8 | sort -n > "$s/a"; grep -v "^#" "$s/$v-1.txt" | cut -f1-8 | sort -n > "$s/b"
  cmp -s "$s/a" "$s/b"; check "$v: the two shards play the games of the whole run" $?
done
c=$("$OTHELLO" analyze-position --variant 6x6 --moves "-" --depth 1 2>/dev/null | sed -n 's/^best \([a-f][1-6]\).*/\1/p')
printf '# two openings\n%s\n-\n' "$c" > "$s/open6.txt"
"$OTHELLO" tournament --variant 6x6 --players beginner,novice --openings "$s/open6.txt" --quiet \
  --report "$s/t.txt" >/dev/null 2>&1
check "tournament --variant 6x6 --openings FILE" $?
[ "$(grep -vc '^#' "$s/t.txt")" -eq 4 ] && grep -q "	$c	" "$s/t.txt"; check "the openings of the file are played, each twice" $?
printf 'j10\n' > "$s/bad6.txt"
"$OTHELLO" match --variant 6x6 --black novice --white beginner --openings "$s/bad6.txt" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "bad6.txt:1:1: 'j' is not a move" err.$$; check "a square of another board in the openings is refused with its place" $?
"$OTHELLO" ladder --variant 10x10-holes --games 2 --jobs 2 --quiet --svg "$s/l.svg" beginner novice >/dev/null 2>&1 && grep -q "<svg" "$s/l.svg"
check "ladder --variant 10x10-holes with --jobs and --svg" $?
"$OTHELLO" match --variant 8x8 --black beginner --white "novice --random 20" --games 4 --quiet --report "$s/v8.txt" >/dev/null 2>&1 &&
"$OTHELLO" match --black beginner --white "novice --random 20" --games 4 --quiet --report "$s/n8.txt" >/dev/null 2>&1
grep -v "^#" "$s/v8.txt" | cut -f1-8,10 > "$s/a"; grep -v "^#" "$s/n8.txt" | cut -f1-8,10 > "$s/b"
cmp -s "$s/a" "$s/b"; check "match --variant 8x8 plays the 8x8 series as without it" $?
"$OTHELLO" ladder --variant 8x8 --games 2 --quiet beginner novice 2>/dev/null | grep -q "^openings: 1 of 8 plies"
check "ladder --variant 8x8 is the 8x8 ladder (openings of 8 plies)" $?
"$OTHELLO" tournament --variant 7x7 --players beginner,novice >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "'7x7' is not a board (8x8, 6x6 or 10x10-holes)" err.$$ && [ "$(wc -l < err.$$)" -eq 1 ]
check "an unknown board is refused once, with the boards listed" $?
"$OTHELLO" match --variant 6x6 --black expert --white novice --random 10 >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--random: the levels of 6x6 have no evaluation noise" err.$$
check "--random is refused on 6x6, not ignored" $?
"$OTHELLO" ladder --variant 10x10-holes --book "${TOP_SRCDIR:-$(dirname "$0")/..}/openings/book.txt" beginner novice >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--book: the books are of 8x8 games, not 10x10-holes" err.$$
check "a ladder book is refused on 10x10, not ignored" $?
rm -rf "$s"

out=$("$OTHELLO" analyze-position --variant 6x6 "XO-O---OOO-XOOXOOXXOOO-XXO-OX-----OX X" 2>&1); st=$?
check "analyze-position --variant 6x6 exits 0" $st
echo "$out" | grep -q "^best a2 +24.00 (solved at 12), " ; check "analyze-position solves a 12-empty 6x6 position (minimax: +24)" $?
out=$("$OTHELLO" analyze-position --variant 10x10-holes --depth 3 \
  "----##---- ---------- ---------- ---------- #---OX---# #---XO---# ---------- ---------- ---------- ----##---- O" 2>&1)
echo "$out" | grep -q "^best [d-g][4-7] .* (depth 3), " ; check "analyze-position --variant 10x10-holes with White to move" $?
out=$("$OTHELLO" analyze-position --variant 10x10-holes --moves "f7 e7d6g5f8d7" --depth 2 2>&1)
echo "$out" | grep -q "^best .* (depth 2), " ; check "analyze-position --variant --moves replays a transcript" $?
[ "$(echo "$out" | grep -c '^  [a-j][0-9]* ')" -ge 2 ]; check "analyze-position --variant scores every move, as on 8x8" $?
out=$("$OTHELLO" analyze-position --moves "f5d6" --depth 3 2>&1)
[ "$(echo "$out" | grep -c '^  [a-h][1-8] ')" -eq 5 ] && echo "$out" | grep -q "^depth  3 "
check "analyze-position --moves on 8x8: the five replies to f5d6, each iteration" $?
"$OTHELLO" analyze-position --variant 6x6 --moves - --depth 2 --weights builtin >/dev/null 2>err.$$; st=$?
[ $st -eq 0 ] && grep -q -- "--weights is now --eval" err.$$; check "analyze-position: --weights is still read, with a note" $?
"$OTHELLO" analyze-position --variant 6x6 --moves - --without mobility >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--without: the evaluation of this board has no features to switch off" err.$$
check "analyze-position: --without is refused on 6x6, not ignored" $?
"$OTHELLO" analyze-position --moves f5 "$(printf '%064d X' 0 | tr 0 -)" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "expected one board string or --moves" err.$$
check "analyze-position: a board string and --moves together are refused" $?
"$OTHELLO" analyze-position --variant 6x6 --moves "c2c2" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--moves: column 3: c2 is not a legal move" err.$$
check "an illegal move of a transcript is refused with its column" $?
"$OTHELLO" analyze-position --variant 6x6 "XO-O---OOO" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "column 11: the board has 10 squares, expected 36 (6x6)" err.$$
check "analyze-position --variant refuses a short board" $?

tmp=$(mktemp -d "${TMPDIR:-/tmp}/variant.XXXXXX")
"$OTHELLO" train generate "$tmp/data.txt" --variant 6x6 --games 6 >/dev/null 2>&1
check "train generate --variant 6x6" $?
awk '{ n[$NF]++ } END { for (r in n) if (n[r] < 2) exit 1 }' "$tmp/data.txt" && [ "$(wc -l < "$tmp/data.txt")" -ge 100 ]
check "train generate --variant 6x6: the positions of six games, each with its game's result" $?
"$OTHELLO" train generate "$tmp/x.txt" --variant 6x6 --games 1 --level random >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--level: 'random' is not a level" err.$$ && [ ! -s "$tmp/x.txt" ]
check "train generate --variant refuses a player that is not a level" $?
"$OTHELLO" train fit "$tmp/w.txt" "$tmp/data.txt" --variant 6x6 >/dev/null 2>&1 && grep -q "^variant 6x6" "$tmp/w.txt"
check "train fit --variant 6x6 writes a weights file" $?
"$OTHELLO" match --variant 6x6 --black novice --white beginner --games 2 --eval "$tmp/w.txt" >/dev/null 2>&1
check "the fitted weights are read back by match --eval" $?
"$OTHELLO" match --variant 6x6 --black novice --white beginner --games 2 --weights "$tmp/w.txt" >/dev/null 2>err.$$
[ $? -eq 0 ] && grep -q -- "--weights is now --eval" err.$$; check "--weights is still read, with a note that it is now --eval" $?
"$OTHELLO" match --variant 10x10-holes --black novice --white beginner --games 2 --weights "$tmp/w.txt" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "weights for 6x6, not 10x10-holes" err.$$; check "weights of another board are refused" $?
"$OTHELLO" train generate "$tmp/data.txt" --variant 6x6 --games 2 --depth 3 >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--depth is not read with --variant" err.$$
check "train --variant refuses the 8x8 options it would not read" $?
echo "X-- X +4" >> "$tmp/data.txt"
"$OTHELLO" train fit "$tmp/w2.txt" "$tmp/data.txt" --variant 6x6 >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "data.txt:[0-9]*:[0-9]*: " err.$$ && [ ! -e "$tmp/w2.txt" ]
check "a bad data line is refused with its place, and nothing is written" $?
rm -rf "$tmp" err.$$

# ---------------------------------------------------------------- games: script, analyze, convert
g=$(mktemp -d "${TMPDIR:-/tmp}/othello-variant.XXXXXX")
printf 'c2\nb2\nboard\nexport %s/g6.sgf\nexport %s/g6.txt\n' "$g" "$g" |
  "$OTHELLO" script --variant 6x6 --no-board >"$g/out" 2>&1; st=$?
[ $st -eq 0 ] && grep -q "^2 \. O X \. \. \.$" "$g/out" && grep -q "^Black 3, White 3, move 2\. Black to move:" "$g/out"
check "script --variant 6x6 plays c2 b2 and prints the 6x6 board" $?
grep -q "SZ\[6\]" "$g/g6.sgf" && grep -q ";B\[c2\]" "$g/g6.sgf"; check "the 6x6 game exported in SGF (SZ[6])" $?
[ "$(sed -n 2p "$g/g6.txt")" = "c2b2" ] && [ "$(sed -n 1p "$g/g6.txt")" = "--------------OX----XO-------------- X" ]
check "the 6x6 transcript starts with its board string" $?
printf 'import %s/g6.txt\nlast\nmoves\n' "$g" | "$OTHELLO" script --no-board >"$g/out2" 2>&1
grep -q ">  2 White b2" "$g/out2"; check "the transcript reads back as a 6x6 game" $?
printf 'go\nexport %s/g10.sgf\nexport %s/g10.ggf\n' "$g" "$g" |
  "$OTHELLO" script --variant 10x10-holes --black beginner --white novice --no-board >"$g/out3" 2>&1; st=$?
[ $st -eq 1 ] && grep -q "RE\[[BW0]" "$g/g10.sgf" && grep -q "GGF holds 8x8 games only; save a 10x10-holes game as .sgf or .txt" "$g/out3"
check "script plays a whole 10x10-holes game; GGF refuses it with a message" $?
grep -q "SZ\[10\]OMHO\[e1\]\[f1\]\[a5\]\[j5\]\[a6\]\[j6\]\[e10\]\[f10\]" "$g/g10.sgf"; check "the holes are in OMHO" $?
"$OTHELLO" analyze "$g/g10.sgf" -o "$g/g10a.sgf" >"$g/out4" 2>&1; st=$?
[ $st -eq 0 ] && grep -q "OMA\[best:" "$g/g10a.sgf" && grep -q "^Black: " "$g/out4"
check "analyze scores a 10x10-holes game" $?
"$OTHELLO" convert "$g/g10.sgf" "$g/c.ggf" 2>"$g/err"; st=$?
[ $st -eq 2 ] && grep -q "GGF holds 8x8 games only" "$g/err"; check "convert to GGF refuses the other boards (exit 2)" $?
"$OTHELLO" script --variant 9x9 </dev/null 2>"$g/err"; st=$?
[ $st -eq 2 ] && grep -q "'9x9' is not a board" "$g/err"; check "script --variant refuses an unknown board" $?
printf 'board\nnew -V 10x10-holes\nboard\nnew -V 7x7\n' | "$OTHELLO" script -V 6x6 --no-board >"$g/out5" 2>&1
grep -q "^6 \. \. \. \. \. \.$" "$g/out5" && grep -q "^10 " "$g/out5" &&
  grep -q "new: unknown board \`7x7\` (8x8, 6x6 or 10x10-holes)" "$g/out5"
check "script -V 6x6, and new -V NAME, as on the command line" $?
rm -rf "$g"

# --variant alike everywhere: every command that takes a board reads -V NAME
# (play and script refused it), and refuses an unknown board in one message
for c in play script perft solve analyze-position match tournament ladder "train generate"; do
  "$OTHELLO" $c -V 7x7 </dev/null >/dev/null 2>err.$$; st=$?
  prefix="othello $c"; [ "$c" = play ] && prefix=othello
  [ $st -eq 2 ] && [ "$(cat err.$$)" = "$prefix: --variant: '7x7' is not a board (8x8, 6x6 or 10x10-holes)" ]
  check "$c -V 7x7: the one message for an unknown board" $?
done
"$OTHELLO" play --help | grep -q -- "^  -V, --variant NAME  *the board: 8x8, 6x6 or 10x10-holes"
check "play --help lists -V, --variant NAME" $?
rm -f err.$$

tap_done
