#!/bin/sh
# extern.sh — `othello match` against external engines that misbehave or do
# without parts of GTP (fake engines tests/engine-*.sh): deadlines that hold
# however the engine talks, overlong answers, what an engine leaves running,
# engines that refuse passes or time settings, setup commands, the clock.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
: "${TESTDATA:=$TOP_SRCDIR/tests/data}"
export OTHELLO
T=extern.tmp.$$
rm -rf $T && mkdir $T
E="sh $TOP_SRCDIR/tests"
OPEN=$TESTDATA/openings-few.txt

# ended REPORT: how many games of the report were played out
ended() { grep -v '^#' "$1" | grep -c '	end	'; }

# match NAME ENGINE [OPTIONS]: one game, random with Black against ENGINE,
# time-out 2 s, bounded by timeout(1) so that a deadline that does not hold
# fails the test instead of hanging it. An engine that forfeits its only
# game makes the match exit 1.
match() {
  name=$1 engine=$2
  shift 2
  timeout 30 "$OTHELLO" match --black random --white "engine:$engine" --games 1 \
    --openings $OPEN --timeout 2 --report $T/$name.txt --quiet "$@" >$T/$name.out 2>$T/$name.err
}

match chatty "$E/engine-chatty.sh"; st=$?
[ $st -eq 1 ] && grep -q 'forfeit white: no answer to genmove white within 2 s' $T/chatty.txt
check "an engine printing a line a second still times out: the time-out is a deadline" $?

match flood "$E/engine-flood.sh"; st=$?
[ $st -eq 1 ] && grep -q 'forfeit white: no answer to genmove white within 2 s' $T/flood.txt
check "an engine flooding comment lines times out at its deadline" $?

match long "$E/engine-longline.sh"; st=$?
[ $st -eq 1 ] && grep -q 'forfeit white: overlong answer to genmove white (a line of 65536 bytes or more)' $T/long.txt
check "a 5 MB answer is reported as an overlong answer" $?

match fork "$E/engine-fork.sh $T/pid"; st=$?
pid=$(cat $T/pid)
state=$(ps -o stat= -p "$pid" 2>/dev/null)
[ $st -eq 1 ] && [ -n "$pid" ] && { [ -z "$state" ] || [ "${state#Z}" != "$state" ]; }
check "what an engine started is ended with it (its process group)" $?
[ -n "$pid" ] && kill "$pid" 2>/dev/null

match lines "$E/engine-wrap.sh --lines 100000"; st=$?
[ $st -eq 0 ] && [ "$(ended $T/lines.txt)" -eq 1 ]
check "comment lines before an answer in time are skipped" $?

# Passes: after this opening Black has to pass at once.
timeout 60 "$OTHELLO" match --black random --white "engine:$E/engine-wrap.sh --refuse-pass" \
  --games 4 --openings $TESTDATA/openings-pass.txt --timeout 10 --report $T/pass.txt \
  --quiet >$T/pass.out 2>$T/pass.err; st=$?
[ $st -eq 0 ] && [ "$(ended $T/pass.txt)" -eq 4 ]
check "an engine that refuses 'play COLOR pass' plays on (passes left implicit)" $?
[ "$(grep -c '^# note: engine:.*refuses `play black pass` (illegal move): its passes are left implicit$' $T/pass.txt)" -eq 1 ]
check "the refusal is noted once in the report's comments" $?
grep -q "^othello: note: engine:.*refuses" $T/pass.err; check "and on stderr" $?
timeout 60 "$OTHELLO" match --black random --white "engine:$E/engine-wrap.sh --refuse-pass" \
  --games 4 --jobs 2 --openings $TESTDATA/openings-pass.txt --timeout 10 --report $T/passj.txt \
  --quiet >/dev/null 2>&1; st=$?
[ $st -eq 0 ] && [ "$(ended $T/passj.txt)" -eq 4 ] &&
  [ "$(grep -c '^# note: ' $T/passj.txt)" -eq 1 ]
check "with --jobs 2 too, noted once" $?

# The clock: 0.5 s a move over 30 moves (the standard start) is 15 s of main
# time, then 1 s periods of 2 moves; time_left before every genmove.
timeout 60 "$OTHELLO" match --black random --white "engine:$E/engine-wrap.sh --log $T/clock.log" \
  --games 2 --openings start --time 0.5 --timeout 10 --report $T/clock.txt --quiet \
  >/dev/null 2>$T/clock.err; st=$?
[ $st -eq 0 ] && [ "$(grep -c '^time_settings 15 1 2$' $T/clock.log)" -eq 2 ]
check "--time T for a GTP engine: time_settings MAIN BYO STONES for the game" $?
awk '/^genmove/ { if (prev !~ "^time_left " $2 " [0-9]+ [0-9]+$") bad = 1; n++ }
  { prev = $0 } END { exit bad || n < 20 }' $T/clock.log
check "time_left COLOR SECONDS STONES before each genmove" $?
grep -m1 '^time_left' $T/clock.log | grep -q '^time_left [a-z]* 15 0$'
check "the first time_left is the whole main time" $?
! grep -q '^# note' $T/clock.txt; check "no note for an engine that accepts its clock" $?

timeout 60 "$OTHELLO" match --black random --white "engine:$E/engine-wrap.sh --refuse time_settings --log $T/nots.log" \
  --games 2 --openings start --time 0.5 --timeout 10 --report $T/nots.txt --quiet \
  >/dev/null 2>&1; st=$?
[ $st -eq 0 ] && [ "$(ended $T/nots.txt)" -eq 2 ] &&
  [ "$(grep -c '^# note: engine:.*refused `time_settings 15 1 2` (unknown command): it plays on its own clock$' $T/nots.txt)" -eq 1 ] &&
  ! grep -q '^time_left' $T/nots.log
check "an engine that refuses time_settings plays on, noted once, not sent time_left" $?
timeout 60 "$OTHELLO" match --black random --white "engine:$E/engine-wrap.sh --refuse time_left" \
  --games 2 --openings start --time 0.5 --timeout 10 --report $T/notl.txt --quiet \
  >/dev/null 2>&1; st=$?
[ $st -eq 0 ] && [ "$(ended $T/notl.txt)" -eq 2 ] &&
  [ "$(grep -c '^# note: engine:.*refused `time_left .*`' $T/notl.txt)" -eq 1 ]
check "an engine that refuses time_left plays on, noted once" $?

# Setup commands: sent once the engine is started, before its first game.
timeout 60 "$OTHELLO" match --black random --white "engine:$E/engine-wrap.sh --log $T/setup.log" \
  --white-setup "komi 0; boardsize 8" --games 2 --openings start --timeout 10 \
  --report $T/setup.txt --quiet >/dev/null 2>&1; st=$?
[ $st -eq 0 ] && [ "$(head -n 3 $T/setup.log | tr '\n' '|')" = "komi 0|boardsize 8|clear_board |" ] &&
  [ "$(grep -c '^komi 0$' $T/setup.log)" -eq 1 ]
check "--white-setup: the commands go to the engine once, before its first game" $?
timeout 60 "$OTHELLO" match --black "engine:$E/engine-wrap.sh" --white random --black-setup "level 10" \
  --games 2 --openings start --timeout 10 --report $T/badsetup.txt --quiet >/dev/null 2>&1
[ "$(grep -c "	forfeit [a-z]*: engine refused 'level 10': unknown command	" $T/badsetup.txt)" -eq 2 ]
check "a setup command the engine refuses: it cannot play as asked and forfeits" $?
timeout 60 "$OTHELLO" match --black random --white "nboard:tee $T/nb.log | $OTHELLO nboard --no-book" \
  --white-setup "set contempt 0" --depth 1 --games 2 --openings start --timeout 10 \
  --report $T/nb.txt --quiet >/dev/null 2>&1; st=$?
[ $st -eq 0 ] && [ "$(ended $T/nb.txt)" -eq 2 ] &&
  [ "$(head -n 4 $T/nb.log | cut -c1-8 | tr '\n' '|')" = "nboard 2|set dept|set cont|set game|" ] &&
  [ "$(grep -c '^set contempt 0$' $T/nb.log)" -eq 1 ]
check "--white-setup for an NBoard engine: sent once, after nboard 2 and set depth" $?
"$OTHELLO" match --black expert --white random --black-setup "level 10" >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello match: --black-setup: 'expert' is not an external engine" $T/e
check "--black-setup for one of our levels is refused" $?

rm -rf $T
tap_done
