#!/bin/sh
# ui-sizes.sh — the screen at every size from the smallest it takes (40x15)
# up, driven in tmux: a game of 21 moves, the overlay's scores on the squares
# and a long message, each screen read whole for parts drawn over others. At
# 40x16 the move list was cut ("○f") and the overlay's scores ran together
# ("-12-1 +1"); the lines under the compact board ran over the move list
# (79x30); a long message opened a pop-up over the board and the clocks
# (60x20). The compact header names the mode as the message does (it said
# REPLAY where the message said STUDY).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

GAME="f5 d6 c3 d3 c4 f4 c5 b3 c2 e6 c6 b4 b5 d2 e3 a6 c1 b1 f3 f6 e7"

# whole NAME WHAT: reads the whole screen of NAME; prints what is wrong, fails if anything is.
whole() {
  s=$(screen "$1")
  bad=
  for r in 1 2 3 4 5 6 7 8; do
    echo "$s" | grep -q "^ \{0,1\}$r[ │]" || bad="$bad; board row $r is gone"
  done
  # a move is a disc and a square: a disc with a column and no row is cut
  echo "$s" | grep -q "[●○][a-h]\([^0-9]\|$\)" && bad="$bad; a move is cut"
  # two scores side by side without a blank between them
  echo "$s" | grep -q "[0-9][-+][0-9]" && bad="$bad; scores run together"
  [ "$(echo "$s" | grep -o "[0-9]:[0-9][0-9]" | wc -l)" -ge 2 ] || bad="$bad; a clock is gone"
  echo "$s" | head -n 1 | grep -q "21/21" || bad="$bad; the header lost the move number"
  echo "$s" | grep -q "e7" || bad="$bad; the last move is not in the list"
  [ -z "$bad" ] && return 0
  echo "# $1 ($2):${bad#;}"
  echo "$s" | sed 's/^/#   /'
  return 1
}

for size in 40x15 40x16 44x17 50x18 60x20 70x22 79x23 79x30 80x24 100x30 150x45; do
  cols=${size%x*} rows=${size#*x}
  start "s$size" "$cols" "$rows" -- --white human --no-book --overlay-depth 4
  wait_for "s$size" "0/0" >/dev/null
  for m in $GAME; do
    keys "s$size" "$(echo "$m" | cut -c1)" "$(echo "$m" | cut -c2)"
  done
  wait_for "s$size" "21/21" >/dev/null
  keys "s$size" O
  wait_match "s$size" "d4( |$)" 30 >/dev/null
  whole "s$size" "the overlay on"; check "$size: the overlay's scores on a game of 21 moves, nothing drawn over" $?
  cmd "s$size" "no-such-command with a long tail of words that the message line cannot hold on one row"
  wait_for "s$size" "no-such-command" >/dev/null
  whole "s$size" "a long message"; check "$size: a long message, nothing drawn over" $?
  quit "s$size"
done

# the compact header names the mode as the message does
cp "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/data/edax.txt" "$T/edax.txt"
start cst 40 16 -- --white human --no-book
wait_for cst "0/0" >/dev/null
cmd cst "load $T/edax.txt"
wait_for cst "STUDY: the game is over" >/dev/null
screen cst | head -n 1 | grep -q "0/61 STUDY"; check "40x16: the compact header says STUDY for a game opened for study" $?
quit cst

tap_done
