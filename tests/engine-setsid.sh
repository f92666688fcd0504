#!/bin/sh
# engine-setsid.sh DIR — a GTP engine that writes its pid to DIR/engine.PID,
# starts a helper that leaves its process group with setsid(1) (its pid in
# DIR/helper.PID), then never answers genmove: a match ended by a signal must
# still end the engine and the helper.
setsid sleep 300 </dev/null >/dev/null 2>&1 &
echo $! >"$1/helper.$!"
echo $$ >"$1/engine.$$"
exec sh "$(dirname "$0")/engine-hang.sh"
