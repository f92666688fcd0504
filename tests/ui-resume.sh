#!/bin/sh
# ui-resume.sh — a saved game plays on (issue 32): at 80x24 in tmux, a game
# against novice saved in a slot, or written to the autosave by SIGHUP, is
# opened again (--load, `load autosave`) at its end with its players, and the
# engine answers the next move; a finished game or a file from elsewhere opens
# for study, and every way says which mode it is and how to switch.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

# pid NAME: the program's process id in its pane.
pid() { ps -o pid= --ppid "$(TM display-message -p -t "$1" '#{pane_pid}')" | tr -d ' ' | head -n 1; }

# legal SLOT: the first legal move of the game in SLOT at its end (from `othello script`).
legal() {
  printf 'load %s\nlast\nboard\n' "$1" |
    env -u XDG_DATA_HOME -u OTHELLO_SAVE_DIR HOME="$HOME_DIR" "$OTHELLO" script --no-board 2>/dev/null |
    sed -n 's/.* to move: \([a-h][1-8]\).*/\1/p' | tail -n 1
}

# ---------------------------------------------------------------- a slot, then --load
start sv 80 24 -- --white novice
wait_for sv "Moves 0" >/dev/null
keys sv f 5
wait_for sv " 2 ○" >/dev/null
cmd sv "go"
wait_for sv " 4 ○"; check "four moves against novice" $?
cmd sv "save 2"
wait_for sv "saved in slot 2" >/dev/null
quit sv
wait_for sv "EXIT=0" >/dev/null

start ld 80 24 -- --load 2
wait_for ld "move 4/4  PLAY"; check "--load: an unfinished game against novice opens at its end, in play" $?
wait_for ld "White novice answers; \`study\` stops it"; check "--load: the message says who plays and how to study" $?
screen ld | grep -q "White novice"; check "--load: the header names novice as White" $?
m=$(legal 2)
[ -n "$m" ]; check "a legal move for Black: $m" $?
cmd ld "$m"
wait_for ld " 6 ○"; check "--load: the engine answers the next move" $?
cmd ld "study"
wait_for ld "STUDY: the engine moves only on \`go\`"; check "\`study\` says what it means" $?
screen ld | grep -q "move 6/6  STUDY"; check "and the header says STUDY" $?
cmd ld "play"
wait_for ld "move 6/6  PLAY"; check "\`play\` plays on" $?
quit ld

# the same game loaded from within a game: the same mode, at its end
start in 80 24 -- --white human
wait_for in "Moves 0" >/dev/null
cmd in "load 2"
wait_for in "move 4/4  PLAY"; check "in-game load: at the end, in play, as --load" $?
cmd in "$m"
wait_for in " 6 ○"; check "in-game load: the engine answers" $?
quit in

# ---------------------------------------------------------------- undo, another move, play on
# the game played after undo is the one saved, listed and loaded, with its times
start un 80 24 -- --white novice
wait_for un "Moves 0" >/dev/null
keys un f 5
wait_for un " 2 ○" >/dev/null
cmd un "c3"
wait_for un " 4 ○" >/dev/null
keys un u
wait_for un "move 2/4  REPLAY"; check "undo: back to Black's move" $?
sleep 1.2 # Black thinks: the move after undo takes more than a second
cmd un "e3"
wait_for un "move 4/4  PLAY"; check "another move after undo: the engine answers, in play" $?
cmd un "go"
wait_for un "move 6/6  PLAY"; check "play on" $?
keys un s
wait_bar un
keys un Enter
wait_for un "saved in slot 1"; check "s Enter saves in the first free slot" $?
quit un
wait_for un "EXIT=0" >/dev/null

start unl 80 24 -- --load 1
wait_for unl "move 6/6  PLAY"; check "--load: the game played after undo, at its end, in play" $?
screen unl | grep -q "3 ●e3"; check "--load: the move after undo is on the line" $?
! screen unl | grep -q "●c3"; check "--load: the undone move is not" $?
screen unl | grep -q "● Black Human *[0-9]* *0:0[1-9]"; check "--load: Black's clock holds the move after undo's time" $?
cmd unl "saves"
wait_for unl "6 moves"; check "the save list counts the game played" $?
keys unl Escape
m=$(legal 1)
cmd unl "$m"
wait_for unl "move 8/8  PLAY" >/dev/null
keys unl s
wait_bar unl
keys unl Enter
wait_for unl "saved in slot 1"; check "a loaded game: s Enter saves back to its slot" $?
cmd unl "save 1"
wait_for unl "saved in slot 1" >/dev/null
! screen unl | grep -q "holds another game"; check "and \`save 1\` does not ask" $?
quit unl

# ---------------------------------------------------------------- the autosave after SIGHUP
start hup 80 24 -- --white novice
wait_for hup "Moves 0" >/dev/null
keys hup f 5
wait_for hup " 2 ○" >/dev/null
rm -f "$SAVES/autosave.sgf"
kill -HUP "$(pid hup)"
wait_for hup "EXIT=129"; check "SIGHUP: exit status 129" $?
grep -q "f5" "$SAVES/autosave.sgf"; check "SIGHUP: the autosave was written" $?

start re 80 24 --
wait_for re "\`load autosave\` plays it on"; check "the next start offers the autosave (no \`import\`)" $?
cmd re "load autosave"
wait_for re "move 2/2  PLAY"; check "load autosave: in play at the end" $?
m=$(legal autosave)
cmd re "$m"
wait_for re " 4 ○"; check "load autosave: the engine answers the next move" $?
quit re

start re2 80 24 --
wait_for re2 "Moves 0" >/dev/null
sleep 0.3
! screen re2 | grep -q "load autosave"; check "the autosave notice shows once, not at every start" $?
quit re2

# ---------------------------------------------------------------- study: a finished game, a file from elsewhere
printf 'f5d6c3d3c4f4f6f3e6e7\n' >"$T/other.txt"
start fo 80 24 -- "$T/other.txt"
wait_for fo "move 0/10  STUDY"; check "a file from elsewhere opens for study, at its start" $?
wait_for fo "STUDY: \`play\` plays on"; check "and says how to play on" $?
quit fo

start fw 80 24 -- --white novice "$T/other.txt"
wait_for fw "move 10/10  PLAY"; check "a file with --white novice plays on at its end" $?
m=$(legal "$T/other.txt")
cmd fw "$m"
wait_for fw " 12 ○"; check "and novice answers" $?
quit fw

# in a sanitizer build, every session above ran under it: none may report
if grep -q __asan_init "$OTHELLO" 2>/dev/null; then
  ! cat "$T"/*.err 2>/dev/null | grep -q "ERROR: \(Address\|Leak\)Sanitizer\|runtime error"
  check "no session reported a sanitizer error" $?
fi

tap_done
