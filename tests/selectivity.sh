#!/bin/sh
# selectivity.sh — the ProbCut table and --selectivity from the command line:
# a bad table row stops the program with FILE:LINE (exit 2), a missing table
# leaves the searches exact with one note, a bad --selectivity is refused on
# every command that takes it, and selective iterations show their
# selectivity (analyze-position, solve, nboard).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
: "${TESTDATA:=$TOP_SRCDIR/tests/data}"
T=selectivity.tmp.$$
rm -rf $T && mkdir -p $T/bad/eval $T/none/eval
trap 'rm -rf $T' EXIT
MID="----O------OO-----XXO------XO-----XOXOXX--O-OOOO-O---XX-O---X--- X"

# a table with a bad third line, beside a good evaluation
cp "$TOP_SRCDIR/eval/pattern.bin" $T/bad/eval/
printf '# a table\nend 10 10 2 1.0 0 400\nmid 20 30 8 4 0 0 300\n' >$T/bad/eval/probcut.txt
OTHELLO_DATADIR=$T/bad "$OTHELLO" solve "$TESTDATA/fforum-1-19.obf" >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "$T/bad/eval/probcut.txt:3: SLOPE must be above 0" $T/e
check "solve: a bad ProbCut table row exits 2 with FILE:LINE" $?
OTHELLO_DATADIR=$T/bad "$OTHELLO" analyze-position "$MID" --depth 2 >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello analyze-position: $T/bad/eval/probcut.txt:3: " $T/e
check "analyze-position: a bad ProbCut table row exits 2 with FILE:LINE, not blamed on --eval" $?
printf 'quit\n' | OTHELLO_DATADIR=$T/bad "$OTHELLO" script >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "probcut.txt:3: " $T/e
check "script: a bad ProbCut table row exits 2 with FILE:LINE" $?

# bad values of --selectivity
"$OTHELLO" analyze-position "$MID" --depth 2 --selectivity 90 >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "selectivity: '90' is not a selectivity" $T/e
check "analyze-position: a bad --selectivity exits 2" $?
"$OTHELLO" solve "$TESTDATA/fforum-1-19.obf" --selectivity 0.5 >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "selectivity: '0.5'" $T/e
check "solve: a bad --selectivity exits 2" $?
"$OTHELLO" gtp --level expert --selectivity 50 </dev/null >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "selectivity: '50'" $T/e
check "gtp: a bad --selectivity exits 2" $?
"$OTHELLO" nboard --selectivity x </dev/null >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "selectivity: 'x'" $T/e
check "nboard: a bad --selectivity exits 2" $?
printf 'quit\n' | "$OTHELLO" script --black "master --selectivity 96" >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "selectivity: '96'" $T/e
check "a level with a bad --selectivity is refused" $?

# selective iterations say so; exact ones do not
"$OTHELLO" analyze-position "$MID" --depth 8 --selectivity 87 >$T/o 2>$T/e
grep -q '^depth  *8@87%' $T/o && grep -q '(depth 8@87%)' $T/o
check "analyze-position --selectivity 87: depth 8@87%" $?
"$OTHELLO" analyze-position "$MID" --depth 8 >$T/o 2>$T/e
grep -q '^depth  8 ' $T/o && ! grep -q '@' $T/o
check "analyze-position: exact by default" $?
head -3 "$TESTDATA/fforum-1-19.obf" >$T/three.obf
"$OTHELLO" solve $T/three.obf --selectivity 95 >$T/o 2>$T/e; st=$?
[ "$(grep -c '@95%' $T/o)" -eq 3 ]
check "solve --selectivity 95: each score shown at 95 %" $?
"$OTHELLO" solve $T/three.obf --selectivity exact >$T/o 2>$T/e; st=$?
[ $st -eq 0 ] && ! grep -q '@' $T/o && grep -q '3 positions, 0 mismatches' $T/o
check "solve --selectivity exact: exact scores" $?
# the end of the input lets the hint search finish its 6 plies (a ping a
# second later would stop it short on a slow build)
printf 'nboard 2\nset depth 6\nset game (;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)\nhint 1\n' |
  timeout 120 "$OTHELLO" nboard --no-book --selectivity 95 >$T/o 2>$T/e
grep -q '^search .* 0 6@95%$' $T/o
check "nboard --selectivity 95: search lines give depth@95%" $?

tap_done
