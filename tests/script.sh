#!/bin/sh
# script.sh — `othello script` and `othello analyze` end to end: play, undo,
# branch a variation in a study, annotate, save to a slot and load it in a new process,
# export and convert, engines that move by themselves, the autosave on
# SIGTERM, and the analysis of a saved game.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/othello-script.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
OTHELLO_SAVE_DIR=$tmp/saves
export OTHELLO_SAVE_DIR

cat >"$tmp/play.txt" <<'END'
f5 d6 c3 d3 c4
study
undo 2
f4
mark ?!
comment a new idea
prev
mark !
next
info event Club night
save 3 an example
moves
END
"$OTHELLO" script --no-board "$tmp/play.txt" >"$tmp/out1" 2>&1; st=$?
check "a played, branched and annotated script exits 0" $st
grep -q "^saved in slot 3$" "$tmp/out1"; check "save names the slot" $?
[ -f "$tmp/saves/3.sgf" ]; check "the slot is a file in the save directory" $?
grep -q "^> *4 White f4 *?! (+1 variation)  a new idea$" "$tmp/out1"; check "the variation move carries its mark and comment" $?

printf 'load 3\nmoves\nfirst\nnext 3\nvariations\nline 1\nmoves\nsaves\n' >"$tmp/load.txt"
"$OTHELLO" script --no-board "$tmp/load.txt" >"$tmp/out2" 2>&1; st=$?
check "a new process loads the slot" $st
grep -q "^> *5 Black c4$" "$tmp/out2"; check "the loaded game goes on at the end of its main line" $?
grep -q "^ *3 Black c3 *!$" "$tmp/out2"; check "marks and the variation survive the slot" $?
grep -q "^1\. d3 (main) (current)$" "$tmp/out2" && grep -q "^2\. f4?!$" "$tmp/out2"; check "variations lists both moves" $?
printf 'load 3\ngoto 3\nline 2\nmoves\n' | "$OTHELLO" script --no-board >"$tmp/out2b" 2>&1
grep -q "^> *4 White f4 *?! (+1 variation)  a new idea$" "$tmp/out2b"; check "the variation and its annotations survive the slot" $?
grep -q "^> *4 White d3 (+1 variation)$" "$tmp/out2"; check "line 1 follows the main line" $?
grep -q "^3 .* an example$" "$tmp/out2"; check "saves lists the slot with its description" $?

printf 'load 3\nfirst\nexport %s\nexport %s\n' "$tmp/game.sgf" "$tmp/game.txt" >"$tmp/export.txt"
"$OTHELLO" script --no-board "$tmp/export.txt" >"$tmp/out3" 2>&1; st=$?
check "export writes SGF and a transcript" $st
grep -q "EV\[Club night\]" "$tmp/game.sgf"; check "the SGF keeps the game information" $?
grep -q "C\[a new idea\]" "$tmp/game.sgf"; check "the SGF keeps the comment" $?
grep -qi "f5d6c3d3c4" "$tmp/game.txt"; check "the transcript is the main line" $?
"$OTHELLO" convert "$tmp/game.sgf" "$tmp/game.ggf" >/dev/null 2>&1 &&
  grep -q "GM\[Othello\]" "$tmp/game.ggf"; check "the exported game converts to GGF" $?
printf 'import %s\nlast\nmoves\n' "$tmp/game.ggf" | "$OTHELLO" script --no-board >"$tmp/out4" 2>&1
grep -q "^> *5 Black c4$" "$tmp/out4"; check "the converted game imports back" $?

printf 'f5\nmoves\n' | "$OTHELLO" script --no-board --white novice >"$tmp/out5" 2>&1
grep -q "^White plays [a-h][1-8] " "$tmp/out5" && grep -q "^> *2 White " "$tmp/out5"
check "an engine moves by itself before the next command" $?

printf 'f5\nbogus\nmove a1\n' | "$OTHELLO" script >"$tmp/out6" 2>&1; st=$?
[ $st -eq 1 ] && grep -q "^error: unknown command .bogus." "$tmp/out6" &&
  grep -q "^error: illegal move a1 for White$" "$tmp/out6"
check "errors are printed and the exit status is 1" $?
grep -q "^4 \. \. \. O X \. \. \.$" "$tmp/out6" && grep -q "White to move: f4 d6 f6$" "$tmp/out6"
check "the board is printed after a move" $?
# a NUL byte: not text; `f5\0garbage` ran as `f5garbage`
printf 'f5\nd6\0garbage\nc3\n' | "$OTHELLO" script --no-board >"$tmp/nul" 2>&1; st=$?
[ $st -eq 2 ] && grep -q "othello script: -:2:3: NUL byte: this is not a text file; script stopped" "$tmp/nul" &&
  ! grep -q "garbage\|c3" "$tmp/nul"
check "a NUL byte in a script stops it with its place, nothing after it run" $?
"$OTHELLO" script --bogus </dev/null >/dev/null 2>&1; [ $? -eq 2 ]; check "a bad option exits 2" $?

# the autosave: SIGTERM while the script waits for input
mkfifo "$tmp/fifo"
"$OTHELLO" script --save-dir "$tmp/auto" <"$tmp/fifo" >"$tmp/out7" 2>&1 &
pid=$!
exec 3>"$tmp/fifo"
echo "f5 d6" >&3
i=0
while ! grep -q "played d6" "$tmp/out7" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -TERM $pid
wait $pid; st=$?
exec 3>&-
[ $st -eq 1 ] && grep -q "autosave" "$tmp/out7" && grep -qi "d6" "$tmp/auto/autosave.sgf"
check "SIGTERM writes the autosave slot" $?
! grep -q "read error" "$tmp/out7"; check "SIGTERM stops the script without a read error" $?
printf 'saves\nload autosave\nmoves\n' | "$OTHELLO" script --no-board --save-dir "$tmp/auto" >"$tmp/out8" 2>&1
grep -q "^> *2 White d6$" "$tmp/out8" && grep -q "^autosave " "$tmp/out8"; check "the autosave is listed and loads back" $?

# The sweep of stale temporaries takes only the program's own: files of the
# user's that look like a slot plus a suffix stay, however old.
mkdir "$tmp/mine"
echo x >"$tmp/mine/game.sgf.backup"
echo x >"$tmp/mine/x.sgf.ABCDEF"
echo x >"$tmp/mine/.othello-tmp-x.sgf.ABCDEF"
touch -d '5 min ago' "$tmp/mine/game.sgf.backup" "$tmp/mine/x.sgf.ABCDEF" "$tmp/mine/.othello-tmp-x.sgf.ABCDEF"
echo saves | "$OTHELLO" script --save-dir "$tmp/mine" >/dev/null 2>&1
[ -f "$tmp/mine/game.sgf.backup" ] && [ -f "$tmp/mine/x.sgf.ABCDEF" ]
check "saves leaves the user's game.sgf.backup and x.sgf.ABCDEF alone" $?
[ ! -e "$tmp/mine/.othello-tmp-x.sgf.ABCDEF" ]; check "saves sweeps a stale temporary of its own" $?

# A save directory that cannot be written: the autosave says why and falls
# back to $XDG_STATE_HOME/othello-master, then to a file of its own in $TMPDIR.
# (A regular file where a directory should be fails even for root.)
term_script() { # term_script OUT ENV...: plays f5 d6 under env, then SIGTERM
  out=$1; shift
  rm -f "$tmp/fifo2"; mkfifo "$tmp/fifo2"
  env "$@" "$OTHELLO" script --save-dir "$tmp/blocked/saves" <"$tmp/fifo2" >"$out" 2>&1 &
  pid=$!
  exec 4>"$tmp/fifo2"
  echo "f5 d6" >&4
  i=0
  while ! grep -q "played d6" "$out" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
  kill -TERM $pid
  wait $pid; st=$?
  exec 4>&-
  return $st
}
: >"$tmp/blocked"
mkdir -p "$tmp/state" "$tmp/tmpdir"
term_script "$tmp/out9" XDG_STATE_HOME="$tmp/state" TMPDIR="$tmp/tmpdir"; st=$?
[ $st -eq 1 ] && grep -q "blocked.*Not a directory" "$tmp/out9" &&
  grep -q "saved in $tmp/state/othello-master/autosave.sgf instead" "$tmp/out9" &&
  grep -qi "d6" "$tmp/state/othello-master/autosave.sgf"
check "an unwritable save directory: the autosave says why and goes to \$XDG_STATE_HOME" $?
term_script "$tmp/out10" XDG_STATE_HOME="$tmp/blocked" TMPDIR="$tmp/tmpdir"; st=$?
f=$(ls "$tmp/tmpdir"/othello-autosave-*.sgf 2>/dev/null | head -n 1)
[ $st -eq 1 ] && [ -n "$f" ] && grep -q "saved in $f instead: \`load $f\` resumes it" "$tmp/out10" &&
  [ "$(grep -o 'Not a directory' "$tmp/out10" | wc -l)" -eq 2 ]
check "then to a unique file in \$TMPDIR, naming both failures" $?
printf 'import %s\nlast\nmoves\n' "$f" | "$OTHELLO" script --no-board --save-dir "$tmp/auto" >"$tmp/out11" 2>&1
grep -q "^> *2 White d6$" "$tmp/out11"; check "which imports back" $?
term_script "$tmp/out12" XDG_STATE_HOME="$tmp/blocked" TMPDIR="$tmp/blocked"; st=$?
[ $st -eq 1 ] && grep -q "the autosave failed, the game is lost: .*blocked/saves.*; .*blocked/othello-master.*; .*blocked:" "$tmp/out12"
check "nowhere to write: says so, with each place and why" $?

# analysis of a saved game
printf 'f5 d6 c3 d3 c4 f4 f6 f3 e6 e7\nsave 5\n' | "$OTHELLO" script >/dev/null 2>&1
"$OTHELLO" analyze --depth 2 -o "$tmp/analysed.sgf" --svg "$tmp/eval.svg" "$tmp/saves/5.sgf" >"$tmp/out9" 2>&1; st=$?
check "othello analyze exits 0" $st
grep -q "^Black: 5 moves, loss " "$tmp/out9" && grep -q "^White: 5 moves, loss " "$tmp/out9"
check "analyze sums up each side" $?
[ -s "$tmp/analysed.sgf" ] && grep -q "f5" "$tmp/analysed.sgf"; check "analyze writes the annotated SGF" $?
grep -q "<svg" "$tmp/eval.svg" && grep -q "<polyline" "$tmp/eval.svg"; check "analyze draws the SVG chart" $?
# the chart has axis titles, ticks every 10 moves and every quarter of a
# range that fits the game (the least of 2, 4 ... 64 discs holding the largest
# score of the analysed file), and a legend for the colours of its dots
"$OTHELLO" analyze --depth 3 -o "$tmp/tiger.sgf" --svg "$tmp/tiger.svg" "${TOP_SRCDIR:-$(dirname "$0")/..}/saves/tiger-variation.sgf" >/dev/null 2>&1
top=$(grep -o 'played_score:-\{0,1\}[0-9]*' "$tmp/tiger.sgf" | cut -d: -f2 | tr -d - | sort -n | tail -n 1)
range=2; while [ $((range * 100)) -lt "$top" ] && [ $range -lt 64 ]; do range=$((range * 2)); done
grep -q ">+$range</text>" "$tmp/tiger.svg" && grep -q ">-$range</text>" "$tmp/tiger.svg" &&
  ! grep -q ">+$((range * 2))</text>" "$tmp/tiger.svg"
check "the SVG's scale fits the game (+-$range for a largest score of $top)" $?
grep -q ">move</text>" "$tmp/tiger.svg" && grep -q ">discs for Black" "$tmp/tiger.svg" &&
  grep -q ">0</text>" "$tmp/tiger.svg" && grep -q ">60</text>" "$tmp/tiger.svg" &&
  [ "$(grep -c 'text-anchor="end">' "$tmp/tiger.svg")" -eq 9 ]
check "the SVG has axis titles, move ticks and nine score ticks" $?
grep -q ">?? blunder</text>" "$tmp/tiger.svg" && grep -q ">your own mark" "$tmp/tiger.svg" &&
  grep -q 'fill="#d62728"/>$' "$tmp/tiger.svg" && grep -q '<g><title>move 11: ?!</title><circle [^>]*stroke="#1f77b4" stroke-width="1.5"/></g>' "$tmp/tiger.svg"
check "the SVG's legend names the verdict colours and the user's marks (move 11 ?!)" $?
# every shape is an empty element, its tooltip the title of a group around it:
# ImageMagick's own renderer does not draw a <circle> that holds a <title>
! grep -Eq '<(circle|rect|line|polyline|polygon|path|ellipse)( [^>]*[^/])?>' "$tmp/tiger.svg"
check "the SVG's shapes hold no children (drawn alike by browsers and ImageMagick)" $?
command -v xmllint >/dev/null 2>&1 && { xmllint --noout "$tmp/tiger.svg"; check "the SVG is well-formed XML" $?; }
"$OTHELLO" analyze "$tmp/nosuch.sgf" >/dev/null 2>&1; [ $? -eq 2 ]; check "analyze of a missing file exits 2" $?
printf 'load 5\nanalyze --depth 2\n' | "$OTHELLO" script --no-board >"$tmp/out10" 2>&1
grep -q "^analysis: 10 moves" "$tmp/out10"; check "the analyze command runs in scripts" $?
printf 'help keys\n' | "$OTHELLO" script --no-board >"$tmp/out11" 2>&1; st=$?
[ $st -eq 0 ] && grep -q "^  Esc  *stop the engine" "$tmp/out11"; check "help keys prints the key table in scripts" $?

# othello drill: at the position before each of Black's mistakes in the
# analysed tiger game (tiger.sgf, analysed above at depth 3), the best move of
# the analysis is right, the mistaken move itself is not (the engine's line
# shows), and the score counts the answers given
q1=$(printf '' | "$OTHELLO" drill --side black "$tmp/tiger.sgf" 2>&1 | sed -n 's/^Drill 1\/[0-9]*: Black, better than \([a-h][1-8]\)$/\1/p')
best1=$(grep "^;B\[$q1\]" "$tmp/tiger.sgf" | head -n 1 | sed -n 's/.*OMA\[best:\([a-h][1-8]\) .*/\1/p')
printf '%s\n' "$best1" | "$OTHELLO" drill --side black "$tmp/tiger.sgf" >"$tmp/d1" 2>&1; st=$?
[ $st -eq 0 ] && [ -n "$q1" ] && grep -q "^Right: $best1 " "$tmp/d1"; check "drill: the analysis's best move is right (first mistake $q1, best $best1)" $?
q2=$(sed -n 's/.*Drill 2\/[0-9]*: Black, better than \([a-h][1-8]\)$/\1/p' "$tmp/d1")
printf '%s\n%s\nmove h9\n' "$best1" "$q2" | "$OTHELLO" drill --side black "$tmp/tiger.sgf" >"$tmp/d2" 2>&1
grep -q "^No: $q2 [-+][0-9.]*, best [-+][0-9.]*:\( [a-h][1-8]\)\{2,\}\. Drill 3/" "$tmp/d2"
check "drill: the mistaken move again is not, and the engine's line shows" $?
grep -q "^error: not a square: .h9." "$tmp/d2" && grep -q "^Drill over: 1 of 2 right$" "$tmp/d2"
check "drill: a bad square is refused and the score counts the answers given" $?
"$OTHELLO" drill --side black "$tmp/tiger.sgf" <"$tmp" >"$tmp/d5" 2>&1; st=$?
[ $st -eq 2 ] && grep -q "^othello drill: error reading the answers: Is a directory" "$tmp/d5"
check "drill: answers that cannot be read (a directory) are an error, not the end" $?
printf 'f5d6c3d3c4f4f6f3e6e7\n' >"$tmp/short.txt"
printf 'drill stop\n' | "$OTHELLO" drill --depth 2 --within 0 "$tmp/short.txt" >"$tmp/d3" 2>&1; st=$?
[ $st -eq 0 ] && grep -q "^Drill 1/" "$tmp/d3"; check "drill analyses a game without analysis first" $?
"$OTHELLO" drill --side red "$tmp/short.txt" >/dev/null 2>"$tmp/d4"; st=$?
[ $st -eq 2 ] && grep -q "side: .red. is not black, white or both" "$tmp/d4"; check "drill: a bad --side exits 2 saying why" $?

# the analysed tiger game (tiger.sgf above): GGF export keeps every move's
# evaluation (those of the moves without engine reasoning were dropped)
printf 'load %s\nexport %s\n' "$tmp/tiger.sgf" "$tmp/tiger.ggf" | "$OTHELLO" script --no-board >/dev/null 2>&1
moves=$(grep -o '[BW]\[[A-H][1-8][^]]*\]' "$tmp/tiger.ggf" | wc -l)
evals=$(grep -o '[BW]\[[A-H][1-8]/-\{0,1\}[0-9][0-9.]*[^]]*\]' "$tmp/tiger.ggf" | wc -l)
[ "$moves" -ge 59 ] && [ "$evals" -eq "$moves" ]; check "GGF export: every move of an analysed game has its evaluation ($evals of $moves)" $?

# the drill of a game opened for study covers both colours (it took the
# human's side of the players of the command line: Black only)
printf 'load %s\ndrill\n' "$tmp/tiger.sgf" | "$OTHELLO" script --no-board >"$tmp/dr1" 2>&1
printf 'load %s\ndrill both\n' "$tmp/tiger.sgf" | "$OTHELLO" script --no-board >"$tmp/dr2" 2>&1
n1=$(sed -n 's/^Drill 1\/\([0-9]*\):.*/\1/p' "$tmp/dr1" | head -n 1)
n2=$(sed -n 's/^Drill 1\/\([0-9]*\):.*/\1/p' "$tmp/dr2" | head -n 1)
[ -n "$n1" ] && [ "$n1" = "$n2" ]; check "drill in a study: both colours' mistakes ($n1 of $n2)" $?
printf 'load %s\ndrill black\n' "$tmp/tiger.sgf" | "$OTHELLO" script --no-board >"$tmp/dr3" 2>&1
n3=$(sed -n 's/^Drill 1\/\([0-9]*\):.*/\1/p' "$tmp/dr3" | head -n 1)
[ -n "$n3" ] && [ "$n3" -lt "$n2" ]; check "(Black alone has fewer: $n3)" $?

# the shipped examples: no move the example marks good (TE: ! or !!) is one
# the exact endgame calls a mistake (the tiger game's h8 was ! where it is ??)
for ex in tiger-variation corners-and-pass; do
  "$OTHELLO" analyze --depth 2 --exact 12 -o "$tmp/ex.sgf" "${TOP_SRCDIR:-$(dirname "$0")/..}/saves/$ex.sgf" >/dev/null 2>&1
  ! grep -o ';[BW]\[[a-h][1-8]\][^;]*' "$tmp/ex.sgf" | grep 'TE\[' | grep -q 'OMV\[?' 
  check "saves/$ex.sgf: no move marked good is a mistake by the exact endgame" $?
done

# What a file says reaches the terminal escaped: a name and a comment with a
# terminal's escape sequences are shown \x1b[..., line breaks kept.
printf '(;GM[2]FF[4]SZ[8]PB[ev\033[2Jil]PW[bob]C[line1\nline2 \033[31mred];B[f5])' >"$tmp/esc.sgf"
printf 'import %s\ninfo\nmoves\n' "$tmp/esc.sgf" |
  "$OTHELLO" script --no-board >"$tmp/esc.out" 2>&1
! grep -q "$(printf '\033')" "$tmp/esc.out" && grep -qF 'ev\x1b[2Jil' "$tmp/esc.out" &&
  grep -qF 'line2 \x1b[31mred' "$tmp/esc.out" && grep -q '^  line1$' "$tmp/esc.out"
check "a name and a comment from a file are shown with their escape sequences escaped" $?

tap_done
