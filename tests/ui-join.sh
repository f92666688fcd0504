#!/bin/sh
# ui-join.sh — the same game from two screens (issue 39): alice and bob run
# `othello join` in tmux against `othello serve` on a Unix socket in the test's
# temporary directory; bob sees alice's challenge, accepts, and they play a
# whole game by typing squares; both screens then show the final position,
# the record's, and its result; a seated player gets no hint.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

serve

# the game: two novices play one out (the server passes for a side without a move)
printf 'moves\nboard\n' | "$OTHELLO" script --no-board -b novice -w novice --save-dir "$T/scratch" \
  >"$T/gen.out" 2>&1
awk '$NF ~ /^[a-h][1-8]$/ && ($(NF-1) == "Black" || $(NF-1) == "White") { print $(NF-1), $NF }' \
  "$T/gen.out" >"$T/game"
final=$(grep -E "^Black [0-9]+, White [0-9]+" "$T/gen.out" | tail -n 1)
black=$(echo "$final" | sed 's/^Black \([0-9]*\),.*/\1/')
white=$(echo "$final" | sed 's/^Black [0-9]*, White \([0-9]*\),.*/\1/')

start alice 100 32 -- join --name alice "$S"
start bob 100 32 -- join --name bob "$S"
wait_for alice "connected to the server as alice"
check "alice's screen says she is connected" $?
wait_for bob "connected to the server as bob" >/dev/null
cmd alice "challenge bob 5 black"
wait_for bob "alice challenges you"
check "bob's screen shows alice's challenge" $?
cmd bob "accept alice"
wait_for alice "game 1: alice"
check "the game starts on alice's screen" $?
wait_for bob "game 1: alice" >/dev/null
cmd alice "hint"
wait_for alice "hint: not while you play game 1 of the server"
check "a player asks for a hint: refused during the game" $?

n=0
ok_moves=0
while read -r colour sq; do
  n=$((n + 1))
  if [ "$colour" = Black ]; then who=alice other=bob; else who=bob other=alice; fi
  keys "$who" "$(echo "$sq" | cut -c1)" "$(echo "$sq" | cut -c2)"
  wait_match "$other" "[●○]$sq" 10 >/dev/null && ok_moves=$((ok_moves + 1))
done <"$T/game"
[ "$ok_moves" -eq "$n" ]
check "each move typed on one screen shows on the other ($ok_moves of $n)" $?

wait_for alice "Game over" 10
check "alice's screen says the game is over" $?
wait_for bob "Game over" 10
check "so does bob's" $?
# the board's rows, the eight cells of each between its bars (the cursor's brackets dropped)
board() {
  screen "$1" | grep -E '^[1-8] ' | sed 's/│/|/g' |
    awk -F'|' '{ r = $1; for (i = 2; i <= 9; i++) r = r "|" $i; print r }' | tr -d '[] '
}
board alice >"$T/alice.board"
board bob >"$T/bob.board"
[ -s "$T/alice.board" ] && cmp -s "$T/alice.board" "$T/bob.board"
check "both screens show the same final position" $?
b=$(grep -o '●' "$T/alice.board" | wc -l)
w=$(grep -o '○' "$T/alice.board" | wc -l)
[ "$b" -eq "$black" ] && [ "$w" -eq "$white" ]
check "the record's: Black $black, White $white (the screen: $b, $w)" $?
wait_for alice "saved in slot net-1" 5 >/dev/null
[ -f "$SAVES/net-1.sgf" ]
check "the finished game is in the user's save slots" $?
cmd alice "hint"
wait_gone alice "not while you play" 5
check "after the game the engine helps again" $?
quit alice
quit bob
tap_done
