#!/bin/sh
# pattern.sh — `othello train`: generate (resumable), fit, match, and the
# weights file in use (analyze-position --eval, a corrupt file refused, the
# fallback to the classic evaluation).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TESTDATA:=$(dirname "$0")/data}"
tmp=pattern-test.$$
trap 'rm -rf $tmp.*' EXIT
ops="$TESTDATA/openings-4.txt"
gen="--openings $ops --depth 2 --solve 8 --random 2 --window 6"

"$OTHELLO" train generate $tmp.dat $gen --games 6 2> $tmp.err; st=$?
check "train generate plays 6 games" $st
grep -q "6/6 games" $tmp.err; check "generate prints a progress bar with the count" $?

# an interrupted run leaves a record cut short: it is dropped and the game replayed
size=$(wc -c < $tmp.dat)
head -c $((size - 20)) $tmp.dat > $tmp.cut
"$OTHELLO" train generate $tmp.cut $gen --games 8 2> $tmp.err; st=$?
[ $st -eq 0 ] && grep -q "(5 already there)" $tmp.err
check "generate resumes: 5 whole games kept, the cut one replayed" $?
"$OTHELLO" train generate $tmp.dat $gen --games 8 2> /dev/null
cmp -s $tmp.dat $tmp.cut
check "the resumed file equals one made without interruption" $?

# a position with a disc of both colours on a square (a1 here) indexed past
# the weight tables: the file is refused, naming the record and the position
cp $tmp.dat $tmp.both
printf '\377' | dd of=$tmp.both bs=1 seek=16 conv=notrunc 2> /dev/null
printf '\377' | dd of=$tmp.both bs=1 seek=24 conv=notrunc 2> /dev/null
"$OTHELLO" train fit $tmp.bad $tmp.both --iterations 1 > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && [ ! -e $tmp.bad ] &&
	grep -q "^othello train: $tmp.both: record at offset 8 (game [0-9]*), position 1: a disc of both colours on a1$" $tmp.err
check "train fit refuses a position with a disc of both colours on one square" $?

"$OTHELLO" train fit $tmp.bin $tmp.dat --iterations 5 > $tmp.out 2> $tmp.err; st=$?
check "train fit writes weights" $st
grep -q "^phase  empties  train-pos  valid-pos  train-MAE  valid-MAE" $tmp.out
check "fit prints the mean absolute error per phase" $?

# measuring weights into a pipe (or /dev/null): written into it, not replaced by a file
rm -f $tmp.fifo && mkfifo $tmp.fifo
(timeout 60 cat $tmp.fifo > $tmp.fifo-copy) &
reader=$!
"$OTHELLO" train fit $tmp.fifo $tmp.dat --from $tmp.bin --iterations 0 --quiet > /dev/null 2>&1; st=$?
wait $reader
[ $st -eq 0 ] && [ -p $tmp.fifo ] && cmp -s $tmp.fifo-copy $tmp.bin
check "train fit into a pipe writes the weights through it and leaves it a pipe" $?
rm -f $tmp.fifo $tmp.fifo-copy

"$OTHELLO" train fit $tmp.j1 $tmp.dat --iterations 5 --jobs 1 > $tmp.out1 2> /dev/null &&
	"$OTHELLO" train fit $tmp.j3 $tmp.dat --iterations 5 --jobs 3 > $tmp.out3 2> $tmp.err &&
	cmp -s $tmp.j1 $tmp.j3 && cmp -s $tmp.out1 $tmp.out3
check "train fit --jobs 3 writes the weights and table of --jobs 1, byte for byte" $?
grep -q "(phase 14, iteration 5, rmse [0-9.]* discs, [0-9]* s)" $tmp.err
check "fit's progress line gives the phase, iteration, rmse and elapsed seconds" $?
"$OTHELLO" train fit $tmp.j1 $tmp.dat --iterations 5 --quiet > /dev/null 2> $tmp.err &&
	! grep -q "rmse" $tmp.err && grep -q "^fit: .*, wrote" $tmp.err
check "train fit --quiet draws no progress line" $?
for bad in 0 x; do
	"$OTHELLO" train fit $tmp.jx $tmp.dat --jobs $bad > /dev/null 2> $tmp.err; st=$?
	[ $st -eq 2 ] && grep -q "^othello train fit: --jobs: '$bad' is not a whole number from 1 to 64" $tmp.err &&
		[ ! -e $tmp.jx ]
	check "train fit --jobs $bad is refused (exit 2), naming the option" $?
done

"$OTHELLO" train fit $tmp.more $tmp.dat --iterations 2 --from $tmp.bin > /dev/null 2> $tmp.err; st=$?
[ $st -eq 0 ] && grep -q "continued from $tmp.bin" $tmp.err && [ -s $tmp.more ]
check "train fit --from continues a fit from weights" $?
"$OTHELLO" train fit $tmp.more $tmp.dat --from $tmp.dat > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "^othello train: --from: $tmp.dat" $tmp.err
check "train fit --from refuses a file that is not weights" $?
ls .othello-tmp-$tmp.more.* > /dev/null 2>&1; [ $? -ne 0 ]
check "train fit leaves no temporary file" $?
"$OTHELLO" train fit $tmp.same $tmp.dat --iterations 0 --from $tmp.bin --phases 2-5 --anchor > $tmp.out 2> $tmp.err &&
	cmp -s $tmp.bin $tmp.same && grep -q 'valid-bias' $tmp.out
check "train fit --iterations 0 --from measures weights and writes them unchanged" $?
"$OTHELLO" train fit $tmp.same $tmp.dat --phases 2-5 > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q -- "--phases: '2-5' is not LO-HI" $tmp.err
check "train fit --phases without --from is refused" $?

"$OTHELLO" train fit $tmp.same $tmp.dat --from $tmp.bin --anchor --hold-extras --iterations 1 > /dev/null 2> $tmp.err; st=$?
[ $st -eq 0 ] && grep -q "ridge towards it, extras held" $tmp.err
check "train fit --hold-extras says the extras are held" $?
"$OTHELLO" train fit $tmp.same $tmp.dat $tmp.none > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "^othello train: $tmp.none: No such file or directory" $tmp.err
check "train fit names a data file it cannot open, and why" $?

out=$("$OTHELLO" analyze-position "$(sed -n 2p "$TESTDATA/fforum-1-19.obf" | cut -d';' -f1)" --depth 4 --eval $tmp.bin); st=$?
[ $st -eq 0 ] && echo "$out" | grep -q "^best "
check "analyze-position --eval takes a pattern weights file" $?

"$OTHELLO" train match --openings $ops --a $tmp.bin --b classic --depth 2 --endgame 8 > $tmp.out 2>/dev/null; st=$?
[ $st -eq 0 ] && grep -q "8 games at depth 2" $tmp.out && grep -q "^A: .* points = " $tmp.out
check "train match plays each opening twice and prints the score" $?

head -c 100 $tmp.bin > $tmp.bad
"$OTHELLO" analyze-position "$(sed -n 2p "$TESTDATA/fforum-1-19.obf" | cut -d';' -f1)" --depth 2 --eval $tmp.bad > /dev/null 2> $tmp.err; st=$?
[ $st -ne 0 ] && grep -q "$tmp.bad: truncated" $tmp.err
check "a truncated weights file is refused with a message" $?
{ head -c 8 $tmp.bin; printf '\002'; tail -c +10 $tmp.bin; } > $tmp.v2
"$OTHELLO" analyze-position "$(sed -n 2p "$TESTDATA/fforum-1-19.obf" | cut -d';' -f1)" --depth 2 --eval $tmp.v2 > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "$tmp.v2: weights file version 2, this program reads version 1 .*othello train fit" $tmp.err
check "weights of another version are refused (exit 2), saying how to get new ones" $?
{ head -c 40 $tmp.bin; printf '\377'; tail -c +42 $tmp.bin; } > $tmp.v2
"$OTHELLO" analyze-position "$(sed -n 2p "$TESTDATA/fforum-1-19.obf" | cut -d';' -f1)" --depth 2 --eval $tmp.v2 > /dev/null 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "$tmp.v2: checksum mismatch" $tmp.err
check "a corrupt weights file is refused with exit 2" $?

mkdir -p $tmp.dir/eval && cp $tmp.bad $tmp.dir/eval/pattern.bin
OTHELLO_DATADIR=$tmp.dir "$OTHELLO" train match --openings $ops --a pattern --b classic --depth 1 --endgame 4 > $tmp.out 2> $tmp.err; st=$?
[ $st -eq 0 ] && grep -q "truncated.*using the classic evaluation" $tmp.err && grep -q "(pattern, classic)" $tmp.out
check "--eval pattern with a corrupt shipped file falls back to classic, with a message" $?

"$OTHELLO" train iterate $tmp.it $gen --games 3 --rounds 2 --iterations 2 > $tmp.out 2> $tmp.err; st=$?
[ $st -eq 0 ] && [ -s $tmp.it/weights-2.bin ] && [ -s $tmp.it/data-2.dat ] &&
  grep -q "round 2 of 2" $tmp.err && grep -q "generate: .*pattern evaluation" $tmp.err
check "train iterate: round 2 plays with the round-1 weights and refits on both rounds" $?

"$OTHELLO" train generate $tmp.lab $gen --games 1 --search-label 101 > /dev/null 2>&1; [ $? -eq 2 ]
check "generate refuses --search-label above 100" $?
"$OTHELLO" train generate $tmp.pre $gen --games 1 --presolve 12 --presolve-selectivity 50 > /dev/null 2> $tmp.err
[ $? -eq 2 ] && grep -q "^othello train generate: --presolve-selectivity: '50' is not a selectivity" $tmp.err && [ ! -e $tmp.pre ]
check "generate refuses a --presolve-selectivity that is none, naming the option" $?
"$OTHELLO" train generate $tmp.pre $gen --games 2 --presolve 12 --presolve-selectivity 87 2> $tmp.err
[ $? -eq 0 ] && grep -q "selective solve (87 %) from 12 empties" $tmp.err
check "generate --presolve says so on its first line" $?

"$OTHELLO" train calibrate $tmp.cal --from "$TOP_SRCDIR/eval/pattern.bin" --openings $ops --depths 2-5 --range 200 --step 100 --quiet > $tmp.out 2> $tmp.err; st=$?
[ $st -eq 0 ] && [ "$(grep -c '^ *[-+][0-9]' $tmp.out)" -eq 5 ] && grep -q '<- written' $tmp.out &&
  "$OTHELLO" analyze-position "$(head -n 1 "$TESTDATA/fforum-40-59.obf" | cut -c1-66)" --depth 2 --eval $tmp.cal > /dev/null 2>&1
check "train calibrate prints a row a shift and writes weights that load" $?
"$OTHELLO" train calibrate $tmp.cal2 --from "$TOP_SRCDIR/eval/pattern.bin" --openings $ops --depths 5-5 > /dev/null 2>&1; [ $? -eq 2 ] && [ ! -e $tmp.cal2 ]
check "train calibrate refuses a depth range of one depth" $?

"$OTHELLO" train calibrate $tmp.cal3 --from "$TOP_SRCDIR/eval/pattern.bin" --openings $ops --depths 2-5 --range 200 --step 100 --jobs 3 --quiet > $tmp.out3 2> /dev/null
cmp -s $tmp.out $tmp.out3 && cmp -s $tmp.cal $tmp.cal3
check "train calibrate --jobs 3 prints the same rows and writes the same weights" $?

# the ProbCut table from 16 games' data: rows of both kinds, the same on any
# number of threads, and a table the program loads
"$OTHELLO" train generate $tmp.pcd $gen --games 16 2> /dev/null
pc="--positions 12 --depth 6 --end-max 12 --quiet"
"$OTHELLO" train probcut $tmp.pc1 $tmp.pcd $pc --jobs 1 2> $tmp.err; st=$?
"$OTHELLO" train probcut $tmp.pc2 $tmp.pcd $pc --jobs 2 2>> $tmp.err; st2=$?
[ $st -eq 0 ] && [ $st2 -eq 0 ] && grep -q '^mid ' $tmp.pc1 && grep -q '^end 1[0-2] ' $tmp.pc1 &&
  [ "$(grep -v '^# made by' $tmp.pc1 | cksum)" = "$(grep -v '^# made by' $tmp.pc2 | cksum)" ]
check "train probcut --jobs 2 measures the same table as one thread" $?
mkdir -p $tmp.dd/eval && cp "$TOP_SRCDIR/eval/pattern.bin" $tmp.pc2 $tmp.dd/eval/ && mv $tmp.dd/eval/$tmp.pc2 $tmp.dd/eval/probcut.txt
OTHELLO_DATADIR=$tmp.dd "$OTHELLO" analyze-position "$(head -n 1 "$TESTDATA/fforum-40-59.obf" | cut -c1-66)" --depth 6 > $tmp.out 2> $tmp.err; st=$?
[ $st -eq 0 ] && [ ! -s $tmp.err ] && grep -q 'depth  *6' $tmp.out
check "the table train probcut writes is one the searches load" $?

"$OTHELLO" train frobnicate > /dev/null 2>&1; [ $? -eq 2 ]
check "an unknown train subcommand exits 2" $?
printf 'f5d6\nf5\033[2J\n' > $tmp.esc
"$OTHELLO" train generate $tmp.escdat --openings $tmp.esc --games 2 --depth 1 --solve 4 --quiet 2> $tmp.err; st=$?
[ $st -eq 2 ] && grep -q "$tmp.esc:2:3: bad move '\\\\x1b\['" $tmp.err && ! grep -q "$(printf '\033')" $tmp.err
check "a bad move of an openings file is quoted with its control bytes escaped" $?

tap_done
