#!/bin/sh
# ui-watch.sh — the screen details of issue 32, in tmux: engines watched at a
# pace (--delay, P to pause, G to step), `flip`, the compact screen's engine
# line, score, clocks and overlay numbers (below 80x24, down to 40x15), the
# size a too small terminal needs, the key bar's `q quit` at 80 columns, C
# editing a comment, and readable secondary text.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

# ---------------------------------------------------------------- engines at a pace
# two engines on the screen played the whole game at once; by default a
# second goes between their moves, P pauses them and G then plays one move
start two 80 24 -- --black novice --white novice
wait_for two " 1 ●" >/dev/null
keys two P
wait_for two "PAUSED"; check "P pauses the engines (the header says PAUSED)" $?
n=$(screen two | grep -o " [0-9]* [●○]" | wc -l)
keys two G
i=0; while [ "$(screen two | grep -o " [0-9]* [●○]" | wc -l)" -le "$n" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
m=$(screen two | grep -o " [0-9]* [●○]" | wc -l)
[ "$m" -eq $((n + 1)) ]; check "G plays one move while paused" $?
sleep 1.5
[ "$(screen two | grep -o " [0-9]* [●○]" | wc -l)" -eq "$m" ]; check "and no more follow while paused" $?
keys two P
wait_gone two "PAUSED"; check "P again goes on" $?
wait_match two " $((m + 2)) [●○]"; check "the engines move again" $?
quit two
# a long --delay holds the next engine move back
start slow 80 24 -- --black novice --white novice --delay 600
wait_for slow " 1 ●" >/dev/null
sleep 1.5
! screen slow | grep -q " 2 ○"; check "--delay 600: the second engine move waits" $?
quit slow

# ---------------------------------------------------------------- flip
start fl 80 24 -- --white human
wait_for fl "Moves 0" >/dev/null
cmd fl "flip"
wait_for fl "board turned: White's side at the bottom"; check "flip turns the board" $?
screen fl | sed -n 2p | grep -q "h   g   f   e   d   c   b   a"; check "the letters run h to a" $?
screen fl | sed -n 4p | grep -q "^8 "; check "row 8 on top" $?
keys fl f 5
wait_for fl " 1 ●f5"; check "a square typed by name is still that square" $?
screen fl | sed -n 10p | grep -q "^5 .*│ *\[\{0,1\}●\]\{0,1\} *│ ● │ ● │"; check "f5's discs show on the turned board (row 5 is the fourth)" $?
cmd fl "flip"
wait_for fl "board turned back" >/dev/null
screen fl | sed -n 2p | grep -q "a   b   c   d   e   f   g   h"; check "flip again turns it back" $?
quit fl

# ---------------------------------------------------------------- the compact screen
for size in 40x15 79x30; do
  c=${size%x*} r=${size#*x}
  start "cp$c" "$c" "$r" -- --white novice
  wait_for "cp$c" "Black to move" >/dev/null
  wait_match "cp$c" "● Human +0:0[0-9]  ○ novice +0:0"; check "$size: names and clocks" $?
  keys "cp$c" f 5
  wait_match "cp$c" "novice.* [-+][0-9.]+ (d[0-9]+|book|exact) PV [a-h][1-8]"
  check "$size: the engine's line (level, score with its source, PV)" $?
  wait_match "cp$c" "Eval [-+][0-9]"; check "$size: the score" $?
  keys "cp$c" O
  wait_match "cp$c" "^[1-8] .*[-+][0-9]"; check "$size: O shows the overlay's numbers on the board" $?
  quit "cp$c"
done
start tiny 30 10 --
wait_for tiny "Terminal too small: 30x10"; check "a very small terminal says its size" $?
wait_for tiny "It needs at least 24x12."; check "and how big it must be" $?
quit tiny

# ---------------------------------------------------------------- the key bar at 80 columns
start kb 80 24 -- --white human
wait_for kb "Moves 0" >/dev/null
screen kb | tail -n 1 | grep -q "q quit *$"; check "80 columns: the key bar ends with q quit" $?
E=$(printf '\033')
TM capture-pane -e -p -t kb | tail -n 1 | grep -q "${E}\[34m"; [ $? -ne 0 ]
check "the key bar is not dark blue" $?
# C on a commented move: the bar holds the comment
keys kb f 5
wait_for kb " 1 ●f5" >/dev/null
keys kb C
wait_bar kb
text kb "first thought"; keys kb Enter
wait_for kb "✎ first thought" >/dev/null
keys kb C
wait_for kb ":comment first thought"; check "C on a commented move opens the bar with its comment" $?
text kb ", and more"; keys kb Enter
wait_for kb "✎ first thought, and more"; check "and the comment is edited" $?
quit kb
cp "${TOP_SRCDIR:-$(dirname "$0")/..}/saves/tiger-variation.sgf" "$T/tiger.sgf"
start go 80 24 -- "$T/tiger.sgf"
wait_for go "STUDY" >/dev/null
keys go End
wait_for go "B+8" >/dev/null
screen go | tail -n 1 | grep -q "q quit *$"; check "80 columns: the game-over bar ends with q quit" $?
quit go

# pop-ups: nothing of the panels' borders beside them (it showed ┐──┐)
start pop 80 24 -- "$T/tiger.sgf"
wait_for pop "STUDY" >/dev/null
cmd pop "info"
wait_for pop "q closes" >/dev/null
! screen pop | grep -q "┐─\|│─"; check "a pop-up leaves no border fragments beside it" $?
quit pop

# the 10x10 engine line and the 6x6 caption fit at 80x24 (they were cut)
start v10 80 24 -- --variant 10x10-holes --white novice
wait_for v10 "Moves 0" >/dev/null
cmd v10 "go"
wait_for v10 " 2 ○" >/dev/null
wait_for v10 "(eval/variant-10x10-holes.txt),"; check "10x10: the engine's level and evaluation whole" $?
quit v10
start v6 80 24 -- --variant 6x6 --white novice
wait_for v6 "Moves 0" >/dev/null
cmd v6 "go"
wait_for v6 " 2 ○" >/dev/null
wait_match v6 "Eval [-+][0-9.]+ d[0-9]+ +±[0-9]+ "; check "6x6: the graph's caption keeps its label and its scale" $?
quit v6

# a game clock that runs out reads 0:00, then -0:01 (it read -0:00 for a second)
start clk 80 24 -- --white human --game-time 0.01
wait_for clk "Moves 0" >/dev/null
seen=0 i=0
while [ $i -lt 60 ]; do
  screen clk | head -n 1 | grep -q -- "-0:00" && seen=1
  screen clk | head -n 1 | grep -q -- "-0:01" && break
  sleep 0.05
  i=$((i + 1))
done
[ $seen -eq 0 ] && screen clk | head -n 1 | grep -q -- "-0:01"; check "a game clock never reads -0:00" $?
quit clk

# in a sanitizer build, every session above ran under it: none may report
if grep -q __asan_init "$OTHELLO" 2>/dev/null; then
  ! cat "$T"/*.err 2>/dev/null | grep -q "ERROR: \(Address\|Leak\)Sanitizer\|runtime error"
  check "no session reported a sanitizer error" $?
fi

tap_done
