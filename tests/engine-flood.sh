#!/bin/sh
# engine-flood.sh — a GTP engine that, asked for a move, prints comment lines
# as fast as it can, for ever: the match must still give up at its deadline.
while read -r cmd rest; do
  case $cmd in
    genmove) yes '# thinking' ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done
