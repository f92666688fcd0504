#!/bin/sh
# eval-choice.sh — `--eval pattern|classic|FILE` with the same meaning on
# every command: the two evaluations score differently, a bad SPEC is refused
# (exit 2), a corrupt eval/pattern.bin falls back to the classic evaluation
# with one message, and a match names each side's evaluation and replays
# from its seed.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
: "${TESTDATA:=$TOP_SRCDIR/tests/data}"
T=eval-choice.tmp.$$
rm -rf $T && mkdir -p $T/data/eval
trap 'rm -rf $T' EXIT
OPEN=$TESTDATA/openings-few.txt

# a midgame position (40 empties) and the score of its best move at depth 4
MID="----O------OO-----XXO------XO-----XOXOXX--O-OOOO-O---XX-O---X--- X"
best() { "$OTHELLO" analyze-position "$MID" --depth 4 "$@" 2>>$T/err | awk '/^best /{ print $3 }'; }
# body of a report without comments and the seconds column (times differ);
# with --jobs the lines come in the order the games end
body() { grep -v '^#' "$1" | cut -f1-8,10-11,14; }

classic=$(best --eval classic)
pattern=$(best --eval pattern)
[ -n "$classic" ] && [ -n "$pattern" ] && [ "$classic" != "$pattern" ]
check "analyze-position: --eval classic and --eval pattern score a midgame differently" $?
[ "$(best)" = "$pattern" ]; check "analyze-position: the default is the pattern evaluation" $?
[ "$(best --eval "$TOP_SRCDIR/eval/classic.txt")" = "$classic" ]
check "analyze-position: a classic weights file scores as --eval classic" $?
[ "$(best --without mobility)" = "$(best --eval classic --without mobility)" ]
check "analyze-position: --without alone uses the classic evaluation" $?
"$OTHELLO" analyze-position "$MID" --depth 2 --eval pattern --without mobility >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "no features to switch off" $T/e
check "analyze-position: --without with the pattern evaluation is refused" $?

# bad SPECs: exit 2 with the option in the message
"$OTHELLO" analyze-position "$MID" --eval $T/none.bin >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello analyze-position: --eval: $T/none.bin: " $T/e
check "analyze-position: a missing weights file exits 2" $?
"$OTHELLO" --eval $T/none.bin </dev/null >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "evaluation: $T/none.bin: " $T/e
check "play: a missing weights file exits 2 before the screen" $?
echo "new" | "$OTHELLO" script --eval $T/none.bin >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello script: evaluation: $T/none.bin: " $T/e
check "script: a missing weights file exits 2" $?
"$OTHELLO" match --black expert --white expert --black-eval $T/none.bin --games 2 \
  --openings $OPEN --quiet >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello match: --black-eval: $T/none.bin: " $T/e
check "match: a missing --black-eval file exits 2" $?
printf 'not weights\n' >$T/bad.txt
"$OTHELLO" match --black expert --white expert --white-eval $T/bad.txt --games 2 \
  --openings $OPEN --quiet >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello match: --white-eval: $T/bad.txt:1: " $T/e
check "match: a malformed --white-eval file exits 2 with file:line" $?
"$OTHELLO" match --black expert --white "engine:$OTHELLO gtp" --white-eval classic --games 2 \
  --openings $OPEN --quiet >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello match: --white-eval: 'engine:.*' is not one of our levels" $T/e
check "match: --white-eval for an external engine is refused" $?
"$OTHELLO" gtp --level random --eval classic </dev/null >/dev/null 2>&1; st=$?
[ $st -eq 2 ]; check "gtp: --eval with a player that has no evaluation is refused" $?
"$OTHELLO" nboard --eval $T/none.bin </dev/null >/dev/null 2>&1; st=$?
[ $st -eq 2 ]; check "nboard: a missing weights file exits 2" $?

# a corrupt eval/pattern.bin in the data directory: classic, one message
head -c 50000 "$TOP_SRCDIR/eval/pattern.bin" >$T/data/eval/pattern.bin
out=$(OTHELLO_DATADIR=$T/data "$OTHELLO" analyze-position "$MID" --depth 4 2>$T/e |
  awk '/^best /{ print $3 }')
[ "$out" = "$classic" ] && [ "$(wc -l <$T/e)" -eq 1 ] &&
  grep -q "^othello analyze-position: $T/data/eval/pattern.bin: .*; using the classic evaluation$" $T/e
check "a corrupt pattern.bin: analyze-position says so once and scores as classic" $?
printf 'go\n' | OTHELLO_DATADIR=$T/data "$OTHELLO" script --black expert --no-board \
  >$T/out 2>$T/e; st=$?
[ $st -eq 0 ] && [ "$(wc -l <$T/e)" -eq 1 ] && grep -q "using the classic evaluation" $T/e
check "a corrupt pattern.bin: script says so once and plays" $?
OTHELLO_DATADIR=$T/data "$OTHELLO" match --black expert --white novice --eval pattern --games 2 \
  --openings $OPEN --jobs 2 --quiet --report $T/fallback.txt >/dev/null 2>$T/e; st=$?
[ $st -eq 0 ] && [ "$(grep -c 'using the classic evaluation' $T/e)" -eq 1 ] &&
  [ "$(body $T/fallback.txt | cut -f3,4 | grep -c 'expert (classic).novice (classic)\|novice (classic).expert (classic)')" -eq 2 ]
check "a corrupt pattern.bin: match says so once and names the classic evaluation" $?
# the game shows it in its message line (when tmux can run it)
if command -v tmux >/dev/null 2>&1; then
  TM() { tmux -S "$PWD/$T/tmux.sock" -f /dev/null "$@"; }
  TM new-session -d -s ev -x 220 -y 40 env -u TMUX HOME="$PWD/$T/home" LANG=C.UTF-8 \
    LC_ALL=C.UTF-8 OTHELLO_DATADIR="$PWD/$T/data" sh -c "\"\$0\" 2>/dev/null; exec sleep 60" \
    "$OTHELLO"
  i=0
  until TM capture-pane -p -t ev | grep -q "pattern.bin: .*using the classic evaluation"; do
    i=$((i + 1)); [ $i -lt 300 ] || break; sleep 0.05
  done
  [ $i -lt 300 ]; check "a corrupt pattern.bin: the game says so in its message line" $?
  TM kill-server >/dev/null 2>&1
else
  tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP tmux is not installed"
fi
"$OTHELLO" analyze-position "$MID" --depth 2 --eval $T/data/eval/pattern.bin >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello analyze-position: --eval: $T/data/eval/pattern.bin: " $T/e
check "a corrupt weights file named explicitly is an error" $?

# an empty or comment-only weights file would be the built-in classic weights:
# named with --eval it is refused; as eval/pattern.bin it falls back loudly
# (issue 33)
: >$T/empty.txt
printf '# nothing but a comment\n\n' >$T/comments.txt
for w in empty comments; do
  what="an empty"; [ $w = comments ] && what="a comment-only"
  "$OTHELLO" analyze-position "$MID" --depth 2 --eval $T/$w.txt >/dev/null 2>$T/e; st=$?
  [ $st -eq 2 ] && grep -q "^othello analyze-position: --eval: $T/$w.txt: no weights in the file" $T/e
  check "$what weights file named with --eval is refused (exit 2)" $?
  mkdir -p $T/$w/eval && cp $T/$w.txt $T/$w/eval/pattern.bin
  out=$(OTHELLO_DATADIR=$T/$w "$OTHELLO" analyze-position "$MID" --depth 4 2>$T/e |
    awk '/^best /{ print $3 }')
  [ "$out" = "$classic" ] && [ "$(wc -l <$T/e)" -eq 1 ] &&
    grep -q "^othello analyze-position: $T/$w/eval/pattern.bin: no weights in the file.*; using the classic evaluation$" $T/e
  check "$what pattern.bin: the fallback to the classic evaluation is said" $?
done
# a byte order mark before the first line is read past
printf '\357\273\277# weights\nmobility 0 0 0 0 0\n' >$T/bom.txt
[ "$(best --eval $T/bom.txt)" = "$(best --without mobility)" ]
check "a weights file that starts with a UTF-8 byte order mark is read" $?

# a match between the two evaluations: names, logs, seeds
for r in 1 2; do
  "$OTHELLO" match --black expert --white expert --black-eval classic --white-eval pattern \
    --games 4 --openings $OPEN --seed 5 --jobs 2 --quiet --report $T/m$r.txt \
    --log-dir $T/logs$r >$T/sum$r.txt 2>$T/e$r || echo "match $r failed" >>$T/e
done
[ "$(body $T/m1.txt | cut -f3 | sort -u | tr '\n' ,)" = "expert (classic),expert (pattern)," ]
check "match: the report names each side's evaluation" $?
grep -q "^4 games: expert (classic) vs expert (pattern)$" $T/sum1.txt
check "match: the summary names both evaluations" $?
grep -q "PB\[expert (classic)\]" $T/logs1/game-00001.sgf &&
  grep -q "PW\[expert (pattern)\]" $T/logs1/game-00001.sgf &&
  grep -q "level:expert_(pattern) source:search" $T/logs1/game-00001.sgf
check "match: the game logs name the players' evaluations and the reasoning too" $?
body $T/m1.txt | sort >$T/b1 && body $T/m2.txt | sort >$T/b2 && cmp -s $T/b1 $T/b2 && [ -s $T/b1 ]
check "match: the same seed and options give the same report" $?
"$OTHELLO" match --black expert --white expert --eval classic --games 2 --openings $OPEN \
  --quiet >$T/sum.txt 2>/dev/null
grep -q "^2 games: expert (classic) vs expert (classic)#2$" $T/sum.txt
check "match: --eval gives both players the evaluation" $?

"$OTHELLO" match --black "expert --disable mobility" --white expert --eval pattern --games 2 \
  --openings $OPEN --quiet >$T/sum.txt 2>/dev/null
grep -q "^2 games: expert --disable mobility (classic) vs expert (pattern)$" $T/sum.txt
check "match: a level that switches features off is named with the classic evaluation" $?

out=$("$OTHELLO" ladder --games 2 --plies 2 --no-book --quiet --eval classic beginner novice 2>&1)
echo "$out" | grep -q "^evaluation: classic$"; check "ladder: --eval, named under the table" $?
printf 'clear_board\ngenmove black\nquit\n' | "$OTHELLO" gtp --level expert --eval classic >$T/out
grep -q "^= [A-Ha-h][1-8]$" $T/out; check "gtp: --eval classic plays" $?

# the manual lists the options
MAN=$TOP_SRCDIR/man/othello.6
grep -q '^\.SH EVALUATIONS' $MAN && grep -q 'black\\-eval' $MAN && grep -q 'white\\-eval' $MAN
check "the manual has the EVALUATIONS section and --black-eval, --white-eval" $?
[ "$(grep -c 'eval\\fP \\fISPEC' $MAN)" -ge 9 ]; check "the manual gives --eval SPEC for the commands" $?

tap_done
