#!/bin/sh
# loud.sh — failures that must not pass in silence (issue 33): values that
# cannot work refused when parsed (exit 2), read errors not taken for the end
# of the input, lost output never exit 0, reports appended whole, torn lines
# skipped, summaries of many players in bounded memory.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
T=loud.tmp.$$
rm -rf $T && mkdir $T

# 1. --pick-window 1e99 divided by zero (SIGFPE).
"$OTHELLO" balanced-openings --count 1 --pick-window 1e99 >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello balanced-openings: --pick-window: '1e99' is not a number of discs from 0 to 64$" $T/e
check "balanced-openings --pick-window 1e99 is refused (exit 2)" $?

# 2. A read error is no end of input; a line without end is refused.
"$OTHELLO" script /tmp >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello script: /tmp:1: read error: Is a directory$" $T/e
check "script of a directory: a read error, exit 2" $?
timeout 20 "$OTHELLO" script --no-board /dev/zero >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello script: /dev/zero:1:1: NUL byte: this is not a text file; script stopped$" $T/e
check "script of /dev/zero stops at its first byte, a NUL (exit 2)" $?
head -c 2000000 /dev/zero | tr '\0' a >$T/long.txt
timeout 20 "$OTHELLO" script --no-board $T/long.txt >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello script: $T/long.txt:1: line of 1048576 bytes or more; script stopped$" $T/e
check "a script line without end stops at its first MiB (exit 2)" $?

# 5. Values that cannot work, refused when parsed; a player that never played.
"$OTHELLO" match --black random --white novice --time 1e9 >/dev/null 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello match: --time: '1e9' is not T or T,T in seconds (at most 1000000)$" $T/e
check "match --time 1e9 is refused (exit 2)" $?
printf 'time_settings 99999999999999999999 0 0\ntime_left black 10000001 0\n' |
  "$OTHELLO" gtp --level master >$T/gtp.out
[ "$(grep -c '^? time over 1000000 seconds$' $T/gtp.out)" -eq 2 ]
check "gtp refuses times over a million seconds" $?
"$OTHELLO" match --black random --white "engine:$T/no-such-engine" --games 2 --openings start \
  --timeout 5 --quiet >$T/out 2>$T/e; st=$?
[ $st -eq 1 ] && grep -q "^othello match: engine:$T/no-such-engine lost all its 2 games by forfeit, the first by: engine exited with status 127" $T/e
check "a missing engine: every game forfeited, said, exit 1" $?

# 6. Output lost is never exit 0.
"$OTHELLO" match --black random --white random --games 2 --openings start --log-dir /etc/passwd \
  --quiet >$T/out 2>$T/e; st=$?
[ $st -eq 2 ] && grep -q "^othello match: --log-dir: /etc/passwd: " $T/e
check "--log-dir naming a file is refused (exit 2)" $?
mkdir -p $T/logs/game-00002.sgf # a game log that cannot be written
"$OTHELLO" match --black random --white random --games 4 --jobs 2 --openings start \
  --log-dir $T/logs --quiet >$T/out 2>$T/e; st=$?
[ $st -eq 1 ] && grep -q "^othello match: output lost: 1 game log in $T/logs" $T/e
check "a game log lost in a worker: said, exit 1" $?
# A file size limit cuts a report write short, as a full disk does.
(ulimit -f 1 && trap '' XFSZ &&
  exec "$OTHELLO" match --black random --white random --games 30 --openings start \
    --report $T/r.txt --quiet) >$T/out 2>$T/e; st=$?
[ $st -eq 1 ] && grep -q "^othello match: output lost: [0-9]* lines of the report $T/r.txt" $T/e &&
  [ "$(tail -c 1 $T/r.txt | od -An -c | tr -d ' ')" = '\n' ]
check "a report write cut short: no torn line, said, exit 1" $?
"$OTHELLO" report summary $T/r.txt >$T/out 2>$T/e; st=$?
[ $st -eq 0 ] && grep -q "^[0-9]* games: random vs random#2$" $T/out
check "and the report still reads" $?
head -c -9 $T/r.txt >$T/torn.txt
n=$(grep -vc '^#' $T/torn.txt)
"$OTHELLO" report summary $T/torn.txt >$T/out 2>$T/e; st=$?
[ $st -eq 0 ] && grep -q "^$((n - 1)) games: " $T/out &&
  grep -q "^othello report: warning: $T/torn.txt:[0-9]*: a torn line (cut off by an earlier run) is skipped$" $T/e
check "a torn last line is skipped with a warning" $?
# The same run resumes: it plays again only the game of the torn line.
"$OTHELLO" match --black random --white random --games 30 --openings start \
  --report $T/torn.txt --quiet >$T/out 2>$T/e; st=$?
[ $st -eq 0 ] && grep -q "warning: $T/torn.txt: its last line was cut off" $T/e &&
  grep -q "holds $((n - 1)) games of this run: resuming it, $((31 - n)) to play" $T/e &&
  grep -q "^# torn: the line above was cut off by an earlier run; it is skipped$" $T/torn.txt &&
  [ "$(grep -vc '^#' $T/torn.txt)" -eq 31 ] &&
  "$OTHELLO" report summary $T/torn.txt >$T/out 2>$T/e && grep -q "^30 games: " $T/out
check "the next run starts on a fresh line, and the torn line stays skipped" $?
# 2,000 players: the cross table was players^2 cells of 680 bytes (2.7 GB).
awk 'BEGIN { srand(3); for (i = 1; i <= 4000; i++) { b = (i - 1) % 2000; w = (b + 1 + int(rand() * 1999)) % 2000;
  d = int(rand() * 33) * 2 - 32; r = "1/2"; if (d > 0) r = "1-0"; if (d < 0) r = "0-1";
  printf "%d\tf5\tp%d\tp%d\t%s\t%d\t%d\t58\t0.5\t%d\tend\t%d\n", i, b, w, r, (64 + d) / 2, (64 - d) / 2, i, d } }' >$T/many.txt
if [ -x /usr/bin/time ] && ! grep -q __asan_init "$OTHELLO"; then
  /usr/bin/time -f %M -o $T/rss "$OTHELLO" report summary --format csv $T/many.txt >$T/many.csv 2>$T/e; st=$?
  [ $st -eq 0 ] && [ "$(grep -c '^[0-9]*,p' $T/many.csv)" -eq 2000 ] && [ "$(cat $T/rss)" -lt 204800 ]
  check "report summary of 2,000 players within 200 MB ($(cat $T/rss) KB)" $?
else
  tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP summary memory (no /usr/bin/time, or a sanitizer build)"
fi

rm -rf $T
tap_done
