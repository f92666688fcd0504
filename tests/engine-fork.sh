#!/bin/sh
# engine-fork.sh PIDFILE — a GTP engine that starts a helper process (its pid
# written to PIDFILE) and leaves it behind when it exits: the match must end
# the engine's whole process group. It plays as engine-illegal.sh (a1).
sleep 300 </dev/null >/dev/null 2>&1 &
echo $! >"$1"
exec sh "$(dirname "$0")/engine-illegal.sh"
