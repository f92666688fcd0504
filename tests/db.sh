#!/bin/sh
# db.sh — `othello db` end to end on a folder made here: a WTHOR file written
# byte by byte with its names, SGF games, a transcript turned over the board's
# diagonal, a foreign file; the move table, the games with filters, --json,
# show and export, info with what was skipped, the message of an empty
# folder, bad usage; and `back` with no game aside.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/othello-db.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
db=$tmp/db
mkdir -p "$db"
export OTHELLO_SAVE_DIR="$tmp/no-slots"

# WTH_2001.wtb: one game of 2001, Black (player 0) 40 discs, theoretical 36,
# f5 d6 c3 d3 c4 f4 (10 x row + column)
{
  printf '\024\001\001\001\001\000\000\000\000\000\321\007\010\000\030\000'
  printf '\000\000\000\000\001\000\050\044'
  printf '\070\100\041\042\053\056'
  i=0; while [ $i -lt 54 ]; do printf '\000'; i=$((i + 1)); done
} >"$db/WTH_2001.wtb"
name() { printf '%s' "$1"; i=${#1}; while [ "$i" -lt "$2" ]; do printf '\000'; i=$((i + 1)); done; }
{ printf '\024\001\001\001\000\000\000\000\002\000\000\000\000\000\000\000'
  name "Eve Master" 20; name "Fay Expert" 20; } >"$db/WTHOR.JOU"
{ printf '\024\001\001\001\000\000\000\000\001\000\000\000\000\000\000\000'
  name "Grand Prix" 26; } >"$db/WTHOR.TRN"
printf '(;FF[4]GM[2]SZ[8]PB[Ann Black]PW[Bob White]EV[Club Cup]DT[2021-03-04]RE[B+10]
;B[f5];W[d6];B[c3];W[d3];B[c4];W[f4];B[f6])\n' >"$db/a.sgf"
printf '(;FF[4]GM[2]SZ[8]PB[Cid Black]PW[Dee White]EV[Town Open]DT[2019]RE[W+4]
;B[f5];W[d6];B[c3];W[d3];B[c4];W[b3])\n' >"$db/b.sgf"
printf 'e6f4c3c4d3d6\n' >"$db/c.txt" # f5d6c3d3c4f4 turned over the a1-h8 diagonal
printf 'PK\003\004 a zip' >"$db/WTH_2012.zip"
printf 'not a WTHOR file, with a name that says it is one' >"$db/WTH_2000.wtb"

"$OTHELLO" db stats --db "$db" --moves f5d6c3d3c4 >"$tmp/s" 2>"$tmp/e"; st=$?
[ $st -eq 0 ] && grep -q "^f5d6c3d3c4 (White to move): 4 games$" "$tmp/s"
check "stats: 4 games through f5d6c3d3c4 (one of them played turned over)" $?
grep -Eq "^f4 +3 +2 +0 +0 +100\.0 +\+13\.0 +\+8\.0  Fay Expert, Bob White" "$tmp/s"
check "f4: 3 games, Black won the 2 scored, mean +13, theory +8, who chose it" $?
grep -Eq "^b3 +1 +0 +0 +1 +0\.0 +-4\.0 +- +Dee White" "$tmp/s"; check "b3: 1 game, White won" $?
grep -q "skipped $db/WTH_2000.wtb: " "$tmp/e" && grep -q "skipped $db/WTH_2012.zip: a zip archive" "$tmp/e"
check "bad files are skipped with where and why on stderr" $?
"$OTHELLO" db stats --db "$db" e6f4c3c4d3 >"$tmp/t" 2>/dev/null
grep -Eq "^d6 +3 " "$tmp/t"; check "the position turned over the diagonal: the same games, f4 turned to d6" $?
"$OTHELLO" db stats --db "$db" --json f5d6c3d3c4 2>/dev/null >"$tmp/j"
grep -q '"move": "f4", "games": 3, "black_wins": 2, "draws": 0, "white_wins": 0' "$tmp/j" &&
  grep -q '"players": \["Fay Expert", "Bob White"\]' "$tmp/j"
check "stats --json" $?

"$OTHELLO" db games --db "$db" f5d6c3 >"$tmp/g" 2>/dev/null
[ "$(grep -Ec '^ +[0-9]+  ' "$tmp/g")" -eq 4 ] && sed -n 3p "$tmp/g" | grep -q "2021  Club Cup"
check "games: the 4 games, the latest first" $?
n() { "$OTHELLO" db games --db "$db" "$@" 2>/dev/null | grep -Ec '^ +[0-9]+  '; }
[ "$(n --player "fay")" -eq 1 ] && [ "$(n --black cid)" -eq 1 ] && [ "$(n --white cid)" -eq 0 ] &&
  [ "$(n --tournament prix)" -eq 1 ] && [ "$(n --year 2019-2020)" -eq 1 ] &&
  [ "$(n --year 2001-)" -eq 3 ] && [ "$(n --result white)" -eq 1 ] && [ "$(n --result draw)" -eq 0 ]
check "games: filters by player, colour, tournament, years, result" $?
"$OTHELLO" db games --db "$db" --json --player eve f5d6c3d3c4 2>/dev/null | tr -d '\n' >"$tmp/gj"
grep -q '^\[{"number": 1, "year": 2001, "tournament": "Grand Prix", "black": "Eve Master", "white": "Fay Expert", "score": 16, "theory": 8, "next": "f4"}\]$' "$tmp/gj"
check "games --json" $?

"$OTHELLO" db show --db "$db" 1 >"$tmp/sh" 2>/dev/null
grep -q "^Black: Eve Master$" "$tmp/sh" && grep -q "^Theoretical score .*: +8$" "$tmp/sh" &&
  grep -q "1.f5 2.d6 3.c3 4.d3 5.c4 6.f4" "$tmp/sh"
check "show: the game with its header" $?
"$OTHELLO" db export --db "$db" 1 "$tmp/x.sgf" 2>/dev/null &&
  "$OTHELLO" convert "$tmp/x.sgf" "$tmp/x.txt" && [ "$(cat "$tmp/x.txt")" = "f5d6c3d3c4f4" ] &&
  grep -q "PB\[Eve Master\]" "$tmp/x.sgf"
check "export: the game as SGF, read back" $?

"$OTHELLO" db info --db "$db" >"$tmp/i" 2>"$tmp/ie"; st=$?
[ $st -eq 0 ] && grep -q "^Games: 4 (3 of them your own), 2001-2021$" "$tmp/i" &&
  grep -q "^Skipped: 2$" "$tmp/i" && grep -q "^  $db/WTH_2000.wtb: " "$tmp/i" &&
  grep -q "WTH_2000.wtb" "$tmp/ie"
check "info: what is loaded and what was skipped, on stdout and stderr" $?

"$OTHELLO" db info --db "$tmp/nowhere" >/dev/null 2>"$tmp/ne"; st=$?
[ $st -eq 0 ] && grep -q "nowhere does not exist" "$tmp/ne" && grep -q "ffothello.org" "$tmp/ne"
check "a missing folder says how to get the WTHOR files" $?

# a name file that is /dev/zero: refused at once, listed among the skipped
mkdir "$tmp/zdb" && cp "$db"/*.wtb "$tmp/zdb/" && ln -s /dev/zero "$tmp/zdb/WTHOR.JOU"
timeout 20 "$OTHELLO" db info --db "$tmp/zdb" >"$tmp/zi" 2>"$tmp/ze"; st=$?
[ $st -eq 0 ] && grep -q "WTHOR.JOU: a device, not a WTHOR file (the games keep no names)" "$tmp/zi"
check "info: a WTHOR.JOU that is /dev/zero is skipped at once, with its reason" $?

"$OTHELLO" db frob 2>"$tmp/u1"; st=$?
[ $st -eq 2 ] && grep -q "unknown action 'frob'" "$tmp/u1"; check "an unknown action is refused" $?
"$OTHELLO" db show --db "$db" 9 2>"$tmp/u2"; st=$?
[ $st -eq 2 ] && grep -q "no game 9 (the database holds 4)" "$tmp/u2"; check "show: no such game" $?
"$OTHELLO" db games --db "$db" --year 1999-1990 2>"$tmp/u3"; st=$?
[ $st -eq 2 ] && grep -q -- "--year" "$tmp/u3"; check "a bad year range is refused" $?
"$OTHELLO" db stats --db "$db" f5f5 2>"$tmp/u4"; st=$?
[ $st -eq 2 ] && grep -q "othello db stats: " "$tmp/u4"; check "an illegal line is refused" $?

printf 'back\n' | "$OTHELLO" script --no-board >"$tmp/b" 2>&1
grep -q "no game kept aside" "$tmp/b"; check "back without a game aside says so" $?

# Names of a WTHOR file and of an SGF game with control bytes: every db
# command shows them escaped, none reaches the terminal raw.
mkdir -p "$tmp/esc"
cp "$db/WTH_2001.wtb" "$db/WTHOR.TRN" "$tmp/esc/"
{ printf '\024\001\001\001\000\000\000\000\002\000\000\000\000\000\000\000'
  name "$(printf 'Eve\033[2JX')" 20; name "$(printf 'Fay\007Y')" 20; } >"$tmp/esc/WTHOR.JOU"
printf '(;FF[4]GM[2]SZ[8]PB[Ann\033[1m]PW[Bob]EV[Cup\033[31m]DT[2021]RE[B+10]
;B[f5];W[d6];B[c3];W[d3];B[c4];W[f4];B[f6])\n' >"$tmp/esc/a.sgf"
{ "$OTHELLO" db games --db "$tmp/esc" f5d6c3 && "$OTHELLO" db stats --db "$tmp/esc" f5d6c3d3c4 &&
  "$OTHELLO" db show --db "$tmp/esc" 1 && "$OTHELLO" db show --db "$tmp/esc" 2; } >"$tmp/esc.out" 2>&1; st=$?
[ $st -eq 0 ] && ! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$tmp/esc.out" &&
  grep -q 'Eve\\x1b\[2JX' "$tmp/esc.out" && grep -q 'Fay\\x07Y' "$tmp/esc.out" &&
  grep -q 'Cup\\x1b\[31m' "$tmp/esc.out" && grep -q 'Black: Eve\\x1b\[2JX' "$tmp/esc.out"
check "db games, stats and show give names with control bytes escaped" $?

tap_done
