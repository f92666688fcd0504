#!/bin/sh
# multipv.sh — the N best moves with exact scores (issue 32): NBoard `hint 3`
# and `analyze-position --multipv 3` at depth D against one search per move
# (the position after each legal move searched alone at depth D-1, its score
# negated). They printed bounds as scores (F8 -46.11, G2 -46.11).
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
T=multipv.tmp.$$
rm -rf $T && mkdir $T
D=10
MOVES=f5d6c3f4e6f6c6c5d7e7b6e3g6g5g3f3g4h3h2h1

# board_of MOVES: the board string of the position after MOVES (othello script's `board`).
board_of() {
  printf '%s\n' "$1" | "$OTHELLO" script >$T/board.txt 2>&1 || return 1
  rows=$(grep '^[1-8] ' $T/board.txt | tail -n 8 | cut -c3- | tr -d ' \n')
  if grep -q 'Black to move' $T/board.txt; then echo "${rows}X"; else echo "${rows}O"; fi
}

# every legal move, its score alone: "square score" lines, best first
legal=$(board_of $MOVES >/dev/null; sed -n 's/.*to move: //p' $T/board.txt | tail -n 1)
[ -n "$legal" ]; check "the position has legal moves ($legal)" $?
: >$T/alone
for m in $legal; do
  child=$(board_of "$MOVES$m")
  "$OTHELLO" analyze-position --threads 1 --depth $((D - 1)) --multipv 1 "$child" >$T/one
  s=$(sed -n 's/^best [a-h][1-8] \([-+][0-9.]*\) .*/\1/p' $T/one)
  echo "$m $s" | awk '{ printf "%s %+.2f\n", $1, -$2 }' >>$T/alone
done
sort -k2,2nr $T/alone | head -n 3 | cut -d' ' -f2 >$T/best3
[ "$(wc -l <$T/best3)" -eq 3 ]; check "one search per move scored each of them" $?

# same_as_alone FILE: FILE's "square score" lines are the three best moves (ties
# either way), each with the score its own search gave it
same_as_alone() {
  cut -d' ' -f2 "$1" | sort -nr | diff $T/best3 - >$T/diff &&
    awk 'NR == FNR { alone[$1] = $2; next } alone[$1] != $2 { print "# " $1 " " $2 ", alone " alone[$1]; bad = 1 }
      END { exit bad }' $T/alone "$1" >>$T/diff
  st=$?
  sed 's/^/# /' $T/diff
  return $st
}

# NBoard hint 3 at depth D
GAME="(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
i=0
for m in $(echo $MOVES | tr a-h A-H | sed 's/\(..\)/\1 /g'); do
  if [ $((i % 2)) -eq 0 ]; then GAME="${GAME}B[$m]"; else GAME="${GAME}W[$m]"; fi
  i=$((i + 1))
done
GAME="$GAME;)"
# (the end of the input lets the search finish: `quit` would stop it)
printf 'nboard 2\nset depth %d\nset game %s\nhint 3\n' $D "$GAME" |
  "$OTHELLO" nboard --no-book --threads 1 >$T/nb 2>$T/err
sed -n '/^nodestats/,/^status$/p' $T/nb | grep '^search ' |
  awk '{ printf "%s %+.2f\n", tolower(substr($2, 1, 2)), $3 }' >$T/hint
same_as_alone $T/hint; st=$?
check "NBoard hint 3 gives the three best moves with their exact scores" $st
grep "^search " $T/nb | tail -n 3 | grep -q " $D$"; check "at the asked depth" $?

# analyze-position --multipv 3 at depth D
"$OTHELLO" analyze-position --threads 1 --depth $D --multipv 3 "$(board_of $MOVES)" >$T/ap
sed -n '/^best /,$p' $T/ap | grep '^  ' | head -n 3 |
  awk '{ printf "%s %+.2f\n", $1, $2 }' >$T/ap3
same_as_alone $T/ap3; st=$?
check "analyze-position --multipv 3 gives the same three moves and scores" $st
third=$(tail -n 1 $T/best3)
sed -n '/^best /,$p' $T/ap | grep '^  ' | sed -n '4,$p' | sed 's/<= /<=/' |
  awk -v third="$third" 'NR == FNR { alone[$1] = $2; next }
    $2 ~ /^<=/ { v = substr($2, 3) + 0; if (v + 0.001 < alone[$1] || v > third + 0.001) bad = 1; next }
    { if ($2 + 0 != alone[$1] + 0 || $2 > third + 0.001) bad = 1 }
    END { exit bad }' $T/alone -
check "and the other moves exact or as bounds (<=) no better than the third" $?

rm -rf $T
tap_done
