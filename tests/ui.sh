#!/bin/sh
# ui.sh — the terminal interface end to end: the real program driven in tmux
# (a private server socket, a temporary HOME), asserting on the captured
# screen text. Play by keys and by the command bar, undo/redo, hints, saving
# and loading a slot, stepping through the game, comments and marks, edit
# mode, pop-ups, resizing, ASCII and monochrome, several TERM values, SIGHUP
# and the autosave, and one session under valgrind (or, in a sanitizer build,
# with the sanitizers' report checked).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

if ! command -v tmux >/dev/null 2>&1; then
  echo "1..0 # SKIP tmux is not installed"
  exit 0
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/othello-ui.XXXXXX")
SOCK=$T/tmux.sock
HOME_DIR=$T/home
SAVES=$HOME_DIR/.local/share/othello-master/saves
mkdir -p "$HOME_DIR"
TM() { tmux -S "$SOCK" -f /dev/null "$@"; }
cleanup() { TM kill-server >/dev/null 2>&1; rm -rf "$T"; }
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# start NAME COLS ROWS [ENV=VALUE...] -- [ARGS...]: runs the program in a new
# tmux session; the pane prints EXIT=status when the program ends.
start() {
  name=$1 cols=$2 rows=$3
  shift 3
  envs=
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs="$envs $1"; shift; done
  [ "$1" = "--" ] && shift
  # shellcheck disable=SC2086
  TM new-session -d -s "$name" -x "$cols" -y "$rows" \
    env -u TMUX -u NO_COLOR -u XDG_DATA_HOME -u OTHELLO_SAVE_DIR HOME="$HOME_DIR" \
    LANG=C.UTF-8 LC_ALL=C.UTF-8 $envs \
    sh -c "${WRAP:-} \"\$0\" \"\$@\" 2>\"$T/$name.err\"; echo EXIT=\$?; exec sleep 600" "$OTHELLO" "$@"
}

screen() { TM capture-pane -p -t "$1"; }

# wait_for NAME TEXT [SECONDS]: polls the screen until TEXT shows (fixed string).
wait_for() {
  i=0 limit=$(( ${3:-15} * 20 ))
  while [ $i -lt $limit ]; do
    screen "$1" | grep -qF -- "$2" && return 0
    sleep 0.05
    i=$((i + 1))
  done
  echo "# waited for '$2' on $1; the screen was:"
  screen "$1" | sed 's/^/#   /'
  return 1
}

# wait_gone NAME TEXT [SECONDS]: polls until TEXT is no longer on the screen.
wait_gone() {
  i=0 limit=$(( ${3:-15} * 20 ))
  while [ $i -lt $limit ]; do
    screen "$1" | grep -qF -- "$2" || return 0
    sleep 0.05
    i=$((i + 1))
  done
  echo "# '$2' stayed on $1"
  return 1
}

keys() { s=$1; shift; TM send-keys -t "$s" "$@"; }
text() { TM send-keys -t "$1" -l "$2"; }
# quit NAME: q, and y if the program asks; waits for the program to end.
quit() {
  keys "$1" q
  i=0
  while [ $i -lt 100 ]; do
    s=$(screen "$1")
    case $s in
    *"Quit anyway"*) keys "$1" y ;;
    *EXIT=*) return 0 ;;
    esac
    sleep 0.05
    i=$((i + 1))
  done
  return 1
}

# cmd NAME LINE: types a line in the command bar.
cmd() { keys "$1" :; wait_bar "$1"; text "$1" "$2"; keys "$1" Enter; }

# wait_bar NAME: waits until the command bar is open (the last line starts with ':').
wait_bar() {
  i=0
  while [ $i -lt 100 ]; do
    screen "$1" | tail -n 1 | grep -q '^:' && return 0
    sleep 0.05
    i=$((i + 1))
  done
  return 1
}

# ---------------------------------------------------------------- a game against the engine
start eng 80 24 --
wait_for eng "Moves 0"; check "the game starts at 80x24 with the move list" $?
screen eng | grep -q "Black human .* 2 .*White expert .* 2"; check "the header shows human Black against expert White, 2 discs each" $?
[ "$(screen eng | grep -o '●' | wc -l)" -ge 2 ] && [ "$(screen eng | grep -o '○' | wc -l)" -ge 2 ]
check "discs are drawn in Unicode" $?
keys eng k Enter
wait_for eng " 1 ●d3"; check "k then Enter plays d3 from the cursor's start on d4" $?
wait_for eng " 2 ○"; check "the engine answers without a key" $?
wait_for eng "search: depth"; check "the engine panel shows the reasoning of its move" $?
screen eng | grep -q "score [-+<>=0-9]"; check "the reasoning's score shows at 80 columns (not cut at the box)" $?
keys eng ?
wait_for eng "Hints for Black"; check "? shows the hint list" $?
keys eng q
wait_for eng "Quit anyway? (y/n)"; check "q asks before quitting an unsaved game" $?
keys eng n
wait_gone eng "Quit anyway"; check "n keeps the game" $?
keys eng q
wait_for eng "Quit anyway" >/dev/null
keys eng y
wait_for eng "EXIT=0"; check "y quits with status 0" $?

# the header gives a level's name whole when it fits (it cut every name at 8:
# "pre-mast")
start pm 80 24 -- --white pre-master
wait_for pm "White pre-master "; check "the header shows pre-master whole at 80 columns" $?
quit pm

# the engine on two search threads (--threads): it answers and shows its reasoning
start thr 80 24 -- --threads 2 --white "pre-master --depth 6"
wait_for thr "Moves 0" >/dev/null
keys thr k Enter
wait_for thr " 2 ○"; check "the game with --threads 2: the engine answers" $?
wait_for thr "search: depth"; check "the game with --threads 2: the panel shows the engine's reasoning" $?
quit thr

# ---------------------------------------------------------------- two humans: keys, bar, replay, annotations
start hh 80 24 -- --white human
wait_for hh "Moves 0" >/dev/null
keys hh k Enter
wait_for hh " 1 ●d3" >/dev/null
cmd hh "c3"
wait_for hh " 2 ○c3"; check "a move typed in the command bar is played" $?
keys hh : ; text hh "hin"; keys hh Tab; text hh "3"
wait_for hh ":hint 3"; check "Tab completes a command name" $?
keys hh Escape
wait_gone hh ":hint"; check "Esc leaves the command bar" $?
keys hh u
wait_for hh "move 1/2"; check "u takes a move back and keeps it" $?
keys hh r
wait_for hh "move 2/2"; check "r replays it" $?
keys hh c
wait_bar hh
text hh "the main line"; keys hh Enter
wait_for hh "✎ the main line"; check "c comments the last move (shown in the panel)" $?
cmd hh "mark !?"
wait_for hh "○c3!?✎"; check "marks and the comment sign show in the move list" $?
keys hh '['
wait_for hh "move 1/2"; check "[ steps back" $?
screen hh | grep -q "REPLAY"; check "stepping back shows replay mode" $?
keys hh Home
wait_for hh "move 0/2"; check "Home goes to the start" $?
keys hh ']' ']'
wait_for hh "move 2/2"; check "] steps forward" $?
keys hh '['
wait_for hh "move 1/2" >/dev/null
cmd hh "e3"
wait_for hh "○e3   +"; check "a move in the past starts a variation (+ in the list)" $?
keys hh F1
wait_for hh "q closes"; check "F1 shows the help in a pop-up" $?
keys hh q
wait_gone hh "q closes"; check "q closes the pop-up" $?
cmd hh "help keys"
wait_for hh "Shift-Left"; check "help keys lists the key bindings" $?
keys hh Escape
wait_gone hh "Shift-Left" >/dev/null
cmd hh "info foo"
wait_for hh "round opening time)"; check "a message too long for its line shows whole in a pop-up" $?
keys hh Escape
wait_gone hh "round opening time)" >/dev/null
cmd hh "save one my game"
wait_for hh "slot one"; check "save writes a slot" $?
[ -f "$SAVES/one.sgf" ]; check "the slot file is in the data directory" $?
cmd hh "saves"
wait_for hh "my game"; check "saves lists the slots in a pop-up" $?
keys hh q
keys hh q
wait_for hh "EXIT=0"; check "q quits at once when the game is saved" $?
[ -s "$HOME_DIR/.local/share/othello-master/history" ] && grep -q "^save one" "$HOME_DIR/.local/share/othello-master/history"
check "the command history is kept in the data directory" $?

# ---------------------------------------------------------------- a key that would lose the game asks first
start nn 80 24 -- --white human
wait_for nn "Moves 0" >/dev/null
keys nn k Enter
wait_for nn " 1 ●d3" >/dev/null
keys nn N
wait_for nn "\`new\` replaces it: go on? (y/n)"; check "N with an unsaved game asks first (it discarded the game)" $?
keys nn n
wait_for nn "Kept the game" && screen nn | grep -q " 1 ●d3"; check "n keeps the game" $?
cmd nn "hand 1"
wait_for nn "\`handicap\` replaces it" >/dev/null
keys nn y
wait_for nn "new game with a handicap"; check "y goes on with the command" $?
quit nn

# ---------------------------------------------------------------- saving over another game's slot asks first
start sv 80 24 -- --white human
wait_for sv "Moves 0" >/dev/null
keys sv k Enter
wait_for sv " 1 ●d3" >/dev/null
cmd sv "save one"
wait_for sv "Slot one holds another game. Replace it? (y/n)"; check "save over the slot of another game asks first" $?
keys sv n
wait_for sv "Kept slot one as it was" && grep -q "my game" "$SAVES/one.sgf"; check "n keeps that slot as it was" $?
cmd sv "save two"
wait_for sv "saved in slot two" >/dev/null
cmd sv "info event again"
cmd sv "save two"
sleep 0.5
wait_for sv "saved in slot two" && ! screen sv | grep -q "Replace it?" && grep -q "again" "$SAVES/two.sgf"
check "saving again to the game's own slot does not ask" $?
quit sv

# ---------------------------------------------------------------- loading, stepping, resizing
start load 80 24 -- --load one
wait_for load "move 0/2  REPLAY"; check "--load opens the slot in replay mode, at the start" $?
wait_for load "●d3     2 ○c3!?✎+"; check "the loaded game has its moves, marks, comments and variations" $?
keys load End
wait_for load "move 2/2"; check "End goes to the end of the line" $?
keys load '['
wait_for load "move 1/2"; check "[ steps back in the loaded game" $?
TM resize-window -t load -x 60 -y 20
wait_for load "Terminal too small: 60x20"; check "a small terminal shows a clear message" $?
TM resize-window -t load -x 120 -y 40
wait_for load "Moves 2"; check "growing again redraws the game" $?
screen load | grep -q "┌───────┬"; check "a large terminal gets larger squares" $?
TM resize-window -t load -x 80 -y 24
wait_for load "┌───┬───┬"; check "back at 80x24 the board is small again" $?
quit load

start file 80 24 -- "$SAVES/one.sgf"
wait_for file "REPLAY"; check "othello FILE opens the file in replay mode" $?
quit file

# ---------------------------------------------------------------- edit mode
start edit 80 24 -- --white human
wait_for edit "Moves 0" >/dev/null
keys edit e
wait_for edit "EDIT"; check "e enters edit mode" $?
keys edit C
wait_for edit "○ White human     0"; check "C empties the board" $?
keys edit b l w l w Enter
wait_for edit "PLAY"; check "discs placed with b and w, Enter validates" $?
screen edit | grep -q "● Black human     1 .*○ White human     2"; check "the edited position has the placed discs" $?
quit edit

# ---------------------------------------------------------------- ASCII, monochrome, terminals
start ascii 80 24 -- --ascii --no-color --white human
wait_for ascii "+---+---+"; check "--ascii draws the board with ASCII lines" $?
screen ascii | grep -q "| X | O |"; check "--ascii draws X and O discs" $?
quit ascii

start cloc 80 24 LANG=C LC_ALL=C -- --white human
wait_for cloc "+---+---+"; check "a locale that is not UTF-8 falls back to ASCII" $?
quit cloc

for term in xterm xterm-256color screen tmux-256color linux; do
  start "t$term" 80 24 TERM=$term NO_COLOR=1 -- --white human
  wait_for "t$term" "Moves 0" 10 >/dev/null && keys "t$term" k Enter && wait_for "t$term" " 1 ●d3" 10 >/dev/null
  check "TERM=$term: draws and plays" $?
  quit "t$term"
done

# ---------------------------------------------------------------- losing the terminal
start hup 80 24 -- --white human
wait_for hup "Moves 0" >/dev/null
keys hup k Enter
wait_for hup " 1 ●d3" >/dev/null
rm -f "$SAVES/autosave.sgf"
TM kill-session -t hup
i=0
while [ ! -s "$SAVES/autosave.sgf" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
grep -q "d3" "$SAVES/autosave.sgf" 2>/dev/null; check "SIGHUP (session killed) writes the autosave slot" $?
start hup2 80 24 -- --white human
wait_for hup2 "load autosave" >/dev/null; check "the next start offers the autosave" $?
cmd hup2 "load autosave"
wait_for hup2 " 1 ●d3" >/dev/null; check "load autosave resumes the game" $?
quit hup2

# ---------------------------------------------------------------- one session checked for leaks and errors
if grep -q __asan_init "$OTHELLO" 2>/dev/null; then
  how="AddressSanitizer"
  WRAP=
elif command -v valgrind >/dev/null 2>&1 && valgrind -q "$OTHELLO" play --help >/dev/null 2>&1; then
  how="valgrind"
  WRAP="valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 --log-file=$T/vg.log"
else
  how=
fi
if [ -n "$how" ]; then
  WRAP=$WRAP start leak 80 24 -- --white human
  wait_for leak "Moves 0" 60 >/dev/null
  keys leak k Enter
  wait_for leak " 1 ●d3" 30 >/dev/null
  keys leak ?
  wait_for leak "Hints for White" 60 >/dev/null
  cmd leak "help"
  wait_for leak "q closes" 30 >/dev/null
  keys leak q
  keys leak q
  wait_for leak "Quit anyway" 30 >/dev/null
  keys leak y
  wait_for leak "EXIT=" 60 >/dev/null
  screen leak | grep -q "EXIT=0"; st=$?
  if [ "$how" = valgrind ]; then
    [ $st -eq 0 ] && ! grep -q "ERROR SUMMARY: [1-9]" "$T/vg.log" && ! grep -q "definitely lost: [1-9]" "$T/vg.log"
    st=$?
    [ $st -eq 0 ] || sed 's/^/#   /' "$T/vg.log"
  else
    [ $st -eq 0 ] && ! grep -q "ERROR: \(Address\|Leak\)Sanitizer\|runtime error" "$T/leak.err"
    st=$?
    [ $st -eq 0 ] || sed 's/^/#   /' "$T/leak.err"
  fi
  check "a session under $how: no error, no leak" $st
else
  tap_n=$((tap_n + 1))
  echo "ok $tap_n # SKIP no leak check: no sanitizer build, and valgrind cannot run this build (-march=native)"
fi

tap_done
