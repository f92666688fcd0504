#!/bin/sh
# engine-chatty.sh — a GTP engine that, asked for a move, prints `# thinking`
# once a second and never answers: the match's time-out is a deadline for
# the whole answer, not reset by each line.
while read -r cmd rest; do
  case $cmd in
    genmove) while :; do printf '# thinking\n'; sleep 1; done ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done
