#!/bin/sh
# engine-tree.sh DIR — a GTP engine that ignores SIGTERM and leaves a tree
# behind it: a child in its process group, one that left the group with
# setsid(1), and a grandchild whose setsid parent exited at once (so it has
# been handed to a reaper already); all ignore SIGTERM too. Each writes its
# pid to DIR/KIND.PID, the engine last, then it never answers genmove: a
# match ended by a signal must still end every one of them.
trap '' TERM
sleep 300 </dev/null >/dev/null 2>&1 &
echo $! >"$1/child.$!"
setsid sleep 300 </dev/null >/dev/null 2>&1 &
echo $! >"$1/setsid.$!"
setsid sh -c 'sleep 300 </dev/null >/dev/null 2>&1 & echo $! >"$0/orphan.$!"' "$1"
echo $$ >"$1/engine.$$"
exec sh "$(dirname "$0")/engine-hang.sh"
