#!/bin/sh
# usage.sh — what a user meets at the terminal, checked from outside: help
# texts that fit 80 columns, error messages that say what and where, options
# that --help and othello(6) both list.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/othello-usage.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# wide FILE: prints the lines longer than 79 columns or ending in a space.
wide() { awk '{ n = length($0) } n > 79 || / $/ { print n ": " $0 }' "$1"; }

printf 'help\n' | "$OTHELLO" script --no-board >"$tmp/help" 2>&1
[ -z "$(wide "$tmp/help")" ] && grep -q "(f5d6c3)\.$" "$tmp/help"
check "help lists the commands within 80 columns, sentences whole" $?
printf 'help keys\n' | "$OTHELLO" script --no-board >"$tmp/keys" 2>&1
[ -z "$(wide "$tmp/keys")" ] && grep -q "^  Left h Right l Up k Down j$" "$tmp/keys"
check "help keys fits 80 columns, without trailing spaces" $?

# a level with several settings keeps its whole name in the reasoning (it was
# cut at 31 characters, on the screen and in the saved game)
printf 'f5\nexport %s\n' "$tmp/long.sgf" |
  "$OTHELLO" script --no-board --white "expert --depth 2 --random 5 --seed 3" >/dev/null 2>&1
grep -q "level:expert_--depth_2_--random_5_--seed_3_(" "$tmp/long.sgf"
check "the reasoning keeps a long level name whole" $?
printf 'load %s\nexport %s\n' "$tmp/long.sgf" "$tmp/long2.sgf" | "$OTHELLO" script --no-board >/dev/null 2>&1
grep -q "level:expert_--depth_2_--random_5_--seed_3_(" "$tmp/long2.sgf"
check "a long level name reads back from SGF" $?

# refused options name the option, not its value (a missing value was called
# an unknown option; a value was shown in place of its option)
"$OTHELLO" match --black expert --white novice --games 2>"$tmp/e1"; st=$?
[ $st -eq 2 ] && grep -qx "othello match: --games needs a value" "$tmp/e1"
check "match: a missing value is named as such" $?
"$OTHELLO" match --black expert --white novice --format csv 2>"$tmp/e2"; st=$?
[ $st -eq 2 ] && grep -qx "othello match: --format is not an option of match" "$tmp/e2"
check "match: a tournament option is named, not its value" $?
"$OTHELLO" balanced-openings --count x 2>"$tmp/e3"; st=$?
[ $st -eq 2 ] && grep -qx "othello balanced-openings: --count: bad value 'x'" "$tmp/e3"
check "balanced-openings: a bad value names its option" $?
"$OTHELLO" gtp --level </dev/null 2>"$tmp/e4"; st=$?
[ $st -eq 2 ] && grep -qx "othello gtp: --level needs a value" "$tmp/e4"
check "gtp: a missing value is named as such" $?
"$OTHELLO" report summary --bogus 2>"$tmp/e5"; st=$?
[ $st -eq 2 ] && grep -qx "othello report: unknown option '--bogus'" "$tmp/e5"
check "report: an unknown option is named" $?

tap_done
