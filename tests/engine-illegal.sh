#!/bin/sh
# engine-illegal.sh [LOG] — a GTP engine that always answers a1, never legal
# early in a game: the match must count it as a loss by an illegal move, and
# start it afresh for the next game (each start adds a line to LOG).
[ -n "$1" ] && echo start >>"$1"
while read -r cmd rest; do
  case $cmd in
    genmove) printf '= a1\n\n' ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done
