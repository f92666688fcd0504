#!/bin/sh
# join.sh — `othello join` at `othello serve` (issue 39), over Unix sockets in
# a temporary directory: two scripted players and a watcher play a whole game
# and agree move for move with the server's record and its result; the server
# killed with kill -9 after move 20 and started again on its directory, the
# players join again and the game goes on from move 21 with the clocks it had;
# a player killed with kill -9 comes back to its game; a bot seat of the
# server plays a whole game against a scripted player. A player's notes
# written during the game are in the record saved.
#
# Every process is started in the background with its pid kept, and killed on
# every way out (trap EXIT); a watchdog ends the test after 240 seconds.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"

: "${OTHELLO:=$(dirname "$0")/../src/othello}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/othello-join.XXXXXX") || exit 1
pids=
cleanup() {
  for p in $pids; do kill -9 "$p" 2>/dev/null; done
  if [ -n "${TEST_JOIN_KEEP:-}" ]; then echo "# kept $tmp" >&2; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
( sleep 240; echo "# join.sh: out of time" >&2; kill -TERM $$ ) &
pids="$pids $!"
export OTHELLO_SOCKET="$tmp/none" HOME="$tmp/home"
unset OTHELLO_SAVE_DIR XDG_DATA_HOME XDG_RUNTIME_DIR

# spawn NAME COMMAND...: runs it in the background, its output in $tmp/NAME.out and .err;
# its pid in $last.
spawn() {
  name=$1
  shift
  "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
  last=$!
  pids="$pids $last"
}

# until_grep FILE PATTERN [SECONDS]: waits until a line of FILE matches (extended regex).
until_grep() {
  i=0
  while ! grep -qE "$2" "$1" 2>/dev/null; do
    i=$((i + 1))
    [ $i -gt $((${3:-30} * 20)) ] && return 1
    sleep 0.05
  done
}

# ends PID [SECONDS]: waits until the process ended; its status in $st (124 if it did not).
ends() {
  i=0
  while kill -0 "$1" 2>/dev/null; do
    i=$((i + 1))
    if [ $i -gt $((${2:-60} * 20)) ]; then
      st=124
      return 1
    fi
    sleep 0.05
  done
  wait "$1"
  st=$?
}

# serve NAME SOCKET DIR [OPTIONS]: a server, ready when it says so on stderr; pid in $server.
serve() {
  name=$1 sock=$2 dir=$3
  shift 3
  spawn "$name" "$OTHELLO" serve --socket "$sock" --dir "$dir" "$@"
  server=$last
  until_grep "$tmp/$name.err" "^othello serve: socket "
}

# moves_of FILE: a game file's moves, one "N Colour square|pass" a line, read by `othello script`.
moves_of() {
  printf 'load %s\nmoves\n' "$1" | "$OTHELLO" script --no-board --save-dir "$tmp/scratch" 2>/dev/null |
    awk '$2 == "Black" || $2 == "White" { print $1, $2, $3 }'
}

# board_of FILE: the last position of a game file as `board` prints it.
board_of() {
  printf 'load %s\nlast\nboard\n' "$1" | "$OTHELLO" script --no-board --save-dir "$tmp/scratch" 2>/dev/null |
    grep -E '^[1-8] |^Black [0-9]'
}

# The game: two novices play one out; its moves (passes left out: the server passes for a
# side without a move) are the players' scripts.
printf 'moves\nboard\n' | "$OTHELLO" script --no-board -b novice -w novice --save-dir "$tmp/scratch" \
  >"$tmp/gen.out" 2>&1
awk '$NF ~ /^[a-h][1-8]$/ && ($(NF-1) == "Black" || $(NF-1) == "White") { print $(NF-1), $NF }' \
  "$tmp/gen.out" >"$tmp/game"
result=$(grep -oE '\((B\+[0-9]+|W\+[0-9]+|0)\)\.?$' "$tmp/gen.out" | tr -d '().' | tail -n 1)
[ "$(wc -l <"$tmp/game")" -ge 50 ] && [ -n "$result" ]
check "a whole game to play: $(wc -l <"$tmp/game") moves, $result" $?
# side COLOUR [FROM [TO]]: that side's moves FROM..TO (1-based, among its own).
side() {
  awk -v c="$1" -v a="${2:-1}" -v b="${3:-999}" '$1 == c { n++; if (n >= a && n <= b) print $2 }' \
    "$tmp/game"
}

# pair A B OPTIONS...: alice plays $tmp/A.txt, bob $tmp/B.txt (its first line accepts her
# challenge: fed through a pipe once she made it, he being on before); both with OPTIONS;
# their pids in $A and $B.
pair() {
  a=$1 b=$2
  shift 2
  rm -f "$tmp/$b.fifo"
  mkfifo "$tmp/$b.fifo"
  spawn "$b" "$OTHELLO" join --name bob "$@" --save-dir "$tmp/$b.saves" --script "$tmp/$b.fifo" "$S"
  eval "$b=\$last"
  exec 5>"$tmp/$b.fifo"
  spawn "$a" "$OTHELLO" join --name alice "$@" --save-dir "$tmp/$a.saves" --script "$tmp/$a.txt" "$S"
  eval "$a=\$last"
  until_grep "$tmp/$a.out" "^ok challenge "
  cat "$tmp/$b.txt" >&5
  exec 5>&-
}

# ---------------------------------------------------------------- a game and a watcher
S="$tmp/s1" D="$tmp/d1"
serve serve1 "$S" "$D"
check "the server starts" $?
# bob reads a pipe: he is on before alice challenges him, and the watcher comes between the
# game's start and bob's first move
mkfifo "$tmp/bob.fifo"
spawn bob "$OTHELLO" join --name bob --save-dir "$tmp/bob" --script "$tmp/bob.fifo" "$S"
bob=$last
exec 3>"$tmp/bob.fifo"
# alice writes a note on her second move (a comment and a mark) as the game goes on
{
  echo "challenge bob 5 black"
  side Black 1 2
  echo "goto 3"
  echo "comment a quiet move"
  echo "mark !?"
  echo "last"
  side Black 3
} >"$tmp/alice.txt"
spawn alice "$OTHELLO" join --name alice --save-dir "$tmp/alice" --script "$tmp/alice.txt" "$S"
alice=$last
until_grep "$tmp/alice.out" "^ok challenge "
check "alice challenges bob" $?
echo "accept alice" >&3
until_grep "$tmp/bob.out" "^snapshot 1 [0-9]+ white "
check "bob accepts: game 1, bob white" $?
echo "watch 1" >"$tmp/carol.txt"
spawn carol "$OTHELLO" join --name carol --save-dir "$tmp/carol" --script "$tmp/carol.txt" "$S"
carol=$last
until_grep "$tmp/carol.out" "^ok watch 1"
check "carol watches game 1" $?
side White >&3
exec 3>&-
ends "$alice"
check "alice's script ends with the game, status 0 ($st)" "$st"
ends "$bob"
check "bob's too ($st)" "$st"
ends "$carol"
check "carol's too ($st)" "$st"
grep -q "^update 1 [0-9]* watch carol on" "$tmp/alice.out"
check "the players saw the watcher come" $?

moves_of "$D/records/1.sgf" >"$tmp/server.moves"
grep -v pass "$tmp/server.moves" | awk '{ print $2, $3 }' | cmp -s - "$tmp/game"
check "the server's record holds the game's moves" $?
for who in alice bob carol; do
  moves_of "$tmp/$who/net-1.sgf" >"$tmp/$who.moves"
  cmp -s "$tmp/server.moves" "$tmp/$who.moves"
  check "$who's saved record agrees move for move (passes too)" $?
done
for who in alice bob carol; do
  grep -q "RE\[$result\]" "$tmp/$who/net-1.sgf"
  check "$who's record has the result $result" $?
done
grep -q "RE\[$result\]" "$D/records/1.sgf"
check "and so has the server's" $?
note=$(side Black 2 2)
grep -qE ";B\[$note\][^;]*C\[a quiet move\]" "$tmp/alice/net-1.sgf" &&
  grep -qE ";B\[$note\][^;]*IT\[\]" "$tmp/alice/net-1.sgf"
check "alice's note on her move $note is kept through the game into her saved record" $?
n=$(wc -l <"$tmp/server.moves")
c=$(grep -oE '(BL|WL)\[[0-9.]+\]' "$tmp/alice/net-1.sgf" | wc -l)
[ "$c" -eq "$n" ]
check "each move of the saved record has its side's clock ($c of $n)" $?
board_of "$D/records/1.sgf" >"$tmp/server.board"
sed -n '/^game 1 over: /,$p' "$tmp/carol.out" | grep -E '^[1-8] |^Black [0-9]' >"$tmp/carol.board"
[ -s "$tmp/carol.board" ] && cmp -s "$tmp/server.board" "$tmp/carol.board"
check "the watcher's last position is the record's" $?
grep -q "^note: game 1 ($result) saved in slot net-1" "$tmp/carol.out"
check "the watcher is told where the game was saved" $?
kill "$server"
ends "$server" 10
check "SIGTERM ends the server ($st)" "$st"

# ---------------------------------------------------------------- kill -9 of the server
S="$tmp/s2" D="$tmp/d2"
serve serve2 "$S" "$D"
ply20=$(sed -n 20p "$tmp/game" | awk '{ print tolower($1), $2 }')
[ "$(head -n 20 "$tmp/game" | awk '{ print $1 }' | uniq | wc -l)" -eq 20 ]
check "no pass in the first 20 moves" $?
{ echo "challenge bob 5 black"; side Black 1 10; } >"$tmp/a1.txt"
{ echo "accept alice"; side White 1 10; } >"$tmp/b1.txt"
pair a1 b1 --reconnect 0
until_grep "$tmp/a1.out" "^update 1 [0-9]+ move $ply20 "
check "20 moves played" $?
clocks=$(grep -E "^update 1 [0-9]+ move $ply20 " "$tmp/a1.out" | awk '{ print $8, $9 }')
kill -9 "$server"
ends "$a1" 10
[ "$st" -eq 1 ]
check "killed server: alice's script stops, status 1 ($st)" $?
grep -q "the connection to the server is lost" "$tmp/a1.err"
check "and says the connection is lost" $?
ends "$b1" 10
serve serve2b "$S" "$D"
check "the server starts again on its directory" $?
grep -q "1 games\? back" "$tmp/serve2b.err"
check "and brings the game back" $?
side Black 11 >"$tmp/a2.txt"
side White 11 >"$tmp/b2.txt"
spawn a2 "$OTHELLO" join --name alice --save-dir "$tmp/alice2" --script "$tmp/a2.txt" "$S"
a2=$last
spawn b2 "$OTHELLO" join --name bob --save-dir "$tmp/bob2" --script "$tmp/b2.txt" "$S"
b2=$last
until_grep "$tmp/a2.out" "^snapshot 1 "
snap=$(grep -m1 "^snapshot 1 " "$tmp/a2.out")
echo "$snap" | awk '{ print $12 }' | tr ',' '\n' | wc -l | grep -qx 20
check "alice joins again: her game comes back with its 20 moves" $?
[ "$(echo "$snap" | awk '{ print $13, $14 }')" = "$clocks" ]
check "and the clocks it had after move 20 ($clocks)" $?
ends "$a2"
check "the game goes on from move 21 to its end ($st)" "$st"
ends "$b2"
moves_of "$D/records/1.sgf" | grep -v pass | awk '{ print $2, $3 }' | cmp -s - "$tmp/game"
check "its record has all its moves" $?
grep -q "RE\[$result\]" "$D/records/1.sgf"
check "and the result $result" $?
moves_of "$tmp/alice2/net-1.sgf" | grep -v pass | awk '{ print $2, $3 }' | cmp -s - "$tmp/game"
check "alice's saved record too" $?

# ---------------------------------------------------------------- kill -9 of a player
ply9=$(sed -n 9p "$tmp/game" | awk '{ print tolower($1), $2 }')
{ echo "challenge bob 5 black"; side Black 1 5; } >"$tmp/a3.txt"
{ echo "accept alice"; side White; } >"$tmp/b3.txt"
pair a3 b3
until_grep "$tmp/a3.out" "^update 2 [0-9]+ move $ply9 "
kill -9 "$a3"
until_grep "$tmp/b3.out" "^update 2 [0-9]+ presence black away:[0-9]+"
check "alice killed: bob sees her away, with the time she has to come back" $?
side Black 6 >"$tmp/a4.txt"
spawn a4 "$OTHELLO" join --name alice --save-dir "$tmp/alice3" --script "$tmp/a4.txt" "$S"
a4=$last
until_grep "$tmp/a4.out" "^snapshot 2 [0-9]+ black "
check "alice comes back and is in her game at once" $?
ends "$a4"
check "she plays it to its end ($st)" "$st"
ends "$b3"
grep -qE "^update 2 [0-9]+ presence black here" "$tmp/b3.out"
check "bob saw her come back" $?
moves_of "$tmp/alice3/net-2.sgf" | grep -v pass | awk '{ print $2, $3 }' | cmp -s - "$tmp/game"
check "the game has all its moves" $?
kill "$server"
ends "$server" 10

# ---------------------------------------------------------------- a bot seat
S="$tmp/s3" D="$tmp/d3"
serve serve3 "$S" "$D" --bot novice
mkfifo "$tmp/hum.fifo"
spawn hum "$OTHELLO" join --name hum --save-dir "$tmp/hum" --script "$tmp/hum.fifo" "$S"
hum=$last
exec 4>"$tmp/hum.fifo"
# the bot's seat comes a moment after the server: `who` until it is on
i=0
while [ $i -lt 100 ] && ! grep -q "^user novice .* bot" "$tmp/hum.out"; do
  echo who >&4
  i=$((i + 1))
  sleep 0.1
done
echo "challenge novice 5 black" >&4
until_grep "$tmp/hum.out" "^snapshot 1 [0-9]+ black " 20
check "the bot accepts a challenge" $?
# hum plays the first legal move the board lists (each `board` prints one summary line),
# until the game is over
turns=0
while [ $turns -lt 300 ]; do
  turns=$((turns + 1))
  echo board >&4
  i=0
  while [ "$(grep -cE "^Black [0-9]+, White [0-9]+" "$tmp/hum.out")" -lt $turns ]; do
    i=$((i + 1))
    [ $i -gt 200 ] && break 2
    sleep 0.05
  done
  summary=$(grep -E "^Black [0-9]+, White [0-9]+" "$tmp/hum.out" | tail -n 1)
  case $summary in
  *"Game over"* | *" wins"* | *"No result"*) break ;;
  *"Black to move: "*)
    if [ -z "${hinted:-}" ] && [ $turns -ge 10 ]; then
      echo hint >&4 # refused: no help for a player during the game
      hinted=1
    fi
    echo "${summary##*Black to move: }" | awk '{ print $1 }' >&4
    ;;
  *) sleep 0.05 ;;
  esac
done
exec 4>&-
ends "$hum" 30
[ "$st" -eq 1 ]
check "the scripted player's script ends with the game, status 1 for its \`hint\` ($st)" $?
grep -q "^error: hint: not while you play game 1 of the server" "$tmp/hum.out"
check "a player gets no hint from the engine during the game" $?
[ -f "$D/records/1.sgf" ] && grep -qE "RE\[(B\+[0-9]+|W\+[0-9]+|0)\]" "$D/records/1.sgf"
check "the bot's game is played to its end on the board, recorded by the server" $?
moves_of "$D/records/1.sgf" >"$tmp/bot.moves"
moves_of "$tmp/hum/net-1.sgf" | cmp -s - "$tmp/bot.moves"
check "and saved by the player, move for move" $?
kill "$server"
ends "$server" 10

tap_done
