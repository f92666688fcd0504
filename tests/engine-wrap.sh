#!/bin/sh
# engine-wrap.sh — a GTP engine that misbehaves in chosen ways: `othello gtp
# --level random` (it plays legal moves) behind a filter that can
#   --refuse-pass   refuse `play COLOR pass` (an engine that passes implicitly)
#   --refuse CMD    answer `? unknown command` to CMD (time_settings, time_left)
#   --lines N       print N lines `# thinking` before its first genmove answer
#                   (in writes of 64 KiB, as a fast engine's output comes)
#   --log FILE      append every command it receives to FILE
refuse_pass=no refuse=none lines=0 log=/dev/null
while [ $# -gt 0 ]; do
  case $1 in
    --refuse-pass) refuse_pass=yes ;;
    --refuse) refuse=$2; shift ;;
    --lines) lines=$2; shift ;;
    --log) log=$2; shift ;;
  esac
  shift
done
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/in" "$dir/out"
"${OTHELLO:-othello}" gtp --level random <"$dir/in" >"$dir/out" &
exec 3>"$dir/in" 4<"$dir/out"
while read -r cmd args; do
  echo "$cmd $args" >>"$log"
  if [ "$cmd" = "$refuse" ]; then
    printf '? unknown command\n\n'
    continue
  fi
  case "$refuse_pass $cmd $args" in
    "yes play "*" pass" | "yes play "*" PASS") printf '? illegal move\n\n'; continue ;;
  esac
  if [ "$cmd" = genmove ] && [ "$lines" -gt 0 ]; then
    yes '# thinking' | head -n "$lines" | dd bs=64k iflag=fullblock 2>/dev/null
    lines=0
  fi
  echo "$cmd $args" >&3
  while IFS= read -r reply <&4; do # one reply, up to its blank line
    printf '%s\n' "$reply"
    [ -z "$reply" ] && break
  done
  [ "$cmd" = quit ] && exit 0
done
