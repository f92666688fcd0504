#!/bin/sh
# ui.sh — the terminal interface end to end: the real program driven in tmux
# (a private server socket, a temporary HOME), asserting on the captured
# screen text. Play by keys and by the command bar, undo/redo, hints, saving
# and loading a slot, stepping through the game, comments and marks, edit
# mode, pop-ups, resizing, ASCII and monochrome, several TERM values, SIGHUP
# and the autosave, and one session under valgrind (or, in a sanitizer build,
# with the sanitizers' report checked).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

# ---------------------------------------------------------------- a game against the engine
start eng 80 24 --
wait_for eng "Moves 0"; check "the game starts at 80x24 with the move list" $?
screen eng | grep -q "Black Human .* 2 .*White expert .* 2"; check "the header shows human Black against expert White, 2 discs each" $?
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
keys hh C
wait_bar hh
text hh "the main line"; keys hh Enter
wait_for hh "✎ the main line"; check "C comments the last move (shown in the panel)" $?
cmd hh "mark !?"
wait_for hh "○c3!?✎"; check "marks and the comment sign show in the move list" $?
keys hh '['
wait_for hh "move 1/2"; check "[ steps back" $?
screen hh | grep -q "REPLAY"; check "stepping back shows replay mode" $?
keys hh Home
wait_for hh "move 0/2"; check "Home goes to the start" $?
keys hh ']' ']'
wait_for hh "move 2/2"; check "] steps forward" $?
cmd hh "study"
keys hh '['
wait_for hh "move 1/2" >/dev/null
cmd hh "e3"
wait_for hh "○e3   +"; check "a move in the past of a study starts a variation (+ in the list)" $?
keys hh F1
wait_for hh "q closes"; check "F1 shows the help in a pop-up" $?
keys hh q
wait_gone hh "q closes"; check "q closes the pop-up" $?
cmd hh "help keys"
wait_for hh "Shift-Left"; check "help keys lists the key bindings" $?
keys hh Escape
wait_gone hh "Shift-Left" >/dev/null
cmd hh "info foo"
wait_for hh "round opening time)"; check "a message too long for its line shows whole, wrapped" $?
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
# a slot of two humans' unfinished game plays on at its end, as it was saved
start load 80 24 -- --load one
wait_for load "move 2/2  PLAY"; check "--load opens an unfinished slot at its end, to play on" $?
wait_for load "●d3     2 ○c3!?✎+"; check "the loaded game has its moves, marks, comments and variations" $?
keys load Home
wait_for load "move 0/2"; check "Home goes to the start of the line" $?
keys load End
wait_for load "move 2/2"; check "End goes to the end of the line" $?
keys load '['
wait_for load "move 1/2"; check "[ steps back in the loaded game" $?
TM resize-window -t load -x 30 -y 10
wait_for load "Terminal too small: 30x10"; check "a very small terminal shows a clear message" $?
TM resize-window -t load -x 120 -y 40
wait_for load "Moves 2"; check "growing again redraws the game" $?
screen load | grep -q "┌───────┬"; check "a large terminal gets larger squares" $?
TM resize-window -t load -x 80 -y 24
wait_for load "┌───┬───┬"; check "back at 80x24 the board is small again" $?
quit load

start file 80 24 -- "$SAVES/one.sgf"
wait_for file "STUDY"; check "othello FILE opens the file for study" $?
quit file

# ---------------------------------------------------------------- study: information, no engine
# the file's information and the comment of move 0 show at move 0 and in
# `info`; the header names the file's players (it showed this session's)
# (a copy at a short path: the "loaded file PATH" message must fit its line
# whatever the build directory, as under make distcheck)
cp "${TOP_SRCDIR:-$(dirname "$0")/..}/saves/tiger-variation.sgf" "$T/tiger.sgf"
TIGER="$T/tiger.sgf"
start info 80 24 -- "$TIGER"
wait_for info "Game: Tiger, with a variation"; check "move 0 shows the game information" $?
screen info | grep -q "Example games, 2026-11-22 result B+8"; check "event, date and result at move 0" $?
screen info | grep -q "A game played by the program"; check "the game's text (GC) at move 0" $?
# (both are "Othello Master (3 plies)": cut to fit they read "Othello Ma" twice,
# the program's name goes first)
screen info | head -n 1 | grep -q "Black (3 plies) .*White (3 plies) "; check "the header names the file's players, told apart" $?
cmd info "info"
wait_for info "black    PB  Othello Master (3 plies)"; check "info alone shows the information" $?
screen info | grep -q "Comment of move 0:"; check "and the comment of move 0" $?
keys info q
wait_gone info "Comment of move 0:" >/dev/null
cmd info "info event Club night"
wait_for info "Club night"; check "the information is editable and shows at once" $?
cmd info "comment read me first"
wait_for info "✎ read me first"; check "a comment at move 0 shows (it said 'comment set' and nothing)" $?
quit info

# a game opened for study never lets the engine move unless asked: White is
# expert by default and answered a tried move at once
printf 'f5d6\n' >"$T/two.txt"
start study 80 24 -- "$T/two.txt"
wait_for study "move 0/2  STUDY" >/dev/null
keys study End
wait_for study "move 2/2" >/dev/null
cmd study "c3"
wait_for study " 3 ●c3"; check "a move is tried at the end of a studied game" $?
sleep 1
! screen study | grep -q " 4 ○" && ! screen study | grep -q "is thinking"
check "the engine does not answer it" $?
cmd study "go"
wait_for study " 4 ○"; check "go asks the engine for one move" $?
quit study
start study2 80 24 -- --white human
wait_for study2 "Moves 0" >/dev/null
keys study2 k Enter
wait_for study2 " 1 ●d3" >/dev/null
cmd study2 "save kept"
wait_for study2 "saved in slot kept" >/dev/null
quit study2
start study3 80 24 -- --load kept
wait_for study3 "move 1/1  PLAY" >/dev/null
cmd study3 "study"
wait_for study3 "move 1/1  STUDY" >/dev/null
cmd study3 "c3"
wait_for study3 " 2 ○c3"; check "--load: a tried move is played" $?
cmd study3 "c4"
wait_for study3 " 3 ●c4"; check "--load: both sides are tried by hand, as with a FILE" $?
quit study3

# ---------------------------------------------------------------- hints and the overlay on the board
# hints gave rank numbers only: the scores show on the squares and in the panel
start hs 80 24 -- --white human --overlay-depth 8
wait_for hs "Moves 0" >/dev/null
keys hs ?
wait_for hs "Hints for Black"; check "? lists the hints in the panel" $?
[ "$(screen hs | grep -cE '^[1-8] │.*│[+-][0-9]+ *│')" -ge 3 ]; check "their scores show on the board's squares at 80x24" $?
screen hs | grep -qE '│ +1\. [a-h][1-8] +[+-][0-9.]+ +(book|d[0-9]+|exact) '; check "and in the panel with their source" $?
cmd hs "c4"
wait_for hs " 1 ●c4" >/dev/null
cmd hs "overlay"
wait_for hs "All moves for White, searched to d8 "; check "the overlay deepens to its limit" $?
[ "$(screen hs | grep -oE '│ ?[+-][0-9]+ ?│' | wc -l)" -eq 3 ]; check "every legal move's score is on its square (3 for White)" $?
cmd hs "e3"
wait_for hs "All moves for Black, searched to d8 "; check "the overlay follows the game" $?
keys hs '['
wait_for hs "All moves for White, searched to d8 "; check "and works in replay" $?
TM resize-window -t hs -x 120 -y 40
wait_for hs "┌───────┬" >/dev/null
screen hs | grep -qE '│ +[+-][0-9]+\.[0-9][0-9] +│'; check "a large board shows the scores to the hundredth" $?
quit hs

# ---------------------------------------------------------------- the evaluation graph
# at 80x24 the caption is line 20 and the graph lines 21 (above the zero line)
# and 22 (below it), from column 3. It had no zero line, one colour, an even
# game as a full block and gaps on human moves.
B='[▁▂▃▄▅▆▇█]'
start gr 80 24 --
wait_for gr "Moves 0" >/dev/null
keys gr k Enter
wait_for gr " 2 ○" >/dev/null
wait_gone gr "is thinking" >/dev/null
screen gr | sed -n 21p | LC_ALL=C.UTF-8 grep -qE "^  $B$B"; check "a human move has a score in the graph (no gap)" $?
quit gr
start grt 80 24 -- "$TIGER"
wait_for grt "STUDY" >/dev/null
cmd grt "analyze --depth 3"
wait_for grt "analysis: 60 moves" 60; check "the tiger game is analysed" $?
screen grt | sed -n 20p | grep -qE "^  Eval .*±(2|4|8|16|32|64)"; check "the graph's caption gives the scale" $?
screen grt | sed -n 21p | LC_ALL=C.UTF-8 grep -qE "^  $B{33}"; check "a zero line or a bar in every column above the line" $?
screen grt | sed -n 21p | grep -q "▁"; check "the zero line shows where the game is even or White leads" $?
screen grt | sed -n 22p | LC_ALL=C.UTF-8 grep -qE "^  .*$B"; check "White's advantage hangs below the line" $?
TM resize-window -t grt -x 80 -y 34
graph_rows() { screen grt | sed -n '21,32p' | LC_ALL=C.UTF-8 grep -cE "^  .{0,32}$B"; }
i=0
while [ "$(graph_rows)" -lt 5 ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
[ "$(graph_rows)" -ge 5 ]; check "the graph is taller in a taller terminal" $?
quit grt

# ---------------------------------------------------------------- reasoning: book moves, bounds
# a book move read "book: depth 0"; the other candidates of a fast search were
# listed as if scored ("e6 <=-3.10") beside the exact ones, then as bounds,
# which tell nothing of a move: they are left out (issue 32)
cp "${TESTDATA:-$(dirname "$0")/data}/annotated.sgf" "$T/annotated.sgf" # a short path, as above
start rs 80 24 -- "$T/annotated.sgf"
wait_for rs "STUDY" >/dev/null
cmd rs "goto 2"
wait_for rs "book move,"; check "a book move reads 'book move'" $?
! screen rs | grep -q "depth 0"; check "and no depth 0" $?
cmd rs "goto 4"
wait_for rs "Move 4:" >/dev/null
! screen rs | grep -qE "Bounds:|<=-3.10|-3.10"; check "a search's bounds on other moves are not listed" $?
quit rs

# ---------------------------------------------------------------- a complete study session
# open a game, read its information, step through it, comment, mark, add a
# variation, analyse, drill, save, reload: everything is kept
start ses 80 24 -- "$TIGER"
wait_for ses "Game: Tiger, with a variation"; check "session: the game opens at its information" $?
cmd ses "info"
wait_for ses "event    EV  Example games"; check "session: info shows the information" $?
keys ses q
wait_gone ses "event    EV" >/dev/null
cmd ses "info event Study night"
wait_for ses "Study night" >/dev/null
keys ses ']' ']' ']'
wait_for ses "move 3/60"; check "session: ] steps through the game" $?
cmd ses "comment my note on c3"
wait_for ses "✎ my note on c3"; check "session: a comment" $?
cmd ses "mark !"
wait_for ses " 3 ●c3! "; check "session: a mark" $?
cmd ses "f4"
wait_for ses " 4 ○f4"; check "session: a variation is played (nothing answers it)" $?
cmd ses "prev"
wait_for ses "move 3/" >/dev/null
cmd ses "line 1"
wait_for ses " 4 ○d3   +"; check "session: back on the main line, the variation is marked" $?
cmd ses "analyze --depth 3"
wait_for ses "analysis: 60 moves" 60; check "session: the game is analysed" $?
# in the move list a verdict is underlined, a mark of the user's is not
E=$(printf '\033')
TM capture-pane -e -p -t ses >"$T/ses.esc"
grep -q "○e6${E}\[4m" "$T/ses.esc" && grep -q "●a3${E}\[[0-9;]*m?!" "$T/ses.esc" && ! grep -q "●a3${E}\[4m" "$T/ses.esc"
check "session: verdicts and the user's marks read apart in the move list" $?
cmd ses "goto 60"
wait_for ses "exact (1 empty)"; check "session: the last move's analysis says 1 empty (not empties)" $?
# move 22 (a2) carries the user's mark ?! and, with either the round-4 or the
# round-5 weights, the verdict ?! (a loss of 3.62 discs at depth 3)
cmd ses "goto 22"
wait_for ses "verdict ?!"; check "session: the verdict shows beside the move's own mark" $?
screen ses | grep -q "your mark ?!"; check "session: and the user's mark apart" $?
cmd ses "drill black"
wait_for ses "Drill 1/" >/dev/null
q=$(screen ses | sed -n 's/.*Drill 1\/[0-9]*: Black, better than \([a-h][1-8]\).*/\1/p' | head -n 1)
screen ses | grep -q "Drill 1/[0-9]*: right 0 of 0"; check "session: the drill shows in the panel" $?
cmd ses "$q"
wait_for ses "No: $q "; check "session: the drill judges an answer on the screen ($q again)" $?
cmd ses "drill stop"
wait_for ses "Drill over: 0 of 1 right"; check "session: the drill ends with its score" $?
cmd ses "save study"
wait_for ses "saved in slot study"; check "session: saved" $?
quit ses
start ses2 80 24 -- --load study
wait_for ses2 "Study night"; check "session: reloaded, the information is kept" $?
cmd ses2 "goto 3"
wait_for ses2 "✎ my note on c3"; check "session: the comment is kept" $?
# move 4 may carry the analysis's verdict (?!, ?, ??) before its variation mark
screen ses2 | grep -q " 3 ●c3! " && screen ses2 | grep -qE " 4 ○d3(\?!|\?\?|\?)? *\+"
check "session: the mark and the variation are kept" $?
cmd ses2 "goto 22"
wait_for ses2 "verdict ?!"; check "session: the analysis and its verdict are kept" $?
grep -q "OMV\[" "$SAVES/study.sgf" && grep -q "moves:" "$SAVES/study.sgf" && grep -q "(;W\[f4\]" "$SAVES/study.sgf"
check "session: the slot holds verdicts, every move's scores and the variation" $?
quit ses2

# ---------------------------------------------------------------- edit mode
start edit 80 24 -- --white human
wait_for edit "Moves 0" >/dev/null
keys edit E
wait_for edit "EDIT"; check "E enters edit mode" $?
keys edit C
wait_for edit "○ White Human     0"; check "C empties the board" $?
keys edit b l w l w Enter
wait_for edit "PLAY"; check "discs placed with b and w, Enter validates" $?
screen edit | grep -q "● Black Human     1 .*○ White Human     2"; check "the edited position has the placed discs" $?
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
# A save directory that cannot be written: the game goes to $XDG_STATE_HOME
# and the program says so on stderr once the screen is gone.
: >"$T/blocked"
start hup3 80 24 XDG_STATE_HOME="$T/state" -- --white human --save-dir "$T/blocked/saves"
wait_for hup3 "Moves 0" >/dev/null
keys hup3 k Enter
wait_for hup3 " 1 ●d3" >/dev/null
TM kill-session -t hup3
i=0
while ! grep -q "instead" "$T/hup3.err" 2>/dev/null && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
grep -q "d3" "$T/state/othello-master/autosave.sgf" 2>/dev/null &&
  grep -q "blocked/saves: Not a directory.*saved in $T/state/othello-master/autosave.sgf instead" "$T/hup3.err"
check "SIGHUP with an unwritable save directory: autosave in \$XDG_STATE_HOME, said on stderr" $?

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
