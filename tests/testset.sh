#!/bin/sh
# testset.sh — `othello train testset` (resumable, the same set whatever the
# threads) and `othello train test` (its table, its refusals), and
# `othello solve --all-moves` printing every move's score.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TESTDATA:=$(dirname "$0")/data}"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
tmp=testset-test.$$
trap 'rm -f $tmp.*' EXIT
ops="$TOP_SRCDIR/openings/balanced.txt"

"$OTHELLO" train testset $tmp.all --openings "$ops" --count 6 --empties 10-12 2>/dev/null; st=$?
check "train testset makes a set" $st
[ "$(grep -c '% testset seed=1 index=' $tmp.all)" -eq 6 ]
check "one line a position, each naming its seed and index" $?

"$OTHELLO" train testset $tmp.part --openings "$ops" --count 3 --empties 10-12 2>/dev/null &&
	"$OTHELLO" train testset $tmp.part --openings "$ops" --count 6 --empties 10-12 2>/dev/null &&
	[ "$(sort $tmp.part)" = "$(sort $tmp.all)" ]
check "a set made in two runs is the set made in one" $?

"$OTHELLO" train testset $tmp.jobs --openings "$ops" --count 6 --empties 10-12 --jobs 2 \
	2>/dev/null && [ "$(sort $tmp.jobs)" = "$(sort $tmp.all)" ]
check "two threads make the same set" $?

sed 's/ % testset.*//' $tmp.all | "$OTHELLO" solve --all-moves /dev/stdin > $tmp.out; st=$?
check "solve --all-moves agrees with every label of the set" $st
moves=$(grep -c '^    move [A-H][1-8]: [+-][0-9]*  expected [+-][0-9]*$' $tmp.out)
labels=$(sed 's/ % testset.*//' $tmp.all | tr ';' '\n' | grep -c ':')
[ "$moves" -eq "$labels" ] && [ "$moves" -gt 6 ]
check "solve --all-moves prints each move's score ($moves of $labels)" $?

head -n 1 $tmp.all | sed 's/;.*/;/' | "$OTHELLO" solve --all-moves /dev/stdin > $tmp.out
n=$(grep -c '^    move [A-H][1-8]: [+-][0-9]*$' $tmp.out)
[ "$n" -eq "$(head -n 1 $tmp.all | sed 's/ % .*//' | tr ';' '\n' | grep -c ':')" ]
check "without scores in the file, solve --all-moves still prints every move's score" $?

"$OTHELLO" train test classic $tmp.all --depths 1,2 > $tmp.out 2>/dev/null; st=$?
[ $st -eq 0 ] && grep -q '^empties positions  error0   loss@1  best@1   loss@2  best@2$' $tmp.out &&
	grep -q '^     10         2 ' $tmp.out && grep -q '^    all         6 ' $tmp.out
check "train test prints a row per number of empties and a total" $?
grep -q '^empties positions   bias0   bias@1   bias@2$' $tmp.out && grep -q '^   even         [0-9] ' $tmp.out &&
	grep -q '^    odd         [0-9] ' $tmp.out && [ "$(grep -c '^    all         6 ' $tmp.out)" -eq 2 ]
check "train test prints the signed errors, also by parity of the empties" $?

printf '%s\n' "$(head -n 1 $tmp.all | sed 's/; [A-H][1-8]:[+-][0-9]*; % /; % /')" > $tmp.bad
"$OTHELLO" train test classic $tmp.bad 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "^$tmp.bad:1: expected a score for each of the [0-9]* legal moves" $tmp.err
check "a set line without every move's score is refused with file:line" $?

"$OTHELLO" train test nosuch.bin $tmp.all 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "^othello train test: nosuch.bin: " $tmp.err
check "an unknown evaluation is refused" $?

"$OTHELLO" train testset $tmp.all --openings "$ops" --count 6 --empties 10-12 --seed 2 \
	2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "^$tmp.all:1: not a line of this test set (seed 2)" $tmp.err
check "resuming with another seed is refused" $?

"$OTHELLO" train testset $tmp.x --openings "$ops" --empties 30-20 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "empties: '30-20' is not LO-HI" $tmp.err
check "a bad --empties range is refused" $?

"$OTHELLO" train test classic $tmp.all --depths 1,0 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "depths: '1,0' is not a list of depths" $tmp.err
check "a bad --depths list is refused" $?
head -n 1 "$TOP_SRCDIR/eval/testset-20-24.obf" | sed 's/ % testset.*//' |
	"$OTHELLO" solve --all-moves /dev/stdin > $tmp.out; st=$?
[ $st -eq 0 ] && grep -q '^total: 1 positions, 0 mismatches' $tmp.out
check "the shipped test set's first position: every move's label is the solver's" $?

tap_done
