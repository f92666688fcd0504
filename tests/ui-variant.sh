#!/bin/sh
# ui-variant.sh — the screen on the other boards (issue 16), driven in tmux at
# 80x24 like ui.sh: a whole 6x6 game and a whole 10x10-holes game (squares
# typed by keys, then engines), each saved in a slot and exported to a file,
# then opened again: the board and the move list are the same. Also the holes
# drawn (in colour and without), a click on the big board, and row 10 typed
# as 0.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

# bytes NAME HEX...: sends raw bytes to the pane (mouse reports).
bytes() { s=$1; shift; TM send-keys -t "$s" -H "$@"; }

# wait_end NAME: waits until the header says how the game ended.
wait_end() { wait_match "$1" "^ .*(wins|Draw) [0-9]+" 60; }

# board_and_moves NAME FILE BOARDROWS: the board and, beside it, the move list (the screen's
# lines 2 to BOARDROWS, the cursor's brackets left out: the cursor is not the game).
board_and_moves() {
  screen "$1" | sed -n "2,$3p" | tr '[]' '  ' >"$2"
}

# play_and_reload NAME VARIANT BOARDROWS SLOT: lets beginner (Black) and novice (White)
# finish the game, saves and exports it, opens both again and compares.
play_and_reload() {
  pr=$1 variant=$2 pr_rows=$3 slot=$4
  cmd "$pr" "black beginner"
  cmd "$pr" "white novice"
  cmd "$pr" "go"
  wait_end "$pr"; check "$variant: the engines finish the game at 80x24" $?
  board_and_moves "$pr" "$T/$pr.played" "$pr_rows"
  cmd "$pr" "save $slot"
  wait_for "$pr" "saved in slot $slot"; check "$variant: the game is saved in a slot" $?
  cmd "$pr" "export $T/$pr.sgf"
  wait_for "$pr" "exported" >/dev/null
  grep -q "SZ\[$(echo "$variant" | sed 's/x.*//')\]" "$T/$pr.sgf"; check "$variant: the exported SGF names its size" $?
  quit "$pr"
  start "${pr}l" 80 24 -- --load "$slot"
  wait_for "${pr}l" "STUDY" >/dev/null
  keys "${pr}l" End
  wait_end "${pr}l"; check "$variant: the slot opens again, to its end" $?
  board_and_moves "${pr}l" "$T/$pr.loaded" "$pr_rows"
  cmp -s "$T/$pr.played" "$T/$pr.loaded"; same=$?
  check "$variant: the reloaded board and move list are those played" $same
  [ $same -eq 0 ] || diff "$T/$pr.played" "$T/$pr.loaded" | sed 's/^/#   /'
  quit "${pr}l"
  start "${pr}f" 80 24 -- "$T/$pr.sgf"
  wait_for "${pr}f" "STUDY" >/dev/null
  keys "${pr}f" End
  wait_end "${pr}f" >/dev/null
  board_and_moves "${pr}f" "$T/$pr.file" "$pr_rows"
  cmp -s "$T/$pr.played" "$T/$pr.file"; check "$variant: so does the exported file" $?
  quit "${pr}f"
}

# ---------------------------------------------------------------- 6x6
start six 80 24 -- --variant 6x6 --white human
wait_for six "Moves 0"; check "6x6: the game starts at 80x24" $?
screen six | grep -q "^ *a   b   c   d   e   f *┌"; check "6x6: six columns, a to f" $?
[ "$(screen six | grep -c '^[1-6] │')" -eq 6 ] && ! screen six | grep -q '^7 │'; check "6x6: six rows" $?
keys six c 2
wait_for six " 1 ●c2"; check "6x6: c then 2 plays c2" $?
keys six g
wait_for six "no column g on the 6x6 board"; check "6x6: a column the board has not says so" $?
play_and_reload six 6x6 15 six

# ---------------------------------------------------------------- 10x10 with holes
start ten 80 24 TERM=xterm-256color -- --variant 10x10-holes --white human
wait_for ten "Moves 0"; check "10x10-holes: the game starts at 80x24 with its panels" $?
screen ten | grep -q "Engine"; check "10x10-holes: the engine panel is there too" $?
screen ten | grep -q "^10│"; check "10x10-holes: row 10 is labelled" $?
[ "$(screen ten | grep -o '▒▒▒' | wc -l)" -eq 8 ]; check "10x10-holes: eight holes drawn as shaded squares" $?
screen ten | grep -q "^ 5│▒▒▒│.*│▒▒▒│"; check "10x10-holes: a5 and j5 are holes" $?
keys ten e 4
wait_for ten "1 ●e4"; check "10x10-holes: e then 4 plays e4" $?
# f4 for White: a click on its square (column f = x 23, row 4 = y 6; SGR report, 1-based)
bytes ten 1b 5b 3c 30 3b 32 34 3b 37 4d
bytes ten 1b 5b 3c 30 3b 32 34 3b 37 6d
wait_for ten "2 ○f4"; check "10x10-holes: a click on f4 plays it" $?
keys ten g 3
wait_for ten "3 ●g3" >/dev/null
keys ten j 0
wait_for ten "illegal move j10"; check "10x10-holes: j then 0 is j10" $?
cmd ten "e1"
wait_for ten "unknown command \`e1\`"; check "10x10-holes: a hole is not a move" $?
play_and_reload ten 10x10-holes 14 ten

# ---------------------------------------------------------------- holes without colour or Unicode
start mono 80 24 TERM=xterm-mono -- --variant 10x10-holes --ascii --no-color --white human
wait_for mono "Moves 0" >/dev/null
[ "$(screen mono | grep -o '###' | wc -l)" -eq 8 ]; check "10x10-holes: holes drawn as ### in ASCII without colour" $?
quit mono

# ---------------------------------------------------------------- 8x8 unchanged beside them
start std 80 24 -- --white human
wait_for std "Moves 0" >/dev/null
screen std | grep -q "^8 │"; check "8x8: the default board still has 8 rows" $?
cmd std "new --variant 6x6"
wait_for std "new game on 6x6"; check "new --variant 6x6 changes the board on the screen" $?
screen std | grep -q "^6 │" && ! screen std | grep -q "^7 │"; check "and the screen draws six rows" $?
quit std

tap_done
