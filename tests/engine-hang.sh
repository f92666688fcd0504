#!/bin/sh
# engine-hang.sh — a GTP engine that never answers genmove: the match must
# give up after its time-out, kill it, and count the game as a loss.
while read -r cmd rest; do
  case $cmd in
    genmove) sleep 60 ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done
