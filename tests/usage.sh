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
[ -z "$(wide "$tmp/keys")" ] && grep -q "^  Left Right l Up k Down j$" "$tmp/keys"
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

# report summary: --format is obeyed for two players too (it printed text)
printf 'f5d6\n' >"$tmp/open.txt"
"$OTHELLO" match --black novice --white beginner --openings "$tmp/open.txt" --quiet \
  --report "$tmp/r.txt" >/dev/null 2>&1
"$OTHELLO" report summary --format json "$tmp/r.txt" >"$tmp/s1" 2>&1
grep -q '^{"players":\["novice","beginner"\],"games":2,' "$tmp/s1"
check "report summary --format json prints JSON for two players" $?
"$OTHELLO" report summary --format csv "$tmp/r.txt" >"$tmp/s2" 2>&1
head -n 1 "$tmp/s2" | grep -q "^rank,player," && grep -q "^[12],novice," "$tmp/s2"
check "report summary --format csv prints CSV for two players" $?
"$OTHELLO" report summary -o "$tmp/x" "$tmp/r.txt" 2>"$tmp/e6"; st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/x" ] && grep -q "^othello report: -o is for .report merge." "$tmp/e6"
check "report summary refuses -o, which only merge uses" $?

# each subcommand's --help and its part of othello(6) name the same options
# (the SUBCOMMANDS paragraph; for play, OPTIONS OF THE GAME); `...` quotes
# are references to other commands and are skipped
MAN=${TOP_SRCDIR:-$(dirname "$0")/..}/man/othello.6
para() {
  sed 's/\\-/-/g; s/\\f[BIRP]//g' "$MAN" | awk -v cmd="$1" '
    /^\.SH/ { sec = $0; inpara = 0 }
    cmd == "play" && sec ~ /OPTIONS OF THE GAME/ { print; next }
    sec ~ /SUBCOMMANDS/ && /^\.(TP|SS)/ { inpara = 0 }
    sec ~ /SUBCOMMANDS/ && $0 == ".B " cmd { inpara = 1 }
    inpara { print }'
}
options() { sed 's/`[^`]*`//g' | grep -o -- '--[a-z][a-z-]*' | grep -vx -- --help | sort -u; }
for c in play perft bench convert db book ladder solve analyze-position script analyze drill match tournament \
  report gtp nboard serve balanced-openings train; do
  para "$c" >"$tmp/man-$c"
  "$OTHELLO" "$c" --help >"$tmp/help-$c" 2>&1
  missing=
  for o in $(options <"$tmp/help-$c"); do
    grep -q -- "$o" "$tmp/man-$c" || missing="$missing help:$o"
  done
  for o in $(options <"$tmp/man-$c"); do
    grep -q -- "$o" "$tmp/help-$c" || missing="$missing man:$o"
  done
  [ -s "$tmp/man-$c" ] && [ -z "$missing" ]
  check "$c: --help and othello(6) list the same options${missing:+ (only in$missing)}" $?
done

# ladder: its options --max-time and --quiet were in neither text; its table
# was 95 columns wide
"$OTHELLO" ladder --help | grep -q -- "--max-time S" && "$OTHELLO" ladder --help | grep -q -- "--quiet"
check "ladder --help lists --max-time and --quiet" $?
"$OTHELLO" ladder --games 2 --quiet beginner novice >"$tmp/ladder" 2>&1; st=$?
[ $st -eq 0 ] && [ -z "$(wide "$tmp/ladder")" ] && grep -q "^novice vs beginner  *2 " "$tmp/ladder"
check "the ladder table fits 80 columns" $?

# the match summary fits 80 columns (its player lines were 98 wide)
"$OTHELLO" report summary "$tmp/r.txt" >"$tmp/s3" 2>&1; st=$?
[ $st -eq 0 ] && [ -z "$(wide "$tmp/s3")" ] && grep -q "^    as Black [0-9]-[0-9]-[0-9], as White [0-9]-[0-9]-[0-9] " "$tmp/s3"
check "the match summary fits 80 columns" $?

# the game's extra arguments are named (it printed the usage alone)
"$OTHELLO" a.sgf b.sgf 2>"$tmp/e7"; st=$?
[ $st -eq 2 ] && grep -qx "othello: one FILE at most" "$tmp/e7"
check "two game files: the message says one at most" $?
"$OTHELLO" --load 3 a.sgf 2>"$tmp/e8"; st=$?
[ $st -eq 2 ] && grep -qx "othello: give either --load SLOT or a FILE, not both" "$tmp/e8"
check "--load and a FILE: the message says not both" $?

# othello analyze: the totals fit 80 columns (81 with two-digit losses), in
# good grammar
"$OTHELLO" analyze --depth 2 "${TOP_SRCDIR:-$(dirname "$0")/..}/saves/tiger-variation.sgf" >"$tmp/an" 2>&1; st=$?
[ $st -eq 0 ] && [ -z "$(wide "$tmp/an")" ] && grep -q "^Black: 30 moves, loss [0-9.]* (mean " "$tmp/an" &&
  ! grep -q " 1 mistakes\| 1 blunders" "$tmp/an"
check "analyze's totals fit 80 columns" $?

# comment and mark act on the move at the cursor, as the manual says (their
# help said "the last move played")
printf 'f5d6c3\nprev\ncomment here\nmark ?\nmoves\nhelp comment\nhelp mark\n' |
  "$OTHELLO" script --no-board >"$tmp/cm" 2>&1
grep -q "^>  2 White d6  ?  here$" "$tmp/cm" && ! grep -q "last move" "$tmp/cm" &&
  [ "$(grep -c "the move that led to the cursor" "$tmp/cm")" -eq 2 ]
check "comment and mark: the help says the move at the cursor, as they do" $?

# info: the keys its error lists are those the help and the manual give
printf 'info foo\nhelp info\n' | "$OTHELLO" script --no-board >"$tmp/info" 2>&1
keys=$(sed -n 's/.*unknown information key `foo` (\(.*\))$/\1/p' "$tmp/info")
missing=
for k in $keys; do
  grep -A3 "^info \[KEY" "$tmp/info" | grep -q "\b$k\b" || missing="$missing $k"
  sed 's/\\-/-/g' "${TOP_SRCDIR:-$(dirname "$0")/..}/man/othello.6" | grep -A3 "^\.BI info" |
    grep -q "\b$k\b" || missing="$missing man:$k"
done
[ -n "$keys" ] && [ -z "$missing" ]; check "info: every key is in its help and the manual${missing:+ (missing$missing)}" $?

# a failed script command says where on stderr (with stdout redirected, the
# exit status was the only sign)
printf 'f5\nzz\nd6\n' >"$tmp/s.txt"
"$OTHELLO" script --no-board "$tmp/s.txt" >/dev/null 2>"$tmp/e9"; st=$?
[ $st -eq 1 ] && grep -qx "othello script: $tmp/s.txt:2: unknown command \`zz\` (try \`help\`)" "$tmp/e9"
check "script: a failed command is reported on stderr as FILE:LINE: message" $?

# --debug-timing with a file that cannot be written is refused (it was
# accepted and ignored)
"$OTHELLO" --debug-timing "$tmp/no/such/dir/t.log" </dev/null 2>"$tmp/e10"; st=$?
[ $st -eq 2 ] && grep -q "^othello: --debug-timing: $tmp/no/such/dir/t.log: " "$tmp/e10"
check "--debug-timing: an unwritable file is an error" $?

# a mistyped command is refused, not opened as a game file
"$OTHELLO" tournamnet --players a,b </dev/null 2>"$tmp/e11"; st=$?
[ $st -eq 2 ] && grep -qx "othello: unknown command 'tournamnet' (\`othello --help\` lists them)" "$tmp/e11"
check "a mistyped command is named as unknown" $?

# nboard: a bad `set depth` is answered with a status line (it was ignored
# without a word)
printf 'nboard 2\nset depth x\nping 1\n' | "$OTHELLO" nboard --no-book >"$tmp/nb" 2>&1
grep -qx "status set depth: 'x' is not a depth (1 to 60)" "$tmp/nb" && grep -qx "pong 1" "$tmp/nb"
check "nboard: a bad set depth gets a status line" $?

# the tournament's cross table of four players fits 80 columns (it was 84)
"$OTHELLO" tournament --players beginner,novice,random,expert --games 2 --quiet \
  --openings "$tmp/open.txt" >"$tmp/t4" 2>&1; st=$?
[ $st -eq 0 ] && [ -z "$(wide "$tmp/t4")" ] && grep -q "^ 1\. " "$tmp/t4"
check "a cross table of four players fits 80 columns" $?

# load of a file of no known type: the message offers only what load can do
# (it said "or name the format", which load has no way to do)
echo f5d6 >"$tmp/game.xyz"
printf 'load %s/game.xyz\n' "$tmp" | "$OTHELLO" script --no-board >"$tmp/ld" 2>&1
grep -qx "error: $tmp/game.xyz: unknown file type (use .sgf, .ggf, .txt or .obf)" "$tmp/ld"
check "load: an unknown file type is named without a way load lacks" $?

# an option's message names the subcommand it belongs to (match, tournament,
# report, gtp said "othello: --OPTION:" beside "othello match: --games:")
"$OTHELLO" match --black expert --white expert --shard 3/2 >/dev/null 2>"$tmp/m1"; st=$?
[ $st -eq 2 ] && grep -qx "othello match: --shard: '3/2' is not I/N with 1 <= I <= N" "$tmp/m1"
check "match: an option's message names the subcommand" $?
"$OTHELLO" tournament --players expert,novice --seed x >/dev/null 2>"$tmp/m2"; st=$?
[ $st -eq 2 ] && grep -qx "othello tournament: --seed: 'x' is not a number from 0 to 18446744073709551615" "$tmp/m2"
check "tournament: an option's message names the subcommand" $?
"$OTHELLO" gtp --level nosuch </dev/null >/dev/null 2>"$tmp/m3"; st=$?
[ $st -eq 2 ] && grep -q "^othello gtp: --level: " "$tmp/m3"
check "gtp: an option's message names the subcommand" $?

# subcommands that left unknown options to getopt printed "build: unrecognized
# option ..." without the program's name
"$OTHELLO" book build --nosuch >/dev/null 2>"$tmp/g1"; st=$?
[ $st -eq 2 ] && grep -qx "othello book build: unknown option '--nosuch'" "$tmp/g1"
check "book build: an unknown option is named with the command" $?
"$OTHELLO" train generate "$tmp/x.dat" --games >/dev/null 2>"$tmp/g2"; st=$?
[ $st -eq 2 ] && grep -qx "othello train generate: --games needs a value" "$tmp/g2"
check "train: a missing value is named after the file argument" $?
"$OTHELLO" solve "$tmp/x.obf" --hash >/dev/null 2>"$tmp/g3"; st=$?
[ $st -eq 2 ] && grep -qx "othello solve: --hash needs a value" "$tmp/g3"
check "solve: a missing value is named with the command" $?
"$OTHELLO" analyze-position --nosuch >/dev/null 2>"$tmp/g4"; st=$?
[ $st -eq 2 ] && grep -qx "othello analyze-position: unknown option '--nosuch'" "$tmp/g4"
check "analyze-position: an unknown option is named with the command" $?

# the list of saved games names the players (a saved game names them: PB
# and PW), and counts "1 move" (it showed "? vs ?, 1 moves")
mkdir -p "$tmp/saves"
printf 'f5\nsave 1\nsaves\n' | "$OTHELLO" script --no-board --save-dir "$tmp/saves" >"$tmp/sv" 2>&1
grep -q "^1  *[0-9-]*[0-9: ]* Human vs Human, 1 move$" "$tmp/sv"
check "saves: the players are named; one move is 1 move" $?

# info result takes only results (it took any text, written to SGF as RE)
printf 'info result B+12\ninfo result foo\nexport %s\n' "$tmp/re.sgf" |
  "$OTHELLO" script --no-board >"$tmp/re" 2>&1; st=$?
[ $st -ne 0 ] && grep -q "^error: result: \`foo\` is not a game result (B+12, W+4," "$tmp/re" &&
  grep -q "RE\[B+12\]" "$tmp/re.sgf"
check "info result refuses what is not a result and keeps the one before" $?

# Option edges (issue 15). --time 0 means no time limit for solve and analyze
# alike (analyze then goes by depth).
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
head -n 1 "$TOP_SRCDIR/tests/data/fforum-1-19.obf" >"$tmp/one.obf"
"$OTHELLO" solve --time 0 "$tmp/one.obf" >/dev/null 2>&1; st1=$?
"$OTHELLO" analyze --time 0 --depth 2 --exact 4 "$TOP_SRCDIR/saves/corners-and-pass.sgf" >"$tmp/a0" 2>&1; st2=$?
"$OTHELLO" analyze --depth 2 --exact 4 "$TOP_SRCDIR/saves/corners-and-pass.sgf" >"$tmp/a1" 2>&1
[ $st1 -eq 0 ] && [ $st2 -eq 0 ] && cmp -s "$tmp/a0" "$tmp/a1"
check "--time 0 is no time limit for solve and for analyze (by depth)" $?
"$OTHELLO" play </dev/null >/dev/null 2>"$tmp/pe"; st=$?
[ $st -eq 2 ] && grep -q "needs a terminal" "$tmp/pe" && grep -q "^usage: othello \[play\]" "$tmp/pe"
check "othello play without a terminal: exit 2 with its usage" $?
"$OTHELLO" book check 2>"$tmp/be"; st=$?
[ $st -eq 2 ] && grep -q "^usage: othello book check FILE" "$tmp/be" && ! grep -q "book show" "$tmp/be"
check "book check without a file prints book check's usage" $?
printf 'f5 d6:+0.50/12 f4:-1\n' >"$tmp/nodepth.txt"
"$OTHELLO" book check "$tmp/nodepth.txt" >/dev/null 2>"$tmp/be"; st=$?
[ $st -eq 2 ] && grep -q "nodepth.txt:1:21: expected '/' and the depth" "$tmp/be"
check "a book move without /DEPTH is refused with FILE:LINE:COL" $?
printf 'start f5:+0.00/20\nf5 d6:+0.50/12\n# again, turned over\ne6 f4:+0.40/10\n' >"$tmp/twice.txt"
"$OTHELLO" book check "$tmp/twice.txt" >/dev/null 2>"$tmp/be"; st=$?
[ $st -eq 2 ] && grep -q "twice.txt:4:1: the position of line 2 again" "$tmp/be"
check "a position given twice in a book is refused, both lines named" $?
cp "$TOP_SRCDIR/eval/pattern.bin" "$tmp/p.bin" && printf 'x' >>"$tmp/p.bin"
printf 'f5\n' | "$OTHELLO" script --no-board --eval "$tmp/p.bin" >/dev/null 2>"$tmp/pb"; st=$?
[ $st -eq 2 ] && grep -q "p.bin: bytes after the end of the weights" "$tmp/pb"
check "a pattern weights file with bytes after its end is refused" $?

tap_done
