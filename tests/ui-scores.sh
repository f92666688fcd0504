#!/bin/sh
# ui-scores.sh — one score per move, labelled with its source, as deep as the
# user asks (issue 32), driven in tmux: the overlay deepens to its limit (it
# stopped at depth 8), shows the opening book's scores where the book knows
# the position (it gave c3 +1.46 after f5 where the book says -0.24), and the
# caption, the panel and the squares show the same score for the same move
# (`Eval +10.55` beside a best of +9.82), each labelled: book, d16, exact.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"

# board NAME: the board's part of the screen (left of the panels at 150 columns)
board() { screen "$1" | cut -c1-66; }

# ---------------------------------------------------------------- deeper than 14, the book's scores
# A book of the test's own (the scores an earlier shipped book gave), so that
# the figures below do not follow the shipped book.
printf 'start d3:-0.24/18 c4:-0.24/18 f5:-0.24/18 e6:-0.24/18\nf5 d6:+0.24/17 f6:-0.33/17 f4:-5.44/17\n' >"$T/scores.book"
start bk 150 45 -- --white human --overlay-depth 16 --book "$T/scores.book"
wait_for bk "Moves 0" >/dev/null
keys bk O
wait_for bk "All moves for Black, searched to d16" 90
check "the overlay on the start position deepens to its limit, past depth 14" $?
screen bk | grep -q " 1\. d3     -0.24  book"; check "the panel shows the book's score, labelled book" $?
screen bk | grep -q "Eval -0.24 book"; check "the caption shows the same score and source" $?
board bk | grep -q " -0.24 "; check "and the squares the same score" $?
keys bk f 5
wait_for bk " 1. d6     +0.24  book"; check "after f5 the book's scores show, labelled book" $?
screen bk | grep -q " 2\. f6     -0.33  book"; check "for every move the book knows" $?
screen bk | grep -q "Eval -0.24 book"; check "the caption: the same score, from Black's side" $?
# The overlay off first: its progress lines would take the message line.
keys bk O
cmd bk "depth overlay 2s"
wait_for bk "hints depth 8, overlay 2 s"; check "depth sets the limit and says so" $?
cmd bk "depth overlay x"
wait_for bk "depth: 'x' is not a limit"; check "a bad limit is refused, saying what a limit is" $?
quit bk

# ---------------------------------------------------------------- one score per move, searched
start sr 150 45 -- --white human --no-book --overlay-depth 10
wait_for sr "Moves 0" >/dev/null
keys sr f 5 d 6
wait_for sr " 2 ○d6" >/dev/null
keys sr O
wait_for sr "All moves for Black, searched to d10" 60
check "without a book the overlay searches to its limit" $?
best=$(screen sr | sed -n 's/^.* 1\. \([a-h][1-8]\) *\([-+][0-9.]*\)  \(d10\) .*$/\1 \2 \3/p')
[ -n "$best" ]; check "the panel's best move has a score labelled d10 ($best)" $?
score=$(echo "$best" | cut -d' ' -f2)
screen sr | grep -q "Eval $score d10 "; check "the caption shows the same score and source" $?
board sr | grep -q " $score "; check "the best move's square shows the same score" $?
keys sr +
wait_for sr "All moves for Black, searched to d12" 60; check "+ deepens the overlay by 2" $?
best=$(screen sr | sed -n 's/^.* 1\. \([a-h][1-8]\) *\([-+][0-9.]*\)  \(d12\) .*$/\2/p')
[ -n "$best" ] && screen sr | grep -q "Eval $best d12 "
check "and the caption follows the deeper score" $?
quit sr

# ---------------------------------------------------------------- the label always, a result exact
# The caption keeps its source label where room is short: the compact screen
# (it showed `Eval -0.24`), the narrow caption of the 6x6 board (`Eval -3.51
# ±4`, the label dropped before the legend); a finished game's score is its
# result, labelled exact (it showed the last search's `-64.00 d1`).
start cm 40 16 -- --white human --book "$T/scores.book"
wait_for cm "Eval -0.24 book"; check "the compact caption shows the book's score, labelled" $?
quit cm
start six 80 24 -- --variant 6x6 --white human --no-book
wait_for six "Moves 0" >/dev/null
keys six c 2
wait_for six " 1 ●c2" >/dev/null
keys six "?"
wait_match six "^ *Eval [-+][0-9]+\.[0-9]+ d[0-9]+ +±[0-9]+ +│"
check "the 6x6 caption keeps the label, the legend goes" $?
quit six
start end 80 24 -- --white human --no-book
wait_for end "Moves 0" >/dev/null
keys end e 6 f 4 e 3 f 6 g 5 d 6 e 7 f 5
wait_for end " 8 ○f5" >/dev/null
keys end "?"
wait_match end "^ *Eval [-+][0-9]+\.[0-9]+ d" >/dev/null
keys end c 5
wait_for end "Black wins 64–0"
screen end | grep -q "^ *Eval +64\.00 exact "; check "a finished game's caption is its result, exact" $?
quit end

tap_done
