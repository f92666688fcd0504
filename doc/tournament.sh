#!/bin/sh
# tournament.sh — draws doc/tournament.svg, the example picture of a
# tournament of the five levels (master at 0.05 s a move, so it runs in a few
# minutes), with the report beside it. Run from the top of the sources:
#   OTHELLO=_build/dev/src/othello sh doc/tournament.sh
# The games of master depend on the machine's speed, so another run draws
# another picture; the report makes this one again:
#   othello report summary --svg doc/tournament.svg doc/tournament-report.txt
set -e
OTHELLO=${OTHELLO:-othello}
rm -f doc/tournament-report.txt
nice -n 5 "$OTHELLO" tournament \
  --players "beginner,novice,expert,pre-master,master --time 0.05" \
  --games 6 --seed 1 --quiet --report doc/tournament-report.txt --svg doc/tournament.svg
