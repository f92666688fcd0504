#!/bin/sh
# ui-desk.sh — the screen details of the study desk (issue 14), driven in tmux
# at 80x24 like ui.sh: squares typed by name, Esc leaving edit mode, mouse
# clicks that leave no stale panel, escape sequences swallowed whole, the end
# of a game said in words, clocks that add up, text wrapped rather than cut,
# compact layouts for small terminals, and the command bar's details (quotes
# kept, levels without quotes, slot completion, export asking first, Ctrl-C,
# the exit status after a signal).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

# bytes NAME HEX...: sends raw bytes to the pane (escape sequences, mouse reports).
bytes() { s=$1; shift; TM send-keys -t "$s" -H "$@"; }

# ---------------------------------------------------------------- squares typed by name
start sq 80 24 -- --white human
wait_for sq "Moves 0" >/dev/null
keys sq f 5
wait_for sq " 1 ●f5"; check "f then 5 plays f5 (f was not bound)" $?
keys sq f 6
wait_for sq " 2 ○f6" >/dev/null
keys sq e
wait_for sq "e_  the row"; check "a column letter waits for its row" $?
keys sq 6
wait_for sq " 3 ●e6"; check "e then 6 plays e6 (e entered edit mode)" $?
screen sq | grep -q "EDIT"; [ $? -ne 0 ]; check "and the mode is not EDIT" $?
keys sq f 4
wait_for sq " 4 ○f4" >/dev/null
keys sq c 3
wait_for sq " 5 ●c3"; check "c then 3 plays c3 (c opened the bar with \`comment 3\`)" $?
screen sq | tail -n 1 | grep -q '^:'; [ $? -ne 0 ]; check "and no command bar opened" $?
keys sq a 1
wait_for sq "illegal move a1"; check "an illegal typed square says so" $?
keys sq 5
wait_for sq "column first: f then 5"; check "a row without its column says how to type a square" $?
keys sq g j 3
sleep 0.3
screen sq | grep -q "○g3"; [ $? -ne 0 ]; check "another key between column and row cancels the square" $?
keys sq E
wait_for sq "The game is not saved. \`edit\` replaces it: go on? (y/n)"; check "E on an unsaved game asks first (it discarded the moves)" $?
keys sq y
wait_for sq "EDIT"; check "E enters edit mode" $?
keys sq Escape
wait_for sq "left edit mode"; check "Esc leaves edit mode" $?
screen sq | grep -q "Moves 5" && screen sq | grep -q "PLAY"; check "the game is as it was" $?
keys sq C
wait_bar sq
text sq 'says "hello" \o/'; keys sq Enter
wait_for sq '✎ says "hello" \o/'; check "C comments the move; the quotes stay" $?
cmd sq "level white novice --depth 2"
wait_for sq "White novice"; check "level white LEVEL --OPTION works without quotes" $?
quit sq

# ---------------------------------------------------------------- a mouse click leaves no stale screen
# press then release on f5 (SGR reports, as xterm sends them): the screen
# froze after the engine's reply, its clock stuck at 0:00, until a key came
start mouse 80 24 TERM=xterm-256color -- --white expert
wait_for mouse "Moves 0" >/dev/null
bytes mouse 1b 5b 3c 30 3b 32 35 3b 31 32 4d
bytes mouse 1b 5b 3c 30 3b 32 35 3b 31 32 6d
wait_for mouse " 1 ●f5"; check "a click (press, release) on f5 plays it" $?
wait_for mouse " 2 ○"; check "the engine answers" $?
wait_for mouse "Black Human     3  0:02" 8; check "the clock of the side to move ticks after the click, no key needed" $?
quit mouse

# ---------------------------------------------------------------- escape sequences are read whole
# tmux sends Home as Esc [1~, which xterm's description lacks (it ran `prev`,
# then "~ is not bound"); under TERM=screen Shift-Right is Esc [1;2C ("C is
# not bound"); a sequence nobody knows is dropped whole
for term in xterm-256color screen; do
  start "esc$term" 80 24 TERM=$term -- --white human
  wait_for "esc$term" "Moves 0" >/dev/null
  keys "esc$term" f 5 f 6
  wait_for "esc$term" " 2 ○f6" >/dev/null
  keys "esc$term" Home
  wait_for "esc$term" "move 0/2"; check "TERM=$term: Home goes to the start" $?
  keys "esc$term" S-Right
  wait_for "esc$term" "move 1/2"; check "TERM=$term: Shift-Right steps forward" $?
  bytes "esc$term" 1b 5b 39 39 3b 39 39 7e
  wait_for "esc$term" "ignored a key this terminal sent as Esc [99;99~"
  check "TERM=$term: an unknown sequence is dropped whole, and said so" $?
  screen "esc$term" | grep -q "move 1/2"; check "TERM=$term: and runs nothing" $?
  screen "esc$term" | grep -q "not bound"; [ $? -ne 0 ]; check "TERM=$term: no piece of a sequence was taken for a key" $?
  keys "esc$term" :
  wait_bar "esc$term"
  bytes "esc$term" 1b 5b 39 39 7e
  text "esc$term" "next"
  wait_for "esc$term" ":next"; check "TERM=$term: in the command bar too, only the typed text stays" $?
  quit "esc$term"
done

# ---------------------------------------------------------------- the end of a game in words
DATA=${TOP_SRCDIR:-$(dirname "$0")/..}/tests/data
printf 'import %s\nlast\nboard\n' "$DATA/edax.txt" | "$OTHELLO" script --no-board >"$T/end.out" 2>&1
grep -q "Game over: Black wins 44-20 (B+24)\.$" "$T/end.out"
check "import of a finished transcript: the board says who won, by how much (was \"Game over: .\")" $?
start endi 80 24 -- --white human
wait_for endi "Moves 0" >/dev/null
# a copy at a short path: the "imported PATH" message fits its line whatever
# the build directory (under make distcheck it would open a pop-up)
cp "$DATA/edax.txt" "$T/edax.txt"
cmd endi "import $T/edax.txt"
wait_for endi "move 0/61  STUDY"; check "import of a finished game opens for study at its start (it opened at its end in play)" $?
cmd endi "load $T/edax.txt"
wait_for endi "loaded file edax.txt; STUDY: the game is over" && screen endi | grep -q "move 0/61  STUDY"
check "load of the same file opens it alike" $?
keys endi End
wait_for endi "Game over: Black wins 44–20."; check "the screen says the result of an imported finished game" $?
screen endi | head -n 1 | grep -q "20  0:00 *Black wins 44–20$"; check "the header says it in place of the move number" $?
screen endi | tail -n 1 | grep -q "Game over:  \[ \] step .*q quit *$"; check "the key line offers what is left to do, q quit last" $?
keys endi '['
wait_for endi "move 60/61  STUDY"; check "stepping back leaves the game's end: study mode (an imported game is studied)" $?
keys endi ']'
wait_gone endi "STUDY" && screen endi | head -n 1 | grep -q "Black wins 44–20$"
check "and stepping forward comes back to it" $?
quit endi
start endp 80 24 -- --black beginner --white beginner
wait_for endp "Game over: " 60; check "a game played to its end is said over" $?
screen endp | grep -q "Game over: \(Black wins\|White wins\|Draw\) [0-9]*–[0-9]*\."; check "with its result on the message line" $?
screen endp | head -n 1 | grep -q "\(Black wins\|White wins\|Draw\) [0-9]*–[0-9]*$"; check "and in the header" $?
quit endp

# ---------------------------------------------------------------- clocks and the saved record
# a human's clock adds up over the game as the engine's does (it restarted
# at each move); human moves keep their time in the SGF; PB, PW, DT are written
start clk 80 24 -- --white human
wait_for clk "Moves 0" >/dev/null
wait_for clk "Black Human     2  0:02" 10 >/dev/null
keys clk f 5
wait_for clk " 1 ●f5" >/dev/null
keys clk f 6
wait_for clk " 2 ○f6" >/dev/null
screen clk | head -n 1 | grep -q "Black Human     3  0:0[2-9]"
check "Black's clock keeps the time of its first move on its next turn" $?
cmd clk "save clk"
wait_for clk "slot clk" >/dev/null
grep -q ";B\[f5\]OMT\[[2-9]\." "$SAVES/clk.sgf"; check "the human move's time is in the saved game (OMT)" $?
grep -q ";W\[f6\]OMT\[[0-9]" "$SAVES/clk.sgf"; check "each human move has its time" $?
grep -q "PB\[Human\]PW\[Human\]DT\[$(date +%Y-%m-%d)\]" "$SAVES/clk.sgf"; check "the saved game names its players (PB, PW) and its date (DT)" $?
cmd clk "white expert --depth 1"
cmd clk "e6"
wait_for clk " 4 ○" >/dev/null
cmd clk "save clk"
wait_for clk "slot clk" >/dev/null
sleep 0.2
grep -q "PW\[Human; Othello Master expert (depth 1) from move 4\]" "$SAVES/clk.sgf"
check "a name the program gave follows who played, each player with the move it took over at" $?
# one name for a player everywhere: a level's settings in brackets, so that the header does
# not read "White expert --depth 1  2" (a depth, then the discs); the same name in play,
# stepping back and in the game information
screen clk | head -n 1 | grep -q "○ White expert (depth 1) *[0-9]*  0:0"
check "the header names the level with its settings in brackets" $?
cmd clk "first"
wait_for clk "move 0/4" >/dev/null
screen clk | head -n 1 | grep -q "● Black Human .*○ White expert\( (depth 1)\)\? *2  0:0"
check "stepping back (REPLAY) keeps the names of play (a level's settings whole, or left out)" $?
cmd clk "info"
wait_for clk "q closes" >/dev/null
screen clk | grep -q "white    PW  Human; Othello Master expert (depth 1) from move 4"
check "the game information names the players as the record does" $?
keys clk q
wait_gone clk "q closes" >/dev/null
grep -q ";W\[f6\]OMT\[[0-9.]*\]OMP\[human\]" "$SAVES/clk.sgf" && grep -q "OMP\[expert --depth 1\]" "$SAVES/clk.sgf"
check "each move keeps its player (OMP)" $?
cmd clk "info black Ann"
cmd clk "save clk"
sleep 0.3
grep -q "PB\[Ann\]" "$SAVES/clk.sgf"; check "a name given with info stays" $?
screen clk | head -n 1 | grep -q "● Black Ann "; check "and the header says it" $?
quit clk

# ---------------------------------------------------------------- text wraps, never cut at 80 columns
start wrap 80 24 -- --white human
wait_for wrap "Moves 0" >/dev/null
keys wrap F1
wait_for wrap "q closes" >/dev/null
wait_for wrap "legal move)."; check "F1 help: a line longer than the pop-up wraps and flows on (\"legal\" was cut)" $?
keys wrap q
wait_gone wrap "q closes" >/dev/null
desc="a long description of this game, written to see that the list of saves shows all of it, its end included"
cmd wrap "save wrapped $desc"
wait_for wrap "slot wrapped" >/dev/null
cmd wrap "saves"
wait_for wrap "q closes" >/dev/null
wait_for wrap "its end included"; check "the saves list wraps a long line (it was cut)" $?
keys wrap q
wait_gone wrap "q closes" >/dev/null
keys wrap E
wait_for wrap "editing:" >/dev/null
keys wrap l
wait_for wrap "Enter done  Esc"; check "the edit reminder wraps onto a second line" $?
wait_for wrap "cancels"; check "and its end shows" $?
keys wrap Escape
wait_for wrap "left edit mode" >/dev/null
cmd wrap "load $T/no/such/directory/with/a/rather/long/name/to/make/the/message/long.sgf"
wait_for wrap "long.sgf"; check "a long error message shows whole, a path wider than the screen too" $?
quit wrap

# ---------------------------------------------------------------- small terminals: a compact screen
# 60x20 and 40x15 showed only "Terminal too small"
for size in 60x20 40x15; do
  c=${size%x*} r=${size#*x}
  start "small$c" "$c" "$r" -- --white human
  wait_for "small$c" "Black to move"; check "$size: a compact screen, not \"Terminal too small\"" $?
  screen "small$c" | grep -q "^ *a  *b  *c  *d  *e  *f  *g  *h"; check "$size: the board's letters" $?
  [ "$(screen "small$c" | grep -c '^[1-8]')" -eq 8 ]; check "$size: its eight rows" $?
  keys "small$c" f 5
  wait_for "small$c" "●f5"; check "$size: a typed square is played and listed" $?
  cmd "small$c" "move z9"
  wait_for "small$c" "not a square"; check "$size: the message line shows" $?
  screen "small$c" | tail -n 1 | grep -q "f5: play"; check "$size: the last line gives the first keys" $?
  quit "small$c"
done
start grow 80 24 -- --white human
wait_for grow "Moves 0" >/dev/null
TM resize-window -t grow -x 40 -y 15
wait_for grow "Black to move"; check "shrinking to 40x15 switches to the compact screen" $?
TM resize-window -t grow -x 80 -y 24
wait_for grow "Moves 0"; check "and growing back to the full one" $?
quit grow

# ---------------------------------------------------------------- the command bar
start bar 80 24 -- --white human
wait_for bar "Moves 0" >/dev/null
keys bar f 5
wait_for bar " 1 ●f5" >/dev/null
cmd bar "save studyslot"
wait_for bar "slot studyslot" >/dev/null
keys bar :; wait_bar bar; text bar "load stu"; keys bar Tab
wait_for bar ":load studyslot"; check "Tab completes a slot name in the default save directory" $?
keys bar Escape
wait_gone bar ":load" >/dev/null
cmd bar "export $T/out.sgf"
wait_for bar "exported" >/dev/null
[ -s "$T/out.sgf" ]; check "export writes a new file at once" $?
: >"$T/out.sgf"
cmd bar "export $T/out.sgf"
wait_for bar "out.sgf exists. Replace it? (y/n)"; check "export over an existing file asks first" $?
keys bar n
wait_for bar "Kept $T/out.sgf as it was" && [ ! -s "$T/out.sgf" ]; check "n keeps the file" $?
cmd bar "export $T/out.sgf"
wait_for bar "Replace it?" >/dev/null
keys bar y
wait_gone bar "Replace it?" >/dev/null
i=0; while [ ! -s "$T/out.sgf" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
grep -q "f5" "$T/out.sgf"; check "y replaces it" $?
keys bar C-c
wait_for bar "Ctrl-C: quit? (y/n)"; check "Ctrl-C on the board asks to quit" $?
keys bar n
wait_for bar "Not quitting: q quits."; check "n goes on" $?
keys bar d 6
wait_for bar "○d6"; check "the game goes on after Ctrl-C" $?
keys bar C-c
wait_for bar "Quit anyway? (y/n)"; check "Ctrl-C with an unsaved game asks the unsaved question" $?
keys bar y
wait_for bar "EXIT=0"; check "y quits with status 0" $?

# pid NAME: the program's process id in its pane.
pid() { ps -o pid= --ppid "$(TM display-message -p -t "$1" '#{pane_pid}')" | tr -d ' ' | head -n 1; }

for sig in TERM HUP; do
  start "sig$sig" 80 24 -- --white human
  wait_for "sig$sig" "Moves 0" >/dev/null
  keys "sig$sig" f 5
  wait_for "sig$sig" " 1 ●f5" >/dev/null
  rm -f "$SAVES/autosave.sgf"
  kill -"$sig" "$(pid "sig$sig")"
  case $sig in TERM) want=143 ;; HUP) want=129 ;; esac
  wait_for "sig$sig" "EXIT=$want"; check "SIG$sig: exit status $want" $?
  grep -q "f5" "$SAVES/autosave.sgf"; check "SIG$sig: the autosave was written first" $?
done

# in a sanitizer build, every session above ran under it: none may report
if grep -q __asan_init "$OTHELLO" 2>/dev/null; then
  ! cat "$T"/*.err 2>/dev/null | grep -q "ERROR: \(Address\|Leak\)Sanitizer\|runtime error"
  check "no session reported a sanitizer error" $?
fi

tap_done
