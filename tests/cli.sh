#!/bin/sh
# cli.sh — the program's command line: --help, --version, perft and its errors.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

ok "--help exits 0" "$OTHELLO" --help
ok "--version names the program" sh -c '"$0" --version | grep -q "^othello (Othello Master) "' "$OTHELLO"

out=$("$OTHELLO" perft 6 2>&1); st=$?
check "perft 6 exits 0" $st
echo "$out" | grep -q "^depth 6: 8200 nodes in " ; check "perft 6 prints 8200 at depth 6" $?
echo "$out" | grep -q "^depth 1: 4 nodes in " ; check "perft prints every depth" $?

"$OTHELLO" perft 0 >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "not a depth" err.$$; check "perft 0 is refused with exit 2" $?
"$OTHELLO" perft 3 --board "XO" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--board: column 3: the board has 2 squares" err.$$; check "a bad board is refused with its column" $?
"$OTHELLO" perft abc >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ]; check "perft abc exits 2" $?
rm -f err.$$

"$OTHELLO" perft 3 --board "---------------------------OX------XO--------------------------- O x" >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q -- "--board: column 68: unexpected text after the side to move" err.$$
check "perft: text after the side to move is refused with its column" $?
"$OTHELLO" analyze-position "...........................OX......XO........................... X junk" --depth 1 >/dev/null 2>err.$$; st=$?
[ $st -eq 2 ] && grep -q "column 68: unexpected text after the side to move" err.$$
check "analyze-position: text after the side to move is refused with its column" $?
for cmd in "match --black beginner --white novice" "tournament --players beginner,novice"; do
  "$OTHELLO" $cmd --seed 18446744073709551616 --games 2 --quiet >/dev/null 2>err.$$; st=$?
  [ $st -eq 2 ] && grep -q -- "--seed: '18446744073709551616' is not a number from 0 to 18446744073709551615" err.$$
  check "${cmd%% *}: a --seed past 2^64-1 is refused, not taken as 2^64-1" $?
done
rm -f err.$$

out=$("$OTHELLO" perft 2 --board "---------------------------OX------XO--------------------------- O")
echo "$out" | grep -q "^depth 2: 12 nodes" ; check "perft from a board string (White to move, mirrored start)" $?

# Standard output is checked for every subcommand: a write error exits 2 with
# a message, and a pipe whose reader has gone stops a long run at once.
tmpo=$(mktemp -d "${TMPDIR:-/tmp}/othello-cli.XXXXXX")
: "${TESTDATA:=${TOP_SRCDIR:-$(dirname "$0")/..}/tests/data}"
head -n 1 "$TESTDATA/fforum-1-19.obf" >"$tmpo/one.obf"
for cmd in "perft 5" "book names" "solve $tmpo/one.obf" "match --black random --white random --games 2" \
  "report summary $tmpo/none.txt"; do
  : >"$tmpo/none.txt"
  # shellcheck disable=SC2086
  "$OTHELLO" $cmd >/dev/full 2>"$tmpo/err"; st=$?
  [ $st -eq 2 ] && grep -q "error writing standard output: No space left on device" "$tmpo/err"
  check "othello $cmd >/dev/full exits 2 with a message" $?
done
# the servers flush each reply and meet the error long before the end: the
# message still names it, not "Broken pipe" (issue 33)
for cmd in "gtp" "nboard" "drill $TESTDATA/annotated.sgf"; do
  # shellcheck disable=SC2086
  printf 'nboard 2\nping 1\nclear_board\ngenmove black\n' | "$OTHELLO" $cmd >/dev/full 2>"$tmpo/err"; st=$?
  [ $st -eq 2 ] && grep -q "error writing standard output: No space left on device" "$tmpo/err"
  check "othello $cmd >/dev/full names the write error" $?
done

# file errors say why (issue 33)
"$OTHELLO" solve /tmp >/dev/null 2>"$tmpo/err"; st=$?
[ $st -eq 2 ] && grep -q "^/tmp: Is a directory$" "$tmpo/err"; check "solve DIRECTORY: the read error is named" $?
printf '%% x\n--\000\n' >"$tmpo/nul.obf"
"$OTHELLO" solve "$tmpo/nul.obf" >/dev/null 2>"$tmpo/err"; st=$?
[ $st -eq 2 ] && grep -q "nul.obf:2:3: NUL byte" "$tmpo/err"; check "solve: a NUL byte is named, not a line too long" $?
for cmd in "nboard --book" "ladder --book" "book check" "match --black random --white random --openings"; do
  # shellcheck disable=SC2086
  "$OTHELLO" $cmd "$tmpo/missing" </dev/null >/dev/null 2>"$tmpo/err"; st=$?
  [ $st -ne 0 ] && grep -q "$tmpo/missing: No such file or directory" "$tmpo/err"
  check "othello $cmd MISSING says why it cannot open it" $?
done
"$OTHELLO" perft -99999999999999999999 >/dev/null 2>"$tmpo/err"; st=$?
[ $st -eq 2 ] && grep -q "unknown option '-99999999999999999999'" "$tmpo/err"
check "a refused cluster of letters is named, not the word before it" $?
# numbers of seconds are decimal: strtod took 0x10 for 16 s (issue 33)
for cmd in "match --black random --white random --games 2 --time" \
  "analyze-position START --time" "gtp --time" "script --game-time"; do
  # shellcheck disable=SC2086
  "$OTHELLO" $cmd 0x10 </dev/null >/dev/null 2>"$tmpo/err"; st=$?
  [ $st -eq 2 ] && grep -q "'0x10' is not" "$tmpo/err"
  check "othello $cmd 0x10 is refused" $?
done
"$OTHELLO" match --black "expert --time 0x10" --white random --games 2 >/dev/null 2>"$tmpo/err"; st=$?
[ $st -eq 2 ] && grep -q "'0x10' is not a number of seconds" "$tmpo/err"
check "a level's --time 0x10 is refused" $?
printf 'f5\nanalyze --time 0x1\n' | "$OTHELLO" script --no-board >/dev/null 2>"$tmpo/err"; st=$?
[ $st -eq 1 ] && grep -q "analyze: time is a positive number of seconds (not .0x1.)" "$tmpo/err"
check "the analyze command refuses --time 0x1" $?
for jobs in 1 2; do
  (sleep 0.5; "$OTHELLO" match --black random --white random --games 500 --jobs $jobs --quiet \
    --report "$tmpo/r$jobs.txt" 2>"$tmpo/err$jobs"; echo $? >"$tmpo/st$jobs") | true
  n=$(grep -vc '^#' "$tmpo/r$jobs.txt")
  [ "$(cat "$tmpo/st$jobs")" -eq 2 ] && [ "$n" -lt 50 ]
  check "match --jobs $jobs into a pipe no one reads stops at once ($n of 500 games)" $?
done
(sleep 0.5; "$OTHELLO" perft 14 2>/dev/null; echo $? >"$tmpo/stp") | true
[ "$(cat "$tmpo/stp")" -eq 2 ]; check "perft 14 into a closed pipe stops after depth 1, exit 2" $?
rm -rf "$tmpo"

# -h is --help (it printed the game's options instead); book name --help works
# (it said "column 1: '-' is not a move")
[ "$("$OTHELLO" -h 2>&1)" = "$("$OTHELLO" --help 2>&1)" ]; check "othello -h prints what --help prints" $?
out=$("$OTHELLO" book name --help 2>&1); st=$?
[ $st -eq 0 ] && echo "$out" | grep -q "^usage: othello book name MOVES"; check "othello book name --help describes it" $?
out=$("$OTHELLO" book names -h 2>&1); st=$?
[ $st -eq 0 ] && echo "$out" | grep -q "^usage: othello book names"; check "othello book names -h too" $?
# the manual renders its options (form feeds in it showed as B--depthP) and has no warning
if command -v man >/dev/null 2>&1; then
  MAN=${TOP_SRCDIR:-$(dirname "$0")/..}/man/othello.6
  [ "$(man -l "$MAN" 2>/dev/null | grep -c 'B--')" -eq 0 ] && ! grep -q "$(printf '\f')" "$MAN"
  check "the manual has no raw font escapes (B--depthP)" $?
  [ -z "$(man --warnings -l "$MAN" 2>&1 >/dev/null)" ]; check "man --warnings is clean" $?
fi

tap_done
