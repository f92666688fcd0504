#!/bin/sh
# engine.sh — `othello solve` and `othello analyze-position` from the command
# line: results, totals, exit codes and file:line messages.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TESTDATA:=$(dirname "$0")/data}"
tmp=engine-test.$$
trap 'rm -f $tmp.*' EXIT

out=$("$OTHELLO" solve "$TESTDATA/fforum-1-19.obf"); st=$?
check "solve fforum-1-19 exits 0" $st
echo "$out" | grep -q "^total: 19 positions, 0 mismatches, " ; check "solve prints a total line" $?
echo "$out" | grep -q "^  1 14 empties  G8   +18  expected +18  OK " ; check "solve prints move, score, expected score, OK" $?

head -n 3 "$TESTDATA/fforum-1-19.obf" | sed '1s/G8:+18/G8:+20/' > $tmp.obf
"$OTHELLO" solve $tmp.obf > $tmp.out; st=$?
[ $st -eq 1 ] && grep -q "MISMATCH" $tmp.out && grep -q "1 mismatches" $tmp.out
check "a wrong expected score is a MISMATCH with exit 1" $?

head -n 2 "$TESTDATA/fforum-1-19.obf" | "$OTHELLO" solve --all-moves /dev/stdin > $tmp.out; st=$?
check "solve --all-moves checks every move score" $st

printf '%% a comment\n\n--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\nXXXX O;\n' > $tmp.obf
"$OTHELLO" solve $tmp.obf > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "^$tmp.obf:4:7: the board has 5 squares, expected 64" $tmp.err
check "a bad OBF line gives file:line:col and exit 2" $?

printf -- '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; Z9:+2;\n' > $tmp.obf
"$OTHELLO" solve $tmp.obf > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "^$tmp.obf:1:77: 'Z9' is not a square" $tmp.err
check "a bad move in OBF is refused with its column" $?

"$OTHELLO" solve --wld "$TESTDATA/fforum-1-19.obf" > $tmp.out; st=$?
check "solve --wld fforum-1-19 exits 0" $st

head -n 1 "$TESTDATA/fforum-40-59.obf" > $tmp.obf
"$OTHELLO" solve --time 0.05 $tmp.obf > $tmp.out; st=$?
[ $st -eq 1 ] && grep -q "TIMEOUT" $tmp.out
check "an unsolved position within --time is a TIMEOUT with exit 1" $?

out=$("$OTHELLO" solve --threads 2 --all-moves "$TESTDATA/fforum-1-19.obf"); st=$?
[ $st -eq 0 ] && echo "$out" | grep -q "^total: 19 positions, 0 mismatches, "
check "solve --threads 2 scores every move of fforum-1-19 exactly" $?
head -n 10 "$TESTDATA/fforum-20-39.obf" > $tmp.obf
for n in 2 3; do
	out=$("$OTHELLO" solve --threads $n $tmp.obf); st=$?
	[ $st -eq 0 ] && echo "$out" | grep -q "^total: 10 positions, 0 mismatches, "
	check "solve --threads $n: FFO 20-29 exactly" $?
done
"$OTHELLO" solve --threads 65 $tmp.obf > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q -- "--threads" $tmp.err; check "solve refuses --threads 65" $?
"$OTHELLO" solve /nonexistent.obf > /dev/null 2>&1; st=$?
[ $st -eq 2 ]; check "a missing file exits 2" $?

start="---------------------------OX------XO--------------------------- X"
out=$("$OTHELLO" analyze-position "$start" --depth 4); st=$?
check "analyze-position exits 0" $st
echo "$out" | grep -q "^depth  4 " ; check "analyze-position prints each iteration" $?
[ "$(echo "$out" | grep -c '^  [a-h][1-8] ')" -eq 4 ]; check "analyze-position scores the four moves" $?

mid="------------O-------O-X--OOOOX---XOOXO----OXOOO---OOOO----OX---- X"
one=$("$OTHELLO" analyze-position "$mid" --depth 8 --threads 1 | grep '^  [a-h][1-8] ')
two=$("$OTHELLO" analyze-position "$mid" --depth 8 --threads 2 | grep '^  [a-h][1-8] ' | head -n 1)
[ -n "$two" ] && [ "$(echo "$one" | head -n 1 | awk '{print $2}')" = "$(echo "$two" | awk '{print $2}')" ]
check "analyze-position --threads 2 finds the score of one thread" $?

"$OTHELLO" analyze-position "$start" --depth 3 --without mobility > /dev/null; st=$?
check "a feature can be switched off by name" $st
"$OTHELLO" analyze-position "$start" --without nothing > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "no evaluation feature 'nothing' (disc, mobility, .*, squares)" $tmp.err
check "an unknown feature is refused with the list of features" $?
printf 'disc 1 2 3\n' > $tmp.txt
"$OTHELLO" analyze-position "$start" --eval $tmp.txt > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "$tmp.txt:1: disc needs 5 whole-number weights" $tmp.err
check "a malformed weights file gives file:line" $?

# weights whose sums overflowed an int (the release build scored every move -64)
printf 'squares 100 100 100000 100 100\ntable 0 -20 20 10 -40 -5 -5 10 2 0\n' > $tmp.txt
"$OTHELLO" analyze-position "$start" --eval $tmp.txt > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "$tmp.txt:1:17: squares needs 5 whole-number weights within +-10000, not '100000'" $tmp.err
check "a weights file with values whose sums overflow is refused at the value" $?

tap_done
