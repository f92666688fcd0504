#!/bin/sh
# nboard.sh — `othello nboard` driven over a pipe: nboard 2, set game, go,
# ping during a search, hint, passes, learn; and as an external engine.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
T=nboard.tmp.$$
rm -rf $T && mkdir $T

GAME='(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)'
printf 'nboard 2\nset depth 4\nset game %s\nping 1\ngo\nhint 3\nlearn\nunknown words\nquit\n' "$GAME" |
  "$OTHELLO" nboard --no-book >$T/out 2>$T/err; st=$?
check "a session exits 0" $st
head -n 1 $T/out | grep -q "^set myname "; check "nboard 2 is answered with set myname" $?
sed -n 2p $T/out | grep -q "^pong 1$"; check "ping 1 gives pong 1" $?
move=$(sed -n 's/^=== \([A-H][1-8]\)\/-\{0,1\}[0-9.]*\/[0-9.]*$/\1/p' $T/out)
[ -n "$move" ]; check "go answers === MOVE/EVAL/TIME" $?
lower=$(echo "$move" | tr A-H a-h)
printf 'play b f5\nplay w f6\nplay b d3\nplay w c5\nplay b e6\nplay w f7\nplay b e7\nplay w f4\nplay b %s\n' "$lower" |
  "$OTHELLO" gtp --level random | tail -n 2 | head -n 1 | grep -q "^=$"
check "the move is legal in the game's last position" $?
grep -q "^search [A-H][1-8][A-Ha-h1-8]* -\{0,1\}[0-9]*\.[0-9][0-9] 0 [0-9]*$" $T/out
check "search lines: PV EVAL 0 DEPTH" $?
grep -q "^nodestats [0-9]* [0-9.]*$" $T/out; check "nodestats NODES SECONDS" $?
[ "$(sed -n '/^status analysing/,/^status$/p' $T/out | tail -n 4 | grep -c '^search ')" -eq 3 ]
check "hint 3 ends with three search lines" $?
[ "$(sed -n '/^status analysing/,/^status$/p' $T/out | tail -n 4 | grep '^search' | cut -c8-9 | sort -u | wc -l)" -eq 3 ]
check "for three different moves" $?
grep -q "^learned$" $T/out; check "learn is answered with learned" $?

(printf 'nboard 2\nset depth 40\ngo\n'; sleep 1; printf 'ping 7\n'; sleep 1; printf 'quit\n') |
  "$OTHELLO" nboard --no-book >$T/ping 2>>$T/err
tail -n 1 $T/ping | grep -q "^pong 7$" && grep -q "^=== " $T/ping
check "ping stops a deep search: pong comes after it ended" $?

# The same with no pause: the ping comes before the search has begun (and
# cleared its stop request); it must stop all the same, not search to depth 40.
printf 'nboard 2\nset depth 40\ngo\nping 8\nquit\n' |
  timeout 60 "$OTHELLO" nboard --no-book >$T/ping2 2>>$T/err
tail -n 1 $T/ping2 | grep -q "^pong 8$" && grep -q "^=== " $T/ping2
check "ping at once after go stops the search that was about to begin" $?

printf 'nboard 2\npin 1\nset depth 0\nset depth 61\nset contempt 5\nset dep 3\nlearnx\nping 2\nquit\nping 3\n' |
  "$OTHELLO" nboard --no-book >$T/names
[ "$(tr '\n' '|' <$T/names)" = "set myname OthelloMaster|status set depth: '0' is not a depth (1 to 60)|status set depth: '61' is not a depth (1 to 60)|pong 2|" ]
check "names are exact, unknown ones are ignored, a bad depth is refused, quit ends" $?

{ printf 'nboard 2\nset depth 1\ngo '; head -c 2000000 /dev/zero | tr '\0' x; printf '\nping 4\nquit\n'; } |
  "$OTHELLO" nboard --no-book >$T/long
[ "$(tr '\n' '|' <$T/long)" = "set myname OthelloMaster|pong 4|" ]
check "a line over 1 MiB is ignored whole (its go does not run), the next one is read" $?

PASS='(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[0:00]TY[8]BO[8 O*-------------------------------------------------------------- *];)'
printf 'nboard 2\nset depth 2\nset game %s\ngo\nmove PA\ngo\nquit\n' "$PASS" | "$OTHELLO" nboard --no-book >$T/pass
[ "$(grep '^===' $T/pass | head -n 1)" = "=== PA" ]; check "a side with no move answers PA" $?
grep '^===' $T/pass | sed -n 2p | grep -q "^=== C1/"; check "move PA passes; then the other side moves" $?

"$OTHELLO" match --black random --white "nboard:$OTHELLO nboard" --depth 2 --games 2 \
  --openings start --report $T/r.txt --timeout 20 --quiet >/dev/null 2>>$T/err
[ "$(awk -F'\t' '!/^#/ && $11 == "end"' $T/r.txt | wc -l)" -eq 2 ]
check "a match against othello nboard as an external NBoard engine" $?
printf 'start f5:0/20 d3:0/20 c4:-0.5/20\n' >$T/book.txt
printf 'nboard 2\nset depth 2\nhint 2\ngo\nquit\n' | "$OTHELLO" nboard --book $T/book.txt >$T/book.out
[ "$(grep -c '^book ' $T/book.out)" -eq 3 ] && grep -q '^book F5 0.00 0 20$' $T/book.out
check "hint and go in a book position answer with book lines" $?
grep -q '^=== [DF][35]/0.00/' $T/book.out; check "go plays a best book move" $?

# analyze scored nothing (the command was ignored): every position of the game,
# from the end back, the last one's score the same as go's at the same depth
printf 'nboard 2\nset depth 4\nset game %s\nmove C4\nanalyze\n' "$GAME" |
  "$OTHELLO" nboard --no-book >$T/an 2>>$T/err
[ "$(grep '^analysis ' $T/an | cut -d' ' -f2 | tr '\n' ' ')" = "9 8 7 6 5 4 3 2 1 0 " ]
check "analyze: one analysis line a position, from the end back to the start" $?
printf 'nboard 2\nset depth 4\nset game %s\nmove C4\ngo\n' "$GAME" |
  "$OTHELLO" nboard --no-book >$T/an2 2>>$T/err
[ "$(sed -n 's/^analysis 9 //p' $T/an)" = "$(sed -n 's/^=== [A-H][1-8]\/\([-0-9.]*\)\/.*/\1/p' $T/an2)" ]
check "analyze: the last position's score is go's" $?
tail -n 1 $T/an | grep -q "^status$"; check "analyze ends with status" $?

printf 'nboard 2\nping 1\nquit\n' | "$OTHELLO" nboard --no-book >/dev/full 2>$T/full; st=$?
[ $st -ne 0 ] && grep -q "replies could not be written (No space left on device)" $T/full
check "replies to a full disk: says they could not be written and why" $?

rm -rf $T
tap_done
