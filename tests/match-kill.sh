#!/bin/sh
# match-kill.sh — `match --jobs 2` ended by SIGTERM, SIGINT and SIGHUP, 20
# times each, with engines that fork, leave their process group with
# setsid() and ignore SIGTERM (tests/engine-tree.sh): after each run no
# process of it is left, none handed to init. The three signals run side by
# side; every wait is a bounded polling loop (a run that does not end is
# killed and counted as a failure).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
T=match-kill.tmp.$$
rm -rf $T && mkdir $T
RUNS=20

# alive PID...: true while one of them is a process that is not a zombie
# (its state, after the name in /proc/PID/stat, is not Z); builtins only.
alive() {
  for p in "$@"; do
    stat=""
    [ -r "/proc/$p/stat" ] && read -r stat 2>/dev/null <"/proc/$p/stat" || continue
    case ${stat##*) } in Z*) ;; *) return 0 ;; esac
  done
  return 1
}

# within N PID...: polls N times 0.1 s for the processes to be gone.
within() {
  n=$1; shift
  i=0
  while alive "$@" && [ $i -lt "$n" ]; do sleep 0.1; i=$((i + 1)); done
  ! alive "$@"
}

# lane SIG: RUNS matches ended by SIG; writes the failures to $T/SIG.fail.
lane() {
  sig=$1
  : >$T/$sig.fail
  r=0
  while [ $r -lt $RUNS ]; do
    r=$((r + 1))
    d=$T/$sig.$r
    mkdir $d
    # a background job of a shell without job control ignores SIGINT: env
    # gives the match the default action of each signal back
    env --default-signal=INT,TERM,HUP "$OTHELLO" match --black random \
      --white "engine:sh $TOP_SRCDIR/tests/engine-tree.sh $d" --games 4 --jobs 2 \
      --openings start --timeout 60 --quiet >/dev/null 2>&1 &
    match=$!
    i=0
    while [ "$(ls $d | grep -c '^engine\.')" -lt 2 ] && [ $i -lt 150 ]; do
      sleep 0.1; i=$((i + 1))
    done
    sleep 0.$((r % 5)) # at a moment after the start that varies
    workers=$(ps -o pid= --ppid $match 2>/dev/null | tr -d ' ')
    kill -$sig $match
    pids="$match $workers $(cat $d/* 2>/dev/null)"
    if ! within 30 $pids; then
      left=""
      for p in $pids; do alive $p && left="$left $p($(ps -o ppid= -p $p | tr -d ' '))"; done
      echo "run $r: left$left" >>$T/$sig.fail
      kill -9 $pids 2>/dev/null
    fi
    { wait $match; } 2>/dev/null
  done
}

if ! env --default-signal=INT true 2>/dev/null; then
  for sig in TERM INT HUP; do
    tap_n=$((tap_n + 1))
    echo "ok $tap_n - # SKIP match --jobs 2 ended by SIG$sig (env has no --default-signal)"
  done
else
  lane TERM & l1=$!
  lane INT & l2=$!
  lane HUP & l3=$!
  wait $l1 $l2 $l3
  for sig in TERM INT HUP; do
    [ ! -s $T/$sig.fail ]
    check "match --jobs 2 ended by SIG$sig $RUNS times: no process left within 3 s$(tr '\n' ';' <$T/$sig.fail)" $?
  done
fi
rm -rf $T
tap_done
