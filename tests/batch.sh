#!/bin/sh
# batch.sh — othello match / tournament / report: report lines, logs that load
# back, summaries that add up, reproducible seeds, shards, parallel jobs,
# external engines over GTP (ours, and misbehaving ones).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
: "${TESTDATA:=$TOP_SRCDIR/tests/data}"
T=batch.tmp.$$
rm -rf $T && mkdir $T
OPEN=$TESTDATA/openings-few.txt

# body of a report without comments and the seconds column (times differ)
body() { grep -v '^#' "$1" | cut -f1-8,10-11,14; }

A=expert
B="novice --random 30"
"$OTHELLO" match --black $A --white "$B" --games 6 --openings $OPEN --seed 7 \
  --report $T/r1.txt --log-dir $T/logs --json >$T/sum.json 2>$T/err; st=$?
check "a match of 6 games exits 0" $st
[ "$(grep -vc '^#' $T/r1.txt)" -eq 6 ]; check "the report has one line per game" $?
[ "$(awk -F'\t' '!/^#/ && NF == 14 && $14 == $6 - $7' $T/r1.txt | wc -l)" -eq 6 ]
check "every line has 14 fields, the gap rightmost" $?
[ "$(awk -F'\t' '!/^#/ && $12 != "" && $12 >= 0 && $13 >= 0 && $12 <= $9 && $13 <= $9' $T/r1.txt | wc -l)" -eq 6 ]
check "each line gives each side's longest move, no longer than the game" $?
grep -q '"longest_move":\[[0-9.]*,[0-9.]*\]' $T/sum.json
check "the summary gives each player's longest move" $?
[ "$(grep -v '^#' $T/r1.txt | cut -f2 | sort | uniq -c | awk '$1 == 2' | wc -l)" -eq 3 ]
check "each opening is played twice" $?
[ "$(grep -v '^#' $T/r1.txt | cut -f2,3 | sort -u | wc -l)" -eq 6 ]; check "with colours swapped" $?
grep -q '"players":\["expert","novice --random 30"\],"games":6' $T/sum.json; check "json summary: players, games" $?
tr -d '\n' <$T/sum.json | awk -F'[][,:]' '{
  for (i = 1; i <= NF; i++) { if ($i == "\"wins\"") { w1 = $(i+2); w2 = $(i+3) }
    if ($i == "\"draws\"") d = $(i+1); if ($i == "\"points\"") { p1 = $(i+2); p2 = $(i+3) } }
  exit !(w1 + w2 + d == 6 && p1 + p2 == 6) }'
check "json summary adds up (wins + draws = games, points = games)" $?
wins_black=$(awk -F'\t' '!/^#/ && $3 == "expert" && $5 == "1-0"' $T/r1.txt | wc -l)
wins_white=$(awk -F'\t' '!/^#/ && $4 == "expert" && $5 == "0-1"' $T/r1.txt | wc -l)
grep -q "\"wins\":\[$((wins_black + wins_white))," $T/sum.json; check "json wins agree with the report" $?

[ "$(ls $T/logs | wc -l)" -eq 6 ]; check "one log per game" $?
n=$(awk -F'\t' '$1 == 3 { print $8 }' $T/r1.txt)
"$OTHELLO" convert $T/logs/game-00003.sgf $T/g3.txt 2>>$T/err
[ "$(tr -d ' \n' <$T/g3.txt | wc -c)" -eq $((2 * n)) ]
check "a log loads back: its moves are the report's" $?
grep -q 'OMR\[level:expert_(pattern) source:search depth:3' $T/logs/game-00003.sgf; check "logs hold the reasoning of each move" $?

"$OTHELLO" match --black $A --white "$B" --games 6 --openings $OPEN --seed 7 \
  --report $T/r2.txt --quiet >/dev/null 2>>$T/err
[ "$(body $T/r1.txt)" = "$(body $T/r2.txt)" ]; check "the same seed gives the same report" $?
"$OTHELLO" match --black $A --white "$B" --games 6 --openings $OPEN --seed 8 \
  --report $T/r3.txt --quiet >/dev/null 2>>$T/err
[ "$(body $T/r1.txt)" != "$(body $T/r3.txt)" ]; check "another seed gives other games" $?

for i in 1 2; do
  "$OTHELLO" match --black $A --white "$B" --games 6 --openings $OPEN --seed 7 \
    --shard $i/2 --report $T/s$i.txt --quiet >/dev/null 2>>$T/err
done
"$OTHELLO" report merge $T/s2.txt $T/s1.txt >$T/merged.txt 2>>$T/err
[ "$(body $T/merged.txt)" = "$(body $T/r1.txt)" ]; check "merged shard halves equal the whole" $?
cp $T/s2.txt $T/s2in.txt
"$OTHELLO" report merge -o $T/s2in.txt $T/s2in.txt $T/s1.txt 2>>$T/err; st=$?
[ $st -eq 0 ] && [ "$(body $T/s2in.txt)" = "$(body $T/r1.txt)" ]; check "report merge -o into one of its inputs" $?
"$OTHELLO" report merge -o /dev/full $T/s1.txt 2>$T/err2; st=$?
"$OTHELLO" report merge $T/s1.txt >/dev/full 2>>$T/err2; st2=$?
[ $st -eq 2 ] && [ $st2 -eq 2 ] && [ "$(grep -c "No space left on device" $T/err2)" -eq 2 ]
check "report merge to a full disk exits 2, as other write errors do" $?
[ "$(grep -vc '^#' $T/s1.txt)" -eq 3 ]; check "a shard plays its slice" $?

"$OTHELLO" match --black $A --white "$B" --games 6 --openings $OPEN --seed 7 \
  --jobs 2 --report $T/j.txt --quiet >/dev/null 2>>$T/err
"$OTHELLO" report merge $T/j.txt >$T/jm.txt
[ "$(body $T/jm.txt)" = "$(body $T/r1.txt)" ]; check "--jobs 2 plays the same games" $?

"$OTHELLO" report summary --json $T/r1.txt >$T/sum2.json
[ "$(cat $T/sum2.json)" = "$(cat $T/sum.json)" ]; check "report summary reproduces the match summary" $?
# A report names its run; another run into it is refused unless --append
# says so, and then both runs' games count (game numbers are per run).
cp $T/r1.txt $T/two.txt
"$OTHELLO" match --black $A --white "$B" --games 6 --openings $OPEN --seed 8 \
  --report $T/two.txt --quiet >/dev/null 2>$T/err2; st=$?
[ $st -eq 2 ] && cmp -s $T/two.txt $T/r1.txt &&
  grep -q "two.txt holds another run (seed 7, expert, novice --random 30); --append" $T/err2
check "a second run with another seed into a report is refused, the file untouched" $?
sed '/^# run:/s/seed=7/seed=7\x1b[2J/' $T/r1.txt >$T/escrun.txt
"$OTHELLO" match --black $A --white "$B" --games 6 --openings $OPEN --seed 8 \
  --report $T/escrun.txt --quiet >/dev/null 2>$T/err2; st=$?
sed '0,/^1\t/s/^1\t\([^\t]*\)\t[^\t]*/1\t\1\tex\x07pert/' $T/r1.txt >$T/escname.txt
"$OTHELLO" report summary $T/escname.txt >/dev/null 2>>$T/err2; st2=$?
[ $st -eq 2 ] && [ $st2 -eq 2 ] && ! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037]')" $T/err2 &&
  grep -q 'holds another run (seed 7\\x1b\[2J, expert' $T/err2 && grep -q "bad black 'ex\\\\x07pert'" $T/err2
check "a report's run line and names with control bytes reach messages escaped" $?
grep -q "^# run: time=the levels' own; openings=.*openings-few.txt; seed=7; players=expert, novice --random 30$" $T/r1.txt
check "the run line names the seed and the players" $?
"$OTHELLO" match --black $A --white "$B" --games 6 --openings $OPEN --seed 8 \
  --report $T/two.txt --append --quiet >/dev/null 2>$T/err2; st=$?
[ $st -eq 0 ] && [ "$(grep -c '^# run:' $T/two.txt)" -eq 2 ]; check "--append adds the run" $?
"$OTHELLO" report summary $T/two.txt >$T/two.out 2>$T/err2; st=$?
[ $st -eq 0 ] && grep -q "^12 games: expert vs novice --random 30$" $T/two.out
check "report summary reads both runs: 12 games" $?
"$OTHELLO" report merge $T/two.txt >$T/twom.txt 2>$T/err2 &&
  "$OTHELLO" report summary $T/twom.txt >$T/twom.out 2>>$T/err2 &&
  [ "$(grep -c '^# run:' $T/twom.txt)" -eq 2 ] && cmp -s $T/two.out $T/twom.out
check "report merge keeps each run's line above its games: the same summary" $?
# The same run into its report resumes it: the games there are not played again.
grep '^#' $T/r1.txt >$T/res.txt; grep -v '^#' $T/r1.txt | head -n 2 >>$T/res.txt
"$OTHELLO" match --black $A --white "$B" --games 6 --openings $OPEN --seed 7 \
  --report $T/res.txt --json >$T/res.json 2>$T/err2; st=$?
[ $st -eq 0 ] && grep -q "res.txt holds 2 games of this run: resuming it, 4 to play" $T/err2 &&
  [ "$(grep -c '^game ' $T/err2)" -eq 4 ] && [ "$(body $T/res.txt)" = "$(body $T/r1.txt)" ] &&
  grep -q '"games":6' $T/res.json
check "the same run into its report resumes it: 4 games played, the summary of all 6" $?
sed 's/\t1-0\t\([0-9]*\)\t/\t1-0\t63\t/' $T/r1.txt >$T/bad.txt
"$OTHELLO" report merge $T/bad.txt $T/r1.txt >/dev/null 2>$T/err2; st=$?
[ $st -ne 0 ] && grep -q "bad.txt:" $T/err2; check "an inconsistent report line is refused with its place" $?

# An empty or header-only report: nothing to merge or sum, and no undefined
# behaviour (it ran qsort on NULL, which UBSan stops at).
: >$T/empty.txt
printf '# header only\n' >$T/hdr.txt
"$OTHELLO" report merge $T/empty.txt $T/hdr.txt >$T/em.txt 2>$T/err2; st=$?
[ $st -eq 0 ] && [ "$(grep -vc '^#' $T/em.txt)" -eq 0 ]; check "report merge of empty reports: a header, no games" $?
"$OTHELLO" report summary $T/hdr.txt >$T/es.txt 2>$T/err2; st=$?
[ $st -eq 0 ] && grep -q "no games" $T/es.txt; check "report summary of a header-only report says there are no games" $?
"$OTHELLO" report summary --format json $T/empty.txt >$T/es.json 2>$T/err2; st=$?
[ $st -eq 0 ] && grep -q '"players":\[\]' $T/es.json; check "and its JSON is an empty table" $?

# Many players, many games: every player listed (it stopped at 64), and the
# merge keeps lines, not parsed games (800 bytes each): 100 000 games (6 MB)
# merge within 60 MB where they took over 100 MB.
awk 'BEGIN { srand(7); for (i = 1; i <= 100000; i++) { b = int(rand() * 70); w = (b + 1 + int(rand() * 69)) % 70;
  d = int(rand() * 33) * 2 - 32; r = "1/2"; if (d > 0) r = "1-0"; if (d < 0) r = "0-1";
  printf "%d\tf5\tp%d\tp%d\t%s\t%d\t%d\t58\t0.5\t%d\tend\t%d\n", i, b, w, r, (64 + d) / 2, (64 - d) / 2, i, d } }' >$T/big.txt
"$OTHELLO" report summary --format csv $T/big.txt >$T/big.csv 2>$T/err2; st=$?
[ $st -eq 0 ] && [ "$(grep -c '^[0-9]*,p' $T/big.csv)" -eq 70 ]; check "report summary ranks all 70 players" $?
if [ -x /usr/bin/time ] && ! grep -q __asan_init "$OTHELLO"; then
  /usr/bin/time -f %M -o $T/rss "$OTHELLO" report merge $T/big.txt >$T/bigm.txt 2>$T/err2; st=$?
  [ $st -eq 0 ] && [ "$(grep -vc '^#' $T/bigm.txt)" -eq 100000 ] && [ "$(cat $T/rss)" -lt 61440 ]
  check "report merge of 100 000 games stays within 60 MB ($(cat $T/rss) KB)" $?
else
  tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP merge memory (no /usr/bin/time, or a sanitizer build)"
fi

"$OTHELLO" match --black random >/dev/null 2>$T/err2; st=$?
[ $st -eq 2 ] && grep -q "required" $T/err2; check "--white missing: exit 2" $?
"$OTHELLO" match --black random --white random --shard 3/2 >/dev/null 2>$T/err2; st=$?
[ $st -eq 2 ]; check "a bad --shard: exit 2" $?

# master kept shallow (its sure search alone takes seconds a move)
"$OTHELLO" match --black "master --depth 4 --endgame 8" --white "engine:$OTHELLO gtp --level expert" \
  --games 2 --time 0.02 --openings $OPEN --report $T/e.txt --log-dir $T/elogs --timeout 20 --quiet \
  >$T/e.out 2>>$T/err
[ "$(awk -F'\t' '!/^#/ && $11 == "end"' $T/e.txt | wc -l)" -eq 2 ]
check "master against a separate othello gtp process: games played out" $?
grep -q "engine:.*gtp --level expert" $T/e.out; check "the summary names the external engine" $?
grep -q "OMR\[level:master" $T/elogs/game-00001.sgf; check "the log keeps master's reasoning" $?

for bad in exit illegal hang; do
  timeout=10 # generous for engines that answer, short for the one that hangs
  [ $bad = hang ] && timeout=2
  "$OTHELLO" match --black random --white "engine:sh $TOP_SRCDIR/tests/engine-$bad.sh" \
    --games 2 --openings $OPEN --report $T/$bad.txt --timeout $timeout --quiet >$T/$bad.out 2>>$T/err
  eval "st_$bad=$?"
done
[ $st_exit -eq 1 ] && [ "$(grep -c 'forfeit white: engine exited with status 3' $T/exit.txt)" -eq 1 ] &&
  [ "$(grep -c 'forfeit black: engine exited with status 3' $T/exit.txt)" -eq 1 ]
check "an engine that exits loses every game, reason in the report, the match goes on (exit 1)" $?
[ "$(grep -c 'forfeit [a-z]*: illegal move a1' $T/illegal.txt)" -eq 2 ]
check "an engine that answers an illegal move loses" $?
# What an engine says reaches messages and the report escaped: an escape
# sequence that clears the screen is shown as text, not sent to the terminal.
printf '%s\n' 'while read -r cmd rest; do case $cmd in' \
  "genmove) printf '= \\033[2J\\033[31m\\n\\n' ;;" "quit) printf '=\\n\\n'; exit 0 ;;" \
  "*) printf '=\\n\\n' ;; esac; done" >$T/engine-esc.sh
"$OTHELLO" match --black random --white "engine:sh $T/engine-esc.sh" --games 2 --openings $OPEN \
  --report $T/esc.txt --timeout 10 >$T/esc.out 2>$T/esc.err
[ "$(grep -c "forfeit [a-z]*: engine answered '\\\\x1b\[2J\\\\x1b\[31m', not a move" $T/esc.txt)" -eq 2 ] &&
  ! grep -q "$(printf '\033')" $T/esc.txt $T/esc.out $T/esc.err
check "an engine's escape sequences reach the report and messages escaped" $?
"$OTHELLO" match --black random --white "engine:sh $TOP_SRCDIR/tests/engine-illegal.sh $T/starts" \
  --games 4 --openings $OPEN --timeout 10 --quiet >/dev/null 2>>$T/err
[ "$(wc -l <$T/starts)" -eq 4 ]
check "an engine that answers an illegal move is restarted for each next game" $?
[ "$(grep -c 'no answer to genmove' $T/hang.txt)" -eq 2 ]
check "an engine that hangs loses after its time-out" $?
grep -q '"\?forfeits\?' $T/hang.out || grep -q "lost by forfeit" $T/hang.out
check "the summary counts the forfeits" $?

# --game-time: 3 s a side for a game. Counted, not timed: the moves each side's
# log records add up to no more than its clock (a side that used it up would
# have lost on time); a clock of 6 microseconds is used up by the first move.
"$OTHELLO" match --black master --white expert --games 2 --openings $OPEN --game-time 0.05 \
  --report $T/gt.txt --log-dir $T/gtlogs --quiet >$T/gt.out 2>>$T/err; st=$?
[ $st -eq 0 ] && [ "$(awk -F'\t' '!/^#/ && $11 == "end"' $T/gt.txt | wc -l)" -eq 2 ]
check "match --game-time: both games played out" $?
grep -q "^# run: time=0.05 min a side a game;" $T/gt.txt; check "the report's run line gives the clock" $?
ok=0
for f in $T/gtlogs/game-00001.sgf $T/gtlogs/game-00002.sgf; do
  tr -d '\n' <"$f" | grep -o ';[BW]\[[a-h][1-8]\][^;]*' |
    sed -n 's/^;\([BW]\).*OMT\[\([0-9.]*\)\].*/\1 \2/p' |
    awk '{ n++; used[$1] += $2 } END { exit !(n >= 20 && used["B"] <= 3.0 && used["W"] <= 3.0) }' || ok=1
done
check "no side's moves add up to more than its 3 s" $ok
"$OTHELLO" match --black expert --white expert --games 2 --openings $OPEN --game-time 0.0000001 \
  --report $T/gt0.txt --quiet >/dev/null 2>>$T/err
[ "$(grep -c 'forfeit [a-z]*: out of time' $T/gt0.txt)" -eq 2 ]; check "a side out of time loses" $?
"$OTHELLO" match --black expert --white novice --time 1 --game-time 1 >/dev/null 2>$T/err2; st=$?
[ $st -eq 2 ] && grep -q "give one of them" $T/err2; check "--time with --game-time: exit 2" $?
"$OTHELLO" ladder --games 2 --plies 2 --game-time 0.05 --quiet expert master >$T/gl.out 2>>$T/err; st=$?
[ $st -eq 0 ] && grep -q "^game clock: 0.05 min a side; 0 games lost on time" $T/gl.out &&
  awk '/^master vs expert/ { exit !($10 <= 3.0 && $11 <= 3.0) }' $T/gl.out
check "ladder --game-time: each side keeps within its 3 s a game" $?
"$OTHELLO" tournament --players novice,expert --games 2 --openings $OPEN --game-time 0.05 \
  --report $T/gtt.txt --quiet >/dev/null 2>>$T/err; st=$?
[ $st -eq 0 ] && [ "$(awk -F'\t' '!/^#/ && $11 == "end"' $T/gtt.txt | wc -l)" -eq 2 ]
check "tournament --game-time: games played out" $?

"$OTHELLO" tournament --players beginner,novice,expert --games 2 --openings $OPEN \
  --format csv --quiet >$T/t.csv 2>>$T/err; st=$?
[ $st -eq 0 ] && [ "$(wc -l <$T/t.csv)" -eq 4 ]; check "tournament: a CSV row per player" $?
"$OTHELLO" tournament --players random,random,random --games 2 --openings $OPEN \
  --format json --quiet >$T/t.json 2>>$T/err
grep -q '"ranking":\[{"player":"random' $T/t.json; check "tournament JSON has the ranking" $?
"$OTHELLO" tournament --players random,random --games 4 --openings $OPEN --quiet >$T/t.txt
grep -q "^ 1\. random" $T/t.txt && grep -q "^Ranking" $T/t.txt; check "tournament text table" $?

"$OTHELLO" balanced-openings --count 3 --depth 2 --pick-depth 1 --window 64 --seed 5 \
  >$T/bal.txt 2>>$T/err; st=$?
[ $st -eq 0 ] && [ "$(grep -vc '^#' $T/bal.txt)" -eq 3 ]; check "balanced-openings writes the openings asked for" $?
grep -v '^#' $T/bal.txt | grep -q '^f5'; check "normalised to start with f5" $?
"$OTHELLO" match --black beginner --white novice --openings $T/bal.txt --games 6 --quiet \
  --report $T/b.txt >/dev/null 2>>$T/err
[ "$(grep -v '^#' $T/b.txt | cut -f2 | sort -u | wc -l)" -eq 3 ]; check "its output is an openings file" $?
"$OTHELLO" match --black beginner --white novice --games 2 --quiet --report $T/d.txt >/dev/null 2>>$T/err
first=$(grep -v '^#' "$TOP_SRCDIR/openings/balanced.txt" | head -n 1 | sed 's/ *#.*//')
[ "$(grep -v '^#' $T/d.txt | head -n 1 | cut -f2)" = "$first" ]
check "match starts from the shipped balanced openings by default" $?

rm -rf $T
tap_done
