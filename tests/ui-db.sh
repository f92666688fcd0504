#!/bin/sh
# ui-db.sh — the database panel (issue 30), driven in tmux at 80x24 and
# 120x40 on a folder of games made here: the moves played from the position
# (a transposed game counted with the others, its move turned back), the
# panel in the engine panel's place at 80x24 and beside it at 120x40, the
# database's moves marked on the board, a game opened for study from the
# list at the position on the board and `back` to the game kept aside.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

DB=$T/db
mkdir -p "$DB"
printf '(;FF[4]GM[2]SZ[8]PB[Ann Black]PW[Bob White]EV[Club Cup]DT[2021-03-04]RE[B+10]
;B[f5];W[d6];B[c3];W[d3];B[c4];W[f4];B[f6])\n' >"$DB/a.sgf"
printf '(;FF[4]GM[2]SZ[8]PB[Cid Black]PW[Dee White]EV[Town Open]DT[2019]RE[W+4]
;B[f5];W[d6];B[c3];W[d3];B[c4];W[b3])\n' >"$DB/b.sgf"
printf 'e6f4c3c4d3d6\n' >"$DB/c.txt" # f5d6c3d3c4f4 turned over the a1-h8 diagonal
printf 'not a WTHOR file' >"$DB/WTH_2001.wtb"

# ---------------------------------------------------------------- 80x24
start small 80 24 -- --white human --db "$DB"
wait_for small "Moves 0" >/dev/null
for sq in f5 d6 c3 d3 c4; do
  keys small "$(printf %.1s "$sq")" "$(printf %s "$sq" | cut -c2)"
done
wait_for small " 5 ●c4" >/dev/null
screen small | grep -q "Engine"; check "80x24: the engine panel is there before" $?
keys small L
wait_for small "Database: 3 games"; check "L shows the panel: 3 games through f5d6c3d3c4" $?
screen small | grep -q "Engine"; [ $? -ne 0 ]; check "80x24: the panel takes the engine panel's place" $?
screen small | grep -Eq "f4 +2 +100\.0 +\+10\.0"
check "f4: 2 games (one played over the diagonal, turned back), Black's share and mean score" $?
screen small | grep -Eq "b3 +1 +0\.0 +-4\.0"; check "b3: 1 game" $?
screen small | grep -Eq "^4 .* 2 │"; check "the board marks f4 with its games" $?
screen small | grep -q "2021 +10 Ann Black - Bob White"; check "the games, the latest first" $?
grep -q "WTH_2001.wtb" "$T/small.err"; [ $? -ne 0 ]; check "nothing on stderr under curses" $?
keys small Tab
wait_for small "Enter opens"; check "Tab gives the keys to the list of games" $?
keys small Enter
wait_for small "Your game is not saved"; check "opening a game asks first when the game is not saved" $?
keys small y
wait_for small "STUDY"; check "Enter opens the chosen game for study" $?
screen small | grep -q "Moves 7" && screen small | grep -q "move 5/7" && screen small | grep -q "Ann Black"
check "at the position on the board, with its players" $?
cmd small "back"
wait_for small "back to your game"; check "back returns to the game kept aside" $?
screen small | grep -q "Moves 5" && screen small | grep -q "PLAY"; check "as it was, in play" $?
cmd small "back"
wait_for small "move 5/7"; check "back again: the database game" $?
keys small L
wait_for small "Engine"; check "L hides the panel: the engine panel is back" $?
quit small

# ---------------------------------------------------------------- 120x40
start big 120 40 -- --white human --db "$DB"
wait_for big "Moves 0" >/dev/null
keys big f 5
wait_for big " 1 ●f5" >/dev/null
keys big L
wait_for big "Database: 3 games"; check "120x40: the panel shows" $?
screen big | grep -q "Engine"; check "120x40: beside the engine panel" $?
screen big | grep -Eq "d6 +3 "; check "120x40: d6, 3 games (c.txt's e6f4 is f5d6 turned)" $?
quit big

# ---------------------------------------------------------------- no games
start none 80 24 -- --db "$T/nothing"
wait_for none "Moves 0" >/dev/null
keys none L
wait_for none "No game collection in"; check "an empty database says how to get the WTHOR files" $?
screen none | grep -q "www.ffothello.org"; check "and where" $?
quit none

# in a sanitizer build, every session above ran under it: none may report
if grep -q __asan_init "$OTHELLO" 2>/dev/null; then
  ! cat "$T"/*.err 2>/dev/null | grep -q "ERROR: \(Address\|Leak\)Sanitizer\|runtime error"
  check "no session reported a sanitizer error" $?
fi

tap_done
